"""Backups of a live database, and copying every game to another database.

- SQLite: the online backup API (``sqlite3.Connection.backup``) copies a consistent snapshot while the
  bot writes, WAL included. Copying the ``.db`` file of a live WAL database does not: the newest
  orders (and, for a new database, the tables) are still in the ``-wal`` file.
- Postgres: ``pg_dump --format=custom`` when it is installed (restore with ``pg_restore``).
- ``copy_database``: every row of every table (games in progress included, with their logs, seats,
  snapshots and reminders) from one database to another that holds no games yet, ids kept. This is
  how a deployment moves from SQLite to Postgres.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import func, select, text
from sqlalchemy.engine import URL, Connection, Engine
from sqlmodel import SQLModel

from engine.errors import UmpireError

from .database import shown, sqlite_path
from .redact import scrub
from .settings import Settings

log = logging.getLogger("umpire.database")
COPY_BATCH = 500


class BackupFailed(UmpireError):
    pass


def backup(engine: Engine, dest: Path) -> Path:
    """A consistent copy of the database behind ``engine`` in ``dest`` (SQLite: a .db file; Postgres: a
    pg_dump custom-format archive). Safe while the bot runs."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    path = sqlite_path(engine)
    if path:
        return backup_sqlite(Path(path), dest)
    if engine.dialect.name == "postgresql":
        return backup_postgres(engine, dest)
    raise BackupFailed(f"no backup for {shown(engine)}: an in-memory database")


def backup_sqlite(source: Path, dest: Path) -> Path:
    if not source.exists():
        raise BackupFailed(f"no database file {source}")
    if dest.exists():
        raise BackupFailed(f"{dest} exists: choose a new file")
    tmp = dest.with_name(dest.name + ".part")
    src = sqlite3.connect(str(source), timeout=30)
    try:
        out = sqlite3.connect(str(tmp))
        try:
            src.backup(out)  # pages copied in one pass, restarted by SQLite if a writer changes them
        finally:
            out.close()
    finally:
        src.close()
    os.chmod(tmp, 0o600)  # a backup holds every game and player id: the owner's only
    os.replace(tmp, dest)
    return dest


def pg_dump_command() -> str | None:
    found = shutil.which("pg_dump")
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_dump"), key=lambda p: int(p.parts[-3])
                      if p.parts[-3].isdigit() else 0)
    return str(versions[-1]) if versions else None


