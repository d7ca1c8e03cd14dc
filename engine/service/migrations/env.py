"""Alembic environment: Umpire's tables come from the SQLModel models in engine/service/models.py.

``engine.service.database.upgrade`` runs this in-process and hands over its own connection
(``config.attributes["connection"]``); the ``alembic`` command builds an engine from ``-x url=...``,
DATABASE_URL or the default SQLite file.
"""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from engine.service import models  # noqa: F401  (registers the tables)
from engine.service.database import ADVISORY_LOCK, make_bare_engine, normalize_url

config = context.config
if config.config_file_name is not None and not config.attributes.get("connection"):
    fileConfig(config.config_file_name, disable_existing_loggers=False)

target_metadata = SQLModel.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Two processes starting at once: the second waits, then finds the schema current.
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": ADVISORY_LOCK})
        context.run_migrations()


def run_migrations_offline() -> None:
    url = normalize_url(context.get_x_argument(as_dictionary=True).get("url"))
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True,
                      dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    given = config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    engine = make_bare_engine(context.get_x_argument(as_dictionary=True).get("url"))
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
