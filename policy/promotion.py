"""Promotion at task end: ``POST /v1/sessions/{id}/end``.

Candidates come from the session's current summary facts, the constraints and decisions on its
lost list (set aside for room), the messages no summary covers yet, and the consents the user
gave at the end (``{key, value?}``); each says which (``read_from``, ``policy.end_sources``).
Each is mapped to a preference key, asked of the gate as ``promote`` and, when allowed, written
through the long-term write path with source ``promoted``, the session and message ids, its
confidence, the consent and a default expiry.
Every candidate comes back as ``promoted`` or ``denied`` with the rule and the reason.

Only the user's words cross: each fact and decision is checked against the session's stored
messages (``policy.backing``); one that no user-authored text it cites holds is sent to the
gate as ``unbacked`` and denied by ``promote.source``, whose reason in the answer says which
check failed.

Ending is idempotent: the answer is stored with the session (``session_ends``) in the same
transaction as the writes, and ending again with the same request returns it unchanged. The
stored answer holds keys, rules and reasons, never values.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Final, Literal

from sqlmodel import Session

from longterm import audit
from longterm.errors import InvalidKey, InvalidValue, LongtermError
from longterm.gate import PolicyGate, Principal
from longterm.models import EventWrite, PreferenceConsent, PreferenceWrite, WriteOutcome
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from longterm.write_path import submit
from policy.backing import SessionTexts, decision_backing, session_texts
from policy.candidates import MAX_CANDIDATE_SOURCE_IDS, Candidate
from policy.closing import closing_summary
from policy.end_consents import merge_consents
from policy.end_sources import end_candidates, end_decisions
from policy.errors import SessionNotEndable, SessionNotFound
from policy.sessions import SessionInfo, SessionSource
from policy.storage import SessionEndRow
from policy.task_end import CandidateOutcome, EndOutcome, KeepConsent
from policy.task_events import TaskConsentGate, event_consents, task_category
from runtime.errors import FormatError
from runtime.summary.protocol import Summarizer
from runtime.summary.schema import CompactionSummary
from runtime.summary.schema import Decision as SummaryDecision
from runtime.summary.set_aside import SetAside

__all__ = [
    "DEFAULT_PROMOTED_TTL_SECONDS",
    "CandidateOutcome",
    "EndOutcome",
    "KeepConsent",
    "end_session",
    "stored_end",
]

DEFAULT_PROMOTED_TTL_SECONDS: Final = 365 * 24 * 3600
"""A promoted preference lapses after a year unless re-stated or re-promoted."""


def _request_digest(*, promote: bool, consents: Sequence[KeepConsent]) -> str:
    """The digest of what was asked: an end asked again the same way replays the stored one."""
    canonical = json.dumps(
        {
            "promote": promote,
            "consents": sorted(
                json.dumps({"key": c.key, "value": c.value}, sort_keys=True, default=str)
                for c in consents
            ),
        },
        sort_keys=True,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _load_session(
    db: Session, sessions: SessionSource, *, subject: Principal, session_id: str
) -> SessionInfo:
    found = sessions.get_session(db, tenant_id=subject.tenant_id, session_id=session_id)
    if found is None or (subject.user_id is not None and found.user_id != subject.user_id):
        raise SessionNotFound(f"session {session_id!r} not found")
    return found


def stored_end(db: Session, *, tenant_id: str, session_id: str) -> EndOutcome | None:
    """The stored answer of an ended session, marked ``replayed``; None if not ended."""
    row = db.get(SessionEndRow, (tenant_id, session_id))
    if row is None:
        return None
    return replace(EndOutcome.from_json(row.response_json), replayed=True)


def _result(candidate: Candidate, outcome: WriteOutcome) -> CandidateOutcome:
    decision = outcome.decision
    if outcome.ok:
        status: Literal["promoted", "denied"] = "promoted"
        rule, reason = decision.rule, decision.reason
    elif outcome.status == "denied":
        status, rule, reason = "denied", decision.rule, decision.reason
        if candidate.unbacked and rule == "promote.source":
            reason = f"{reason}: {candidate.unbacked}"
    elif outcome.status == "refused":
        status, rule, reason = "denied", "trust.order", outcome.reason
    else:
        status, rule, reason = "denied", "contention", outcome.reason
    return CandidateOutcome(
        key=candidate.key,
        fact_key=candidate.fact_key,
        fact_status=candidate.fact_status,
        status=status,
        rule=rule,
        reason=reason,
        policy_version=decision.policy_version,
        confidence=candidate.confidence,
        consent=candidate.consent,
        source_ids=candidate.source_ids,
        preference_version=outcome.preference.version if outcome.preference else None,
        read_from=candidate.read_from,
    )


@dataclass(frozen=True, slots=True)
class _End:
    """Everything the candidates of one end share."""

    db: Session
    gate: PolicyGate
    subject: Principal
    session_id: str
    user_id: str
    now: datetime
    registry: KeyRegistry
    ttl_seconds: int
    texts: SessionTexts


def _invalid_rule(exc: LongtermError) -> str:
    if isinstance(exc, InvalidKey):
        return "key.invalid"
    return "value.invalid" if isinstance(exc, InvalidValue) else "request.invalid"


def _promote_one(end: _End, candidate: Candidate) -> CandidateOutcome:
    consent = None
    if candidate.consent:
        purpose = f"keep {candidate.key} after the task (consent given at session end)"
        given_by = end.subject.key_id or end.subject.role
        consent = PreferenceConsent(given_by=given_by, given_at=end.now, purpose=purpose)
    write = PreferenceWrite(
        user_id=end.user_id,
        key=candidate.key,
        value=candidate.value,
        source="promoted",
        source_ids=candidate.source_ids,
        confidence=candidate.confidence,
        consent=consent,
        ttl_seconds=end.ttl_seconds,
        unbacked=candidate.unbacked is not None,
    )
    try:
        outcome = submit(
            end.db,
            write=write,
            subject=end.subject,
            gate=end.gate,
            now=end.now,
            action="promote",
            registry=end.registry,
        )
    except LongtermError as exc:
        # The long-term tier's messages name the key and the expected shape, never the value.
        return CandidateOutcome(
            key=candidate.key,
            fact_key=candidate.fact_key,
            fact_status=candidate.fact_status,
            status="denied",
            rule=_invalid_rule(exc),
            reason=str(exc),
            confidence=candidate.confidence,
            consent=candidate.consent,
            source_ids=candidate.source_ids,
            read_from=candidate.read_from,
        )
    return _result(candidate, outcome)


def _promote_decision(
    end: _End, decision: SummaryDecision, *, consented: bool, category: str
) -> CandidateOutcome:
    """A decision taken within the task, proposed as a timeline event; the gate decides, with
    the task's consent when the ``/end`` body gave it (``policy.task_events``)."""
    source_ids = (
        f"session:{end.session_id}",
        *decision.source_ids[: MAX_CANDIDATE_SOURCE_IDS - 1],
    )
    text = decision.text if not decision.reason else f"{decision.text} ({decision.reason})"
    unbacked = decision_backing(decision, end.texts)
    write = EventWrite(
        user_id=end.user_id,
        kind="task.decision",
        text=text[:2000],
        occurred_at=end.now,
        source="promoted",
        category=category,
        source_ids=source_ids,
        confidence=0.9,
        ttl_seconds=end.ttl_seconds,
        unbacked=unbacked is not None,
    )
    candidate = Candidate(
        key="task.decision",
        value=None,
        confidence=0.9,
        source_ids=source_ids,
        fact_key=None,
        fact_status="decision",
        consent=consented,
        unbacked=unbacked,
    )
    gate = TaskConsentGate(end.gate, consented=consented)
    try:
        outcome = submit(
            end.db, write=write, subject=end.subject, gate=gate, now=end.now, action="promote"
        )
    except LongtermError:
        return CandidateOutcome(
            key="task.decision",
            kind="event",
            fact_status="decision",
            status="denied",
            rule="value.invalid",
            reason="event: invalid",
            confidence=0.9,
            consent=consented,
            source_ids=source_ids,
        )
    return replace(_result(candidate, outcome), kind="event")


