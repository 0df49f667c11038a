"""``POST /v1/sessions/{id}/context``: compact the stored history with the stored state.

One call is one optimistic unit of work:

1. read the session, its pins and state (revision ``r``) and what of its history and recall
   index the call needs (``api.sessions.context_read``: on a warm call only what the state
   implies, so the cost follows the window, not the session's length), and end that read;
2. compact with the run-time tier, outside any transaction (it is pure and may call an LLM);
   when the state turns out not to apply, or the call must compact, read everything and
   compact again;
3. write: ``UPDATE session_states ... WHERE revision = r`` first (it takes the write lock, and
   stores the call's decision beside the state: ``api.sessions.decisions``), then the groups
   the compaction evicted into the session's recall tables (``api.sessions.recall_terms``; the
   stored state never holds the index), then
   the new summary version and its snapshot (unique per session and version), then the
   session's own count of the context (for calibration); commit. A call that changed nothing
   (same state, same count, recent activity time) writes nothing, so repeated reads of an
   unchanged session never queue for SQLite's write lock.

If another call on the same session committed in between, step 3 updates no row (or hits the
unique version) and the whole unit runs again on the new state: a version is never lost or taken
twice, and the state the second call stores is derived from the first call's.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col

from api.sessions.calibration import adapt_trigger, calibrated_budget, with_trigger
from api.sessions.context_read import RECENT_TAIL, ContextRead, read_full, read_warm
from api.sessions.decisions import decision_changed, decision_json
from api.sessions.errors import InvalidBudget, InvalidHistory, PurgedContent, StaleVersion
from api.sessions.formats import read_format
from api.sessions.profile import PlannedProfile, ProfileSource, plan_profile, with_profile
from api.sessions.recall_terms import sync_index
from api.sessions.retention import PURGED_MARK
from api.sessions.schemas import BudgetSpec, ContextIn, ContextOut, ContextReport, recall_config
from api.sessions.snapshots import snapshot_record_for
from api.sessions.store import (
    dump_json,
    load_json,
    load_pins,
    load_session,
    load_state,
    run_with_retry,
)
from api.sessions.tables import (
    AgentSessionRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionSummaryRow,
)
from runtime import CompactionResult, Compactor, RecallConfig
from runtime.budget import Budget
from runtime.errors import BudgetError, FormatError, ProtocolError
from runtime.formats import read_history
from runtime.recall import RecallIndex
from runtime.state import CompactionState
from runtime.summary.polarity import ClauseCache
from runtime.summary.protocol import Summarizer
from runtime.summary.schema import CompactionSummary
from runtime.tokens import TokenCounter
from storage.metadata import utcnow
from storage.types import as_utc

__all__ = ["RECENT_TOOL_RESULTS", "ContextRuntime", "build_context"]

RECENT_TOOL_RESULTS = 3
ACTIVITY_RESOLUTION = timedelta(seconds=60)  # how stale ``updated_at`` may get on reads


@dataclass(frozen=True, slots=True)
class ContextRuntime:
    """What every ``/context`` call shares: one token counter (its cache is keyed by content
    digest, so it serves all sessions and tenants), the configured summarizer, and the clock."""

    counter: TokenCounter
    summarizer: Summarizer | None
    clock: Callable[[], datetime] = utcnow
    on_compaction: Callable[[ContextReport], None] | None = None
    summarizer_slots: threading.BoundedSemaphore | None = None
    """Bounds concurrent calls that may reach a remote summarizer: a call finding no free slot
    compacts with the window alone (``report.summarizer_busy``) instead of holding one more
    worker thread for the LLM's latency. ``None``: unbounded (offline summarizers)."""
    clauses: ClauseCache = field(default_factory=ClauseCache)
    """Summary validation's judged clauses, shared like the counter (digests only, no text)."""


@dataclass(frozen=True, slots=True)
class _Loaded:
    row: AgentSessionRow
    revision: int
    summary_version: int
    state: CompactionState | None
    state_json: str | None
    read: ContextRead
    pins: list[str]
    recall: RecallConfig
    decision_json: str | None = None

    @property
    def entries(self) -> list[Any]:
        """The history as read (``None`` at positions a warm read skipped)."""
        return self.read.entries


