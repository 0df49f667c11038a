"""The one path every long-term write goes through.

``submit`` validates the request, classifies it (a key or value that names a sensitive category
is treated as one, ``longterm.sensitivity``), asks the policy gate, audits the decision, applies
the trust order and ``If-Match``, and stores the value with its history row and a mutation audit
row, all in the caller's transaction. Refusals (policy denial, trust order, stale ``If-Match``) are
returned as ``WriteOutcome`` values, never raised, so the caller commits their trace.
Promotion at task end (``action="promote"``) and the consolidation job
(``action="consolidate.write"``) call the same function.

Concurrency: the current row is replaced by compare-and-swap on ``version`` and created with
``INSERT .. ON CONFLICT DO NOTHING`` (``longterm.rows.swap``), so two writers never both succeed
against the same version on SQLite or PostgreSQL. Without ``If-Match`` a lost race is retried
(bounded by ``MAX_ATTEMPTS``); with it, it is a ``stale`` outcome (HTTP 412).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from longterm import audit
from longterm.errors import NotFound
from longterm.gate import GateDecision, PolicyGate, Principal
from longterm.models import (
    EventWrite,
    Preference,
    PreferenceWrite,
    WriteOutcome,
    WriteStatus,
)
from longterm.pseudonyms import FreeText
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry, KeySpec
from longterm.rows import add_history, current_row, new_id, swap
from longterm.sensitivity import sensitive_spec
from longterm.storage import EventRow, dumps, event_from_row, preference_from_row
from longterm.validation import check_event, check_preference
from longterm.vocabulary import Action
from longterm.write_rules import CONTENTION, event_object, judge, preference_object

__all__ = ["MAX_ATTEMPTS", "submit"]

MAX_ATTEMPTS = 8


@dataclass(frozen=True, slots=True)
class _Write:
    """One checked preference write and everything its rounds share."""

    db: Session
    write: PreferenceWrite
    spec: KeySpec
    subject: Principal
    gate: PolicyGate
    now: datetime
    action: Action
    standing_consent: bool

    @property
    def ref(self) -> str | FreeText:
        return audit.audit_key_ref(self.spec)

    def audit(self, action: str, outcome: str, decision: GateDecision, **detail: int | str) -> None:
        audit.record(
            self.db,
            tenant_id=self.subject.tenant_id,
            subject=self.subject,
            user_id=self.write.user_id,
            action=action,
            object_type="preference",
            object_id=self.ref,
            outcome=outcome,
            now=self.now,
            decision=decision,
            detail=detail,
        )


def submit(
    db: Session,
    *,
    write: PreferenceWrite | EventWrite,
    subject: Principal,
    gate: PolicyGate,
    now: datetime,
    action: Action = "write",
    registry: KeyRegistry = DEFAULT_REGISTRY,
    standing_consent: bool = False,
) -> WriteOutcome:
    """Write one preference or event in ``subject``'s tenant; the caller commits.

    ``action`` is ``write`` for direct API writes, ``promote`` at task end and
    ``consolidate.write`` for the consolidation job; ``standing_consent`` tells the gate whether
    the user consented to consolidation in the key's category.

    Raises:
        InvalidKey, InvalidValue, InvalidRequest: the request is malformed (nothing is stored).
        SupersedeNotAllowed: ``supersede`` without an admin key or a ``user_stated`` source.
        NotFound: the key is restricted to another user.
    """
    if subject.user_id is not None and subject.user_id != write.user_id:
        raise NotFound("no such user")
    if isinstance(write, EventWrite):
        return _submit_event(db, write=write, subject=subject, gate=gate, now=now, action=action,
                             standing_consent=standing_consent)  # fmt: skip
    spec = registry.lookup(write.key)
    checked = check_preference(write, spec=spec, subject=subject, now=now)
    spec = sensitive_spec(spec, checked.value)
    job = _Write(db, checked, spec, subject, gate, now, action, standing_consent)
    for _ in range(MAX_ATTEMPTS):
        outcome = _attempt(job)
        if outcome is not None:
            return outcome
    return WriteOutcome("stale", CONTENTION, reason="too many concurrent writers; retry")


def _decide(job: _Write, live: Preference | None) -> GateDecision:
    obj = preference_object(
        job.write,
        spec=job.spec,
        principal=job.subject,
        live=live,
        standing_consent=job.standing_consent,
    )
    decision = job.gate.decide(subject=job.subject, action=job.action, obj=obj)
    audit.record_decision(
        job.db,
        subject=job.subject,
        action=job.action,
        object_type="preference",
        object_id=job.ref,
        user_id=job.write.user_id,
        decision=decision,
        now=job.now,
    )
    return decision


def _refusal(job: _Write, live: Preference | None, decision: GateDecision) -> WriteOutcome | None:
    """The outcome when the write must not be stored (denied, stale, less trusted), else None;
    records the refusal's history and audit rows."""
    refusal = judge(job.write, live, decision)
    if refusal is None:
        return None
    if refusal.history is not None:
        add_history(job.db, write=job.write, subject=job.subject, now=job.now,
                    outcome=refusal.history, reason=refusal.reason,
                    keep_value=refusal.history != "denied")  # fmt: skip
    if refusal.history == "refused":
        job.audit("preference.write", "refused", decision)
    return refusal.outcome