def _promote_all(
    end: _End,
    summary: CompactionSummary | None,
    consents: Sequence[KeepConsent],
    *,
    stored: CompactionSummary | None,
    set_aside: SetAside,
) -> list[CandidateOutcome]:
    facts = end_candidates(
        summary,
        stored=stored,
        set_aside=set_aside,
        session_id=end.session_id,
        registry=end.registry,
        texts=end.texts,
    )
    merged = merge_consents(facts, consents, session_id=end.session_id, registry=end.registry)
    results = [
        item if isinstance(item, CandidateOutcome) else _promote_one(end, item) for item in merged
    ]
    consented = "task.decision" in event_consents(c.key for c in consents)
    category = task_category((r.key for r in results), registry=end.registry)
    for decision, read_from in end_decisions(summary, stored=stored, set_aside=set_aside):
        result = _promote_decision(end, decision, consented=consented, category=category)
        results.append(replace(result, read_from=read_from))
    return results


def _set_aside(
    db: Session, sessions: SessionSource, session: SessionInfo, version: int | None
) -> SetAside:
    """What the current version had no room for, as the session's state carries it (none when
    the state belongs to another version, e.g. after a restore, or cannot be read)."""
    if version is None:
        return ()
    state = sessions.state(db, tenant_id=session.tenant_id, session_id=session.session_id)
    if state is None or state.summary_version != version:
        return ()
    try:
        return state.set_aside_items
    except FormatError:
        return ()


