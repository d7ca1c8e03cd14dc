"""Migrations are history (issue 25): a database made at every landed schema revision upgrades to the
schema of a fresh one, its games load, replay and take orders, and a schema that differs is reported.

The databases under ``tests/ops/schemas/`` were made for real by each old commit's own code
(``make_schema_fixture.py`` run in ``git worktree add /tmp/old-<commit> <commit>``): a SQLite file and,
for Postgres, ``pg_dump --inserts`` of a schema the old code filled. 810044d is the one the re-chained
migrations had left behind: at ``0002_abuse_schema`` then, it upgraded to ``0004_server_settings``
without ``0002_ops`` (no reminders, no guild_departures, no ix_games_status).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from bot.cli import main
from engine.service import GameService
from engine.service.background import due_games, mark_reminded
from engine.service.copying import replay_differs
from engine.service.database import head_revision, make_bare_engine, migrate
from engine.service.schema import check, describe
from tests.scale.conftest import play_random, postgres_base, postgres_schema

SCHEMAS = Path(__file__).parent / "schemas"
# commit: the revision its database was left at (each commit's own alembic_version)
LANDED = {"1eb4d94": "0001", "810044d": "0002_abuse_schema", "f97fc7b": "0002_abuse_schema",
          "b932495": "0004_server_settings"}
FIXTURE_SCHEMA = "umpire_fixture_{commit}"


def load_postgres_fixture(commit: str, schema: str) -> None:
    """Replay ``<commit>.pg.sql`` (the old schema's DDL and rows) into ``schema``."""
    base = postgres_base()
    assert base is not None
    lines = []
    for line in (SCHEMAS / f"{commit}.pg.sql").read_text(encoding="utf-8").splitlines():
        if line.startswith("\\") or line.startswith("CREATE SCHEMA "):
            continue  # psql's meta-commands; the schema exists already
        lines.append(line.replace(FIXTURE_SCHEMA.format(commit=commit) + ".", f'"{schema}".'))
    engine = create_engine(base)
    try:
        raw = engine.raw_connection()
        try:
            with raw.cursor() as cur:
                cur.execute("\n".join(lines))
            raw.commit()
        finally:
            raw.close()
    finally:
        engine.dispose()


@contextmanager
def old_database(kind: str, commit: str, tmp_path: Path) -> Iterator[str]:
    """A database as the Umpire of ``commit`` left it (a copy: the committed one stays as it is)."""
    if kind == "sqlite":
        path = tmp_path / f"{commit}.db"
        shutil.copyfile(SCHEMAS / f"{commit}.db", path)
        yield f"sqlite:///{path}"
        return
    with postgres_schema() as (url, schema):
        load_postgres_fixture(commit, schema)
        yield url


@contextmanager
def fresh_database(kind: str, tmp_path: Path) -> Iterator[str]:
    if kind == "sqlite":
        url = f"sqlite:///{tmp_path / 'fresh.db'}"
        migrate("head", url, backup=False)
        yield url
        return
    with postgres_schema() as (url, _schema):
        migrate("head", url, backup=False)
        yield url


def _describe(url: str) -> dict[str, object]:
    engine = make_bare_engine(url)
    try:
        with engine.connect() as conn:
            return describe(conn)
    finally:
        engine.dispose()


def _revision(url: str) -> str:
    engine = make_bare_engine(url)
    try:
        with engine.connect() as conn:
            return str(conn.execute(text("SELECT version_num FROM alembic_version")).scalar())
    finally:
        engine.dispose()


def _replays(service: GameService, game_id: int) -> None:
    """The game replayed from its seed and log by today's rules is the stored game (replay_differs: a state
    an older Umpire stored lacks only the options and overlay fields added since)."""
    assert replay_differs(service, game_id) is None
    info = service.info(game_id)
    with service.engine.connect() as conn:
        top = conn.execute(text("SELECT max(seq) FROM log WHERE game_id = :g"), {"g": game_id}).scalar()
    assert info.version > 0 and top == service.log(game_id)[-1].seq


@pytest.mark.parametrize("commit", sorted(LANDED))
def test_a_database_of_every_landed_revision_upgrades_to_the_schema_of_a_fresh_one(
        db_kind: str, commit: str, tmp_path: Path) -> None:
    with fresh_database(db_kind, tmp_path) as fresh:
        want = _describe(fresh)
    with old_database(db_kind, commit, tmp_path) as url:
        assert _revision(url) == LANDED[commit]
        engine = make_bare_engine(url)
        before = check(engine)
        assert before and before[0].startswith(f"revision {LANDED[commit]}")
        if commit == "810044d":  # the database the re-ordered chain skipped 0002_ops for
            assert "table reminders is missing" in before and "index ix_games_status on games is missing" in before
        assert migrate("head", url, backup=False) == head_revision()
        assert _describe(url) == want
        assert check(engine) == []
        engine.dispose()

        service = GameService(url)
        games = service.list_games()
        assert len(games) == 2
        for info in games:
            assert info.version > 0, "the old commit played orders in it"
            _replays(service, info.id)
            played = play_random(service, info.id, 5, seed=info.id)
            assert played and all(o.seq for o in played), "later orders succeed on the upgraded database"
            _replays(service, info.id)
        # the reminders the skipped revision should have made: a pass of the background check works
        due = due_games(service.engine, reminder_hours=1, at=datetime.now(UTC) + timedelta(days=3))
        assert {d.game_id for d in due} == {g.id for g in games if g.status == "active"}
        mark_reminded(service.engine, due[0].game_id, due[0].version)
        service.engine.dispose()


def test_the_repair_mends_a_damaged_schema_table_column_index_and_constraint(tmp_path: Path) -> None:
    """0005_repair looks at what is there: a table, a column, an index, a unique constraint and a foreign
    key taken away by hand come back (SQLite: the table is copied in batch mode, games in it)."""
    url = f"sqlite:///{tmp_path / 'damaged.db'}"
    with fresh_database("sqlite", tmp_path) as fresh:
        want = _describe(fresh)
    service = GameService(url)
    gid = service.create_game("peiper", seed=9).id
    service.run_bots(gid, limit=10)
    service.engine.dispose()
    migrate("0004_server_settings", url, backup=False)  # back before the repair, games in it
    raw = create_engine(url)
    with raw.begin() as conn:
        conn.execute(text("DROP TABLE guild_departures"))
        conn.execute(text("DROP INDEX ix_games_status"))
        conn.execute(text("ALTER TABLE games DROP COLUMN pending"))
        # snapshots without its unique (game_id, seq) and its foreign key
        conn.execute(text("CREATE TABLE snap2 (id INTEGER NOT NULL PRIMARY KEY, game_id INTEGER NOT NULL, "
                          "seq INTEGER NOT NULL, state JSON)"))
        conn.execute(text("INSERT INTO snap2 SELECT id, game_id, seq, state FROM snapshots"))
        conn.execute(text("DROP TABLE snapshots"))
        conn.execute(text("ALTER TABLE snap2 RENAME TO snapshots"))
        conn.execute(text("CREATE INDEX ix_snapshots_game_id ON snapshots (game_id)"))
    raw.dispose()
    engine = make_bare_engine(url)
    found = check(engine)
    for line in ("table guild_departures is missing", "index ix_games_status on games is missing",
                 "column games.pending is missing", "unique constraint on snapshots (game_id, seq) is missing",
                 "foreign key on snapshots (game_id) is missing"):
        assert line in found
    assert migrate("head", url, backup=False) == head_revision()
    assert _describe(url) == want and check(engine) == []
    engine.dispose()
    service = GameService(url)
    _replays(service, gid)
    service.engine.dispose()


def test_db_check_names_what_differs_and_db_current_says_so(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The revision said 0004 while reminders were missing: `db current` said all was well. Now both
    name the difference, and `db check` exits 1 until the schema is the newest."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    shutil.copyfile(SCHEMAS / "810044d.db", tmp_path / "old.db")
    # what the Umpire of b932495 did to it: 0002_abuse_schema -> 0004_server_settings, 0002_ops skipped
    migrate("0004_server_settings", url, backup=False)
    capsys.readouterr()
    assert main(["db", "check", "--db", url]) == 1
    out = capsys.readouterr()
    assert "table reminders is missing" in out.out and "index ix_games_status on games is missing" in out.out
    assert "0004_server_settings" in out.out
    assert main(["db", "current", "--db", url]) == 1
    assert "schema differs" in capsys.readouterr().out
    assert main(["db", "upgrade", "--db", url]) == 0
    capsys.readouterr()
    assert main(["db", "check", "--db", url]) == 0
    assert "the newest schema" in capsys.readouterr().out
    assert main(["db", "check", "--db", f"sqlite:///{tmp_path / 'none.db'}"]) == 2
    assert not (tmp_path / "none.db").exists()


def test_a_downgrade_with_games_works_on_sqlite_and_upgrades_again(db_kind: str, tmp_path: Path) -> None:
    """`db downgrade 0001` with games in it failed on SQLite on a foreign key (batch mode copies games while
    the log refers to it); foreign keys are off during a migration and checked before its commit."""
    with old_database(db_kind, "b932495", tmp_path) as url:
        migrate("head", url, backup=False)
        service = GameService(url)
        ids = [g.id for g in service.list_games()]
        versions = {i: service.info(i).version for i in ids}
        service.engine.dispose()
        assert main(["db", "downgrade", "0001", "--db", url]) == 0
        assert _revision(url) == "0001"
        assert main(["db", "upgrade", "--db", url]) == 0
        service = GameService(url)
        for gid in ids:
            assert service.info(gid).version == versions[gid]
            _replays(service, gid)
        engine = make_bare_engine(url)
        assert check(engine) == []
        engine.dispose()
        service.engine.dispose()


def test_healthz_reports_a_schema_that_differs_from_the_newest(tmp_path: Path) -> None:
    """/healthz answered 200 on the database that lacked reminders; now it is unhealthy and says why."""
    import asyncio
    from types import SimpleNamespace

    from bot.observe import Observer
    from engine.service.settings import Settings

    url = f"sqlite:///{tmp_path / 'old.db'}"
    shutil.copyfile(SCHEMAS / "810044d.db", tmp_path / "old.db")
    migrate("0004_server_settings", url, backup=False)  # as the Umpire of b932495 left it
    engine = make_bare_engine(url)
    bot = SimpleNamespace(service=SimpleNamespace(engine=engine), is_ready=lambda: True, is_closed=lambda: False,
                          stopping=False)
    observer = Observer(Settings())
    observer._bot = bot  # type: ignore[assignment]
    healthy, body = asyncio.run(observer.healthy())
    assert not healthy and body["database"] is True
    assert "table reminders is missing" in body["schema_differs"]
    migrate("head", url, backup=False)
    observer._schema = None  # the next look (every SCHEMA_CHECK_SECONDS) finds it repaired
    healthy, body = asyncio.run(observer.healthy())
    assert healthy and "schema_differs" not in body
    engine.dispose()
