"""Policy gate: per-tenant rules and versions, consents, consolidation marks and leases, ended
sessions.

Revision ID: 0004_policy
Revises: 0001_core
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision = "0004_policy"
down_revision = "0001_core"
branch_labels = ("policy",)
depends_on = None


def _when(name: str, *, nullable: bool = False) -> sa.Column[datetime]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _tenant() -> sa.Column[str]:
    return sa.Column("tenant_id", sa.String(128), nullable=False)


def upgrade() -> None:
    op.create_table(
        "policy_rules",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        _tenant(),
        sa.Column("ptype", sa.String(8), nullable=False),
        *[sa.Column(f"v{i}", sa.String(255), nullable=True) for i in range(10)],
        sa.PrimaryKeyConstraint("id", name="pk_policy_rules"),
    )
    op.create_index("ix_policy_rules_tenant", "policy_rules", ["tenant_id", "id"])

    op.create_table(
        "policy_versions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        _tenant(),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("rules_json", sa.Text(), nullable=False),
        sa.Column("rules_sha256", sa.String(64), nullable=False),
        sa.Column("actor_key_id", sa.String(64), nullable=True),
        _when("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_policy_versions"),
        sa.UniqueConstraint("tenant_id", "version", name="uq_policy_versions_tenant_id_version"),
    )

    op.create_table(
        "policy_consents",
        _tenant(),
        sa.Column("user_id", sa.String(256), nullable=False),
        sa.Column("category", sa.String(64), nullable=False),
        sa.Column("granted", sa.Boolean(), nullable=False),
        sa.Column("granted_by", sa.String(64), nullable=True),
        _when("granted_at"),
        sa.Column("withdrawn_by", sa.String(64), nullable=True),
        _when("withdrawn_at", nullable=True),
        sa.PrimaryKeyConstraint("tenant_id", "user_id", "category", name="pk_policy_consents"),
    )

    op.create_table(
        "consolidation_marks",
        _tenant(),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(256), nullable=False),
        sa.Column("summary_version", sa.Integer(), nullable=False),
        sa.Column("written", sa.Integer(), nullable=False),
        sa.Column("merged", sa.Integer(), nullable=False),
        sa.Column("denied", sa.Integer(), nullable=False),
        sa.Column("skipped", sa.Integer(), nullable=False),
        _when("consolidated_at"),
        sa.PrimaryKeyConstraint("tenant_id", "session_id", name="pk_consolidation_marks"),
    )
    op.create_index(
        "ix_consolidation_marks_tenant_user", "consolidation_marks", ["tenant_id", "user_id"]
    )

    op.create_table(
        "job_leases",
        _tenant(),
        sa.Column("name", sa.String(400), nullable=False),
        sa.Column("holder", sa.String(64), nullable=False),
        _when("expires_at"),
        sa.PrimaryKeyConstraint("tenant_id", "name", name="pk_job_leases"),
    )

    op.create_table(
        "session_ends",
        _tenant(),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(256), nullable=False),
        sa.Column("ended_by", sa.String(64), nullable=True),
        sa.Column("request_sha256", sa.String(64), nullable=False),
        sa.Column("response_json", sa.Text(), nullable=False),
        _when("ended_at"),
        sa.PrimaryKeyConstraint("tenant_id", "session_id", name="pk_session_ends"),
    )


def downgrade() -> None:
    op.drop_index("ix_consolidation_marks_tenant_user", table_name="consolidation_marks")
    op.drop_index("ix_policy_rules_tenant", table_name="policy_rules")
    for table in (
        "session_ends",
        "job_leases",
        "consolidation_marks",
        "policy_consents",
        "policy_versions",
        "policy_rules",
    ):
        op.drop_table(table)
