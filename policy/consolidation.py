"""The idle-time consolidation job ("dreaming") and the expiry sweep.

``consolidate(engine, gate=..., now=..., idle=...)`` finds sessions idle for ``idle`` whose
current summary version has not been consolidated yet, and for each one, in ONE transaction:
takes the user's run-once lock, re-checks the session's mark, turns the summary's facts into
candidates, merges them with the user's preferences (same key and value: confidence raised on
a consolidated value, nothing written over any other source; different value: a
``consolidated`` write that the gate and then the trust order decide, the old value going to
history), writes a ``task_completed`` event for ended sessions, and marks the session. Every
write goes through the long-term write path as subject ``consolidator`` with the user's
standing consent for the key's category; denials are audited there, counted here, and never
retried: the mark is written either way, so the same summary version is not looked at again.

A unit killed half way leaves nothing (its transaction rolls back) and is picked up by the next
run. Several replicas may run this at once: PostgreSQL advisory locks (or SQLite leases, see
``storage.locks``) make one of them consolidate a user at a time, and the mark re-check inside
the lock makes every summary version consolidated exactly once.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, Final

from sqlalchemy import Engine
from sqlmodel import Session

from longterm.errors import LongtermError, NotFound
from longterm.gate import PolicyGate, Principal
from longterm.models import EventWrite, Preference, PreferenceWrite, WriteOutcome
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from longterm.store import get_preference
from longterm.values import validate_value
from longterm.write_path import submit
from policy.candidates import Candidate, candidates_from_summary, same_value
from policy.consent import consented_categories
from policy.sessions import DueSession, SessionSource
from policy.storage import ConsolidationMarkRow, SessionEndRow, as_utc
from storage.locks import acquire_lease, release_lease, try_advisory_xact_lock, uses_leases

__all__ = [
    "CONFIDENCE_STEP",
    "DEFAULT_CONSOLIDATED_TTL_SECONDS",
    "ConsolidationReport",
    "DueSession",
    "consolidate",
    "consolidate_session",
    "due_sessions",
]

DEFAULT_CONSOLIDATED_TTL_SECONDS: Final = 180 * 24 * 3600
CONFIDENCE_STEP: Final = 0.1
"""How much a repeated observation of the same value raises a consolidated confidence."""
MAX_SESSIONS_PER_RUN: Final = 500
_log = logging.getLogger("tiermem.jobs")
MAX_EVIDENCE_IDS: Final = 50
"""Source ids a merged value keeps (the most recent ones)."""


@dataclass(slots=True)
class ConsolidationReport:
    """What one run did (counts only, never values)."""

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

    def as_dict(self) -> dict[str, Any]:
        """JSON form for the admin route and the CLI."""
        return {
            "due": self.due,
            "consolidated": self.consolidated,
            "locked": self.locked,
            "written": self.written,
            "merged": self.merged,
            "denied": self.denied,
            "skipped": self.skipped,
            "events": self.events,
            "failed": self.failed,
            "denials": dict(sorted(self.denials.items())),
        }


def due_sessions(
    db: Session,
    *,
    sessions: SessionSource,
    now: datetime,
    idle: timedelta,
    tenant_id: str | None = None,
    limit: int = MAX_SESSIONS_PER_RUN,
) -> list[DueSession]:
    """Sessions idle since ``now - idle`` with a summary newer than their consolidation mark,
    tenant by tenant (all of them when ``tenant_id`` is None), oldest activity first within a
    tenant; at most ``limit`` per tenant, so one busy tenant does not starve the others."""
    since = now - idle
    tenants = (
        [tenant_id]
        if tenant_id is not None
        else sessions.tenants_due_for_consolidation(db, idle_since=since)
    )
    due: list[DueSession] = []
    for tenant in tenants:
        due.extend(
            sessions.due_for_consolidation(db, tenant_id=tenant, idle_since=since, limit=limit)
        )
    return due


@dataclass(frozen=True, slots=True)
class _Unit:
    db: Session
    gate: PolicyGate
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
    )
    try:
        return submit(
            unit.db,
            write=write,
            subject=unit.subject,
            gate=unit.gate,
            now=unit.now,
            action="consolidate.write",
            registry=unit.registry,
            standing_consent=category in unit.consented,
        )
    except LongtermError:
        return None


def _live_preference(unit: _Unit, key: str) -> Preference | None:
    """The user's current, unexpired value of ``key`` (None: none, or expired)."""
    try:
        return get_preference(
            unit.db, tenant_id=unit.subject.tenant_id, user_id=unit.user_id, key=key, now=unit.now
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
            outcome = submit(
                unit.db,
                write=write,
                subject=unit.subject,
                gate=unit.gate,
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
    gate: PolicyGate,
    sessions: SessionSource,
    now: datetime,
    registry: KeyRegistry = DEFAULT_REGISTRY,
) -> ConsolidationReport | None:
    """Consolidate one session inside the caller's transaction (the caller holds the lock
    and commits); its summary is read through ``sessions`` in the same transaction. None when
    the session was consolidated meanwhile (mark re-check)."""
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
        gate,
        subject,
        due.user_id,
        now,
        registry,
        consented_categories(db, tenant_id=due.tenant_id, user_id=due.user_id),
        report,
    )
    candidates = candidates_from_summary(summary, session_id=due.session_id, registry=registry)
    categories: set[str] = set()
    for candidate in candidates:
        spec = registry.lookup(candidate.key)
        if spec.registered and spec.scope == "durable" and not spec.sensitive:
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


