"""Copies and backups as snapshots (issue 25): `db copy` and `db backup` read one snapshot of every
table, refuse a database a running bot holds unless told --live (then say which orders the snapshot
holds and how many came after it), and a copy made while orders are written replays and plays on.

Before, `db copy` read each table in a snapshot of its own: a game's row stood at #140 while its log ran
to #141, and every later order of that game failed on a duplicate key.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from bot.cli import main
from engine.service import GameService, Seat
from engine.service.backup import SourceLive
from engine.service.copying import copy_database, replay_differs
from engine.service.database import make_engine
from engine.service.shard_lock import acquire_shard_locks, shard_layout
from tests.scale.conftest import play_random, postgres_base, postgres_schema

ALICE, BOB = "100000000000000001", "100000000000000002"


@pytest.fixture
def target_url(tmp_path: Path) -> Iterator[str]:
    """Where the copy goes: a Postgres schema of its own when the test server is there, else a SQLite file."""
    if postgres_base() is None:
        yield f"sqlite:///{tmp_path / 'target.db'}"
        return
    with postgres_schema() as (url, _schema):
        yield url


def _games(service: GameService, n: int = 3) -> list[int]:
    seats = {"us": Seat("human", ALICE, "alice"), "ge": Seat("human", BOB, "bob")}
    ids = [service.create_game("peiper", seed=20 + i, seats=seats).id for i in range(n)]
    for gid in ids:
        play_random(service, gid, 12, seed=gid)
    return ids


def _consistent_and_plays_on(url: str, ids: list[int]) -> None:
    target = GameService(url)
    with target.engine.connect() as conn:
        for gid in ids:
            row = conn.execute(text("SELECT seq, version FROM games WHERE id = :g"), {"g": gid}).one()
            top = conn.execute(text("SELECT max(seq) FROM log WHERE game_id = :g"), {"g": gid}).scalar() or 0
            assert row.seq == top, f"game #{gid}: row at #{row.seq}, log at #{top}"
    for gid in ids:
        assert replay_differs(target, gid) is None
        played = play_random(target, gid, 4, seed=100 + gid)
        assert played or target.info(gid).status == "over", "later orders on the copy succeed"
        assert replay_differs(target, gid) is None
    target.engine.dispose()


def test_a_copy_reads_one_snapshot_though_an_order_lands_between_its_reads(db_url: str, target_url: str) -> None:
    """An order is written (and committed) on the source just before the copy reads the log, after it read
    the games: the copy must hold the game as it was before that order, row and log alike."""
    source = GameService(db_url)
    ids = _games(source)
    writer = GameService(db_url)
    reader = make_engine(db_url)
    wrote: list[int] = []

    def before(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if not wrote and statement.lstrip().upper().startswith("SELECT") and " log." in statement \
                and "max(" not in statement.lower():
            thread = threading.Thread(target=lambda: wrote.extend(o.seq for o in play_random(writer, ids[0], 1, 7)))
            thread.start()
            thread.join(30)

    event.listen(reader, "before_cursor_execute", before)
    target = make_engine(target_url)
    report = copy_database(reader, target)
    assert wrote, "the order between the reads was written"
    assert report.upto[ids[0]] == wrote[0] - 1, "the copy holds the game as it stood when its snapshot began"
    assert report.verified == len(ids)
    for engine in (reader, target):
        engine.dispose()
    _consistent_and_plays_on(target_url, ids)
    for svc in (source, writer):
        svc.engine.dispose()


def test_a_copy_of_a_database_a_bot_holds_is_refused_unless_live_then_names_what_stays_behind(
        db_url: str, target_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = GameService(db_url)
    ids = _games(source)
    lock = acquire_shard_locks(source.engine, shard_layout(None, None))  # a running bot holds the database
    stop = threading.Event()
    given: list[int] = []

    def play() -> None:  # its players give orders all along
        n = 0
        while not stop.is_set() and n < 300:
            given.extend(o.seq for o in play_random(source, ids[n % len(ids)], 1, seed=n))
            n += 1

    player = threading.Thread(target=play)
    player.start()
    try:
        with pytest.raises(SourceLive, match="a running Umpire holds .* --live"):
            copy_database(source.engine, make_engine(target_url))
        capsys.readouterr()
        assert main(["db", "copy", "--db", db_url, "--to", target_url]) == 2
        err = capsys.readouterr().err
        assert "a running Umpire holds" in err and "shards all" in err and "--live" in err
        while len(given) < 10 and player.is_alive():
            threading.Event().wait(0.01)
        assert main(["db", "copy", "--live", "--db", db_url, "--to", target_url]) == 0
        out = capsys.readouterr().out
        assert "the orders after log #N of each game are not in it" in out and f"#{ids[0]}: #" in out
        assert "games replay to their stored state" in out
    finally:
        stop.set()
        player.join(60)
        for held in lock:
            held.release()
    _consistent_and_plays_on(target_url, ids)
    source.engine.dispose()


def test_a_backup_while_a_bot_runs_needs_live_and_holds_one_snapshot(db_kind: str, db_url: str, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from engine.service.backup import pg_dump_command

    if db_kind == "postgres" and pg_dump_command() is None:
        pytest.skip("needs pg_dump")
    source = GameService(db_url)
    ids = _games(source, 2)
    lock = acquire_shard_locks(source.engine, shard_layout("0", 2))
    stop = threading.Event()

    def play() -> None:
        n = 0
        while not stop.is_set() and n < 200:
            play_random(source, ids[n % 2], 1, seed=n)
            n += 1

    player = threading.Thread(target=play)
    player.start()
    dest = tmp_path / ("b.dump" if db_kind == "postgres" else "b.db")
    try:
        capsys.readouterr()
        assert main(["db", "backup", str(dest), "--db", db_url]) == 2
        assert "shard 0 of 2" in capsys.readouterr().err and not dest.exists()
        assert main(["db", "backup", str(dest), "--live", "--db", db_url]) == 0
        out = capsys.readouterr().out
        assert "one snapshot" in out and "not in it" in out
    finally:
        stop.set()
        player.join(60)
        for held in lock:
            held.release()
    assert dest.exists()
    if db_kind == "sqlite":
        _consistent_and_plays_on(f"sqlite:///{dest}", ids)
    else:
        _restore_and_check(dest, db_url, ids)
    source.engine.dispose()


def _restore_and_check(dump: Path, db_url: str, ids: list[int]) -> None:
    """Restore the pg_dump archive (of the source's schema alone) into a schema of its own and check it."""
    import re
    import subprocess

    from engine.service.backup import pg_dump_command

    restore = Path(pg_dump_command() or "").with_name("pg_restore")
    psql = Path(pg_dump_command() or "").with_name("psql")
    if not psql.exists():
        psql = Path(shutil.which("psql") or "psql")
    source_schema = re.search(r"application_name=([^&]+)", db_url)
    assert source_schema is not None
    sql = subprocess.run([str(restore), "--no-owner", "-f", "-", str(dump)], capture_output=True, text=True,
                         check=True).stdout
    base = postgres_base()
    assert base is not None
    with postgres_schema() as (url, schema):
        lines = [line.replace(f"{source_schema[1]}.", f'"{schema}".') for line in sql.splitlines()
                 if not line.startswith(("CREATE SCHEMA ", "\\restrict", "\\unrestrict"))]
        subprocess.run([str(psql), "-q", "-v", "ON_ERROR_STOP=1", "-d", base.replace("+psycopg", "")],
                       input="\n".join(lines), capture_output=True, text=True, check=True)
        _consistent_and_plays_on(url, ids)


def test_without_a_bot_a_copy_and_a_backup_need_no_live(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    source = GameService(url)
    ids = _games(source, 1)
    source.engine.dispose()
    assert main(["db", "backup", str(tmp_path / "b.db"), "--db", url]) == 0
    assert main(["db", "copy", "--db", url, "--to", f"sqlite:///{tmp_path / 't.db'}"]) == 0
    out = capsys.readouterr().out
    assert "A bot was running" not in out and "1 games replay" in out
    _consistent_and_plays_on(f"sqlite:///{tmp_path / 't.db'}", ids)
