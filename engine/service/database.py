"""Database engines: a SQLite file under ./data by default (WAL), Postgres when DATABASE_URL says so.

The schema is Alembic's (``migrations/`` at the top of the repository, generated from the SQLModel
tables in ``models.py``): ``make_engine`` brings a database up to the newest revision before it
hands the engine out, so the bot and the command line upgrade the schema at start. Only an
in-memory SQLite database (tests) is made with ``create_all``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool
from sqlmodel import SQLModel, create_engine

from . import models  # noqa: F401  (registers the tables)

DEFAULT_URL = "sqlite:///./data/umpire.db"
MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
INITIAL_REVISION = "0001"  # the schema that create_all made before migrations existed
ADVISORY_LOCK = 0x756D70697265  # "umpire": serialises schema upgrades of one Postgres database


def database_url(url: str | None = None) -> str:
    return url or os.environ.get("DATABASE_URL") or DEFAULT_URL


def normalize_url(url: str | None = None) -> str:
    """The URL SQLAlchemy needs: ``postgres://`` and ``postgresql://`` mean psycopg 3."""
    url = database_url(url)
    if url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url[len("postgres://"):]
    elif url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def _sqlite_path(url: str) -> str:
    return url.split(":///", 1)[1].split("?", 1)[0] if ":///" in url else ""


def is_memory(url: str) -> bool:
    return url.startswith("sqlite") and _sqlite_path(url) in ("", ":memory:")


def make_bare_engine(url: str | None = None) -> Engine:
    """An engine with the pragmas and pool settings, without touching the schema."""
    url = normalize_url(url)
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        if is_memory(url):
            kwargs["poolclass"] = StaticPool
        else:
            Path(_sqlite_path(url)).parent.mkdir(parents=True, exist_ok=True)
    else:
        # One connection per worker thread at the load the bot sees (docs/scale.md).
        kwargs["pool_size"] = int(os.environ.get("UMPIRE_DB_POOL", "10"))
        kwargs["max_overflow"] = int(os.environ.get("UMPIRE_DB_OVERFLOW", "50"))
        kwargs["pool_recycle"] = 1800
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def make_engine(url: str | None = None) -> Engine:
    """An engine whose database holds the newest schema (upgraded here if it was older or empty)."""
    engine = make_bare_engine(url)
    if is_memory(str(engine.url)):
        SQLModel.metadata.create_all(engine)
    else:
        upgrade(engine)
    return engine


def upgrade(url: str | Engine | None = None) -> str:
    """Bring a database to the newest Alembic revision, in this process; returns that revision.

    Cheap when the database is already current (one SELECT). A database made by ``create_all``
    before migrations existed is stamped with the initial revision first.
    """
    engine = url if isinstance(url, Engine) else make_bare_engine(url)
    try:
        with _file_lock(engine), engine.begin() as conn:
            if current_revision(conn) == head_revision():
                return head_revision()
            _run_alembic(conn)
        return head_revision()
    finally:
        if not isinstance(url, Engine):
            engine.dispose()


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


def _run_alembic(conn: Connection) -> None:
    from alembic import command

    cfg = _alembic_config(conn)
    if current_revision(conn) is None and inspect(conn).has_table("games"):
        command.stamp(cfg, INITIAL_REVISION)
    command.upgrade(cfg, "head")


@contextmanager
def _file_lock(engine: Engine) -> Iterator[None]:
    """Two processes creating one SQLite file at once take turns (Postgres uses an advisory lock)."""
    url = str(engine.url)
    if not url.startswith("sqlite") or is_memory(url):
        yield
        return
    import fcntl

    with open(_sqlite_path(url) + ".migrate-lock", "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()
