"""``LongtermStore`` in memory: the fake for unit tests, held to the same conformance suite as
the SQL store (``tests/longterm/test_store_conformance.py``).

Every decision that does not depend on where rows are kept is shared with the SQL store:
request checks (``validation``), the gate's attributes and the refusal rules (``write_rules``),
access and read filtering (``reads``), cursors and audit key references. What is left here is
keeping rows in dictionaries. Writes apply at once (there is no transaction to commit); values
are copied in and out as JSON, so a caller mutating a value cannot change what is stored.
"""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from longterm.audit import audit_key_ref
from longterm.cursors import check_limit, decode_cursor, encode_cursor
from longterm.errors import NotFound, StalePrecondition
from longterm.gate import GateDecision, PolicyGate, Principal
from longterm.models import (
    AuditRecord,
    ErasureReceipt,
    ErasureScope,
    Event,
    EventWrite,
    HistoryOutcome,
    Page,
    Preference,
    PreferenceChange,
    PreferenceWrite,
    UserExport,
    WriteOutcome,
    WriteStatus,
)
from longterm.queries import query_terms
from longterm.reads import (
    check_access,
    may_read_event,
    may_read_key,
    may_read_preference,
    readable_events,
    readable_preferences,
)
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from longterm.rows import new_id
from longterm.validation import check_event, check_preference
from longterm.vocabulary import Action
from longterm.write_rules import etag_matches, event_object, judge, preference_object
from storage.types import as_utc

__all__ = ["InMemoryLongtermStore"]

_WORD = re.compile(r"\w+", re.UNICODE)
_KINDS = ("preferences", "preference_history", "events", "idempotency_keys")


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


def _live(expires_at: datetime | None, now: datetime) -> bool:
    return expires_at is None or expires_at > now


@dataclass(frozen=True, slots=True)
class _Audit:
    """One audit row's fields, before it gets its id."""

    action: str
    object_type: str
    object_id: str | None
    outcome: str
    decision: GateDecision | None = None


