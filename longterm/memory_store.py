"""``LongtermStore`` in memory: the fake for unit tests, held to the same conformance suite as
the SQL store (``tests/longterm/test_store_conformance.py``).

Every decision that does not depend on where rows are kept is shared with the SQL store:
request checks (``validation``), the gate's attributes and the refusal rules (``write_rules``),
access and read filtering (``reads``), cursors and audit key references. The rows live in
``memory_rows.MemoryRows``. Writes apply at once: there is no transaction to commit.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import replace
from datetime import datetime

from longterm.audit import audit_key_ref
from longterm.cursors import check_limit, decode_cursor, encode_cursor
from longterm.errors import NotFound, StalePrecondition
from longterm.gate import GateDecision, PolicyGate, Principal
from longterm.memory_rows import KINDS, AuditEntry, MemoryRows, copy_value, is_live
from longterm.models import (
    AuditRecord,
    ErasureReceipt,
    ErasureScope,
    Event,
    EventWrite,
    Page,
    Preference,
    PreferenceChange,
    PreferenceWrite,
    UserExport,
    WriteOutcome,
    WriteStatus,
)
from longterm.pseudonyms import FreeText, hmac_ref
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
from longterm.sensitivity import sensitive_spec
from longterm.validation import check_event, check_preference
from longterm.vocabulary import Action
from longterm.write_rules import etag_matches, event_object, judge, preference_object
from storage.types import as_utc

__all__ = ["InMemoryLongtermStore"]


def _after(position: list[str] | None) -> tuple[datetime, str] | None:
    """A ``[time, id]`` cursor position as a comparable key."""
    return None if position is None else (as_utc(datetime.fromisoformat(position[0])), position[1])


class InMemoryLongtermStore:
    """The long-term store in dictionaries (see ``longterm.store.LongtermStore``).

    Args:
        gate: decides every write and every read (``action="read"``).
        registry: the preference keys known to this deployment.
    """

    def __init__(self, *, gate: PolicyGate, registry: KeyRegistry = DEFAULT_REGISTRY) -> None:
        self.gate = gate
        self.registry = registry
        self.rows = MemoryRows()
        self._secret = secrets.token_bytes(32)  # the fake's one tenant-secret for keyed refs

    def _ref(self, text: str | FreeText) -> str:
        """A free text's keyed reference, like the SQL store's (one secret for all tenants)."""
        return hmac_ref(self._secret, text.kind, text.value) if isinstance(text, FreeText) else text

    def _audit_decision(
        self,
        decision: GateDecision,
        *,
        action: Action,
        kind: str,
        ref: str,
        principal: Principal,
        user_id: str,
        now: datetime,
    ) -> None:
        outcome = "allow" if decision.allowed else "deny"
        entry = AuditEntry(f"policy.{action}", kind, ref, outcome, decision)
        self.rows.record(entry, principal=principal, user_id=user_id, now=now)

    # --- preferences -------------------------------------------------------------------------

    def get_preference(
        self, *, principal: Principal, tenant_id: str, user_id: str, key: str, now: datetime
    ) -> Preference:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        with self.rows.locked() as rows:
            pref = rows.prefs.get((tenant_id, user_id, key))
        if pref is None or not is_live(pref.expires_at, now):
            raise NotFound(f"no preference {key!r}")
        if not may_read_preference(self.gate, principal, pref):
            raise NotFound(f"no preference {key!r}")
        return replace(pref, value=copy_value(pref.value))

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
        with self.rows.locked() as rows:
            found = [
                p
                for p in rows.live_preferences(tenant_id, user_id, now)
                if (category is None or p.category == category)
                and (position is None or p.key > str(position[0]))
            ]
        items = found[:limit]
        more = len(found) > limit and items
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
        after = _after(decode_cursor("history", cursor))
        with self.rows.locked() as rows:
            found = [
                c
                for c in rows.changes(tenant_id, user_id)
                if c.key == key
                and is_live(c.expires_at, now)
                and (after is None or (c.at, c.id) < after)
            ]
        items = found[:limit]
        last = items[-1] if items else None
        more = len(found) > limit and last is not None
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
        spec = sensitive_spec(spec, checked.value)
        ref = self._ref(audit_key_ref(spec))
        with self.rows.locked() as rows:
            current = rows.prefs.get((tenant_id, checked.user_id, checked.key))
            live = current if current is not None and is_live(current.expires_at, now) else None
            obj = preference_object(
                checked,
                spec=spec,
                principal=principal,
                live=live,
                standing_consent=standing_consent,
            )
            decision = self.gate.decide(subject=principal, action=action, obj=obj)
            self._audit_decision(
                decision,
                action=action,
                kind="preference",
                ref=ref,
                principal=principal,
                user_id=checked.user_id,
                now=now,
            )
            refusal = judge(checked, live, decision)
            if refusal is not None:
                if refusal.history is not None:
                    rows.add_history(
                        checked,
                        principal=principal,
                        now=now,
                        outcome=refusal.history,
                        reason=refusal.reason,
                        keep_value=refusal.history != "denied",
                    )
                if refusal.history == "refused":
                    entry = AuditEntry("preference.write", "preference", ref, "refused", decision)
                    rows.record(entry, principal=principal, user_id=checked.user_id, now=now)
                return refusal.outcome
            stored = rows.put_preference(
                checked, spec=spec, tenant_id=tenant_id, current=current, now=now
            )
            rows.add_history(
                checked, principal=principal, now=now, outcome="applied", version=stored.version
            )
            verb = "preference.create" if current is None else "preference.update"
            rows.record(
                AuditEntry(verb, "preference", ref, "ok", decision),
                principal=principal,
                user_id=checked.user_id,
                now=now,
                detail={"version": stored.version, "source": checked.source},
            )
        status: WriteStatus = "created" if current is None else "updated"
        return WriteOutcome(
            status, decision, preference=replace(stored, value=copy_value(stored.value))
        )

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
        with self.rows.locked() as rows:
            current = rows.prefs.get((tenant_id, user_id, key))
            if current is None or not is_live(current.expires_at, now):
                raise NotFound(f"no preference {key!r}")
            if if_match is not None and not etag_matches(if_match, current.etag):
                raise StalePrecondition(current.etag)
            rows.delete_preference(tenant_id=tenant_id, user_id=user_id, key=key)
            marker = PreferenceWrite(
                user_id, key, None, current.source, confidence=current.confidence
            )
            rows.add_history(
                marker,
                principal=principal,
                now=now,
                outcome="deleted",
                reason="deleted",
                version=current.version,
                keep_value=False,
            )
            entry = AuditEntry(
                "preference.delete", "preference", self._ref(audit_key_ref(spec)), "ok"
            )
            rows.record(
                entry,
                principal=principal,
                user_id=user_id,
                now=now,
                detail={"version": current.version},
            )
        return current

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
        with self.rows.locked() as rows:
            self._audit_decision(
                decision,
                action=action,
                kind="event",
                ref=event_id,
                principal=principal,
                user_id=checked.user_id,
                now=now,
            )
            if not decision.allowed:
                return WriteOutcome("denied", decision, reason=decision.reason)
            event = rows.add_event(checked, tenant_id=tenant_id, event_id=event_id, now=now)
            entry = AuditEntry("event.create", "event", event_id, "ok", decision)
            rows.record(
                entry,
                principal=principal,
                user_id=checked.user_id,
                now=now,
                detail={"kind": self._ref(FreeText("kind", checked.kind))},
            )
        return WriteOutcome(
            "created", decision, event=replace(event, attributes=copy_value(event.attributes))
        )

    def get_event(
        self, *, principal: Principal, tenant_id: str, user_id: str, event_id: str, now: datetime
    ) -> Event:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        with self.rows.locked() as rows:
            event = rows.events.get((tenant_id, event_id))
        if event is None or event.user_id != user_id or not is_live(event.expires_at, now):
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
        after = _after(decode_cursor("events", cursor))
        with self.rows.locked() as rows:
            found = [
                e
                for e in rows.live_events(tenant_id, user_id, now)
                if (kind is None or e.kind == kind)
                and (since is None or e.occurred_at >= since)
                and (until is None or e.occurred_at < until)
                and (after is None or (e.occurred_at, e.id) < after)
            ]
        items = found[:limit]
        last = items[-1] if items else None
        more = len(found) > limit and last is not None
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
        with self.rows.locked() as rows:
            found = rows.matching_events(tenant_id, user_id, terms=terms, now=now)
        return readable_events(self.gate, principal, found[:limit])

    def delete_event(
        self, *, principal: Principal, tenant_id: str, user_id: str, event_id: str, now: datetime
    ) -> None:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        with self.rows.locked() as rows:
            event = rows.events.get((tenant_id, event_id))
            if event is None or event.user_id != user_id or not is_live(event.expires_at, now):
                raise NotFound(f"no event {event_id!r}")
            del rows.events[(tenant_id, event_id)]
            entry = AuditEntry("event.delete", "event", event_id, "ok")
            rows.record(entry, principal=principal, user_id=user_id, now=now)

    # --- lifecycle ---------------------------------------------------------------------------

    def purge_expired(
        self, *, principal: Principal, tenant_id: str, now: datetime
    ) -> dict[str, int]:
        check_access(principal, tenant_id=tenant_id)
        totals: Counter[str] = Counter()
        with self.rows.locked() as rows:
            for user, counts in sorted(rows.purge(tenant_id=tenant_id, now=now).items()):
                totals.update(counts)
                entry = AuditEntry("expire.purge", "user", user, "ok")
                rows.record(entry, principal=principal, user_id=user, now=now, detail=dict(counts))
        return {kind: totals.get(kind, 0) for kind in KINDS}

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
        with self.rows.locked() as rows:
            counts = rows.erase(tenant_id=tenant_id, user_id=user_id)
            ref = self._ref(FreeText("user", user_id))
            rows.pseudonymize(tenant_id=tenant_id, user_id=user_id, ref=ref)
            receipt = ErasureReceipt(
                id=new_id("er"),
                tenant_id=tenant_id,
                user_id=ref,
                scope=scope,
                counts=counts,
                erased_at=as_utc(now),
                actor_key_id=principal.key_id,
            )
            rows.receipts.append(receipt)
            entry = AuditEntry("user.erase", "user", receipt.id, "ok")
            rows.record(entry, principal=principal, user_id=ref, now=now, detail=dict(counts))
        return replace(receipt, user_id=user_id)

    def export_user(
        self, *, principal: Principal, tenant_id: str, user_id: str, now: datetime
    ) -> UserExport:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        mine = (tenant_id, user_id)
        with self.rows.locked() as rows:
            prefs = rows.live_preferences(tenant_id, user_id, now)
            changes = sorted(rows.changes(tenant_id, user_id), key=lambda c: c.key)
            events = rows.live_events(tenant_id, user_id, now)
            audit = [a for a in rows.audit if (a.tenant_id, a.user_id) == mine]
            ref = self._ref(FreeText("user", user_id))
            receipts = [r for r in rows.receipts if (r.tenant_id, r.user_id) == (tenant_id, ref)]
        readable = {
            key: may_read_key(self.gate, principal, self.registry.lookup(key), user_id=user_id)
            for key in {c.key for c in changes}
        }
        return UserExport(
            tenant_id=tenant_id,
            user_id=user_id,
            exported_at=now,
            preferences=readable_preferences(self.gate, principal, prefs),
            history=[c for c in changes if readable[c.key]],
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
        before = None if position is None else int(position[0])
        with self.rows.locked() as rows:
            found = rows.audit_rows(
                tenant_id, user_id=user_id, action=action, since=since, before=before
            )
        items = found[:limit]
        more = len(found) > limit
        next_cursor = encode_cursor("audit", [items[-1].id]) if more and items else None
        return Page(items, next_cursor)
