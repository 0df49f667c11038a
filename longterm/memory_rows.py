"""The rows of ``longterm.memory_store``: dictionaries and the unfiltered reads over them.

The in-memory counterpart of ``longterm.storage`` and ``longterm.queries``: it keeps
preferences, their history, events, audit rows and erasure receipts, and answers the questions
the store asks (a user's live rows, what expired, what an erasure removes). No gate, no access
checks: those are the store's, as in the SQL store. Values are copied in and out as JSON, so a
caller mutating a value cannot change what is stored.
"""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from longterm.gate import GateDecision, Principal
from longterm.models import (
    AuditRecord,
    ErasureReceipt,
    Event,
    EventWrite,
    HistoryOutcome,
    Preference,
    PreferenceChange,
    PreferenceConsent,
    PreferenceWrite,
)
from longterm.registry import KeySpec
from longterm.rows import new_id
from storage.types import as_utc

__all__ = ["AuditEntry", "MemoryRows", "copy_value", "is_live"]

KINDS = ("preferences", "preference_history", "events", "idempotency_keys")
_WORD = re.compile(r"\w+", re.UNICODE)


def copy_value(value: Any) -> Any:
    """``value`` through JSON, as the SQL store stores and reads it."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def is_live(expires_at: datetime | None, now: datetime) -> bool:
    """Not expired at ``now`` (no expiry, or one in the future)."""
    return expires_at is None or expires_at > now


def _consent(consent: PreferenceConsent | None) -> PreferenceConsent | None:
    return None if consent is None else replace(consent, given_at=as_utc(consent.given_at))


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One audit row's fields, before it gets its id."""

    action: str
    object_type: str
    object_id: str | None
    outcome: str
    decision: GateDecision | None = None


