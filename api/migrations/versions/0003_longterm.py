"""longterm: preferences, history, events (+ full-text), audit log, idempotency, erasure receipts

Revision ID: 0003_longterm
Revises: 0001_core
Create Date: 2026-11-30

Full-text search over event text: an FTS5 table kept in sync by triggers on SQLite, a GIN index
over ``to_tsvector('simple', text)`` on PostgreSQL. The DDL strings are copied here (not imported)
so that this revision stays what it was when later code changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_longterm"
down_revision: str | Sequence[str] | None = "0001_core"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FTS_SQLITE = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS lt_events_fts USING fts5("
    "text, event_id UNINDEXED, tenant_id UNINDEXED, user_id UNINDEXED, "
    "tokenize='unicode61 remove_diacritics 2')",
    "CREATE TRIGGER IF NOT EXISTS lt_events_fts_ai AFTER INSERT ON lt_events BEGIN "
    "INSERT INTO lt_events_fts(rowid, text, event_id, tenant_id, user_id) "
    "VALUES (new.rowid, new.text, new.id, new.tenant_id, new.user_id); END",
    "CREATE TRIGGER IF NOT EXISTS lt_events_fts_ad AFTER DELETE ON lt_events BEGIN "
    "DELETE FROM lt_events_fts WHERE rowid = old.rowid; END",
    "CREATE TRIGGER IF NOT EXISTS lt_events_fts_au AFTER UPDATE OF text ON lt_events BEGIN "
    "UPDATE lt_events_fts SET text = new.text WHERE rowid = old.rowid; END",
)
FTS_POSTGRES = (
    "CREATE INDEX IF NOT EXISTS ix_lt_events_text_tsv ON lt_events "
    "USING gin (to_tsvector('simple', text))"
)


def upgrade() -> None:
    op.create_table(
        "lt_audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.String(length=128), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_key_id", sa.String(length=64), nullable=True),
        sa.Column("actor_role", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.String(length=256), nullable=True),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("object_type", sa.String(length=32), nullable=False),
        sa.Column("object_id", sa.String(length=256), nullable=True),
        sa.Column("outcome", sa.String(length=32), nullable=False),
        sa.Column("policy_version", sa.String(length=64), nullable=True),
        sa.Column("rule", sa.String(length=256), nullable=True),
        sa.Column("detail_json", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_lt_audit_log")),
    )
    op.create_index(
        "ix_lt_audit_log_tenant_id_id", "lt_audit_log", ["tenant_id", "id"], unique=False
    )
    op.create_index(
        "ix_lt_audit_log_tenant_user", "lt_audit_log", ["tenant_id", "user_id", "id"], unique=False
    )
    op.create_table(
        "lt_erasure_receipts",
        sa.Column("tenant_id", sa.String(length=128), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=256), nullable=False),
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("counts_json", sa.Text(), nullable=False),
        sa.Column("erased_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_key_id", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("tenant_id", "id", name=op.f("pk_lt_erasure_receipts")),
    )
    op.create_index(
        "ix_lt_erasure_receipts_tenant_user",
        "lt_erasure_receipts",
        ["tenant_id", "user_id"],
        unique=False,
    )
    op.create_table(
        "lt_events",
        sa.Column("tenant_id", sa.String(length=128), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=256), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("category", sa.String(length=64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("occurred_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attributes_json", sa.Text(), nullable=False),
        sa.Column("source", sa.String(length=32), nullable=False),
        sa.Column("source_ids_json", sa.Text(), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", "id", name=op.f("pk_lt_events")),
    )
    op.create_index(
        "ix_lt_events_tenant_expires", "lt_events", ["tenant_id", "expires_at"], unique=False
    )
    op.create_index(
        "ix_lt_events_tenant_user_occurred",
        "lt_events",
        ["tenant_id", "user_id", "occurred_at"],
        unique=False,
    )
    op.create_table(
        "lt_idempotency_keys",
        sa.Column("tenant_id", sa.String(length=128), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=False),
        sa.Column("idem_key", sa.String(length=256), nullable=False),
        sa.Column("user_id", sa.String(length=256), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("status_code", sa.Integer(), nullable=False),
        sa.Column("response_json", sa.Text(), nullable=False),
        sa.Column("headers_json", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint(
            "tenant_id", "owner", "idem_key", name=op.f("pk_lt_idempotency_keys")
        ),
    )
    op.create_index(
        "ix_lt_idempotency_keys_tenant_expires",
        "lt_idempotency_keys",
        ["tenant_id", "expires_at"],
        unique=False,
    )
    op.create_index(
        "ix_lt_idempotency_keys_tenant_user",
        "lt_idempotency_keys",
        ["tenant_id", "user_id"],
        unique=False,
    )
    op.create_table(
        "lt_preference_history",
        sa.Column("tenant_id", sa.String(length=128), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=256), nullable=False),
        sa.Column("key", sa.String(length=256), nullable=False),
        sa.Column("outcome", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=True),
        sa.Column("value_json", sa.Text(), nullable=True),
        sa.Column("source", sa.String(length=32), nullable=False),
        sa.Column("source_ids_json", sa.Text(), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=True),
        sa.Column("consent_json", sa.Text(), nullable=True),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("actor_key_id", sa.String(length=64), nullable=True),
        sa.Column("actor_role", sa.String(length=32), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", "id", name=op.f("pk_lt_preference_history")),
    )
    op.create_index(
        "ix_lt_preference_history_tenant_expires",
        "lt_preference_history",
        ["tenant_id", "expires_at"],
        unique=False,
    )
    op.create_index(
        "ix_lt_preference_history_tenant_user_key",
        "lt_preference_history",
        ["tenant_id", "user_id", "key", "at"],
        unique=False,
    )
    op.create_table(
        "lt_preferences",
        sa.Column("tenant_id", sa.String(length=128), nullable=False),
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.String(length=256), nullable=False),
        sa.Column("key", sa.String(length=256), nullable=False),
        sa.Column("value_json", sa.Text(), nullable=False),
        sa.Column("category", sa.String(length=64), nullable=False),
        sa.Column("scope", sa.String(length=16), nullable=False),
        sa.Column("sensitive", sa.Boolean(), nullable=False),
        sa.Column("source", sa.String(length=32), nullable=False),
        sa.Column("source_ids_json", sa.Text(), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("consent_json", sa.Text(), nullable=True),
        sa.Column("valid_from", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", "id", name=op.f("pk_lt_preferences")),
        sa.UniqueConstraint(
            "tenant_id", "user_id", "key", name=op.f("uq_lt_preferences_tenant_id_user_id_key")
        ),
    )
    op.create_index(
        "ix_lt_preferences_tenant_expires",
        "lt_preferences",
        ["tenant_id", "expires_at"],
        unique=False,
    )
    op.create_index(
        "ix_lt_preferences_tenant_user_category",
        "lt_preferences",
        ["tenant_id", "user_id", "category"],
        unique=False,
    )

    if op.get_bind().dialect.name == "sqlite":
        for statement in FTS_SQLITE:
            op.execute(statement)
    else:
        op.execute(FTS_POSTGRES)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for name in ("lt_events_fts_ai", "lt_events_fts_ad", "lt_events_fts_au"):
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
        op.execute("DROP TABLE IF EXISTS lt_events_fts")
    else:
        op.execute("DROP INDEX IF EXISTS ix_lt_events_text_tsv")
    op.drop_index("ix_lt_preferences_tenant_user_category", table_name="lt_preferences")
    op.drop_index("ix_lt_preferences_tenant_expires", table_name="lt_preferences")
    op.drop_table("lt_preferences")
    op.drop_index("ix_lt_preference_history_tenant_user_key", table_name="lt_preference_history")
    op.drop_index("ix_lt_preference_history_tenant_expires", table_name="lt_preference_history")
    op.drop_table("lt_preference_history")
    op.drop_index("ix_lt_idempotency_keys_tenant_user", table_name="lt_idempotency_keys")
    op.drop_index("ix_lt_idempotency_keys_tenant_expires", table_name="lt_idempotency_keys")
    op.drop_table("lt_idempotency_keys")
    op.drop_index("ix_lt_events_tenant_user_occurred", table_name="lt_events")
    op.drop_index("ix_lt_events_tenant_expires", table_name="lt_events")
    op.drop_table("lt_events")
    op.drop_index("ix_lt_erasure_receipts_tenant_user", table_name="lt_erasure_receipts")
    op.drop_table("lt_erasure_receipts")
    op.drop_index("ix_lt_audit_log_tenant_user", table_name="lt_audit_log")
    op.drop_index("ix_lt_audit_log_tenant_id_id", table_name="lt_audit_log")
    op.drop_table("lt_audit_log")
