"""Sessions: agent sessions, messages, pins, compaction state, summaries, snapshots, usage.

Revision ID: 0002_sessions
Revises: 0001_core
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from alembic import op

revision = "0002_sessions"
down_revision = "0001_core"
branch_labels = ("sessions",)
depends_on = None


def _tenant_user() -> list[sa.Column[str]]:
    return [
        sa.Column("tenant_id", sa.String(128), nullable=False),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(256), nullable=False),
    ]


def _created() -> sa.Column[datetime]:
    return sa.Column("created_at", sa.DateTime(timezone=True), nullable=False)


def upgrade() -> None:
    op.create_table(
        "agent_sessions",
        sa.Column("tenant_id", sa.String(128), nullable=False),
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("user_id", sa.String(256), nullable=False),
        sa.Column("format", sa.String(32), nullable=True),
        sa.Column("budget_json", sa.Text(), nullable=False),
        sa.Column("system_json", sa.Text(), nullable=True),
        sa.Column("tools_json", sa.Text(), nullable=True),
        sa.Column("metadata_json", sa.Text(), nullable=False),
        sa.Column("message_count", sa.Integer(), nullable=False),
        sa.Column("calibration_factor", sa.Float(), nullable=False),
        sa.Column("calibration_samples", sa.Integer(), nullable=False),
        sa.Column("last_context_tokens", sa.Integer(), nullable=True),
        _created(),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", "id", name="pk_agent_sessions"),
    )
    op.create_index(
        "ix_agent_sessions_tenant_user", "agent_sessions", ["tenant_id", "user_id", "created_at"]
    )
    op.create_index(
        "ix_agent_sessions_tenant_updated", "agent_sessions", ["tenant_id", "updated_at"]
    )

    op.create_table(
        "session_messages",
        *_tenant_user(),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.String(256), nullable=False),
        sa.Column("own_id", sa.Boolean(), nullable=False),
        sa.Column("role", sa.String(32), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("raw_json", sa.Text(), nullable=False),
        _created(),
        sa.PrimaryKeyConstraint("tenant_id", "session_id", "position", name="pk_session_messages"),
        sa.UniqueConstraint(
            "tenant_id",
            "session_id",
            "message_id",
            name="uq_session_messages_tenant_id_session_id_message_id",
        ),
    )
    op.create_index("ix_session_messages_tenant_user", "session_messages", ["tenant_id", "user_id"])

    op.create_table(
        "session_pins",
        *_tenant_user(),
        sa.Column("message_id", sa.String(256), nullable=False),
        _created(),
        sa.PrimaryKeyConstraint("tenant_id", "session_id", "message_id", name="pk_session_pins"),
    )

    op.create_table(
        "session_states",
        *_tenant_user(),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("summary_version", sa.Integer(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", "session_id", name="pk_session_states"),
    )

    op.create_table(
        "session_summaries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        *_tenant_user(),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("previous_version", sa.Integer(), nullable=True),
        sa.Column("restored_from", sa.Integer(), nullable=True),
        sa.Column("summarizer", sa.String(64), nullable=True),
        sa.Column("model", sa.String(128), nullable=True),
        sa.Column("summary_json", sa.Text(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=True),
        _created(),
        sa.PrimaryKeyConstraint("id", name="pk_session_summaries"),
        sa.UniqueConstraint(
            "tenant_id",
            "session_id",
            "version",
            name="uq_session_summaries_tenant_id_session_id_version",
        ),
    )
    op.create_index(
        "ix_session_summaries_tenant_user", "session_summaries", ["tenant_id", "user_id"]
    )

    op.create_table(
        "session_snapshots",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        *_tenant_user(),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("record_json", sa.Text(), nullable=False),
        _created(),
        sa.PrimaryKeyConstraint("id", name="pk_session_snapshots"),
        sa.UniqueConstraint(
            "tenant_id",
            "session_id",
            "version",
            name="uq_session_snapshots_tenant_id_session_id_version",
        ),
    )
    op.create_index(
        "ix_session_snapshots_tenant_user", "session_snapshots", ["tenant_id", "user_id"]
    )

    op.create_table(
        "session_usage",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        *_tenant_user(),
        sa.Column("input_tokens", sa.Integer(), nullable=False),
        sa.Column("cached_input_tokens", sa.Integer(), nullable=False),
        sa.Column("output_tokens", sa.Integer(), nullable=False),
        sa.Column("request_bytes", sa.Integer(), nullable=True),
        sa.Column("ttft_ms", sa.Float(), nullable=True),
        sa.Column("queue_ms", sa.Float(), nullable=True),
        sa.Column("latency_ms", sa.Float(), nullable=True),
        sa.Column("own_tokens", sa.Integer(), nullable=True),
        sa.Column("factor", sa.Float(), nullable=False),
        _created(),
        sa.PrimaryKeyConstraint("id", name="pk_session_usage"),
    )
    op.create_index("ix_session_usage_session", "session_usage", ["tenant_id", "session_id"])
    op.create_index("ix_session_usage_tenant_user", "session_usage", ["tenant_id", "user_id"])


def downgrade() -> None:
    for index, table in (
        ("ix_session_usage_tenant_user", "session_usage"),
        ("ix_session_usage_session", "session_usage"),
        ("ix_session_snapshots_tenant_user", "session_snapshots"),
        ("ix_session_summaries_tenant_user", "session_summaries"),
        ("ix_session_messages_tenant_user", "session_messages"),
        ("ix_agent_sessions_tenant_updated", "agent_sessions"),
        ("ix_agent_sessions_tenant_user", "agent_sessions"),
    ):
        op.drop_index(index, table_name=table)
    for table in (
        "session_usage",
        "session_snapshots",
        "session_summaries",
        "session_states",
        "session_pins",
        "session_messages",
        "agent_sessions",
    ):
        op.drop_table(table)
