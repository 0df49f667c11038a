"""Sessions: a per-tenant retention of raw messages, and the purge mark on messages.

Revision ID: 0005_session_retention
Revises: 0002_sessions
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_session_retention"
down_revision = "0002_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_retention",
        sa.Column("tenant_id", sa.String(128), nullable=False),
        sa.Column("raw_message_days", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", name="pk_session_retention"),
    )
    with op.batch_alter_table("session_messages") as batch:
        batch.add_column(sa.Column("purged_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("session_messages") as batch:
        batch.drop_column("purged_at")
    op.drop_table("session_retention")