def build_context(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    body: ContextIn,
    runtime: ContextRuntime,
    profile: ProfileSource | None = None,
) -> ContextOut:
    """Compact the session for its next model call and persist the decision.

    Raises:
        SessionNotFound: no such session for this caller.
        InvalidBudget: an impossible budget override.
        InvalidHistory: the stored history cannot be compacted (it was checked on append).
        PurgedContent: the context would need messages the tenant's retention purged.
        StaleVersion: concurrent calls kept winning the race (after several retries).
    """

    def unit() -> ContextOut:
        loaded = _load(
            db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope, body=body
        )
        budget, share = _budget(loaded.row, body.budget)
        planned = _plan_profile(db, loaded, budget, body, runtime, profile)
        started = time.perf_counter()
        reserved = budget if planned is None else planned.reserve(budget)
        compacted = _compact(loaded, reserved, runtime, summary_share=share)
        if compacted is None:  # the warm read does not do: read everything, compact again
            loaded = _read_all(db, loaded)
            compacted = _compact(loaded, reserved, runtime, summary_share=share)
        assert compacted is not None  # a full read always compacts
        result, extra = compacted
        extra["session_budget"] = budget.to_dict()
        extra["profile"] = None if planned is None else planned.report
        _refuse_tombstones(result.messages, result.ids)
        elapsed_ms = round((time.perf_counter() - started) * 1000, 3)
        report = ContextReport.of(result.report, **extra, service_elapsed_ms=elapsed_ms)
        _store(db, loaded, result, report=report, runtime=runtime)
        if runtime.on_compaction is not None:
            runtime.on_compaction(report)
        system = result.system if result.system is not None else load_json(loaded.row.system_json)
        messages, ids = with_profile(result.messages, result.ids, planned)
        return ContextOut(messages=messages, system=system, ids=ids, report=report)

    return run_with_retry(db, unit, what="context")


def _plan_profile(
    db: Session,
    loaded: _Loaded,
    budget: Budget,
    body: ContextIn,
    runtime: ContextRuntime,
    source: ProfileSource | None,
) -> PlannedProfile | None:
    """The user's profile block when the call asks for it (``api.sessions.profile``)."""
    if not body.include_profile or source is None:
        return None
    row = loaded.row
    try:
        share = (body.budget or BudgetSpec()).profile_share_over(load_json(row.budget_json))
    except BudgetError as exc:
        raise InvalidBudget(str(exc)) from exc
    planned = plan_profile(
        source,
        user_id=row.user_id,
        entries=loaded.entries,
        fmt=read_format(row.format),
        budget=budget,
        share=share,
        counter=runtime.counter,
        now=runtime.clock(),
    )
    db.commit()  # end the long-term read: the write phase starts its own transaction
    return planned


def _load(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None, body: ContextIn
) -> _Loaded:
    row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    try:
        recall = recall_config(body, load_json(row.budget_json))
    except BudgetError as exc:
        raise InvalidBudget(str(exc)) from exc
    state_row = load_state(db, tenant_id=tenant_id, session_id=session_id)
    pins = load_pins(db, tenant_id=tenant_id, session_id=session_id)
    state = None
    if state_row.state_json is not None:
        try:
            state = CompactionState.from_json(state_row.state_json)
        except FormatError:
            state = None  # an unreadable state only costs a fresh start
    read = None
    if state is not None and read_format(row.format) == state.format:
        read = read_warm(
            db,
            tenant_id=tenant_id,
            session_id=session_id,
            state=state,
            count=row.message_count,
            pins=pins,
            recall=recall,
        )
    if read is None:
        read = read_full(db, tenant_id=tenant_id, session_id=session_id, recall=recall.enabled)
    # End the read transaction: the compaction runs outside any transaction, and on SQLite the
    # write phase must start a fresh one (a read snapshot cannot be upgraded once it is stale).
    db.commit()
    return _Loaded(
        row=row,
        revision=state_row.revision,
        summary_version=state_row.summary_version,
        state=state,
        state_json=state_row.state_json,
        read=read,
        pins=pins,
        recall=recall,
        decision_json=state_row.decision_json,
    )


def _read_all(db: Session, loaded: _Loaded) -> _Loaded:
    """``loaded`` with the whole history and stored index (the warm read did not do)."""
    row = loaded.row
    read = read_full(db, tenant_id=row.tenant_id, session_id=row.id, recall=loaded.recall.enabled)
    db.commit()
    return replace(loaded, read=read)


