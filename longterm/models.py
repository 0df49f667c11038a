"""Frozen domain types of the long-term tier. No ORM here: ``longterm.storage`` maps to them.

The shared words (user and tenant ids, source, scope, role) come from ``longterm.vocabulary``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

from longterm.gate import GateDecision
from longterm.vocabulary import SOURCES, Role, Scope, Source, TenantId, UserId

__all__ = [
    "TRUST_RANK",
    "AuditRecord",
    "ErasureReceipt",
    "ErasureScope",
    "Event",
    "EventWrite",
    "HistoryOutcome",
    "Page",
    "Preference",
    "PreferenceChange",
    "PreferenceConsent",
    "PreferenceWrite",
    "UserExport",
    "WriteOutcome",
    "WriteStatus",
]

TRUST_RANK: dict[Source, int] = {name: len(SOURCES) - i for i, name in enumerate(SOURCES)}
"""Higher is more trusted: admin > user_stated > user_confirmed > promoted > consolidated."""

HistoryOutcome = Literal["applied", "refused", "denied", "deleted", "expired"]
WriteStatus = Literal["created", "updated", "refused", "denied", "stale"]
ErasureScope = Literal["all", "longterm"]
"""``all``: everything about the user; ``longterm``: long-term memory only (sessions stay)."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PreferenceConsent:
    """The consent that came with one preference value: who gave it, when, and to what (e.g.
    "keep my usual one-way budget"). Not standing consent to consolidation in a category, which
    is the policy tier's ``policy.consent.StandingConsent``."""

    given_by: str
    given_at: datetime
    purpose: str


@dataclass(frozen=True, slots=True)
class Preference:
    """The current value of one key of one user. ``etag`` changes with every write."""

    id: str
    tenant_id: TenantId
    user_id: UserId
    key: str
    value: Any
    category: str
    scope: Scope
    sensitive: bool
    source: Source
    source_ids: tuple[str, ...]
    confidence: float
    consent: PreferenceConsent | None
    valid_from: datetime
    expires_at: datetime | None
    version: int
    created_at: datetime
    updated_at: datetime

    @property
    def etag(self) -> str:
        """Strong entity tag: row id and version, so a delete and re-create never matches."""
        return f'"{self.id}.{self.version}"'


@dataclass(frozen=True, slots=True)
class PreferenceChange:
    """One history entry: an applied write, a refused or denied one, a delete or a purge.

    ``value`` is None for policy denials (a denied sensitive value must not be kept anywhere)
    and for deletes.
    """

    id: str
    tenant_id: TenantId
    user_id: UserId
    key: str
    outcome: HistoryOutcome
    version: int | None
    value: Any
    source: Source
    source_ids: tuple[str, ...]
    confidence: float | None
    consent: PreferenceConsent | None
    expires_at: datetime | None
    actor_key_id: str | None
    actor_role: Role
    reason: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a user's timeline ("booked G7301 Shanghai-Hangzhou")."""

    id: str
    tenant_id: TenantId
    user_id: UserId
    kind: str
    category: str
    text: str
    occurred_at: datetime
    attributes: dict[str, Any]
    source: Source
    source_ids: tuple[str, ...]
    confidence: float
    expires_at: datetime | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PreferenceWrite:
    """A request to set one key. ``expires_at`` and ``ttl_seconds`` are mutually exclusive."""

    user_id: UserId
    key: str
    value: Any
    source: Source
    source_ids: tuple[str, ...] = ()
    confidence: float = 1.0
    consent: PreferenceConsent | None = None
    expires_at: datetime | None = None
    ttl_seconds: int | None = None
    supersede: bool = False
    if_match: str | None = None
    unbacked: bool = False
    """Set by promotion and consolidation: no user-authored text the value cites holds it."""


@dataclass(frozen=True, slots=True)
class EventWrite:
    """A request to append one timeline entry. ``category`` (what policy and consent rules
    test) defaults to the category of ``kind``'s first segment (``longterm.validation``); a
    kind under a sensitive category (``health.visit``) always keeps that category."""

    user_id: UserId
    kind: str
    text: str
    occurred_at: datetime
    source: Source
    attributes: dict[str, Any] = field(default_factory=dict)
    category: str | None = None
    source_ids: tuple[str, ...] = ()
    confidence: float = 1.0
    expires_at: datetime | None = None
    ttl_seconds: int | None = None
    unbacked: bool = False
    """Set by promotion and consolidation: no user-authored text the event cites holds it."""


@dataclass(frozen=True, slots=True)
class WriteOutcome:
    """What ``write_path.submit`` did. Refusals are outcomes, not exceptions, so that the
    caller commits their history and audit rows.

    ``current_source`` names the source of the value that won (trust-order refusals) and
    ``current_etag`` the value a stale ``If-Match`` lost against.
    """

    status: WriteStatus
    decision: GateDecision
    preference: Preference | None = None
    event: Event | None = None
    current_source: str | None = None
    current_etag: str | None = None
    reason: str = ""

    @property
    def ok(self) -> bool:
        """True when something was stored."""
        return self.status in ("created", "updated")


@dataclass(frozen=True, slots=True)
class AuditRecord:
    """One audit row. Ids, roles, outcomes and counts only; never a memory's content."""

    id: int
    at: datetime
    tenant_id: TenantId
    actor_key_id: str | None
    actor_role: Role
    user_id: UserId | None
    action: str
    object_type: str
    object_id: str | None
    outcome: str
    policy_version: str | None
    rule: str | None
    detail: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ErasureReceipt:
    """Proof of an erasure: what kinds were removed and how many, when, by whom.

    Kept after the erasure so that the erasure can be re-applied after a backup restore.
    """

    id: str
    tenant_id: TenantId
    user_id: UserId
    scope: ErasureScope
    counts: dict[str, int]
    erased_at: datetime
    actor_key_id: str | None


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    """One page of a listing; ``next_cursor`` is None on the last page."""

    items: list[T]
    next_cursor: str | None


@dataclass(frozen=True, slots=True)
class UserExport:
    """What the long-term tier holds about one user that the principal may read: current
    preferences, their history, events, the audit trail about the user and erasure receipts."""

    tenant_id: TenantId
    user_id: UserId
    exported_at: datetime
    preferences: list[Preference]
    history: list[PreferenceChange]
    events: list[Event]
    audit: list[AuditRecord]
    receipts: list[ErasureReceipt]
