"""The operator's tools: ``umpire db ...`` (bot/db_cli.py) and ``umpire bench load`` (bot/bench_load.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from bot import bench_load, db_cli
from engine.game import Action
from engine.service import GameService, Seat
from engine.service.database import head_revision


def test_db_upgrade_by_hand_then_current_reports_the_newest_revision(db_url: str) -> None:
    out = io.StringIO()
    # an empty Postgres database: no revision yet (1); a SQLite file that does not exist is refused (2),
    # not made empty
    assert db_cli.db_current(db_url, out) == (2 if db_url.startswith("sqlite") else 1)
    assert db_cli.db_upgrade(db_url, out) == 0
    assert db_cli.db_upgrade(db_url, out) == 0  # again: nothing to do
    assert db_cli.db_current(db_url, out) == 0
    assert f"revision {head_revision()}" in out.getvalue()


def test_db_upgrade_names_a_database_it_cannot_reach(capsys: object) -> None:
    assert db_cli.db_upgrade("postgresql://nobody:secret@127.0.0.1:1/none") == 2
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert "cannot use the database" in err and "127.0.0.1:1" in err and "secret" not in err


def test_db_export_then_import_recreates_a_finished_game(db_url: str, tmp_path: Path) -> None:
    service = GameService(db_url)
    gid = service.create_game("peiper", seed=8, seats={"us": Seat("human", "a"), "ge": Seat("human", "b")}).id
    service.submit(gid, "us", Action("ready"), "a")
    service.gm(gid, Action("end", {"winner": "ge"}), "gm", "conceded")
    out = io.StringIO()
    assert db_cli.db_export(gid, db_url, out) == 0
    path = tmp_path / "game.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    said = io.StringIO()
    assert db_cli.db_import(path, db_url, said) == 0
    assert "Imported as game #2" in said.getvalue()
    def plain(log: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in e.items() if k != "actor"} for e in log]

    again = service.export(2)["log"]
    assert plain(again) == plain(json.loads(out.getvalue())["log"])
    assert {e["actor"] for e in again} == {"a (imported)", "gm (imported)"}, "who did what is marked imported"
    path.write_text("{not json", encoding="utf-8")
    assert db_cli.db_import(path, db_url, said) == 2
    service.engine.dispose()


def test_bench_load_prints_the_figures_as_one_json_object(db_url: str) -> None:
    out = io.StringIO()
    assert bench_load.main(db_url, games=6, concurrency=3, actions=6, render=False, out=out, think_ms=2,
                           workers=2) == 0
    figures = json.loads(out.getvalue())
    assert figures["actions"] > 0 and figures["refused"] == 0
    assert figures["workers"] == 2 and figures["concurrency"] == 3 and figures["think_ms"] == 2
    for key in ("actions_per_s", "submit_p50_ms", "submit_p99_ms", "mem_per_game_kib", "insert_ratio"):
        assert isinstance(figures[key], float) and figures[key] > 0, key
    assert figures["submit_p50_ms"] <= figures["submit_p99_ms"]
    assert "render_p99_ms" in figures and figures["render_p99_ms"] is None  # (maps: see docs/scale.md)