def _budget(row: AgentSessionRow, override: BudgetSpec | None) -> tuple[Budget, float]:
    """The call's budget and summary share: the override's parts over the session's."""
    spec, stored = override or BudgetSpec(), load_json(row.budget_json)
    try:
        return spec.apply(stored), spec.summary_share_over(stored)
    except BudgetError as exc:
        raise InvalidBudget(str(exc)) from exc


def _recent_tool_tokens(loaded: _Loaded, counter: TokenCounter) -> list[int]:
    """Token counts of the last few tool results (read from the tail of the history only)."""
    if not loaded.entries:
        return []
    tail = loaded.entries[-RECENT_TAIL:]
    try:
        messages = read_history(tail, format=read_format(loaded.row.format)).messages
    except FormatError:
        return []
    recent = [m for m in messages if m.tool_results][-RECENT_TOOL_RESULTS:]
    return counter.count_messages(recent) if recent else []


def _compact(
    loaded: _Loaded, budget: Budget, runtime: ContextRuntime, *, summary_share: float
) -> tuple[CompactionResult, dict[str, Any]] | None:
    """Compact, or ``None`` when the read was warm and the call needs the whole history."""
    row = loaded.row
    calibrated = calibrated_budget(budget, row.calibration_factor)
    slots = runtime.summarizer_slots
    busy = slots is not None and not slots.acquire(blocking=False)
    summarizer = None if busy else runtime.summarizer
    try:
        adaptive = adapt_trigger(
            calibrated, recent_tool_result_tokens=_recent_tool_tokens(loaded, runtime.counter)
        )
        effective = with_trigger(calibrated, adaptive.effective)
        compactor = Compactor(
            effective,
            summarizer=summarizer,
            summary_budget=summary_share,
            counter=runtime.counter,
            clauses=runtime.clauses,
            recall=loaded.recall,
        )
        state = loaded.state
        if state is not None:
            state = replace(state, recall_index=loaded.read.index)
        if not loaded.read.full:
            assert state is not None  # a warm read needs a state
            warm = compactor.compact_from_cut(
                loaded.entries,
                state=state,
                pinned_ids=loaded.pins,
                format=read_format(row.format),
                tools=load_json(row.tools_json),
                system=load_json(row.system_json),
            )
            if warm is None:
                return None
            result = warm
        else:
            result = compactor.compact(
                loaded.entries,
                pinned_ids=loaded.pins,
                format=read_format(row.format),
                state=state,
                tools=load_json(row.tools_json),
                system=load_json(row.system_json),
                now=runtime.clock(),
            )
    except (ProtocolError, FormatError) as exc:  # stored data is validated on append
        raise InvalidHistory(str(exc)) from exc
    except BudgetError as exc:  # e.g. a calibration or trigger leaving no usable tokens
        raise InvalidBudget(str(exc)) from exc
    finally:
        if slots is not None and not busy:
            slots.release()
    extra = {
        "session_id": row.id,
        "session_budget": budget.to_dict(),
        "calibration": {
            "factor": round(row.calibration_factor, 4),
            "samples": row.calibration_samples,
            "usable_tokens": budget.usable,
            "calibrated_usable_tokens": calibrated.usable,
        },
        "adaptive_trigger": adaptive.to_dict(),
        "summary_share": summary_share,
        "recall_share": loaded.recall.share,
        # what the summary strategy reserves (``int(share * target)``: compaction.strategies)
        "summary_budget_tokens": int(summary_share * effective.target_tokens),
        "summarizer": None if runtime.summarizer is None else runtime.summarizer.name,
        "summarizer_busy": busy,
    }
    return result, extra


def _refuse_tombstones(messages: list[Any], ids: list[str]) -> None:
    """The retention purge only touches messages a summary covers and the cut leaves out; if a
    state ever pointed before one anyway, refuse rather than send a tombstone.

    Raises:
        PurgedContent: the context would contain purged messages (their ids are named).
    """
    purged = [
        mid
        for mid, m in zip(ids, messages, strict=False)
        if isinstance(m, dict) and m.get(PURGED_MARK) is True
    ]
    if purged:
        raise PurgedContent(
            f"the context would need {len(purged)} raw message(s) purged by the tenant's "
            "retention; restore or compact from a later summary",
            purged_ids=purged[:50],
        )


