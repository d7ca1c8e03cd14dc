"""Abuse-proof (issue 16): salted seed commitments, fresh seeds after a reveal, the owner of a game,
pending proposals, the interaction that made each log entry (applied at most once), how the RNG moved,
and an index for the rulings.

Revision ID: 0002_abuse_schema
Revises: 0001
Create Date: 2026-12-01

Each step is skipped when its column or index already exists (a database made by ``create_all`` from
the newest models and stamped with 0001).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0002_abuse_schema"
down_revision: str | Sequence[str] | None = "0002_ops"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

GAME_COLUMNS = (
    ("seed_salt", lambda: sa.Column("seed_salt", sqlmodel.sql.sqltypes.AutoString(), nullable=True)),
    ("reseeds", lambda: sa.Column("reseeds", sa.JSON(), nullable=True)),
    ("owner_id", lambda: sa.Column("owner_id", sqlmodel.sql.sqltypes.AutoString(), nullable=True)),
    ("pending", lambda: sa.Column("pending", sa.JSON(), nullable=True)),
)
LOG_COLUMNS = (
    ("interaction_id", lambda: sa.Column("interaction_id", sqlmodel.sql.sqltypes.AutoString(), nullable=True)),
    ("rng", lambda: sa.Column("rng", sqlmodel.sql.sqltypes.AutoString(), nullable=True)),
)


def _columns(table: str) -> set[str]:
    return {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}


def _indexes(table: str) -> set[str]:
    return {i["name"] for i in sa.inspect(op.get_bind()).get_indexes(table)}


def upgrade() -> None:
    have = _columns("games")
    with op.batch_alter_table("games", schema=None) as batch_op:
        for name, column in GAME_COLUMNS:
            if name not in have:
                batch_op.add_column(column())
    have = _columns("log")
    with op.batch_alter_table("log", schema=None) as batch_op:
        for name, column in LOG_COLUMNS:
            if name not in have:
                batch_op.add_column(column())
    indexes = _indexes("log")
    with op.batch_alter_table("log", schema=None) as batch_op:
        if "ix_log_interaction_id" not in indexes:
            batch_op.create_index("ix_log_interaction_id", ["interaction_id"], unique=True)
        if "ix_log_game_kind_seq" not in indexes:
            batch_op.create_index("ix_log_game_kind_seq", ["game_id", "kind", "seq"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("log", schema=None) as batch_op:
        batch_op.drop_index("ix_log_game_kind_seq")
        batch_op.drop_index("ix_log_interaction_id")
        for name, _ in LOG_COLUMNS:
            batch_op.drop_column(name)
    with op.batch_alter_table("games", schema=None) as batch_op:
        for name, _ in GAME_COLUMNS:
            batch_op.drop_column(name)
