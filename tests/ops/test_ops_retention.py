"""Retention on the record: ``umpire db prune`` deletes the finished games older than
UMPIRE_KEEP_FINISHED_DAYS (with every row that names them) and the backups older than
UMPIRE_KEEP_BACKUP_DAYS (the newest kept), names each, and ``--dry-run`` deletes nothing."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlmodel import Session, SQLModel

from bot.cli import main
from bot.db_cli import backups_folder
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.models import GameRecord
from engine.service.settings import Settings

ALICE = "100000000000000001"


def _game(service: GameService, *, over: bool, days_ago: float) -> int:
    gid = service.create_game("peiper", seed=3, seats={"us": Seat("human", ALICE, "alice"),
                                                        "ge": Seat("bot", None, "Umpire")}).id
    service.submit(gid, "us", Action("ready"), ALICE)
    with Session(service.engine) as s:
        rec = s.get(GameRecord, gid)
        assert rec is not None
        rec.status = "over" if over else "active"
        rec.last_action_at = datetime.now(UTC) - timedelta(days=days_ago)
        s.add(rec)
        s.commit()
    return gid


def _rows(service: GameService, gid: int) -> int:
    with service.engine.connect() as conn:
        return sum(conn.execute(select(func.count()).select_from(t).where(t.c.game_id == gid)).scalar_one()
                   for t in SQLModel.metadata.sorted_tables if "game_id" in t.c)


def test_prune_deletes_old_finished_games_and_old_backups_and_names_each(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    service = GameService(db_url)
    old_over = _game(service, over=True, days_ago=400)
    new_over = _game(service, over=True, days_ago=10)
    old_active = _game(service, over=False, days_ago=400)
    assert _rows(service, old_over) > 0
    monkeypatch.setenv("UMPIRE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UMPIRE_ENV_FILE", "none")
    backups = backups_folder(db_url, Settings())  # beside a SQLite file; the data folder's for Postgres
    backups.mkdir(parents=True)
    ages = {"a-old.db": 100, "b-old.dump": 50, "c-new.db": 1, "notes.txt": 100}
    for name, days in ages.items():
        (backups / name).write_text("x")
        when = time.time() - days * 86400
        os.utime(backups / name, (when, when))

    assert main(["db", "prune", "--db", db_url]) == 2, "nothing set: nothing to do, said so"
    assert "UMPIRE_KEEP_FINISHED_DAYS" in capsys.readouterr().err
    monkeypatch.setenv("UMPIRE_KEEP_FINISHED_DAYS", "365")
    monkeypatch.setenv("UMPIRE_KEEP_BACKUP_DAYS", "30")
    assert main(["db", "prune", "--dry-run", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert "would delete" in out and all((backups / n).exists() for n in ages)
    assert service.info(old_over).status == "over"

    assert main(["db", "prune", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert f"deleted finished game #{old_over}" in out
    assert "a-old.db" in out and "b-old.dump" in out, out
    assert _rows(service, old_over) == 0
    with Session(service.engine) as s:
        assert s.get(GameRecord, old_over) is None
    assert service.info(new_over).status == "over" and service.info(old_active).status == "active"
    assert sorted(p.name for p in backups.iterdir()) == ["c-new.db", "notes.txt"]


def test_the_newest_backup_is_kept_whatever_its_age(tmp_path: Path) -> None:
    from engine.service.retention import old_backups

    for name, days in (("a.db", 90), ("b.db", 80)):
        (tmp_path / name).write_text("x")
        when = time.time() - days * 86400
        os.utime(tmp_path / name, (when, when))
    assert [p.name for p in old_backups(tmp_path, datetime.now(UTC) - timedelta(days=1))] == ["a.db"]