def _store_end(db: Session, *, subject: Principal, result: EndOutcome, digest: str) -> None:
    """Keep the answer (for idempotent replays) and audit the end, in the end's transaction."""
    session_id, promoted = result.session_id, result.promoted
    db.add(
        SessionEndRow(
            tenant_id=subject.tenant_id,
            session_id=session_id,
            user_id=result.user_id,
            ended_by=subject.key_id,
            request_sha256=digest,
            response_json=result.to_json(),
            ended_at=result.ended_at,
        )
    )
    audit.record(
        db,
        tenant_id=subject.tenant_id,
        subject=subject,
        user_id=result.user_id,
        action="session.end",
        object_type="session",
        object_id=session_id,
        outcome="ok",
        now=result.ended_at,
        detail={"promoted": promoted, "denied": result.denied},
    )
    db.flush()


def end_session(
    db: Session,
    *,
    gate: PolicyGate,
    subject: Principal,
    session_id: str,
    promote: bool = True,
    consents: Sequence[KeepConsent] = (),
    sessions: SessionSource,
    now: datetime,
    registry: KeyRegistry = DEFAULT_REGISTRY,
    ttl_seconds: int = DEFAULT_PROMOTED_TTL_SECONDS,
    summarizer: Summarizer | None = None,
) -> EndOutcome:
    """End the task and promote what policy allows; the caller commits (one transaction).

    The session is read through ``sessions`` in ``db``, so the reads, the long-term writes and
    the stored answer are one unit of work.

    With a ``summarizer`` (the service passes the offline extractive one), the messages the
    current summary does not cover yet are read too (``policy.closing``), so that what the user
    said last, or in a session too short to have compacted, can be promoted. Decisions of the
    summary are proposed as ``task.decision`` events, kept when ``consents`` name
    ``task.decision`` (``policy.task_events``); the gate denies them without it. With
    ``promote=False`` the end is recorded and nothing is promoted.

    Raises:
        SessionNotFound: no such session in the caller's tenant (or for its user).
        SessionNotEndable: the session was already ended with a different request.
    """
    session = _load_session(db, sessions, subject=subject, session_id=session_id)
    digest = _request_digest(promote=promote, consents=consents)
    stored = db.get(SessionEndRow, (subject.tenant_id, session_id))
    if stored is not None:
        if stored.request_sha256 != digest:
            raise SessionNotEndable("the session was already ended with a different request")
        return replace(EndOutcome.from_json(stored.response_json), replayed=True)
    version, summary = sessions.current_summary(
        db, tenant_id=subject.tenant_id, session_id=session_id
    )
    results: list[CandidateOutcome] = []
    closing = 0
    if promote:
        current, set_aside = summary, _set_aside(db, sessions, session, version)
        if summarizer is not None:
            summary, closing = closing_summary(
                db, session, summary, sessions=sessions, summarizer=summarizer, now=now
            )
        texts = session_texts(db, session, sessions=sessions)
        end = _End(
            db, gate, subject, session_id, session.user_id, now, registry, ttl_seconds, texts
        )
        results = _promote_all(end, summary, consents, stored=current, set_aside=set_aside)
    promoted = sum(1 for r in results if r.status == "promoted")
    result = EndOutcome(
        session_id=session_id,
        user_id=session.user_id,
        ended_at=now,
        promote=promote,
        summary_version=version,
        closing_messages=closing,
        promoted=promoted,
        denied=len(results) - promoted,
        candidates=tuple(results),
    )
    _store_end(db, subject=subject, result=result, digest=digest)
    return result