def _unchanged(loaded: _Loaded, state_json: str, own_tokens: int, now: datetime) -> bool:
    """True when the call changed nothing worth a write: same state, same own count, and the
    session's activity time is recent enough (the idle-time consolidation reads it)."""
    row = loaded.row
    return (
        state_json == loaded.state_json
        and own_tokens == row.last_context_tokens
        and now - as_utc(row.updated_at) < ACTIVITY_RESOLUTION
    )


def _store(
    db: Session,
    loaded: _Loaded,
    result: CompactionResult,
    *,
    report: ContextReport,
    runtime: ContextRuntime,
) -> None:
    row, now = loaded.row, runtime.clock()
    new_state = result.state
    new_version = new_state.summary_version
    state_json = _stored_state(new_state)
    stored_index = loaded.read.stored if loaded.recall.enabled else None
    index_changed = stored_index is not None and new_state.recall_index is not stored_index.index
    own_tokens = report.compacted_tokens
    decision = decision_json(
        result, report, counter=runtime.counter, now=now, stored=loaded.decision_json
    )
    if (
        _unchanged(loaded, state_json, own_tokens, now)
        and not decision_changed(loaded.decision_json, decision)
        and not index_changed
    ):
        return  # nothing to persist: no write transaction, no write lock taken
    updated = db.execute(
        update(SessionStateRow)
        .where(
            col(SessionStateRow.tenant_id) == row.tenant_id,
            col(SessionStateRow.session_id) == row.id,
            col(SessionStateRow.revision) == loaded.revision,
        )
        .values(
            revision=loaded.revision + 1,
            state_json=state_json,
            summary_version=max(new_version, loaded.summary_version),
            decision_json=decision,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    if getattr(updated, "rowcount", 0) != 1:
        raise StaleVersion("the session's state changed meanwhile")
    if stored_index is not None and index_changed:
        sync_index(
            db,
            tenant_id=row.tenant_id,
            session_id=row.id,
            user_id=row.user_id,
            before=stored_index,
            after=new_state.recall_index,
            now=now,
        )
    summary = new_state.summary_model if new_version > loaded.summary_version else None
    if summary is not None:
        _store_summary(db, loaded, result, summary, report=report, runtime=runtime, now=now)
    db.execute(
        update(AgentSessionRow)
        .where(col(AgentSessionRow.tenant_id) == row.tenant_id, col(AgentSessionRow.id) == row.id)
        .execution_options(synchronize_session=False)
        .values(last_context_tokens=own_tokens, updated_at=now)
    )
    db.commit()


def _stored_state(state: CompactionState) -> str:
    """The state as stored: without its recall index, which lives in the recall tables (where
    deletion, erasure and the purge reach it)."""
    return replace(state, recall_index=RecallIndex()).to_json()


def _store_summary(
    db: Session,
    loaded: _Loaded,
    result: CompactionResult,
    summary: CompactionSummary,
    *,
    report: ContextReport,
    runtime: ContextRuntime,
    now: datetime,
) -> None:
    row, state = loaded.row, result.state
    summarizer = runtime.summarizer
    record = snapshot_record_for(
        report=report,
        summary=summary,
        state_until=state.summary_until_index,
        entries=loaded.entries,
        summarizer=summarizer,
        now=now,
    )
    db.add(
        SessionSummaryRow(
            tenant_id=row.tenant_id,
            session_id=row.id,
            user_id=row.user_id,
            version=state.summary_version,
            previous_version=loaded.summary_version or None,
            restored_from=summary.restored_from,
            summarizer=None if summarizer is None else summarizer.name,
            model=None if summarizer is None else summarizer.model,
            summary_json=dump_json(state.summary),
            state_json=_stored_state(state),
            created_at=now,
        )
    )
    db.add(
        SessionSnapshotRow(
            tenant_id=row.tenant_id,
            session_id=row.id,
            user_id=row.user_id,
            version=state.summary_version,
            record_json=dump_json(record),
            created_at=now,
        )
    )
    db.flush()  # a concurrent unit that took this version fails here and is retried
