"""Backups of a live database (copying every game to another database is ``copying.py``).

- SQLite: the online backup API (``sqlite3.Connection.backup``) copies a consistent snapshot while the
  bot writes, WAL included. Copying the ``.db`` file of a live WAL database does not: the newest
  orders (and, for a new database, the tables) are still in the ``-wal`` file.
- Postgres: ``pg_dump --format=custom`` when it is installed (restore with ``pg_restore``).
- The snapshot reads (``read_snapshot``, ``last_entries``) and the refusal of a database a running bot
  holds (``refuse_live``) serve the copy as well.

Below ``database``, which backs a database up before it migrates it: nothing here imports it.
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

from sqlalchemy import func, select, text
from sqlalchemy.engine import URL, Connection, Engine
from sqlmodel import SQLModel

from engine.errors import UmpireError

from .redact import scrub
from .settings import Settings
from .urls import shown, sqlite_path

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
