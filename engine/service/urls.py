"""Database URLs: the form SQLAlchemy needs, shown without a password, SQLite's file, the one-line error.

Below ``database`` (engines and migrations), ``backup`` and ``shard_lock``, which all read them: so the
backup taken before a migration and the shard lock need nothing of ``database``, and no import circles.
"""

from __future__ import annotations

from sqlalchemy.engine import Engine

from engine.errors import UmpireError

from .redact import redact_url, scrub
from .settings import Settings


class DatabaseUnavailable(UmpireError):
    """The database cannot be reached or opened: one line that names it (no password) and why."""


def database_url(url: str | None = None, settings: Settings | None = None) -> str:
    return url or (settings or Settings()).db_url


def normalize_url(url: str | None = None, settings: Settings | None = None) -> str:
    """The URL SQLAlchemy needs: ``postgres://`` and ``postgresql://`` mean psycopg 3."""
    url = database_url(url, settings)
    if url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url[len("postgres://"):]
    elif url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def _full(url: str | Engine | None) -> str:
    return url.url.render_as_string(hide_password=False) if isinstance(url, Engine) else normalize_url(url)


def shown(url: str | Engine | None) -> str:
    """The URL without its password, whatever its form (engine/service/redact.py), for messages."""
    return redact_url(_full(url))


def unavailable(url: str | Engine | None, exc: BaseException) -> DatabaseUnavailable:
    """A one-line error from a driver's exception (its first line; psycopg's can run to many)."""
    original = getattr(exc, "orig", None) or exc
    reason = (str(original).strip().splitlines() or [type(original).__name__])[0]
    return DatabaseUnavailable(f"cannot use the database {shown(url)}: {scrub(reason, _full(url))}")


def _sqlite_path(url: str) -> str:
    return url.split(":///", 1)[1].split("?", 1)[0] if ":///" in url else ""


def sqlite_path(url: str | Engine) -> str:
    """The file of a SQLite URL or engine ("" for memory or another database). An engine's file is its
    URL's database as given: the rendered URL escapes it (":memory:" reads "%3Amemory%3A", a file named
    with ":" or "%" another path), which made a stray lock file beside the process and could name the
    wrong file to back up."""
    if isinstance(url, Engine):
        database = url.url.database or ""
        if not url.url.drivername.startswith("sqlite") or database in ("", ":memory:"):
            return ""
        return "" if database.startswith("file:") and "mode=memory" in database else database
    return _sqlite_path(url) if url.startswith("sqlite") and not is_memory(url) else ""


def is_memory(url: str) -> bool:
    return url.startswith("sqlite") and _sqlite_path(url) in ("", ":memory:")


