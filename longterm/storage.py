"""SQL tables of the long-term tier and the explicit mapping to and from domain types.

Every table carries ``tenant_id`` (first column of its primary key or indexes). Values and other
JSON are stored as text. Full-text search over event text uses, on SQLite, an FTS5 table
``lt_events_fts`` kept in sync by triggers (its own copy of the text, so the erase path runs the
FTS ``optimize`` command to drop deleted terms from the index segments too) and, on PostgreSQL,
a GIN index over ``to_tsvector('simple', text)``. Both are created by the migration
``0003_longterm`` and, for ``metadata.create_all`` in tests, by DDL hooks on the events table.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, TypeVar, get_args

from sqlalchemy import DDL, Column, Index, Integer, Text, UniqueConstraint, event
from sqlmodel import Field, SQLModel

from longterm.models import (
    AuditRecord,
    ErasureReceipt,
    Event,
    HistoryOutcome,
    Preference,
    PreferenceChange,
    PreferenceConsent,
)
from longterm.vocabulary import ROLES, SCOPES, SOURCES
from storage.metadata import metadata
from storage.types import UtcDateTime, as_utc

__all__ = [
    "FTS_POSTGRES_DDL",
    "FTS_SQLITE_DDL",
    "AuditRow",
    "ErasureReceiptRow",
    "EventRow",
    "IdempotencyRow",
    "PreferenceHistoryRow",
    "PreferenceRow",
    "as_utc",
    "audit_from_row",
    "change_from_row",
    "consent_from_json",
    "consent_to_json",
    "dumps",
    "event_from_row",
    "preference_from_row",
    "receipt_from_row",
]

assert SQLModel.metadata is metadata  # the naming convention must apply to these tables


W = TypeVar("W", bound=str)


def _word(value: str, words: tuple[W, ...]) -> W:
    """A stored value as one of the vocabulary's words (the columns hold nothing else)."""
    for word in words:
        if word == value:
            return word
    raise ValueError(f"stored value {value!r} is not one of {', '.join(words)}")


def _when(nullable: bool = False) -> Any:
    return Column(UtcDateTime(), nullable=nullable)


def _text(nullable: bool = False) -> Any:
    return Column(Text, nullable=nullable)