class InMemoryLongtermStore:
    """The long-term store in dictionaries (see ``longterm.store.LongtermStore``).

    Args:
        gate: decides every write and every read (``action="read"``).
        registry: the preference keys known to this deployment.
    """

    def __init__(self, *, gate: PolicyGate, registry: KeyRegistry = DEFAULT_REGISTRY) -> None:
        self.gate = gate
        self.registry = registry
        self._lock = threading.RLock()
        self._prefs: dict[tuple[str, str, str], Preference] = {}
        self._history: list[PreferenceChange] = []
        self._events: dict[tuple[str, str], Event] = {}
        self._audit: list[AuditRecord] = []
        self._receipts: list[ErasureReceipt] = []

    # --- rows --------------------------------------------------------------------------------

    def _record(
        self,
        entry: _Audit,
        *,
        principal: Principal,
        user_id: str | None,
        now: datetime,
        detail: dict[str, int | str] | None = None,
    ) -> None:
        decision = entry.decision
        self._audit.append(
            AuditRecord(
                id=len(self._audit) + 1,
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

    def _decision(
        self,
        *,
        principal: Principal,
        action: Action,
        kind: str,
        ref: str,
        user_id: str,
        decision: GateDecision,
        now: datetime,
    ) -> None:
        outcome = "allow" if decision.allowed else "deny"
        entry = _Audit(f"policy.{action}", kind, ref, outcome, decision)
        self._record(entry, principal=principal, user_id=user_id, now=now)

    def _add_history(
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
        consent = write.consent
        self._history.append(
            PreferenceChange(
                id=new_id("ph"),
                tenant_id=principal.tenant_id,
                user_id=write.user_id,
                key=write.key,
                outcome=outcome,
                version=version,
                value=_copy(write.value) if keep_value else None,
                source=write.source,
                source_ids=tuple(write.source_ids) if keep_value else (),
                confidence=write.confidence,
                consent=replace(consent, given_at=as_utc(consent.given_at))
                if keep_value and consent is not None
                else None,
                expires_at=write.expires_at,
                actor_key_id=principal.key_id,
                actor_role=principal.role,
                reason=reason,
                at=as_utc(now),
            )
        )

    def _user_history(self, tenant_id: str, user_id: str) -> Iterable[PreferenceChange]:
        return (c for c in self._history if (c.tenant_id, c.user_id) == (tenant_id, user_id))

    # --- preferences -------------------------------------------------------------------------

    def get_preference(
        self, *, principal: Principal, tenant_id: str, user_id: str, key: str, now: datetime
    ) -> Preference:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        with self._lock:
            pref = self._prefs.get((tenant_id, user_id, key))
        if pref is None or not _live(pref.expires_at, now):
            raise NotFound(f"no preference {key!r}")
        if not may_read_preference(self.gate, principal, pref):
            raise NotFound(f"no preference {key!r}")
        return replace(pref, value=_copy(pref.value))

    def list_preferences(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        now: datetime,
        category: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[Preference]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        limit = check_limit(limit)
        position = decode_cursor("preferences", cursor)
        with self._lock:
            rows = [
                p
                for (t, u, _k), p in self._prefs.items()
                if (t, u) == (tenant_id, user_id)
                and _live(p.expires_at, now)
                and (category is None or p.category == category)
                and (position is None or p.key > str(position[0]))
            ]
        rows.sort(key=lambda p: p.key)
        items = rows[:limit]
        more = len(rows) > limit and items
        next_cursor = encode_cursor("preferences", [items[-1].key]) if more else None
        return Page(readable_preferences(self.gate, principal, items), next_cursor)

    def preference_history(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        key: str,
        now: datetime,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[PreferenceChange]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        spec = self.registry.lookup(key)
        if not may_read_key(self.gate, principal, spec, user_id=user_id):
            raise NotFound(f"no preference {key!r}")
        limit = check_limit(limit)
        position = decode_cursor("history", cursor)
        after = (
            None if position is None else (as_utc(datetime.fromisoformat(position[0])), position[1])
        )
        with self._lock:
            rows = [
                c
                for c in self._user_history(tenant_id, user_id)
                if c.key == key
                and _live(c.expires_at, now)
                and (after is None or (c.at, c.id) < after)
            ]
        rows.sort(key=lambda c: (c.at, c.id), reverse=True)
        items = rows[:limit]
        last = items[-1] if items else None
        more = len(rows) > limit and last is not None
        next_cursor = (
            encode_cursor("history", [last.at.isoformat(), last.id]) if more and last else None
        )
        return Page(items, next_cursor)

    def put_preference(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        write: PreferenceWrite,
        now: datetime,
        action: Action = "write",
        standing_consent: bool = False,
    ) -> WriteOutcome:
        check_access(principal, tenant_id=tenant_id, user_id=write.user_id)
        spec = self.registry.lookup(write.key)
        checked = check_preference(write, spec=spec, subject=principal, now=now)
        ref = audit_key_ref(spec)
        with self._lock:
            slot = (tenant_id, checked.user_id, checked.key)
            row = self._prefs.get(slot)
            live = row if row is not None and _live(row.expires_at, now) else None
            obj = preference_object(
                checked,
                spec=spec,
                principal=principal,
                live=live,
                standing_consent=standing_consent,
            )
            decision = self.gate.decide(subject=principal, action=action, obj=obj)
            self._decision(
                principal=principal,
                action=action,
                kind="preference",
                ref=ref,
                user_id=checked.user_id,
                decision=decision,
                now=now,
            )
            refusal = judge(checked, live, decision)
            if refusal is not None:
                if refusal.history is not None:
                    self._add_history(
                        checked,
                        principal=principal,
                        now=now,
                        outcome=refusal.history,
                        reason=refusal.reason,
                        keep_value=refusal.history != "denied",
                    )
                if refusal.history == "refused":
                    entry = _Audit("preference.write", "preference", ref, "refused", decision)
                    self._record(entry, principal=principal, user_id=checked.user_id, now=now)
                return refusal.outcome
            stored = Preference(
                id=row.id if row is not None else new_id("pref"),
                tenant_id=tenant_id,
                user_id=checked.user_id,
                key=checked.key,
                value=_copy(checked.value),
                category=spec.category,
                scope=spec.scope,
                sensitive=spec.sensitive,
                source=checked.source,
                source_ids=tuple(checked.source_ids),
                confidence=checked.confidence,
                consent=None
                if checked.consent is None
                else replace(checked.consent, given_at=as_utc(checked.consent.given_at)),
                valid_from=as_utc(now),
                expires_at=checked.expires_at,
                version=row.version + 1 if row is not None else 1,
                created_at=row.created_at if row is not None else as_utc(now),
                updated_at=as_utc(now),
            )
            self._prefs[slot] = stored
            self._add_history(
                checked, principal=principal, now=now, outcome="applied", version=stored.version
            )
            verb = "preference.create" if row is None else "preference.update"
            self._record(
                _Audit(verb, "preference", ref, "ok", decision),
                principal=principal,
                user_id=checked.user_id,
                now=now,
                detail={"version": stored.version, "source": checked.source},
            )
        status: WriteStatus = "created" if row is None else "updated"
        return WriteOutcome(status, decision, preference=replace(stored, value=_copy(stored.value)))

    def delete_preference(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        key: str,
        now: datetime,
        if_match: str | None = None,
    ) -> Preference:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        spec = self.registry.lookup(key)
        with self._lock:
            row = self._prefs.get((tenant_id, user_id, key))
            if row is None or not _live(row.expires_at, now):
                raise NotFound(f"no preference {key!r}")
            if if_match is not None and not etag_matches(if_match, row.etag):
                raise StalePrecondition(row.etag)
            del self._prefs[(tenant_id, user_id, key)]
            self._history = [
                replace(c, value=None, consent=None, source_ids=())
                if (c.tenant_id, c.user_id, c.key) == (tenant_id, user_id, key)
                else c
                for c in self._history
            ]
            marker = PreferenceWrite(user_id, key, None, row.source, confidence=row.confidence)
            self._add_history(
                marker,
                principal=principal,
                now=now,
                outcome="deleted",
                reason="deleted",
                version=row.version,
                keep_value=False,
            )
            entry = _Audit("preference.delete", "preference", audit_key_ref(spec), "ok")
            self._record(
                entry,
                principal=principal,
                user_id=user_id,
                now=now,
                detail={"version": row.version},
            )
        return row

    # --- events ------------------------------------------------------------------------------

    def add_event(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        write: EventWrite,
        now: datetime,
        action: Action = "write",
        standing_consent: bool = False,
    ) -> WriteOutcome:
        check_access(principal, tenant_id=tenant_id, user_id=write.user_id)
        checked = check_event(write, now=now)
        obj = event_object(checked, principal=principal, standing_consent=standing_consent)
        decision = self.gate.decide(subject=principal, action=action, obj=obj)
        event_id = new_id("evt")
        with self._lock:
            self._decision(
                principal=principal,
                action=action,
                kind="event",
                ref=event_id,
                user_id=checked.user_id,
                decision=decision,
                now=now,
            )
            if not decision.allowed:
                return WriteOutcome("denied", decision, reason=decision.reason)
            event = Event(
                id=event_id,
                tenant_id=tenant_id,
                user_id=checked.user_id,
                kind=checked.kind,
                category=checked.category or "other",
                text=checked.text,
                occurred_at=as_utc(checked.occurred_at),
                attributes=_copy(checked.attributes),
                source=checked.source,
                source_ids=tuple(checked.source_ids),
                confidence=checked.confidence,
                expires_at=checked.expires_at,
                created_at=as_utc(now),
            )
            self._events[(tenant_id, event_id)] = event
            entry = _Audit("event.create", "event", event_id, "ok", decision)
            self._record(
                entry,
                principal=principal,
                user_id=checked.user_id,
                now=now,
                detail={"kind": checked.kind},
            )
        return WriteOutcome(
            "created", decision, event=replace(event, attributes=_copy(event.attributes))
        )

    def _user_events(self, tenant_id: str, user_id: str, now: datetime) -> list[Event]:
        with self._lock:
            return [
                e
                for (t, _i), e in self._events.items()
                if t == tenant_id and e.user_id == user_id and _live(e.expires_at, now)
            ]

    def get_event(
        self, *, principal: Principal, tenant_id: str, user_id: str, event_id: str, now: datetime
    ) -> Event:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        with self._lock:
            event = self._events.get((tenant_id, event_id))
        if event is None or event.user_id != user_id or not _live(event.expires_at, now):
            raise NotFound(f"no event {event_id!r}")
        if not may_read_event(self.gate, principal, event):
            raise NotFound(f"no event {event_id!r}")
        return event

    def list_events(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        now: datetime,
        kind: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[Event]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        limit = check_limit(limit)
        position = decode_cursor("events", cursor)
        after = (
            None if position is None else (as_utc(datetime.fromisoformat(position[0])), position[1])
        )
        rows = [
            e
            for e in self._user_events(tenant_id, user_id, now)
            if (kind is None or e.kind == kind)
            and (since is None or e.occurred_at >= since)
            and (until is None or e.occurred_at < until)
            and (after is None or (e.occurred_at, e.id) < after)
        ]
        rows.sort(key=lambda e: (e.occurred_at, e.id), reverse=True)
        items = rows[:limit]
        last = items[-1] if items else None
        more = len(rows) > limit and last is not None
        next_cursor = (
            encode_cursor("events", [last.occurred_at.isoformat(), last.id])
            if more and last
            else None
        )
        return Page(readable_events(self.gate, principal, items), next_cursor)

    def search_events(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        query: str,
        now: datetime,
        limit: int = 20,
    ) -> list[Event]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        terms = query_terms(query)
        if not terms:
            return []
        limit = check_limit(limit)
        scored: list[tuple[int, Event]] = []
        for event in self._user_events(tenant_id, user_id, now):
            words = set(_WORD.findall(event.text.lower()))
            score = sum(1 for term in terms if term in words)
            if score:
                scored.append((score, event))
        scored.sort(key=lambda pair: (pair[0], pair[1].occurred_at), reverse=True)
        return readable_events(self.gate, principal, [e for _s, e in scored[:limit]])

    def delete_event(
        self, *, principal: Principal, tenant_id: str, user_id: str, event_id: str, now: datetime
    ) -> None:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        with self._lock:
            event = self._events.get((tenant_id, event_id))
            if event is None or event.user_id != user_id or not _live(event.expires_at, now):
                raise NotFound(f"no event {event_id!r}")
            del self._events[(tenant_id, event_id)]
            entry = _Audit("event.delete", "event", event_id, "ok")
            self._record(entry, principal=principal, user_id=user_id, now=now)

    # --- lifecycle ---------------------------------------------------------------------------

    def purge_expired(
        self, *, principal: Principal, tenant_id: str, now: datetime
    ) -> dict[str, int]:
        check_access(principal, tenant_id=tenant_id)
        per_user: dict[str, Counter[str]] = {}

        def gone(kind: str, row_tenant: str, user: str, expires_at: datetime | None) -> bool:
            if row_tenant != tenant_id or expires_at is None or expires_at > now:
                return False
            per_user.setdefault(user, Counter())[kind] += 1
            return True

        with self._lock:
            self._prefs = {
                slot: p
                for slot, p in self._prefs.items()
                if not gone("preferences", p.tenant_id, p.user_id, p.expires_at)
            }
            self._history = [
                c
                for c in self._history
                if not gone("preference_history", c.tenant_id, c.user_id, c.expires_at)
            ]
            self._events = {
                slot: e
                for slot, e in self._events.items()
                if not gone("events", e.tenant_id, e.user_id, e.expires_at)
            }
            totals: Counter[str] = Counter()
            for user, counts in sorted(per_user.items()):
                totals.update(counts)
                entry = _Audit("expire.purge", "user", user, "ok")
                self._record(entry, principal=principal, user_id=user, now=now, detail=dict(counts))
        return {kind: totals.get(kind, 0) for kind in _KINDS}

    def erase_user(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        now: datetime,
        scope: ErasureScope = "all",
    ) -> ErasureReceipt:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        mine = (tenant_id, user_id)
        with self._lock:
            prefs = {s: p for s, p in self._prefs.items() if (p.tenant_id, p.user_id) != mine}
            history = [c for c in self._history if (c.tenant_id, c.user_id) != mine]
            events = {s: e for s, e in self._events.items() if (e.tenant_id, e.user_id) != mine}
            counts = {
                "preferences": len(self._prefs) - len(prefs),
                "preference_history": len(self._history) - len(history),
                "events": len(self._events) - len(events),
                "idempotency_keys": 0,
            }
            self._prefs, self._history, self._events = prefs, history, events
            receipt = ErasureReceipt(
                id=new_id("er"),
                tenant_id=tenant_id,
                user_id=user_id,
                scope=scope,
                counts=counts,
                erased_at=as_utc(now),
                actor_key_id=principal.key_id,
            )
            self._receipts.append(receipt)
            entry = _Audit("user.erase", "user", receipt.id, "ok")
            self._record(entry, principal=principal, user_id=user_id, now=now, detail=dict(counts))
        return receipt

    def export_user(
        self, *, principal: Principal, tenant_id: str, user_id: str, now: datetime
    ) -> UserExport:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        with self._lock:
            prefs = sorted(
                (
                    p
                    for p in self._prefs.values()
                    if (p.tenant_id, p.user_id) == (tenant_id, user_id) and _live(p.expires_at, now)
                ),
                key=lambda p: p.key,
            )
            changes = sorted(
                self._user_history(tenant_id, user_id), key=lambda c: (c.at, c.id), reverse=True
            )
            changes.sort(key=lambda c: c.key)
            audit = [a for a in self._audit if a.tenant_id == tenant_id and a.user_id == user_id]
            receipts = [
                r for r in self._receipts if (r.tenant_id, r.user_id) == (tenant_id, user_id)
            ]
        readable_keys = {
            key: may_read_key(self.gate, principal, self.registry.lookup(key), user_id=user_id)
            for key in {c.key for c in changes}
        }
        events = sorted(
            self._user_events(tenant_id, user_id, now),
            key=lambda e: (e.occurred_at, e.id),
            reverse=True,
        )
        return UserExport(
            tenant_id=tenant_id,
            user_id=user_id,
            exported_at=now,
            preferences=readable_preferences(self.gate, principal, prefs),
            history=[c for c in changes if readable_keys[c.key]],
            events=readable_events(self.gate, principal, events),
            audit=audit,
            receipts=sorted(receipts, key=lambda r: r.erased_at),
        )

    # --- audit -------------------------------------------------------------------------------

    def list_audit(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str | None = None,
        action: str | None = None,
        since: datetime | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[AuditRecord]:
        user_id = principal.user_id if user_id is None else user_id
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        limit = check_limit(limit)
        position = decode_cursor("audit", cursor)
        with self._lock:
            rows = [
                a
                for a in reversed(self._audit)
                if a.tenant_id == tenant_id
                and (user_id is None or a.user_id == user_id)
                and _action_matches(a.action, action)
                and (since is None or a.at >= since)
                and (position is None or a.id < int(position[0]))
            ]
        items = rows[:limit]
        more = len(rows) > limit
        next_cursor = encode_cursor("audit", [items[-1].id]) if more and items else None
        return Page(items, next_cursor)


def _action_matches(action: str, wanted: str | None) -> bool:
    if not wanted:
        return True
    return action.startswith(wanted) if wanted.endswith(".") else action == wanted
