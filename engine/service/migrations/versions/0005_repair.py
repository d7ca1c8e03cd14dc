"""Repair (issue 25): every database made at an earlier landed revision gets the schema of 0004.

Revision ID: 0005_repair
Revises: 0004_server_settings
Create Date: 2026-12-02

The chain was re-ordered after databases had been made on it: at 810044d the abuse revision
(``0002_abuse_schema``) followed 0001 directly; since f97fc7b it follows ``0002_ops``. A database made
at 810044d therefore went from ``0002_abuse_schema`` to ``0004_server_settings`` and never ran
``0002_ops``: no ``reminders``, no ``guild_departures``, no ``ix_games_status``. Such a database cannot
be told apart by its revision, so this revision looks at what is there and adds what is missing:
tables, columns, indexes, unique constraints, foreign keys, and a nullability that differs. The schema
it repairs towards is written out below as it stood at 0004 (frozen here: later revisions change the
models, never this one). On a database that already has it all, it does nothing.

The downgrade does nothing: what it added belongs to the earlier revisions, whose downgrades remove it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0005_repair"
down_revision: str | Sequence[str] | None = "0004_server_settings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

Text = sqlmodel.sql.sqltypes.AutoString
Stamp = sqlmodel.sql.sqltypes.UTCDateTime


def schema_at_0004() -> sa.MetaData:
    """The tables revisions 0001, 0002_ops, 0002_abuse_schema and 0004_server_settings build, together."""
    meta = sa.MetaData()
    sa.Table(
        "games", meta,
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", Text(), nullable=False, index=True),
        sa.Column("scenario", Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=True),
        sa.Column("title", Text(), nullable=False),
        sa.Column("guild_id", Text(), nullable=True, index=True),
        sa.Column("channel_id", Text(), nullable=True, index=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("status", Text(), nullable=False, index=True),
        sa.Column("winner", Text(), nullable=True),
        sa.Column("state", sa.JSON(), nullable=True),
        sa.Column("deadline_hours", sa.Float(), nullable=True),
        sa.Column("last_action_at", Stamp(), nullable=False),
        sa.Column("created_at", Stamp(), nullable=False),
        sa.Column("seed_salt", Text(), nullable=True),
        sa.Column("reseeds", sa.JSON(), nullable=True),
        sa.Column("owner_id", Text(), nullable=True),
        sa.Column("pending", sa.JSON(), nullable=True),
    )
    sa.Table(
        "log", meta,
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", Text(), nullable=False),
        sa.Column("side", Text(), nullable=True),
        sa.Column("actor", Text(), nullable=False),
        sa.Column("actor_name", Text(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=True),
        sa.Column("events", sa.JSON(), nullable=True),
        sa.Column("reason", Text(), nullable=False),
        sa.Column("rule", Text(), nullable=False),
        sa.Column("refers_to", sa.Integer(), nullable=True),
        sa.Column("salt", sa.Integer(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("undone_by", sa.Integer(), nullable=True),
        sa.Column("random", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", Stamp(), nullable=False),
        sa.Column("interaction_id", Text(), nullable=True),
        sa.Column("rng", Text(), nullable=True),
        sa.UniqueConstraint("game_id", "seq"),
        sa.Index("ix_log_interaction_id", "interaction_id", unique=True),
        sa.Index("ix_log_game_kind_seq", "game_id", "kind", "seq"),
    )
    sa.Table(
        "seats", meta,
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("side", Text(), nullable=False),
        sa.Column("kind", Text(), nullable=False),
        sa.Column("user_id", Text(), nullable=True, index=True),
        sa.Column("user_name", Text(), nullable=False),
        sa.Column("level", Text(), nullable=False),
        sa.Column("notify", Text(), nullable=False),
        sa.UniqueConstraint("game_id", "side"),
    )
    sa.Table(
        "snapshots", meta,
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=True),
        sa.UniqueConstraint("game_id", "seq"),
    )
    sa.Table(
        "reminders", meta,
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), primary_key=True, autoincrement=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("sent_at", Stamp(), nullable=False),
    )
    sa.Table(
        "guild_departures", meta,
        sa.Column("guild_id", Text(), primary_key=True),
        sa.Column("left_at", Stamp(), nullable=False),
    )
    sa.Table(
        "server_settings", meta,
        sa.Column("guild_id", Text(), primary_key=True),
        sa.Column("settings", sa.JSON(), nullable=True),
        sa.Column("updated_at", Stamp(), nullable=False),
    )
    sa.Table(
        "server_setting_changes", meta,
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("guild_id", Text(), nullable=False, index=True),
        sa.Column("name", Text(), nullable=False),
        sa.Column("old", Text(), nullable=False),
        sa.Column("new", Text(), nullable=False),
        sa.Column("actor", Text(), nullable=False),
        sa.Column("actor_name", Text(), nullable=False),
        sa.Column("at", Stamp(), nullable=False),
    )
    return meta


def _filler(column: sa.Column[object]) -> sa.TextClause:
    """What a NOT NULL column added to a table that has rows holds in them (the models' own defaults)."""
    kind = column.type
    if isinstance(kind, sa.Boolean):
        return sa.text("false")
    if isinstance(kind, sa.Integer | sa.Float):
        return sa.text("0")
    if isinstance(kind, sa.DateTime):
        return sa.text("CURRENT_TIMESTAMP")
    return sa.text("''")


def _constraint_name(table: str, columns: Sequence[str], suffix: str) -> str:
    return f"{table}_{'_'.join(columns)}_{suffix}"  # Postgres' own names for unnamed constraints


def _repair_table(bind: sa.Connection, table: sa.Table) -> None:
    inspector = sa.inspect(bind)
    have_columns = {c["name"]: c for c in inspector.get_columns(table.name)}
    have_uniques = {tuple(sorted(u["column_names"])) for u in inspector.get_unique_constraints(table.name)}
    have_fks = {(tuple(fk["constrained_columns"]), fk["referred_table"], tuple(fk["referred_columns"]))
                for fk in inspector.get_foreign_keys(table.name)}
    missing = [c for c in table.columns if c.name not in have_columns]
    loose = [c for c in table.columns if c.name in have_columns and not c.primary_key
             and bool(have_columns[c.name]["nullable"]) != bool(c.nullable)]
    uniques = [u for u in table.constraints if isinstance(u, sa.UniqueConstraint)
               and tuple(sorted(u.columns.keys())) not in have_uniques]
    fks = [fk for fk in table.foreign_key_constraints
           if (tuple(fk.column_keys), fk.referred_table.name, tuple(e.column.name for e in fk.elements))
           not in have_fks]
    if not (missing or loose or uniques or fks):
        return
    with op.batch_alter_table(table.name) as batch:
        for column in missing:
            filler = None if column.nullable else _filler(column)
            batch.add_column(sa.Column(column.name, column.type, nullable=column.nullable, server_default=filler))
        for column in loose:
            batch.alter_column(column.name, existing_type=column.type, nullable=column.nullable)
        for unique in uniques:
            names = list(unique.columns.keys())
            batch.create_unique_constraint(_constraint_name(table.name, names, "key"), names)
        for fk in fks:
            local = list(fk.column_keys)
            batch.create_foreign_key(_constraint_name(table.name, local, "fkey"), fk.referred_table.name, local,
                                     [e.column.name for e in fk.elements])
    filled = [c for c in missing if not c.nullable]
    if filled:  # the filler was for the rows already there; a fresh table has no server default
        with op.batch_alter_table(table.name) as batch:
            for column in filled:
                batch.alter_column(column.name, existing_type=column.type, server_default=None)


def upgrade() -> None:
    bind = op.get_bind()
    meta = schema_at_0004()
    tables = set(sa.inspect(bind).get_table_names())
    for table in meta.sorted_tables:  # parents first: a new table's foreign keys find their table
        if table.name not in tables:
            table.create(bind)  # with its indexes
            continue
        _repair_table(bind, table)
        have = {i["name"] for i in sa.inspect(bind).get_indexes(table.name)}
        for index in table.indexes:
            if index.name not in have:
                op.create_index(index.name, table.name, [c.name for c in index.columns], unique=bool(index.unique))


def downgrade() -> None:
    pass
