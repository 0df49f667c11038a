"""Idle-time consolidation ("dreaming") of one session: the merge rules and the mark.

``consolidate_session(db, due, store=..., sessions=..., now=...)`` runs inside the caller's
transaction, which holds the user's run-once lock: it re-checks the session's mark, reads the
current summary through the ``SessionSource``, turns the summary's facts into candidates,
merges them with the user's preferences (same key and value: confidence raised on a
consolidated value, nothing written over any other source; different value: a
``consolidated`` write that the gate and then the trust order decide, the old value going to
history), writes a ``task_completed`` event for ended sessions, and marks the session. Every
write goes through the long-term write path as subject ``consolidator`` with the user's
standing consent for the key's category, and a candidate the user's words do not back
(``policy.backing``) goes as ``unbacked`` (denied by ``consolidate.source``); denials are
audited there, counted here, and never
retried: the mark is written either way, so the same summary version is not looked at again.

Which sessions are due, the transactions, the locks and the retries are the service's
(``api.jobs.consolidation``): several replicas may run it at once, and the mark re-check inside
the lock makes every summary version consolidated exactly once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Final

from sqlmodel import Session

from longterm.errors import LongtermError, NotFound
from longterm.gate import Principal
from longterm.models import EventWrite, Preference, PreferenceWrite, WriteOutcome
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from longterm.store import LongtermStore
from longterm.values import validate_value
from policy.backing import SessionTexts, session_texts
from policy.candidates import Candidate, candidates_from_summary, same_value
from policy.consent import consented_categories
from policy.sessions import DueSession, SessionSource
from policy.storage import ConsolidationMarkRow, SessionEndRow, as_utc

__all__ = [
    "CONFIDENCE_STEP",
    "DEFAULT_CONSOLIDATED_TTL_SECONDS",
    "ConsolidationReport",
    "DueSession",
    "consolidate_session",
]

DEFAULT_CONSOLIDATED_TTL_SECONDS: Final = 180 * 24 * 3600
CONFIDENCE_STEP: Final = 0.1
"""How much a repeated observation of the same value raises a consolidated confidence."""
MAX_EVIDENCE_IDS: Final = 50
"""Source ids a merged value keeps (the most recent ones)."""


@dataclass(slots=True)
class ConsolidationReport:
    """What one unit, or a whole run of them, did (counts only, never values)."""

    due: int = 0
    consolidated: int = 0
    locked: int = 0
    written: int = 0
    merged: int = 0
    denied: int = 0
    skipped: int = 0
    events: int = 0
    failed: int = 0
    denials: dict[str, int] = field(default_factory=dict)

    def add(self, other: ConsolidationReport) -> None:
        """Fold another report's counts into this one."""
        for name in ("due", "consolidated", "locked", "written", "merged", "denied", "skipped"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.events += other.events
        self.failed += other.failed
        for rule, count in other.denials.items():
            self.denials[rule] = self.denials.get(rule, 0) + count


@dataclass(frozen=True, slots=True)
class _Unit:
    db: Session
    store: LongtermStore
    subject: Principal
    user_id: str
    now: datetime
    registry: KeyRegistry
    consented: frozenset[str]
    report: ConsolidationReport


def _count(unit: _Unit, outcome: WriteOutcome | None, *, merged: bool = False) -> None:
    if outcome is None:
        unit.report.skipped += 1
        return
    if outcome.ok:
        if merged:
            unit.report.merged += 1
        else:
            unit.report.written += 1
        return
    rule = outcome.decision.rule if outcome.status == "denied" else f"write.{outcome.status}"
    unit.report.denied += 1
    unit.report.denials[rule] = unit.report.denials.get(rule, 0) + 1


def _write(unit: _Unit, candidate: Candidate, *, confidence: float) -> WriteOutcome | None:
    """The consolidated write through the gate; None when the long-term tier refused the
    request itself (malformed), which counts as skipped."""
    category = unit.registry.lookup(candidate.key).category
    write = PreferenceWrite(
        user_id=unit.user_id,
        key=candidate.key,
        value=candidate.value,
        source="consolidated",
        source_ids=candidate.source_ids,
        confidence=confidence,
        ttl_seconds=DEFAULT_CONSOLIDATED_TTL_SECONDS,
        unbacked=candidate.unbacked is not None,
    )
    try:
        return unit.store.put_preference(
            principal=unit.subject,
            tenant_id=unit.subject.tenant_id,
            write=write,
            now=unit.now,
            action="consolidate.write",
            standing_consent=category in unit.consented,
        )
    except LongtermError:
        return None


def _live_preference(unit: _Unit, key: str) -> Preference | None:
    """The user's current, unexpired value of ``key`` (None: none, or expired)."""
    try:
        return unit.store.get_preference(
            principal=unit.subject,
            tenant_id=unit.subject.tenant_id,
            user_id=unit.user_id,
            key=key,
            now=unit.now,
        )
    except NotFound:
        return None


def _merge_candidate(unit: _Unit, candidate: Candidate) -> None:
    spec = unit.registry.lookup(candidate.key)
    try:
        value = validate_value(spec, candidate.value)
    except LongtermError:
        unit.report.skipped += 1
        return
    live = _live_preference(unit, candidate.key)
    if live is not None and same_value(live.value, value):
        seen = set(live.source_ids)
        if live.source != "consolidated" or seen.issuperset(candidate.source_ids):
            # Known from a more trusted source, or this very evidence was counted already
            # (a session consolidated again at a newer summary version carries its facts over).
            unit.report.merged += 1
            return
        raised = min(1.0, max(live.confidence, candidate.confidence) + CONFIDENCE_STEP)
        evidence = tuple(dict.fromkeys((*live.source_ids, *candidate.source_ids)))
        merged = replace(candidate, value=live.value, source_ids=evidence[-MAX_EVIDENCE_IDS:])
        _count(unit, _write(unit, merged, confidence=raised), merged=True)
        return
    _count(unit, _write(unit, replace(candidate, value=value), confidence=candidate.confidence))


def _task_event(unit: _Unit, due: DueSession, categories: set[str], decisions: int) -> None:
    ended = unit.db.get(SessionEndRow, (due.tenant_id, due.session_id))
    if ended is None:
        return
    for category in sorted(categories or {"other"}):
        write = EventWrite(
            user_id=unit.user_id,
            kind=f"{category}.task_completed",
            text=f"completed a {category} task ({decisions} decisions recorded)",
            occurred_at=as_utc(ended.ended_at),
            source="consolidated",
            attributes={"session_id": due.session_id, "summary_version": due.summary_version},
            category=category,
            source_ids=(f"session:{due.session_id}",),
            confidence=0.9,
            ttl_seconds=DEFAULT_CONSOLIDATED_TTL_SECONDS,
        )
        try:
            outcome = unit.store.add_event(
                principal=unit.subject,
                tenant_id=unit.subject.tenant_id,
                write=write,
                now=unit.now,
                action="consolidate.write",
                standing_consent=category in unit.consented,
            )
        except LongtermError:
            unit.report.skipped += 1
            continue
        if outcome.ok:
            unit.report.events += 1
        else:
            _count(unit, outcome)


def consolidate_session(
    db: Session,
    due: DueSession,
    *,
    store: LongtermStore,
    sessions: SessionSource,
    now: datetime,
    registry: KeyRegistry = DEFAULT_REGISTRY,
) -> ConsolidationReport | None:
    """Consolidate one session inside the caller's transaction (the caller holds the lock
    and commits). Its summary is read through ``sessions`` and the user's values read and
    written through ``store`` (whose gate decides every write), all in ``db``'s transaction.
    None when the session was consolidated meanwhile (mark re-check)."""
    mark = db.get(ConsolidationMarkRow, (due.tenant_id, due.session_id))
    if mark is not None and mark.summary_version >= due.summary_version:
        return None
    version, summary = sessions.current_summary(
        db, tenant_id=due.tenant_id, session_id=due.session_id
    )
    subject = Principal(
        "consolidator", due.tenant_id, key_id="job:consolidate", user_id=due.user_id
    )
    report = ConsolidationReport(consolidated=1)
    unit = _Unit(
        db,
        store,
        subject,
        due.user_id,
        now,
        registry,
        consented_categories(db, tenant_id=due.tenant_id, user_id=due.user_id),
        report,
    )
    info = sessions.get_session(db, tenant_id=due.tenant_id, session_id=due.session_id)
    texts = session_texts(db, info, sessions=sessions) if info is not None else SessionTexts({})
    candidates = candidates_from_summary(
        summary, session_id=due.session_id, registry=registry, texts=texts
    )
    categories: set[str] = set()
    for candidate in candidates:
        spec = registry.lookup(candidate.key)
        backed = candidate.unbacked is None
        if backed and spec.registered and spec.scope == "durable" and not spec.sensitive:
            categories.add(spec.category)
        _merge_candidate(unit, candidate)
    _task_event(unit, due, categories, len(summary.decisions) if summary else 0)
    if mark is None:
        mark = ConsolidationMarkRow(
            tenant_id=due.tenant_id, session_id=due.session_id, user_id=due.user_id
        )
    mark.summary_version = version or due.summary_version
    mark.written, mark.merged = report.written + report.events, report.merged
    mark.denied, mark.skipped, mark.consolidated_at = report.denied, report.skipped, now
    db.add(mark)
    db.flush()
    return report