def _one_unit(
    engine: Engine,
    due: DueSession,
    *,
    gate: PolicyGate,
    sessions: SessionSource,
    now: datetime,
    holder: str,
    registry: KeyRegistry,
) -> ConsolidationReport | None:
    """One session in one transaction under the user's lock; None when locked elsewhere."""
    lock_name = f"consolidate:user:{due.user_id}"
    leased = uses_leases(engine)
    if leased and not acquire_lease(
        engine, tenant_id=due.tenant_id, name=lock_name, now=now, holder=holder
    ):
        return None
    try:
        with Session(engine, expire_on_commit=False) as db:
            if not leased and not try_advisory_xact_lock(
                db, tenant_id=due.tenant_id, name=lock_name
            ):
                return None
            report = consolidate_session(
                db, due, gate=gate, sessions=sessions, now=now, registry=registry
            )
            db.commit()
            return report or ConsolidationReport()
    finally:
        if leased:
            release_lease(engine, tenant_id=due.tenant_id, name=lock_name, holder=holder)


def consolidate(
    engine: Engine,
    *,
    gate: PolicyGate,
    sessions: SessionSource,
    now: datetime,
    idle: timedelta,
    tenant_id: str | None = None,
    registry: KeyRegistry = DEFAULT_REGISTRY,
    limit: int = MAX_SESSIONS_PER_RUN,
    on_unit: Callable[[DueSession], None] | None = None,
) -> ConsolidationReport:
    """One consolidation run over every due session (of one tenant, when given).

    Sessions locked by another runner are retried once at the end of the run, then left to
    the next run. ``on_unit`` is called before each unit (tests use it to interleave runners).

    Raises:
        sqlalchemy.exc.SQLAlchemyError: the database failed (the failing unit rolled back;
            units committed before it stay committed).
    """
    with Session(engine) as db:
        due = due_sessions(
            db, sessions=sessions, now=now, idle=idle, tenant_id=tenant_id, limit=limit
        )
    holder = uuid.uuid4().hex[:16]
    total = ConsolidationReport(due=len(due))
    pending = list(due)
    for attempt in range(2):
        locked: list[DueSession] = []
        for item in pending:
            if on_unit is not None:
                on_unit(item)
            try:
                report = _one_unit(
                    engine,
                    item,
                    gate=gate,
                    sessions=sessions,
                    now=now,
                    holder=holder,
                    registry=registry,
                )
            except (LongtermError, ValueError) as exc:
                # One malformed unit must not block the queue: it rolled back, is counted,
                # and is tried again by the next run; database errors still stop the run.
                _log.warning("consolidation of %s failed: %s", item.session_id, type(exc).__name__)
                total.failed += 1
                continue
            if report is None:
                locked.append(item)
            else:
                total.add(report)
        pending = locked
        if not pending or attempt == 1:
            break
    total.locked = len(pending)
    return total
