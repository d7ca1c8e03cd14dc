"""Database engines: a SQLite file in the data folder by default (WAL), Postgres when DATABASE_URL says so.

Every setting comes from ``engine.service.settings.Settings`` (the environment, then ``.env``): the
URL, the pool, the pooler mode, SQLite's synchronous level and the backup before a migration.

The schema is Alembic's (``engine/service/migrations``, found with importlib.resources so an installed
wheel migrates too; generated from the SQLModel tables in ``models.py``): ``make_engine`` brings a
database up to the newest revision before it hands the engine out, so the bot and the command line
upgrade the schema at start. A database that holds games is backed up first (``backup.py``). Only an
in-memory SQLite database (tests) is made with ``create_all``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel, create_engine

from engine.errors import UmpireError

from . import models  # noqa: F401  (registers the tables)
from .backup import backup_before_migration
from .settings import Settings

# The URLs' helpers live in urls.py, below this module, the backups and the shard lock (which all read
# them); the names are kept here for their callers (``X as X``: an explicit re-export).
from .urls import DatabaseUnavailable as DatabaseUnavailable
from .urls import _sqlite_path
from .urls import database_url as database_url
from .urls import is_memory as is_memory
from .urls import normalize_url as normalize_url
from .urls import shown as shown
from .urls import sqlite_path as sqlite_path
from .urls import unavailable as unavailable

log = logging.getLogger("umpire.database")

MIGRATIONS = Path(str(files("engine.service").joinpath("migrations")))
INITIAL_REVISION = "0001"  # the schema that create_all made before migrations existed
ADVISORY_LOCK = 0x756D70697265  # "umpire": serialises schema upgrades of one Postgres database
MIGRATE_LOCK = ADVISORY_LOCK + 1  # held by the process upgrading, around the whole of migrate() (_migration_lock)


def make_bare_engine(url: str | None = None, settings: Settings | None = None) -> Engine:
    """An engine with the pragmas and pool settings, without touching the schema."""
    settings = settings or Settings()
    url = normalize_url(url, settings)
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if is_memory(url):
            kwargs["poolclass"] = StaticPool
        else:
            Path(_sqlite_path(url)).parent.mkdir(parents=True, exist_ok=True)
    else:
        # One connection per worker thread at the load the bot sees (docs/scale.md).
        kwargs["pool_size"] = settings.umpire_db_pool
        kwargs["max_overflow"] = settings.umpire_db_overflow
        kwargs["pool_recycle"] = 1800
        # A connection the server dropped (a restart, a failover, an idle timeout) is replaced before use,
        # so the first order after a Postgres restart succeeds.
        kwargs["pool_pre_ping"] = True
        if url.startswith("postgresql+psycopg") and settings.umpire_db_transaction_pooler:
            # PgBouncer in transaction mode hands each transaction another server connection:
            # psycopg's prepared statements would not be there.
            kwargs["connect_args"] = {"prepare_threshold": None}
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        synchronous = settings.umpire_sqlite_synchronous
        event.listen(engine, "connect", lambda conn, record: _sqlite_pragmas(conn, record, synchronous))
    return engine


def make_engine(url: str | None = None, settings: Settings | None = None) -> Engine:
    """An engine whose database holds the newest schema (upgraded here if it was older or empty).

    Raises DatabaseUnavailable (one line) when the database cannot be reached or opened."""
    settings = settings or Settings()
    engine = make_bare_engine(url, settings)
    try:
        if is_memory(str(engine.url)):
            SQLModel.metadata.create_all(engine)
        else:
            upgrade(engine, settings=settings)
    except (OperationalError, DBAPIError, OSError) as exc:
        engine.dispose()
        raise unavailable(engine, exc) from None
    return engine


def upgrade(url: str | Engine | None = None, settings: Settings | None = None, backup: bool | None = None) -> str:
    """Bring a database to the newest Alembic revision, in this process; returns that revision.

    Cheap when the database is already current (one SELECT). A database made by ``create_all``
    before migrations existed is stamped with the initial revision first. A database that already
    holds tables is backed up before it is migrated (UMPIRE_BACKUP_BEFORE_MIGRATE; backup.py).
    """
    return migrate("head", url, settings, backup)


def migrate(target: str, url: str | Engine | None = None, settings: Settings | None = None,
            backup: bool | None = None) -> str:
    """Upgrade (``head`` or a revision) or downgrade (``-1``, a revision) the schema; returns the new revision."""
    settings = settings or Settings()
    _known_target(target)  # before anything is locked or backed up: a mistyped revision costs nothing
    engine = url if isinstance(url, Engine) else make_bare_engine(url, settings)
    want_backup = settings.umpire_backup_before_migrate if backup is None else backup
    try:
        with _migration_lock(engine):
            with engine.connect() as conn:
                current = current_revision(conn)
                has_tables = inspect(conn).has_table("games")
            if target == "head" and current == head_revision():
                return current
            if want_backup and has_tables:
                backup_before_migration(engine, current, settings)
            with _migrating(engine) as conn:
                _run_alembic(conn, target)
                return current_revision(conn) or "(none)"
    finally:
        if not isinstance(url, Engine):
            engine.dispose()


@contextmanager
def _migrating(engine: Engine) -> Iterator[Connection]:
    """The migration's connection and transaction. SQLite alters a table by copying it and dropping the
    old one (batch mode): with foreign keys on, dropping ``games`` while the log refers to it fails
    ("FOREIGN KEY constraint failed", a downgrade with games in it). So foreign keys are off during it
    (the pragma works only outside a transaction), every reference is checked before the commit, and
    they are on again before the connection goes back to the pool."""
    if engine.dialect.name != "sqlite":
        with engine.begin() as conn:
            yield conn
        return
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        conn.commit()
        try:
            with conn.begin():
                yield conn
                broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise UmpireError(f"the migration would leave {len(broken)} rows whose foreign key refers to "
                                      f"nothing (first: table {broken[0][0]}, row {broken[0][1]}): not applied")
        finally:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()


def current_revision(conn: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


def _alembic_config(conn: Connection | None = None) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if conn is not None:
        cfg.attributes["connection"] = conn
    return cfg


@lru_cache(maxsize=1)
def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head is not None, f"no Alembic revisions under {MIGRATIONS}"
    return head


def _known_target(target: str) -> None:
    """UmpireError naming the revisions when ``target`` is none of them (``head``, ``base`` and relative
    steps such as ``-1`` are always known)."""
    from alembic.script import ScriptDirectory

    if target in ("head", "base") or target[:1] in ("-", "+"):
        return
    script = ScriptDirectory.from_config(_alembic_config())
    try:
        found = script.get_revision(target)
    except Exception:  # noqa: BLE001 - alembic's own errors for an unknown or ambiguous id
        found = None
    if found is None:
        known = ", ".join(rev.revision for rev in script.walk_revisions())
        raise UmpireError(f"No schema revision '{target[:40]}': the revisions are {known}")


def _run_alembic(conn: Connection, target: str = "head") -> None:
    from alembic import command

    cfg = _alembic_config(conn)
    if current_revision(conn) is None and inspect(conn).has_table("games"):
        command.stamp(cfg, INITIAL_REVISION)
    if target == "head" or target.startswith("+") or _is_ahead(target, current_revision(conn)):
        command.upgrade(cfg, target)
    else:
        command.downgrade(cfg, target)


def _is_ahead(target: str, current: str | None) -> bool:
    """Whether revision ``target`` comes after ``current`` (an upgrade) rather than before it."""
    from alembic.script import ScriptDirectory

    if target.startswith("-") or target == "base":
        return False
    script = ScriptDirectory.from_config(_alembic_config())
    if current is None:
        return True
    return any(rev.revision == current for rev in script.iterate_revisions(target, "base"))


@contextmanager
def _migration_lock(engine: Engine) -> Iterator[None]:
    """Two processes upgrading one database at once take turns, from the first look at its revision
    to the commit: SQLite by a lock file, Postgres by an advisory lock on a connection of its own
    (the migration's own transaction lock, env.py, came too late: two shard processes starting together
    on an empty schema both created its tables, "relation reminders already exists")."""
    if engine.dialect.name == "postgresql":
        # A transaction lock in a transaction kept open meanwhile: released at its end whatever happens,
        # and it works through PgBouncer in transaction mode (the open transaction pins one server connection).
        with engine.connect() as lock, lock.begin():
            lock.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATE_LOCK})
            yield
        return
    path = sqlite_path(engine)
    if not path:  # memory, or another database
        yield
        return
    import fcntl

    with open(path + ".migrate-lock", "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any, synchronous: str = "FULL") -> None:
    """WAL (readers never wait for the writer), foreign keys, and synchronous=FULL by default: under WAL,
    NORMAL syncs only at checkpoints, so a power cut could lose orders already acknowledged (a process
    kill cannot). FULL syncs the WAL at every commit; its cost is in docs/scale.md."""
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA synchronous={'NORMAL' if synchronous == 'NORMAL' else 'FULL'}")
    cur.close()


# The shard lock lives in shard_lock.py; these names are kept here for the callers of the first one
# (``X as X``: an explicit re-export).
from .shard_lock import ShardLayout as ShardLayout  # noqa: E402
from .shard_lock import ShardLock as ShardLock  # noqa: E402
from .shard_lock import ShardLockHeld as ShardLockHeld  # noqa: E402
from .shard_lock import ShardSettingsInvalid as ShardSettingsInvalid  # noqa: E402
from .shard_lock import acquire_shard_locks as acquire_shard_locks  # noqa: E402
from .shard_lock import shard_layout as shard_layout  # noqa: E402
from .shard_lock import shard_lock_names as shard_lock_names  # noqa: E402
