"""Sessions: the recall index of each session, as tables (groups and their terms).

A compaction's evicted groups are stored here (not inside the stored state) so that deleting a
session, erasing a user and the retention purge reach their sanitized text too; ``/context``
narrows a query's candidates by ``session_recall_terms`` and the library scores them.

Revision ID: 0009_recall_terms
Revises: 0007_context_decisions
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_recall_terms"
down_revision = "0007_context_decisions"
branch_labels = None
depends_on = None


def _owner() -> list[sa.Column[str]]:
    return [
        sa.Column("tenant_id", sa.String(128), nullable=False),
        sa.Column("session_id", sa.String(64), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "session_recall_groups",
        *_owner(),
        sa.Column("group_key", sa.String(256), nullable=False),
        sa.Column("user_id", sa.String(256), nullable=False),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("start_position", sa.Integer(), nullable=False),
        sa.Column("end_position", sa.Integer(), nullable=False),
        sa.Column("ids_json", sa.Text(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("terms_json", sa.Text(), nullable=False),
        sa.Column("length", sa.Integer(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("tokens", sa.Integer(), nullable=False),
        sa.Column("at", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint(
            "tenant_id", "session_id", "group_key", name="pk_session_recall_groups"
        ),
        sa.UniqueConstraint(
            "tenant_id",
            "session_id",
            "ordinal",
            name="uq_session_recall_groups_tenant_id_session_id_ordinal",
        ),
    )
    op.create_index(
        "ix_session_recall_groups_length",
        "session_recall_groups",
        ["tenant_id", "session_id", "length"],
    )
    op.create_index(
        "ix_session_recall_groups_tenant_user", "session_recall_groups", ["tenant_id", "user_id"]
    )
    op.create_table(
        "session_recall_terms",
        *_owner(),
        sa.Column("term", sa.String(64), nullable=False),
        sa.Column("group_key", sa.String(256), nullable=False),
        sa.Column("user_id", sa.String(256), nullable=False),
        sa.PrimaryKeyConstraint(
            "tenant_id", "session_id", "term", "group_key", name="pk_session_recall_terms"
        ),
    )
    op.create_index(
        "ix_session_recall_terms_tenant_user", "session_recall_terms", ["tenant_id", "user_id"]
    )


def downgrade() -> None:
    op.drop_table("session_recall_terms")
    op.drop_table("session_recall_groups")