def backup_postgres(engine: Engine, dest: Path, snapshot: str | None = None, schema: str | None = None) -> Path:
    pg_dump = pg_dump_command()
    if pg_dump is None:
        raise BackupFailed("pg_dump is not installed: install the PostgreSQL client (Debian: postgresql-client) "
                           "or back up with your own tools")
    argv, env = pg_dump_call(pg_dump, engine, dest)
    # --snapshot: the dump reads the snapshot an open transaction exported (backup_snapshot)
    if snapshot:
        argv.append(f"--snapshot={snapshot}")
    if schema:  # a deployment in a schema of its own (search_path) is backed up alone
        argv.append(f"--schema={schema}")
    proc = subprocess.run(argv, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        first = (proc.stderr.strip().splitlines() or ["failed"])[0]
        raise BackupFailed(f"pg_dump of {shown(engine)} failed: {scrub(first, engine.url.render_as_string(hide_password=False))}")
    os.chmod(dest, 0o600)
    return dest


@dataclass
class BackupReport:
    path: Path
    upto: dict[int, int]  # game id -> its last log entry in the backup
    holders: list[str] = field(default_factory=list)  # the bots that held the database (a --live backup)
    behind: int = 0  # log entries the database gained after the backup's snapshot


def backup_snapshot(engine: Engine, dest: Path, live: bool = False) -> BackupReport:
    """``backup``, refused while a bot holds the database unless ``live``, with what the backup holds:
    the last log entry of each game in its snapshot (and, live, how many entries came after it)."""
    holders = refuse_live(engine, live, "umpire db backup")
    dest = Path(dest)
    if engine.dialect.name == "postgresql":
        if dest.exists():
            raise BackupFailed(f"{dest} exists: choose a new file")
        dest.parent.mkdir(parents=True, exist_ok=True)
        with read_snapshot(engine) as conn:  # pg_dump reads this very snapshot, held open meanwhile
            exported = str(conn.execute(text("SELECT pg_export_snapshot()")).scalar())
            schema = conn.execute(text("SELECT current_schema()")).scalar()
            upto = last_entries(conn)
            backup_postgres(engine, dest, snapshot=exported, schema=schema if schema != "public" else None)
    else:
        backup(engine, dest)
        copy = make_bare_sqlite(dest)
        try:
            with copy.connect() as conn:
                upto = last_entries(conn)
        finally:
            copy.dispose()
    report = BackupReport(dest, upto, holders)
    if holders:
        report.behind = behind_since(engine, upto)
    return report


def make_bare_sqlite(path: Path) -> Engine:
    from sqlalchemy import create_engine

    return create_engine(f"sqlite:///{path}")


def pg_dump_call(pg_dump: str, engine: Engine, dest: Path) -> tuple[list[str], dict[str, str]]:
    """pg_dump's arguments and environment: the password (the URL's, or its ``?password=``) goes in
    PGPASSWORD only, never on the command line, where any user of the host could read it (ps)."""
    url = engine.url
    password = url.password if url.password is not None else url.query.get("password")
    env = dict(os.environ)
    if password:
        env["PGPASSWORD"] = str(password if isinstance(password, str) else password[0])
    # URL.set(password=None) keeps the old password (SQLAlchemy reads None as "unchanged"): built anew
    query = {k: v for k, v in url.query.items() if k.lower() != "password"}
    bare = URL.create("postgresql", url.username, None, url.host, url.port, url.database, query)
    conninfo = bare.render_as_string(hide_password=False)
    return [pg_dump, "--format=custom", "--no-owner", f"--file={dest}", f"--dbname={conninfo}"], env


def backup_before_migration(engine: Engine, revision: str | None, settings: Settings) -> Path | None:
    """The backup taken before a schema migration: beside the SQLite file, or in the data folder."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S.%fZ")
    path = sqlite_path(engine)
    if path:
        dest = Path(path).parent / "backups" / f"{Path(path).stem}-{revision or 'unversioned'}-{stamp}.db"
    elif engine.dialect.name == "postgresql":
        if pg_dump_command() is None:
            log.warning("no backup before the migration of %s: pg_dump is not installed", shown(engine))
            return None
        dest = settings.data_dir / "backups" / f"postgres-{revision or 'unversioned'}-{stamp}.dump"
    else:
        return None
    backup(engine, dest)
    log.warning("backed up %s to %s before migrating it from revision %s", shown(engine), dest, revision)
    return dest


class SourceLive(UmpireError):
    """A running bot holds the database to be copied or backed up (and --live was not given)."""


@dataclass
class CopyReport:
    counts: dict[str, int]  # rows copied per table
    upto: dict[int, int]  # game id -> its last log entry in the snapshot
    holders: list[str] = field(default_factory=list)  # the bots that held the source (a --live copy)
    behind: int = 0  # log entries the source gained after the snapshot (orders not in the copy)
    verified: int = 0  # games whose log replays to their stored state on the target


@contextmanager
def read_snapshot(engine: Engine) -> Iterator[Connection]:
    """A connection whose every read sees one snapshot of the whole database: REPEATABLE READ, read only,
    on Postgres; on SQLite one read transaction (BEGIN; WAL keeps the snapshot of its first read).
    Without it each table was read in a snapshot of its own: a game's row at #140 and its log at #141."""
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                conn.execute(text("SET TRANSACTION READ ONLY"))
                yield conn
            return
        conn.exec_driver_sql("BEGIN")  # pysqlite opens no transaction for a SELECT: each read its own
        try:
            yield conn
        finally:
            conn.rollback()


def last_entries(conn: Connection) -> dict[int, int]:
    log_table = SQLModel.metadata.tables["log"]
    rows = conn.execute(select(log_table.c.game_id, func.max(log_table.c.seq)).group_by(log_table.c.game_id))
    return {int(g): int(n) for g, n in rows}


def refuse_live(engine: Engine, live: bool, what: str) -> list[str]:
    """The bots holding ``engine``'s database; SourceLive when there are some and ``live`` was not given."""
    from .shard_lock import live_holders

    holders = live_holders(engine)
    if holders and not live:
        raise SourceLive(f"a running Umpire holds {shown(engine)} ({'; '.join(holders)[:200]}): stop it first, or "
                         f"{what} --live for a snapshot that leaves the orders given after it behind")
    return holders


def behind_since(engine: Engine, upto: dict[int, int]) -> int:
    """Log entries the source holds beyond the snapshot's (games new since included)."""
    with engine.connect() as conn:
        now = last_entries(conn)
    return sum(n - upto.get(g, 0) for g, n in now.items() if n > upto.get(g, 0))


def replay_differs(service: Any, game_id: int) -> str | None:
    """Why the game replayed from its seed and log is not its stored state; None when it is.

    A state stored by an older Umpire lacks what was added to the state since, and only that: options
    added later (a replay fills in their legacy values) and fields added to an overlay (for display).
    Those are compared where the stored state has them; every other field must be equal."""
    from engine import registry

    rules = registry.get(service.info(game_id).game)
    replayed, stored = rules.dump(service.replay(game_id)), rules.dump(service.state(game_id))
    if set(replayed) != set(stored):
        return f"game #{game_id}: its replay has the fields {sorted(set(replayed) ^ set(stored))[:5]} in difference"
    for key, value in stored.items():
        other = replayed[key]
        if key == "options" and isinstance(value, dict) and isinstance(other, dict):
            same = {k: other.get(k) for k in value} == value
        elif key == "overlays" and isinstance(value, list) and isinstance(other, list):
            same = len(value) == len(other) and all(
                isinstance(o, dict) and isinstance(n, dict) and {k: n.get(k) for k in o} == o
                for n, o in zip(other, value, strict=True))
        else:
            same = other == value
        if not same:
            return f"game #{game_id}: its replay differs from its stored state in {key}"
    return None


def verify_replays(engine: Engine) -> int:
    """Every game of the database replays to its stored state; returns how many, or BackupFailed naming them."""
    from .service import GameService

    service = GameService(engine=engine)
    bad = [why for info in service.list_games() if (why := replay_differs(service, info.id))]
    if bad:
        raise BackupFailed(f"{len(bad)} games of {shown(engine)} do not replay to their stored state "
                           f"({'; '.join(bad[:3])})")
    return len(service.list_games())


def copy_database(source: Engine, target: Engine, live: bool = False, verify: bool = True) -> CopyReport:
    """Every row of Umpire's tables from ``source`` to ``target`` (both at the newest schema), ids kept.

    The source is read in one snapshot (``read_snapshot``); the target is written in one transaction,
    so a failed copy leaves it empty. Refuses a target that already holds games, and a source a running
    bot holds unless ``live`` (then the report says which orders the snapshot holds and how many came
    after it). Each game's row must agree with its log before the commit, and with ``verify`` every
    game must replay on the target to its stored state.
    """
    tables = [t for t in SQLModel.metadata.sorted_tables]
    counts: dict[str, int] = {}
    holders = refuse_live(source, live, "umpire db copy")
    with target.connect() as check:
        held = check.execute(select(func.count()).select_from(SQLModel.metadata.tables["games"])).scalar_one()
    if held:
        raise UmpireError(f"{shown(target)} already holds {held} games: copy into an empty database")
    with read_snapshot(source) as src, target.begin() as dst:
        upto = last_entries(src)
        for table in tables:
            rows = 0
            result = src.execute(select(table).order_by(*table.primary_key.columns))
            while True:
                batch = [dict(r._mapping) for r in result.fetchmany(COPY_BATCH)]
                if not batch:
                    break
                dst.execute(table.insert(), batch)
                rows += len(batch)
            counts[table.name] = rows
        games = SQLModel.metadata.tables["games"]
        torn = {int(g): int(n) for g, n in dst.execute(select(games.c.id, games.c.seq))
                if int(n) != upto.get(int(g), 0)}
        if torn:
            g = min(torn)
            raise BackupFailed(f"the copy of {len(torn)} games is torn (game #{g}: row at #{torn[g]}, log at "
                               f"#{upto.get(g, 0)}): nothing was copied")
        if target.dialect.name == "postgresql":
            for table in tables:
                pk = list(table.primary_key.columns)
                if len(pk) == 1 and pk[0].autoincrement and str(pk[0].type).upper().startswith(("INTEGER", "BIGINT")):
                    dst.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', '{pk[0].name}'), "
                                     f"COALESCE((SELECT MAX({pk[0].name}) FROM {table.name}), 0) + 1, false)"))
    report = CopyReport(counts, upto, holders)
    if holders:
        report.behind = behind_since(source, upto)
    if verify:
        report.verified = verify_replays(target)
    return report


def copy_to(source_url: str | None, target_url: str, settings: Settings | None = None,
            live: bool = False) -> CopyReport:
    from .database import make_engine

    settings = settings or Settings()
    source = make_engine(source_url, settings)
    target = make_engine(target_url, settings)
    try:
        return copy_database(source, target, live=live)
    finally:
        source.dispose()
        target.dispose()