class MemoryRows:
    """Everything the fake store holds, behind one re-entrant lock (``locked``)."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self.prefs: dict[tuple[str, str, str], Preference] = {}
        self.history: list[PreferenceChange] = []
        self.events: dict[tuple[str, str], Event] = {}
        self.audit: list[AuditRecord] = []
        self.receipts: list[ErasureReceipt] = []

    @contextmanager
    def locked(self) -> Iterator[MemoryRows]:
        """Hold the lock for a read-decide-write round."""
        with self._lock:
            yield self

    # --- writes ------------------------------------------------------------------------------

    def record(
        self,
        entry: AuditEntry,
        *,
        principal: Principal,
        user_id: str | None,
        now: datetime,
        detail: dict[str, int | str] | None = None,
    ) -> None:
        """Append one audit row (ids, roles, outcomes and counts only)."""
        decision = entry.decision
        self.audit.append(
            AuditRecord(
                id=len(self.audit) + 1,
                at=as_utc(now),
                tenant_id=principal.tenant_id,
                actor_key_id=principal.key_id,
                actor_role=principal.role,
                user_id=user_id,
                action=entry.action,
                object_type=entry.object_type,
                object_id=entry.object_id,
                outcome=entry.outcome,
                policy_version=decision.policy_version if decision else None,
                rule=decision.rule if decision else None,
                detail=dict(detail or {}),
            )
        )

    def add_history(
        self,
        write: PreferenceWrite,
        *,
        principal: Principal,
        now: datetime,
        outcome: HistoryOutcome,
        reason: str = "",
        version: int | None = None,
        keep_value: bool = True,
    ) -> None:
        """Append one history row; ``keep_value=False`` records the attempt without its value."""
        self.history.append(
            PreferenceChange(
                id=new_id("ph"),
                tenant_id=principal.tenant_id,
                user_id=write.user_id,
                key=write.key,
                outcome=outcome,
                version=version,
                value=copy_value(write.value) if keep_value else None,
                source=write.source,
                source_ids=tuple(write.source_ids) if keep_value else (),
                confidence=write.confidence,
                consent=_consent(write.consent) if keep_value else None,
                expires_at=write.expires_at,
                actor_key_id=principal.key_id,
                actor_role=principal.role,
                reason=reason,
                at=as_utc(now),
            )
        )

    def put_preference(
        self,
        write: PreferenceWrite,
        *,
        spec: KeySpec,
        tenant_id: str,
        current: Preference | None,
        now: datetime,
    ) -> Preference:
        """Store a checked write over ``current`` (expired or not): same id, next version."""
        stored = Preference(
            id=current.id if current is not None else new_id("pref"),
            tenant_id=tenant_id,
            user_id=write.user_id,
            key=write.key,
            value=copy_value(write.value),
            category=spec.category,
            scope=spec.scope,
            sensitive=spec.sensitive,
            source=write.source,
            source_ids=tuple(write.source_ids),
            confidence=write.confidence,
            consent=_consent(write.consent),
            valid_from=as_utc(now),
            expires_at=write.expires_at,
            version=current.version + 1 if current is not None else 1,
            created_at=current.created_at if current is not None else as_utc(now),
            updated_at=as_utc(now),
        )
        self.prefs[(tenant_id, write.user_id, write.key)] = stored
        return stored

    def add_event(
        self, write: EventWrite, *, tenant_id: str, event_id: str, now: datetime
    ) -> Event:
        """Store a checked event write (``write.category`` is set)."""
        event = Event(
            id=event_id,
            tenant_id=tenant_id,
            user_id=write.user_id,
            kind=write.kind,
            category=write.category or "other",
            text=write.text,
            occurred_at=as_utc(write.occurred_at),
            attributes=copy_value(write.attributes),
            source=write.source,
            source_ids=tuple(write.source_ids),
            confidence=write.confidence,
            expires_at=write.expires_at,
            created_at=as_utc(now),
        )
        self.events[(tenant_id, event_id)] = event
        return event

    def delete_preference(self, *, tenant_id: str, user_id: str, key: str) -> None:
        """Drop the value and scrub values, consents and source ids from its history."""
        del self.prefs[(tenant_id, user_id, key)]
        self.history = [
            replace(c, value=None, consent=None, source_ids=())
            if (c.tenant_id, c.user_id, c.key) == (tenant_id, user_id, key)
            else c
            for c in self.history
        ]

    def purge(self, *, tenant_id: str, now: datetime) -> dict[str, Counter[str]]:
        """Drop the tenant's rows that expired at or before ``now``; counts per user and kind."""
        per_user: dict[str, Counter[str]] = {}

        def gone(kind: str, row_tenant: str, user: str, expires_at: datetime | None) -> bool:
            if row_tenant != tenant_id or is_live(expires_at, now):
                return False
            per_user.setdefault(user, Counter())[kind] += 1
            return True

        self.prefs = {
            slot: p
            for slot, p in self.prefs.items()
            if not gone("preferences", p.tenant_id, p.user_id, p.expires_at)
        }
        self.history = [
            c
            for c in self.history
            if not gone("preference_history", c.tenant_id, c.user_id, c.expires_at)
        ]
        self.events = {
            slot: e
            for slot, e in self.events.items()
            if not gone("events", e.tenant_id, e.user_id, e.expires_at)
        }
        return per_user

    def pseudonymize(self, *, tenant_id: str, user_id: str, ref: str) -> None:
        """Name ``user_id`` only by ``ref`` in what outlives an erasure (audit rows, receipts)."""

        def renamed(row: AuditRecord) -> AuditRecord:
            if row.tenant_id != tenant_id:
                return row
            about = row.object_type == "user" and row.object_id == user_id
            return replace(
                row,
                user_id=ref if row.user_id == user_id else row.user_id,
                object_id=ref if about else row.object_id,
            )

        self.audit = [renamed(row) for row in self.audit]
        self.receipts = [
            replace(r, user_id=ref) if (r.tenant_id, r.user_id) == (tenant_id, user_id) else r
            for r in self.receipts
        ]

    def erase(self, *, tenant_id: str, user_id: str) -> dict[str, int]:
        """Drop every row of the user; counts per kind."""
        mine = (tenant_id, user_id)
        prefs = {s: p for s, p in self.prefs.items() if (p.tenant_id, p.user_id) != mine}
        history = [c for c in self.history if (c.tenant_id, c.user_id) != mine]
        events = {s: e for s, e in self.events.items() if (e.tenant_id, e.user_id) != mine}
        counts = {
            "preferences": len(self.prefs) - len(prefs),
            "preference_history": len(self.history) - len(history),
            "events": len(self.events) - len(events),
            "idempotency_keys": 0,
        }
        self.prefs, self.history, self.events = prefs, history, events
        return counts

    # --- unfiltered reads --------------------------------------------------------------------

    def live_preferences(self, tenant_id: str, user_id: str, now: datetime) -> list[Preference]:
        """The user's unexpired preferences, by key."""
        rows = [
            p
            for p in self.prefs.values()
            if (p.tenant_id, p.user_id) == (tenant_id, user_id) and is_live(p.expires_at, now)
        ]
        return sorted(rows, key=lambda p: p.key)

    def changes(self, tenant_id: str, user_id: str) -> list[PreferenceChange]:
        """The user's history rows (expired ones too), newest first."""
        rows = [c for c in self.history if (c.tenant_id, c.user_id) == (tenant_id, user_id)]
        return sorted(rows, key=lambda c: (c.at, c.id), reverse=True)

    def live_events(self, tenant_id: str, user_id: str, now: datetime) -> list[Event]:
        """The user's unexpired events, newest ``occurred_at`` first."""
        rows = [
            e
            for e in self.events.values()
            if (e.tenant_id, e.user_id) == (tenant_id, user_id) and is_live(e.expires_at, now)
        ]
        return sorted(rows, key=lambda e: (e.occurred_at, e.id), reverse=True)

    def matching_events(
        self, tenant_id: str, user_id: str, *, terms: list[str], now: datetime
    ) -> list[Event]:
        """Unexpired events holding any of ``terms``: more matched words first (the SQL
        backends rank by bm25 / ts_rank), then newest."""
        scored: list[tuple[int, Event]] = []
        for event in self.live_events(tenant_id, user_id, now):
            words = set(_WORD.findall(event.text.lower()))
            score = sum(1 for term in terms if term in words)
            if score:
                scored.append((score, event))
        scored.sort(key=lambda pair: (pair[0], pair[1].occurred_at), reverse=True)
        return [event for _score, event in scored]

    def audit_rows(
        self,
        tenant_id: str,
        *,
        user_id: str | None,
        action: str | None,
        since: datetime | None,
        before: int | None,
    ) -> list[AuditRecord]:
        """The tenant's audit rows, newest first; ``action`` exact or a prefix ending in ``.``."""

        def matches(row: AuditRecord) -> bool:
            if action and not (
                row.action.startswith(action) if action.endswith(".") else row.action == action
            ):
                return False
            return (
                (user_id is None or row.user_id == user_id)
                and (since is None or row.at >= since)
                and (before is None or row.id < before)
            )

        return [row for row in reversed(self.audit) if row.tenant_id == tenant_id and matches(row)]
