"""Sessions: BM25's statistics of each session's recall index, kept up to date.

``session_recall_counts`` holds, per session, how many recall groups hold each term, and (term
``""``) the group count and total length, so that a warm ``/context`` reads them with key
lookups instead of counting the session's terms. Filled from the recall tables of 0009.

Revision ID: 0010_recall_counts
Revises: 0009_recall_terms
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_recall_counts"
down_revision = "0009_recall_terms"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_recall_counts",
        sa.Column("tenant_id", sa.String(128), nullable=False),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("term", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(256), nullable=False),
        sa.Column("groups", sa.Integer(), nullable=False),
        sa.Column("length", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", "session_id", "term", name="pk_session_recall_counts"),
    )
    op.create_index(
        "ix_session_recall_counts_tenant_user", "session_recall_counts", ["tenant_id", "user_id"]
    )
    op.execute(
        "INSERT INTO session_recall_counts (tenant_id, session_id, term, user_id, groups, length) "
        "SELECT tenant_id, session_id, term, MIN(user_id), COUNT(*), 0 "
        "FROM session_recall_terms GROUP BY tenant_id, session_id, term"
    )
    op.execute(
        "INSERT INTO session_recall_counts (tenant_id, session_id, term, user_id, groups, length) "
        "SELECT tenant_id, session_id, '', MIN(user_id), COUNT(*), SUM(length) "
        "FROM session_recall_groups GROUP BY tenant_id, session_id"
    )


def downgrade() -> None:
    op.drop_table("session_recall_counts")
