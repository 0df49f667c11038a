"""Request and response bodies of the users (long-term memory) and audit routes.

Bodies map explicitly to and from ``longterm.models``; no ORM row ever reaches a response.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from api.pagination import Page
from api.params import TTL_MAX_SECONDS, WHOLE_FLOAT_AS_INT, Instant
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


_Ttl = Annotated[StrictInt, Field(ge=1, le=TTL_MAX_SECONDS), WHOLE_FLOAT_AS_INT]
"""Seconds of a time to live (``60.0`` is ``60``; never a bool or a string)."""


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ConsentBody(BaseModel):
    """Who consented (``user`` or an operator id), when, and to what."""

    model_config = ConfigDict(extra="forbid")

    given_by: str = Field(
        description="Who consented: user (the default) or an operator id.",
        default="user",
        min_length=1,
        max_length=128,
    )
    given_at: Instant | None = Field(
        default=None, description="When consent was given (null: now)."
    )
    purpose: str = Field(
        description="What the user consented to, in words.", min_length=1, max_length=500
    )

    @classmethod
    def of(cls, consent: PreferenceConsent | None) -> ConsentBody | None:
        if consent is None:
            return None
        return cls(given_by=consent.given_by, given_at=consent.given_at, purpose=consent.purpose)


class PreferenceIn(_In):
    """PUT body: the value (checked against the key's registered type) and its provenance."""

    value: Any = Field(description="The value, checked against the key's registered type.")
    source: Source = Field(
        description="Where the memory came from, most trusted first: admin, user_stated, "
        "user_confirmed, promoted, consolidated."
    )
    source_ids: list[str] = Field(
        description="Ids of the evidence it was taken from (messages, session:<id>, ...). At most "
        "100.",
        default_factory=list,
        max_length=100,
    )
    confidence: StrictFloat = Field(
        description="How sure the writer is, 0 to 1 (default 1).", default=1.0, ge=0.0, le=1.0
    )
    consent: ConsentBody | None = Field(
        default=None, description="The user's consent, required for keys of sensitive categories."
    )
    expires_at: Instant | None = Field(
        default=None,
        description="When the value expires (UTC); give this or ttl_seconds, not both (neither: "
        "the key's default).",
    )
    ttl_seconds: _Ttl | None = Field(
        description="Seconds until the value expires; give this or expires_at, not both.",
        default=None,
    )
    supersede: StrictBool = Field(
        default=False,
        description="Replace a value from a more trusted source (admin keys and user_stated "
        "writes only).",
    )


class PreferencePublic(BaseModel):
    """One current preference; ``etag`` is what ``If-Match`` takes."""

    key: str = Field(description="The preference key, e.g. budget.one_way_max.")
    value: Any = Field(description="The current value.")
    category: str = Field(description="The key's category (what consent and policy rules name).")
    scope: str = Field(
        description="durable (about the user across tasks) or task (about one task)."
    )
    sensitive: bool = Field(
        description="Whether the key's category is sensitive (stricter policy, consent needed)."
    )
    source: str = Field(
        description="Where the memory came from, most trusted first: admin, user_stated, "
        "user_confirmed, promoted, consolidated."
    )
    source_ids: list[str] = Field(
        description="Ids of the evidence it was taken from (messages, session:<id>, ...)."
    )
    confidence: float = Field(description="How sure the writer was, 0 to 1.")
    consent: ConsentBody | None = Field(description="The consent recorded with the value, if any.")
    valid_from: datetime = Field(description="Since when this value holds (UTC, RFC 3339).")
    expires_at: datetime | None = Field(description="When the value expires (null: never).")
    version: int = Field(description="The value's version, one more per change of the key.")
    etag: str = Field(description="The value's entity tag, what If-Match takes.")
    created_at: datetime = Field(description="When the key was first written (UTC, RFC 3339).")
    updated_at: datetime = Field(description="When the value last changed (UTC, RFC 3339).")

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


class PreferenceList(Page[PreferencePublic]):
    """A page of a user's current preferences, by key."""


class ChangePublic(BaseModel):
    """One history entry; ``value`` is null for denied and deleted entries."""

    outcome: str = Field(description="What happened: applied, refused, denied, deleted or expired.")
    version: int | None = Field(
        description="The preference version this change made (null when nothing was stored)."
    )
    value: Any = Field(description="The value written (null for denied and deleted entries).")
    source: str = Field(
        description="Where the memory came from, most trusted first: admin, user_stated, "
        "user_confirmed, promoted, consolidated."
    )
    source_ids: list[str] = Field(
        description="Ids of the evidence it was taken from (messages, session:<id>, ...)."
    )
    confidence: float | None = Field(
        description="The write's confidence, 0 to 1 (null when not given)."
    )
    expires_at: datetime | None = Field(
        description="When the written value expires (null: never, or nothing stored)."
    )
    actor_key_id: str | None = Field(
        description="The API key that made the change (null for the service's own jobs)."
    )
    actor_role: str = Field(description="The role of the actor: agent, admin or consolidator.")
    reason: str = Field(
        description="Why, in words (the rule for a denial, the trust order for a refusal)."
    )
    at: datetime = Field(description="When (UTC, RFC 3339).")

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


class ChangeList(Page[ChangePublic]):
    """A page of one preference's history, newest first."""

    key: str = Field(description="The preference key.")


class EventIn(_In):
    """POST body of one timeline entry."""

    kind: str = Field(
        description="What kind of event, a dotted name, e.g. trip.booked.",
        min_length=1,
        max_length=160,
    )
    text: str = Field(
        description="The event in words (at most 4000 characters).", min_length=1, max_length=4000
    )
    occurred_at: Instant = Field(description="When it happened (with a time zone).")
    attributes: dict[str, Any] = Field(
        description="Structured details, free-form JSON.", default_factory=dict
    )
    source: Source = Field(
        description="Where the memory came from, most trusted first: admin, user_stated, "
        "user_confirmed, promoted, consolidated."
    )
    source_ids: list[str] = Field(
        description="Ids of the evidence it was taken from (messages, session:<id>, ...). At most "
        "100.",
        default_factory=list,
        max_length=100,
    )
    confidence: StrictFloat = Field(
        description="How sure the writer is, 0 to 1 (default 1).", default=1.0, ge=0.0, le=1.0
    )
    expires_at: Instant | None = Field(
        default=None,
        description="When the event expires; give this or ttl_seconds, not both (neither: the "
        "default retention).",
    )
    ttl_seconds: _Ttl | None = Field(
        description="Seconds until the event expires; give this or expires_at, not both.",
        default=None,
    )
    category: str | None = Field(
        description="The event's category for policy and consent (null: the category of kind's "
        "first segment; a sensitive kind keeps its own).",
        default=None,
        max_length=64,
    )


class EventPublic(BaseModel):
    id: str = Field(description="The event's id.")
    kind: str = Field(description="What kind of event, a dotted name.")
    category: str = Field(description="The event's category (what consent and policy rules name).")
    text: str = Field(description="The event in words.")
    occurred_at: datetime = Field(description="When it happened (UTC, RFC 3339).")
    attributes: dict[str, Any] = Field(description="Structured details, free-form JSON.")
    source: str = Field(
        description="Where the memory came from, most trusted first: admin, user_stated, "
        "user_confirmed, promoted, consolidated."
    )
    source_ids: list[str] = Field(
        description="Ids of the evidence it was taken from (messages, session:<id>, ...)."
    )
    confidence: float = Field(description="How sure the writer was, 0 to 1.")
    expires_at: datetime | None = Field(description="When the event expires (null: never).")
    created_at: datetime = Field(description="When it was stored (UTC, RFC 3339).")

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


class EventList(Page[EventPublic]):
    """A page of a user's event timeline, newest first."""


class ProfileOut(BaseModel):
    """The profile block to inject (as a user-role message) and what it holds."""

    user_id: str = Field(description="The user.")
    text: str = Field(
        description="The <user_profile trust='untrusted'> block to inject as a user-role message "
        "(never as a system message)."
    )
    tokens: int = Field(description="Tokens of text as one user-role message (cl100k).")
    max_tokens: int = Field(description="The token bound asked for.")
    guard_text: str = Field(
        description="The sentence to put in the system prompt so that the model treats the block "
        "as data."
    )
    preference_keys: list[str] = Field(description="Keys of the preferences in the block.")
    event_ids: list[str] = Field(description="Ids of the events in the block.")
    omitted_preferences: int = Field(description="Preferences left out to stay within max_tokens.")
    omitted_events: int = Field(description="Events left out to stay within max_tokens.")
    query: str | None = Field(
        description="The query events were ranked by (null: the most recent events)."
    )


class ErasureReceiptPublic(BaseModel):
    receipt_id: str = Field(
        description="The receipt's id; keep it to re-apply the erasure after a restore from backup."
    )
    user_id: str = Field(
        description="The user erased: the id given, in the erasure's own answer; in stored "
        "receipts (export) only its keyed reference user:hmac:<32 hex> (HMAC under the tenant's "
        "secret), since no row keeps the id after the erasure."
    )
    scope: Literal["all", "longterm"] = Field(
        description="all (everything about the user) or longterm (long-term memory only; sessions "
        "stay)."
    )
    counts: dict[str, int] = Field(description="Rows erased, per kind.")
    erased_at: datetime = Field(description="When (UTC, RFC 3339).")

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
    id: int = Field(description="The audit row's id (increasing).")
    at: datetime = Field(description="When (UTC, RFC 3339).")
    actor_key_id: str | None = Field(
        description="The API key that acted (null for the service's own jobs)."
    )
    actor_role: str = Field(description="The actor's role: agent, admin or consolidator.")
    user_id: str | None = Field(description="The end user concerned (null: none).")
    action: str = Field(
        description="What was asked, e.g. policy.write, preference.put, user.erase."
    )
    object_type: str = Field(
        description="What kind of object it concerned (preference, event, policy, key, ...)."
    )
    object_id: str | None = Field(description="Which object (null: none).")
    outcome: str = Field(description="How it ended (allowed, denied, applied, ...).")
    policy_version: str | None = Field(
        description="The tenant's policy version that decided (null: no decision)."
    )
    rule: str | None = Field(description="The policy rule that decided (null: no decision).")
    detail: dict[str, Any] = Field(
        description="Ids, counts and fixed words about the action; never a memory's content."
    )

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


class AuditList(Page[AuditPublic]):
    """A page of the tenant's audit trail."""


class ExportOut(BaseModel):
    """Everything tiermem's long-term tier holds about one user (right of access)."""

    schema_version: Literal["user_export.v1"] = Field(
        default="user_export.v1", description="The export's schema, user_export.v1."
    )
    tenant_id: str = Field(description="The tenant.")
    user_id: str = Field(description="The user.")
    exported_at: datetime = Field(description="When the export was made (UTC, RFC 3339).")
    preferences: list[PreferencePublic] = Field(description="The user's current preferences.")
    history: dict[str, list[ChangePublic]] = Field(
        description="Every preference's history, by key."
    )
    events: list[EventPublic] = Field(description="The user's timeline events.")
    audit: list[AuditPublic] = Field(description="The audit trail about the user.")
    erasure_receipts: list[ErasureReceiptPublic] = Field(
        description="Receipts of the user's erasures."
    )
    consents: list[dict[str, Any]] = Field(
        description="The user's standing consents to consolidation, granted and withdrawn."
    )
    sessions: list[dict[str, Any]] = Field(
        description="The user's sessions with their raw messages, pins, summary versions and usage."
    )
