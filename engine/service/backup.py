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
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.engine import URL, Engine
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


def backup_postgres(engine: Engine, dest: Path) -> Path:
    pg_dump = pg_dump_command()
    if pg_dump is None:
        raise BackupFailed("pg_dump is not installed: install the PostgreSQL client (Debian: postgresql-client) "
                           "or back up with your own tools")
    argv, env = pg_dump_call(pg_dump, engine, dest)
    proc = subprocess.run(argv, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        first = (proc.stderr.strip().splitlines() or ["failed"])[0]
        raise BackupFailed(f"pg_dump of {shown(engine)} failed: {scrub(first, engine.url.render_as_string(hide_password=False))}")
    os.chmod(dest, 0o600)
    return dest


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


def copy_database(source: Engine, target: Engine) -> dict[str, int]:
    """Every row of Umpire's tables from ``source`` to ``target`` (both at the newest schema), ids kept.

    The source is read in one transaction (a consistent snapshot); the target is written in one
    transaction, so a failed copy leaves it empty. Refuses a target that already holds games.
    Returns the rows copied per table.
    """
    tables = [t for t in SQLModel.metadata.sorted_tables]
    counts: dict[str, int] = {}
    with target.connect() as check:
        held = check.execute(select(func.count()).select_from(SQLModel.metadata.tables["games"])).scalar_one()
    if held:
        raise UmpireError(f"{shown(target)} already holds {held} games: copy into an empty database")
    with source.connect() as src, target.begin() as dst:
        src.begin()
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
        if target.dialect.name == "postgresql":
            for table in tables:
                pk = list(table.primary_key.columns)
                if len(pk) == 1 and pk[0].autoincrement and str(pk[0].type).upper().startswith(("INTEGER", "BIGINT")):
                    dst.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', '{pk[0].name}'), "
                                     f"COALESCE((SELECT MAX({pk[0].name}) FROM {table.name}), 0) + 1, false)"))
    return counts


def copy_to(source_url: str | None, target_url: str, settings: Settings | None = None) -> dict[str, int]:
    from .database import make_engine

    settings = settings or Settings()
    source = make_engine(source_url, settings)
    target = make_engine(target_url, settings)
    try:
        return copy_database(source, target)
    finally:
        source.dispose()
        target.dispose()