def _attempt(job: _Write) -> WriteOutcome | None:
    """One read-decide-swap round; None when the swap lost a race and may be retried."""
    write = job.write
    row = current_row(job.db, tenant_id=job.subject.tenant_id, user_id=write.user_id, key=write.key)
    expired = row is not None and row.expires_at is not None and row.expires_at <= job.now
    live = preference_from_row(row) if row is not None and not expired else None
    decision = _decide(job, live)
    refusal = _refusal(job, live, decision)
    if refusal is not None:
        return refusal
    stored = swap(job.db, row=row, write=write, spec=job.spec, tenant_id=job.subject.tenant_id,
                  now=job.now)  # fmt: skip
    if stored is None:
        if write.if_match is None:
            return None
        return WriteOutcome("stale", decision, reason="a concurrent write changed the value")
    add_history(job.db, write=write, subject=job.subject, now=job.now, outcome="applied",
                version=stored.version)  # fmt: skip
    status: WriteStatus = "created" if row is None else "updated"
    action = "preference.create" if row is None else "preference.update"
    job.audit(action, "ok", decision, version=stored.version, source=write.source)
    return WriteOutcome(status, decision, preference=preference_from_row(stored))


def _submit_event(
    db: Session,
    *,
    write: EventWrite,
    subject: Principal,
    gate: PolicyGate,
    now: datetime,
    action: Action,
    standing_consent: bool = False,
) -> WriteOutcome:
    write = check_event(write, now=now)
    obj = event_object(write, principal=subject, standing_consent=standing_consent)
    decision = gate.decide(subject=subject, action=action, obj=obj)
    event_id = new_id("evt")
    audit.record_decision(db, subject=subject, action=action, object_type="event",
                          object_id=event_id, user_id=write.user_id, decision=decision,
                          now=now)  # fmt: skip
    if not decision.allowed:
        return WriteOutcome("denied", decision, reason=decision.reason)
    row = _event_row(write, tenant_id=subject.tenant_id, event_id=event_id, now=now)
    db.add(row)
    db.flush()
    audit.record(db, tenant_id=subject.tenant_id, subject=subject, user_id=write.user_id,
                 action="event.create", object_type="event", object_id=event_id, outcome="ok",
                 now=now, decision=decision,
                 detail={"kind": FreeText("kind", write.kind)})  # fmt: skip
    return WriteOutcome("created", decision, event=event_from_row(row))


def _event_row(write: EventWrite, *, tenant_id: str, event_id: str, now: datetime) -> EventRow:
    return EventRow(
        tenant_id=tenant_id,
        id=event_id,
        user_id=write.user_id,
        kind=write.kind,
        category=write.category or "other",
        text=write.text,
        occurred_at=write.occurred_at,
        attributes_json=dumps(write.attributes),
        source=write.source,
        source_ids_json=dumps(list(write.source_ids)),
        confidence=write.confidence,
        expires_at=write.expires_at,
        created_at=now,
    )
