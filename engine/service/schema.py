"""Whether a database holds the schema of the newest revision, and what differs when it does not.

A revision number is not enough (issue 25): a database made at 810044d reached ``0004_server_settings``
without ever running ``0002_ops``, and said it was current. ``differences`` compares what the database
holds with the models (Alembic's comparison: tables, columns with their types and nullability, indexes,
unique constraints, foreign keys) and names each difference in a line. ``umpire db check`` prints
them and ``/healthz`` reports them. ``describe`` is the schema as a plain structure, for tests that
compare an upgraded database with a fresh one.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine
from sqlmodel import SQLModel

from . import models  # noqa: F401  (registers the tables)
from .database import current_revision, head_revision


def _name(obj: Any) -> str:
    table = getattr(obj, "table", None)
    return f"{obj.name} on {table.name}" if table is not None else str(obj.name)


def _line(diff: Any) -> str:
    kind = diff[0]
    if kind == "add_table":
        return f"table {diff[1].name} is missing"
    if kind == "remove_table":
        return f"table {diff[1].name} is not in the newest schema"
    if kind == "add_column":
        return f"column {diff[2]}.{diff[3].name} is missing"
    if kind == "remove_column":
        return f"column {diff[2]}.{diff[3].name} is not in the newest schema"
    if kind == "add_index":
        return f"index {_name(diff[1])} is missing"
    if kind == "remove_index":
        return f"index {_name(diff[1])} is not in the newest schema"
    if kind in ("add_constraint", "add_fk"):
        cols = ", ".join(c.name for c in diff[1].columns)
        what = "foreign key" if kind == "add_fk" else "unique constraint"
        return f"{what} on {diff[1].table.name} ({cols}) is missing"
    if kind in ("remove_constraint", "remove_fk"):
        cols = ", ".join(c.name for c in diff[1].columns)
        what = "foreign key" if kind == "remove_fk" else "unique constraint"
        return f"{what} on {diff[1].table.name} ({cols}) is not in the newest schema"
    if kind == "modify_nullable":
        return f"column {diff[2]}.{diff[3]} is {'' if diff[5] else 'NOT '}NULL; the newest schema has " \
               f"{'' if diff[6] else 'NOT '}NULL"
    if kind == "modify_type":
        return f"column {diff[2]}.{diff[3]} is {diff[5]}; the newest schema has {diff[6]}"
    return " ".join(str(part) for part in diff[:4])


def differences(conn: Connection) -> list[str]:
    """Each way the database's schema differs from the newest one (its revision first); [] when it is the same."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    found: list[str] = []
    current = current_revision(conn)
    if current != head_revision():
        found.append(f"revision {current or '(none)'}, the newest is {head_revision()}")
    context = MigrationContext.configure(conn, opts={"compare_type": True})
    for diff in compare_metadata(context, SQLModel.metadata):
        for one in diff if isinstance(diff, list) else [diff]:
            found.append(_line(one))
    return found


def check(engine: Engine) -> list[str]:
    with engine.connect() as conn:
        return differences(conn)


def describe(conn: Connection) -> dict[str, Any]:
    """Tables, columns (type, nullability), primary keys, indexes, unique constraints and foreign keys,
    each in a canonical order (a column added later stands at the end of its table: order is not compared)."""
    inspector = inspect(conn)
    out: dict[str, Any] = {}
    for table in sorted(inspector.get_table_names()):
        if table == "alembic_version":
            continue
        out[table] = {
            "columns": sorted((c["name"], str(c["type"]), bool(c["nullable"])) for c in inspector.get_columns(table)),
            "primary_key": sorted(inspector.get_pk_constraint(table)["constrained_columns"]),
            "indexes": sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
                              for i in inspector.get_indexes(table)),
            "unique": sorted(tuple(sorted(u["column_names"])) for u in inspector.get_unique_constraints(table)),
            "foreign_keys": sorted((tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]))
                                   for f in inspector.get_foreign_keys(table)),
        }
    return out