def dumps(value: Any) -> str:
    """Deterministic compact JSON, non-ASCII kept."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


class PreferenceRow(SQLModel, table=True):
    """The one current value per (tenant, user, key)."""

    __tablename__ = "lt_preferences"
    __table_args__ = (
        UniqueConstraint("tenant_id", "user_id", "key"),
        Index("ix_lt_preferences_tenant_user_category", "tenant_id", "user_id", "category"),
        Index("ix_lt_preferences_tenant_expires", "tenant_id", "expires_at"),
    )

    tenant_id: str = Field(primary_key=True, max_length=128)
    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=256)
    key: str = Field(max_length=256)
    value_json: str = Field(sa_column=_text())
    category: str = Field(max_length=64)
    scope: str = Field(max_length=16)
    sensitive: bool = False
    source: str = Field(max_length=32)
    source_ids_json: str = Field(default="[]", sa_column=_text())
    confidence: float = 1.0
    consent_json: str | None = Field(default=None, sa_column=_text(nullable=True))
    valid_from: datetime = Field(sa_column=_when())
    expires_at: datetime | None = Field(default=None, sa_column=_when(nullable=True))
    version: int = 1
    created_at: datetime = Field(sa_column=_when())
    updated_at: datetime = Field(sa_column=_when())


class PreferenceHistoryRow(SQLModel, table=True):
    """Every applied, refused, denied or deleted change of a preference."""

    __tablename__ = "lt_preference_history"
    __table_args__ = (
        Index("ix_lt_preference_history_tenant_user_key", "tenant_id", "user_id", "key", "at"),
        Index("ix_lt_preference_history_tenant_expires", "tenant_id", "expires_at"),
    )

    tenant_id: str = Field(primary_key=True, max_length=128)
    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=256)
    key: str = Field(max_length=256)
    outcome: str = Field(max_length=16)
    version: int | None = None
    value_json: str | None = Field(default=None, sa_column=_text(nullable=True))
    source: str = Field(max_length=32)
    source_ids_json: str = Field(default="[]", sa_column=_text())
    confidence: float | None = None
    consent_json: str | None = Field(default=None, sa_column=_text(nullable=True))
    expires_at: datetime | None = Field(default=None, sa_column=_when(nullable=True))
    actor_key_id: str | None = Field(default=None, max_length=64)
    actor_role: str = Field(max_length=32)
    reason: str = Field(default="", sa_column=_text())
    at: datetime = Field(sa_column=_when())


class EventRow(SQLModel, table=True):
    """One timeline entry."""

    __tablename__ = "lt_events"
    __table_args__ = (
        Index("ix_lt_events_tenant_user_occurred", "tenant_id", "user_id", "occurred_at"),
        Index("ix_lt_events_tenant_expires", "tenant_id", "expires_at"),
    )

    tenant_id: str = Field(primary_key=True, max_length=128)
    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=256)
    kind: str = Field(max_length=64)
    category: str = Field(default="other", max_length=64)
    text: str = Field(sa_column=_text())
    occurred_at: datetime = Field(sa_column=_when())
    attributes_json: str = Field(default="{}", sa_column=_text())
    source: str = Field(max_length=32)
    source_ids_json: str = Field(default="[]", sa_column=_text())
    confidence: float = 1.0
    expires_at: datetime | None = Field(default=None, sa_column=_when(nullable=True))
    created_at: datetime = Field(sa_column=_when())


class AuditRow(SQLModel, table=True):
    """One audit entry: who did what to which object, with what outcome. Never content."""

    __tablename__ = "lt_audit_log"
    __table_args__ = (
        Index("ix_lt_audit_log_tenant_id_id", "tenant_id", "id"),
        Index("ix_lt_audit_log_tenant_user", "tenant_id", "user_id", "id"),
    )

    id: int | None = Field(default=None, sa_column=Column(Integer, primary_key=True))
    tenant_id: str = Field(max_length=128)
    at: datetime = Field(sa_column=_when())
    actor_key_id: str | None = Field(default=None, max_length=64)
    actor_role: str = Field(max_length=32)
    user_id: str | None = Field(default=None, max_length=256)
    action: str = Field(max_length=64)
    object_type: str = Field(max_length=32)
    object_id: str | None = Field(default=None, max_length=256)
    outcome: str = Field(max_length=32)
    policy_version: str | None = Field(default=None, max_length=64)
    rule: str | None = Field(default=None, max_length=256)
    detail_json: str = Field(default="{}", sa_column=_text())


class IdempotencyRow(SQLModel, table=True):
    """A stored response for an ``Idempotency-Key``, per tenant and API key."""

    __tablename__ = "lt_idempotency_keys"
    __table_args__ = (
        Index("ix_lt_idempotency_keys_tenant_user", "tenant_id", "user_id"),
        Index("ix_lt_idempotency_keys_tenant_expires", "tenant_id", "expires_at"),
    )

    tenant_id: str = Field(primary_key=True, max_length=128)
    owner: str = Field(primary_key=True, max_length=64)
    idem_key: str = Field(primary_key=True, max_length=256)
    user_id: str = Field(max_length=256)
    request_hash: str = Field(max_length=64)
    status_code: int
    response_json: str = Field(sa_column=_text())
    headers_json: str = Field(default="{}", sa_column=_text())
    created_at: datetime = Field(sa_column=_when())
    expires_at: datetime = Field(sa_column=_when())


class ErasureReceiptRow(SQLModel, table=True):
    """What an erasure removed; re-applied after a restore from an older backup."""

    __tablename__ = "lt_erasure_receipts"
    __table_args__ = (Index("ix_lt_erasure_receipts_tenant_user", "tenant_id", "user_id"),)

    tenant_id: str = Field(primary_key=True, max_length=128)
    id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=256)
    scope: str = Field(max_length=16)
    counts_json: str = Field(sa_column=_text())
    erased_at: datetime = Field(sa_column=_when())
    actor_key_id: str | None = Field(default=None, max_length=64)


FTS_SQLITE_DDL: tuple[str, ...] = (
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
"""SQLite full-text index over event text, shared by the migration and ``create_all``."""

FTS_POSTGRES_DDL = (
    "CREATE INDEX IF NOT EXISTS ix_lt_events_text_tsv ON lt_events "
    "USING gin (to_tsvector('simple', text))"
)
"""PostgreSQL full-text index; queries use the same expression so the planner can use it."""

for _statement in FTS_SQLITE_DDL:
    event.listen(
        EventRow.__table__,  # type: ignore[attr-defined]
        "after_create",
        DDL(_statement).execute_if(dialect="sqlite"),  # type: ignore[no-untyped-call]
    )
event.listen(
    EventRow.__table__,  # type: ignore[attr-defined]
    "after_create",
    DDL(FTS_POSTGRES_DDL).execute_if(dialect="postgresql"),  # type: ignore[no-untyped-call]
)
event.listen(
    EventRow.__table__,  # type: ignore[attr-defined]
    "before_drop",
    DDL("DROP TABLE IF EXISTS lt_events_fts").execute_if(dialect="sqlite"),  # type: ignore[no-untyped-call]
)


def consent_to_json(consent: PreferenceConsent | None) -> str | None:
    """Serialize a consent record (None stays None)."""
    if consent is None:
        return None
    return dumps(
        {
            "given_by": consent.given_by,
            "given_at": consent.given_at.isoformat(),
            "purpose": consent.purpose,
        }
    )


def consent_from_json(text: str | None) -> PreferenceConsent | None:
    """Inverse of ``consent_to_json``."""
    if text is None:
        return None
    data = json.loads(text)
    return PreferenceConsent(
        data["given_by"], as_utc(datetime.fromisoformat(data["given_at"])), data["purpose"]
    )


def preference_from_row(row: PreferenceRow) -> Preference:
    """Map a stored row to the domain type."""
    return Preference(
        id=row.id,
        tenant_id=row.tenant_id,
        user_id=row.user_id,
        key=row.key,
        value=json.loads(row.value_json),
        category=row.category,
        scope=_word(row.scope, SCOPES),
        sensitive=row.sensitive,
        source=_word(row.source, SOURCES),
        source_ids=tuple(json.loads(row.source_ids_json)),
        confidence=row.confidence,
        consent=consent_from_json(row.consent_json),
        valid_from=row.valid_from,
        expires_at=row.expires_at,
        version=row.version,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def change_from_row(row: PreferenceHistoryRow) -> PreferenceChange:
    """Map a stored history row to the domain type."""
    return PreferenceChange(
        id=row.id,
        tenant_id=row.tenant_id,
        user_id=row.user_id,
        key=row.key,
        outcome=_word(row.outcome, get_args(HistoryOutcome)),
        version=row.version,
        value=None if row.value_json is None else json.loads(row.value_json),
        source=_word(row.source, SOURCES),
        source_ids=tuple(json.loads(row.source_ids_json)),
        confidence=row.confidence,
        consent=consent_from_json(row.consent_json),
        expires_at=row.expires_at,
        actor_key_id=row.actor_key_id,
        actor_role=_word(row.actor_role, ROLES),
        reason=row.reason,
        at=row.at,
    )


def event_from_row(row: EventRow) -> Event:
    """Map a stored event row to the domain type."""
    return Event(
        id=row.id,
        tenant_id=row.tenant_id,
        user_id=row.user_id,
        kind=row.kind,
        category=row.category,
        text=row.text,
        occurred_at=row.occurred_at,
        attributes=json.loads(row.attributes_json),
        source=_word(row.source, SOURCES),
        source_ids=tuple(json.loads(row.source_ids_json)),
        confidence=row.confidence,
        expires_at=row.expires_at,
        created_at=row.created_at,
    )


def audit_from_row(row: AuditRow) -> AuditRecord:
    """Map a stored audit row to the domain type."""
    return AuditRecord(
        id=row.id or 0,
        at=row.at,
        tenant_id=row.tenant_id,
        actor_key_id=row.actor_key_id,
        actor_role=_word(row.actor_role, ROLES),
        user_id=row.user_id,
        action=row.action,
        object_type=row.object_type,
        object_id=row.object_id,
        outcome=row.outcome,
        policy_version=row.policy_version,
        rule=row.rule,
        detail=json.loads(row.detail_json),
    )


def receipt_from_row(row: ErasureReceiptRow) -> ErasureReceipt:
    """Map a stored erasure receipt to the domain type."""
    return ErasureReceipt(
        id=row.id,
        tenant_id=row.tenant_id,
        user_id=row.user_id,
        scope="longterm" if row.scope == "longterm" else "all",
        counts=json.loads(row.counts_json),
        erased_at=row.erased_at,
        actor_key_id=row.actor_key_id,
    )
