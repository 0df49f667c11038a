"""Request and response bodies of the users (long-term memory) and audit routes.

Bodies map explicitly to and from ``longterm.models``; no ORM row ever reaches a response.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field

from longterm.models import (
    AuditRecord,
    ErasureReceipt,
    Event,
    Preference,
    PreferenceChange,
    PreferenceConsent,
)
from longterm.vocabulary import Source

__all__ = [
    "AuditList",
    "AuditPublic",
    "ChangeList",
    "ChangePublic",
    "ConsentBody",
    "ErasureReceiptPublic",
    "EventIn",
    "EventList",
    "EventPublic",
    "ExportOut",
    "PreferenceIn",
    "PreferenceList",
    "PreferencePublic",
    "ProfileOut",
]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ConsentBody(BaseModel):
    """Who consented (``user`` or an operator id), when, and to what."""

    model_config = ConfigDict(extra="forbid")

    given_by: str = Field(default="user", min_length=1, max_length=128)
    given_at: AwareDatetime | None = None
    purpose: str = Field(min_length=1, max_length=500)

    @classmethod
    def of(cls, consent: PreferenceConsent | None) -> ConsentBody | None:
        if consent is None:
            return None
        return cls(given_by=consent.given_by, given_at=consent.given_at, purpose=consent.purpose)


class PreferenceIn(_In):
    """PUT body: the value (checked against the key's registered type) and its provenance."""

    value: Any
    source: Source
    source_ids: list[str] = Field(default_factory=list, max_length=100)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    consent: ConsentBody | None = None
    expires_at: AwareDatetime | None = None
    ttl_seconds: int | None = Field(default=None, ge=1)
    supersede: bool = False


class PreferencePublic(BaseModel):
    """One current preference; ``etag`` is what ``If-Match`` takes."""

    key: str
    value: Any
    category: str
    scope: str
    sensitive: bool
    source: str
    source_ids: list[str]
    confidence: float
    consent: ConsentBody | None
    valid_from: datetime
    expires_at: datetime | None
    version: int
    etag: str
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, pref: Preference) -> PreferencePublic:
        return cls(
            key=pref.key,
            value=pref.value,
            category=pref.category,
            scope=pref.scope,
            sensitive=pref.sensitive,
            source=pref.source,
            source_ids=list(pref.source_ids),
            confidence=pref.confidence,
            consent=ConsentBody.of(pref.consent),
            valid_from=pref.valid_from,
            expires_at=pref.expires_at,
            version=pref.version,
            etag=pref.etag,
            created_at=pref.created_at,
            updated_at=pref.updated_at,
        )


class PreferenceList(BaseModel):
    items: list[PreferencePublic]
    next_cursor: str | None


class ChangePublic(BaseModel):
    """One history entry; ``value`` is null for denied and deleted entries."""

    outcome: str
    version: int | None
    value: Any
    source: str
    source_ids: list[str]
    confidence: float | None
    expires_at: datetime | None
    actor_key_id: str | None
    actor_role: str
    reason: str
    at: datetime

    @classmethod
    def of(cls, change: PreferenceChange) -> ChangePublic:
        return cls(
            outcome=change.outcome,
            version=change.version,
            value=change.value,
            source=change.source,
            source_ids=list(change.source_ids),
            confidence=change.confidence,
            expires_at=change.expires_at,
            actor_key_id=change.actor_key_id,
            actor_role=change.actor_role,
            reason=change.reason,
            at=change.at,
        )


class ChangeList(BaseModel):
    key: str
    items: list[ChangePublic]
    next_cursor: str | None


class EventIn(_In):
    """POST body of one timeline entry."""

    kind: str = Field(min_length=1, max_length=160)
    text: str = Field(min_length=1, max_length=4000)
    occurred_at: AwareDatetime
    attributes: dict[str, Any] = Field(default_factory=dict)
    source: Source
    source_ids: list[str] = Field(default_factory=list, max_length=100)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    expires_at: AwareDatetime | None = None
    ttl_seconds: int | None = Field(default=None, ge=1)
    category: str | None = Field(default=None, max_length=64)


class EventPublic(BaseModel):
    id: str
    kind: str
    category: str
    text: str
    occurred_at: datetime
    attributes: dict[str, Any]
    source: str
    source_ids: list[str]
    confidence: float
    expires_at: datetime | None
    created_at: datetime

    @classmethod
    def of(cls, event: Event) -> EventPublic:
        return cls(
            id=event.id,
            kind=event.kind,
            category=event.category,
            text=event.text,
            occurred_at=event.occurred_at,
            attributes=event.attributes,
            source=event.source,
            source_ids=list(event.source_ids),
            confidence=event.confidence,
            expires_at=event.expires_at,
            created_at=event.created_at,
        )


class EventList(BaseModel):
    items: list[EventPublic]
    next_cursor: str | None


class ProfileOut(BaseModel):
    """The profile block to inject (as a user-role message) and what it holds."""

    user_id: str
    text: str
    tokens: int
    max_tokens: int
    guard_text: str
    preference_keys: list[str]
    event_ids: list[str]
    omitted_preferences: int
    omitted_events: int
    query: str | None


class ErasureReceiptPublic(BaseModel):
    receipt_id: str
    user_id: str
    scope: Literal["all", "longterm"]
    counts: dict[str, int]
    erased_at: datetime

    @classmethod
    def of(cls, receipt: ErasureReceipt) -> ErasureReceiptPublic:
        return cls(
            receipt_id=receipt.id,
            user_id=receipt.user_id,
            scope=receipt.scope,
            counts=receipt.counts,
            erased_at=receipt.erased_at,
        )


class AuditPublic(BaseModel):
    id: int
    at: datetime
    actor_key_id: str | None
    actor_role: str
    user_id: str | None
    action: str
    object_type: str
    object_id: str | None
    outcome: str
    policy_version: str | None
    rule: str | None
    detail: dict[str, Any]

    @classmethod
    def of(cls, record: AuditRecord) -> AuditPublic:
        return cls(
            id=record.id,
            at=record.at,
            actor_key_id=record.actor_key_id,
            actor_role=record.actor_role,
            user_id=record.user_id,
            action=record.action,
            object_type=record.object_type,
            object_id=record.object_id,
            outcome=record.outcome,
            policy_version=record.policy_version,
            rule=record.rule,
            detail=record.detail,
        )


class AuditList(BaseModel):
    items: list[AuditPublic]
    next_cursor: str | None


class ExportOut(BaseModel):
    """Everything tiermem's long-term tier holds about one user (right of access)."""

    schema_version: Literal["user_export.v1"] = "user_export.v1"
    tenant_id: str
    user_id: str
    exported_at: datetime
    preferences: list[PreferencePublic]
    history: dict[str, list[ChangePublic]]
    events: list[EventPublic]
    audit: list[AuditPublic]
    erasure_receipts: list[ErasureReceiptPublic]
    consents: list[dict[str, Any]]
    sessions: list[dict[str, Any]]
