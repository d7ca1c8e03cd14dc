"""Each server its own (issue 18): a server's settings and the log of who changed them.

Revision ID: 0004_server_settings
Revises: 0002_abuse_schema
Create Date: 2026-12-01

Self-contained: two new tables (and an index); the downgrade removes exactly these.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0004_server_settings"
down_revision: str | Sequence[str] | None = "0002_abuse_schema"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "server_settings",
        sa.Column("guild_id", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=True),
        sa.Column("updated_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("guild_id"),
    )
    op.create_table(
        "server_setting_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("old", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("new", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("actor", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("actor_name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("server_setting_changes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_server_setting_changes_guild_id"), ["guild_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("server_setting_changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_server_setting_changes_guild_id"))
    op.drop_table("server_setting_changes")
    op.drop_table("server_settings")
