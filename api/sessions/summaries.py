"""Summary versions of a session: list, read with snapshot and diff, restore.

Restoring version ``v`` while ``N`` is current creates version ``N+1`` whose content is ``v``'s,
with ``restored_from = v`` and ``previous_version = N`` (the run-time tier's rollback). The
run-time tier's ``rollback`` re-validates ``v`` against the messages it covered and writes the
snapshot record of ``N+1`` (through ``SqlSnapshotStore``); the session's compaction state is then
rewound to where ``v`` left off (cut and summary coverage), so every message summarized after ``v``
is kept raw again, or summarized again by the next compaction, never lost. The new version, its
snapshot and the new state are written in one transaction, with the same optimistic check as
``/context``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import update
from sqlmodel import Session, col, select

from api.pagination import DEFAULT_LIMIT, check_limit, decode_position, encode_cursor
from api.sessions.context import ContextRuntime
from api.sessions.errors import (
    InvalidBudget,
    InvalidSummary,
    PurgedContent,
    StaleVersion,
    SummaryConflict,
    SummaryNotFound,
)
from api.sessions.formats import read_format
from api.sessions.retention import PURGED_MARK
from api.sessions.schemas import (
    DEFAULT_SUMMARY_SHARE,
    BudgetSpec,
    SummaryDetail,
    SummaryList,
    SummaryPublic,
)
from api.sessions.snapshots import SqlSnapshotStore
from api.sessions.store import (
    dump_json,
    load_history,
    load_json,
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
from longterm import audit
from longterm.gate import Principal
from runtime.errors import BudgetError, FormatError, ProtocolError
from runtime.formats import read_history
from runtime.messages import Format, Message
from runtime.rollback import resume_after_rollback
from runtime.state import CompactionState
from runtime.summary.schema import CompactionSummary
from runtime.summary.snapshots import RollbackOutcome, SnapshotError, rollback
from storage.types import as_utc

__all__ = ["SUMMARY_BUDGET_SHARE", "get_summary", "list_summaries", "restore_summary"]

# The default share of the target kept for the summary; a session's own ``summary_share``
# (its budget) overrides it, for compaction and for the restore's budget check alike.
SUMMARY_BUDGET_SHARE = DEFAULT_SUMMARY_SHARE


def _public(row: SessionSummaryRow, current: int) -> SummaryPublic:
    return SummaryPublic(
        version=row.version,
        previous_version=row.previous_version,
        restored_from=row.restored_from,
        summarizer=row.summarizer,
        model=row.model,
        current=row.version == current,
        created_at=as_utc(row.created_at),
        summary=load_json(row.summary_json),
    )


def list_summaries(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    cursor: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> SummaryList:
    """A page of the versions, oldest first.

    Raises:
        SessionNotFound: no such session for this caller.
        InvalidCursor: ``cursor`` is not from this listing (a 422).
    """
    size = check_limit(limit)
    after = decode_position("summaries", cursor, shape=(int,))
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    current = load_state(db, tenant_id=tenant_id, session_id=session_id).summary_version
    query = select(SessionSummaryRow).where(
        SessionSummaryRow.tenant_id == tenant_id, SessionSummaryRow.session_id == session_id
    )
    if after is not None:
        query = query.where(col(SessionSummaryRow.version) > after[0])
    rows = db.exec(query.order_by(col(SessionSummaryRow.version)).limit(size + 1)).all()
    page = rows[:size]
    more = len(rows) > size
    return SummaryList(
        session_id=session_id,
        current_version=current,
        items=[_public(r, current) for r in page],
        next_cursor=encode_cursor("summaries", [page[-1].version]) if more and page else None,
    )


def _summary_row(
    db: Session, *, tenant_id: str, session_id: str, version: int
) -> SessionSummaryRow:
    row = db.exec(
        select(SessionSummaryRow).where(
            SessionSummaryRow.tenant_id == tenant_id,
            SessionSummaryRow.session_id == session_id,
            SessionSummaryRow.version == version,
        )
    ).first()
    if row is None:
        raise SummaryNotFound(f"summary version {version} of session {session_id!r} not found")
    return row


def _detail(db: Session, row: SessionSummaryRow, current: int) -> SummaryDetail:
    snap = db.exec(
        select(SessionSnapshotRow).where(
            SessionSnapshotRow.tenant_id == row.tenant_id,
            SessionSnapshotRow.session_id == row.session_id,
            SessionSnapshotRow.version == row.version,
        )
    ).first()
    record = None if snap is None else load_json(snap.record_json)
    diff = record.get("diff") if isinstance(record, dict) else None
    return SummaryDetail(
        **_public(row, current).model_dump(),
        snapshot=record,
        diff=diff if isinstance(diff, dict) else None,
    )


def get_summary(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None, version: int
) -> SummaryDetail:
    """One version with its snapshot record and diff.

    Raises:
        SessionNotFound: no such session for this caller.
        SummaryNotFound: no such version.
    """
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    current = load_state(db, tenant_id=tenant_id, session_id=session_id).summary_version
    row = _summary_row(db, tenant_id=tenant_id, session_id=session_id, version=version)
    return _detail(db, row, current)


def _parse_state(text: str | None) -> CompactionState | None:
    if text is None:
        return None
    try:
        return CompactionState.from_json(text)
    except FormatError:
        return None


def _resumed_state(
    fmt: Format,
    messages: Sequence[Message],
    outcome: RollbackOutcome,
    *,
    current: str | None,
    version: str | None,
) -> CompactionState:
    """The state after the rollback, by the run-time tier's ``resume_after_rollback``: cut and
    coverage rewound to ``cut``, and ``held_out`` from the state stored with the restored version
    (the groups it kept verbatim instead of summarizing), so a pin removed later cannot drop a
    group that no summary covers.

    Raises:
        SummaryConflict: the stored history no longer reaches the restored version's cut, so no
            state could account for every message (restoring would risk losing some).
    """
    state = _parse_state(current) or CompactionState(format=fmt)
    restored = outcome.summary
    assert restored is not None  # _rollback refused a version that failed validation
    try:
        return resume_after_rollback(state, outcome, messages, version_state=_parse_state(version))
    except (SnapshotError, FormatError, ProtocolError) as exc:
        version_no = restored.summary_version
        raise SummaryConflict(f"cannot resume from summary version {version_no}: {exc}") from exc


@dataclass(frozen=True, slots=True)
class _Restore:
    tenant_id: str
    session: AgentSessionRow
    version: int
    runtime: ContextRuntime
    now: datetime  # the app clock's reading: the new version's, its snapshot's and the audit's
    subject: Principal | None = None


def restore_summary(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    version: int,
    runtime: ContextRuntime,
    subject: Principal | None = None,
) -> SummaryDetail:
    """Make ``version`` current again as a new version (see the module docstring). With
    ``subject`` (the caller), the restore is written to the audit log in the same transaction.

    Raises:
        SessionNotFound: no such session for this caller.
        SummaryNotFound: no such version, or no snapshot record of it.
        SummaryConflict: ``version`` is the current one, or the history cannot resume from it.
        PurgedContent: messages the version covers (or that follow it) were purged.
        StaleVersion: concurrent updates kept conflicting (after several retries).
        InvalidSummary: the restored version fails validation against the messages it covered
            (nothing changes; compaction goes on with the current version or the window).
    """
    session = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    job = _Restore(tenant_id, session, version, runtime, runtime.clock(), subject)
    return run_with_retry(db, lambda: _restore_unit(db, job), what="restore")


def _restore_unit(db: Session, job: _Restore) -> SummaryDetail:
    tenant_id, session = job.tenant_id, job.session
    state_row = load_state(db, tenant_id=tenant_id, session_id=session.id)
    source = _summary_row(db, tenant_id=tenant_id, session_id=session.id, version=job.version)
    current = state_row.summary_version
    if job.version == current:
        raise SummaryConflict(f"summary version {job.version} is already the current one")
    fmt: Format = read_format(session.format)
    entries = load_history(db, tenant_id=tenant_id, session_id=session.id)
    db.commit()  # end the read; the write below starts its own transaction
    messages = read_history(entries, format=fmt).messages
    restored, outcome = _rollback(db, job, current=current, messages=messages)
    summary = restored.model_dump(mode="json")
    new_version = restored.summary_version
    state = _resumed_state(
        fmt, messages, outcome, current=state_row.state_json, version=source.state_json
    )
    _write_state(db, state_row, state, new_version, now=job.now)
    row = SessionSummaryRow(
        tenant_id=tenant_id,
        session_id=session.id,
        user_id=session.user_id,
        version=new_version,
        previous_version=current,
        restored_from=job.version,
        summarizer=source.summarizer,
        model=source.model,
        summary_json=dump_json(summary),
        state_json=state.to_json(),
        created_at=job.now,
    )
    db.add(row)
    if job.subject is not None:
        audit.record(
            db,
            tenant_id=tenant_id,
            subject=job.subject,
            user_id=session.user_id,
            action="restore",
            object_type="summary",
            object_id=f"{session.id}/v{new_version}",
            outcome="ok",
            now=job.now,
            detail={"restored_from": job.version},
        )
    db.commit()
    return _detail(db, row, new_version)


def _rollback(
    db: Session, job: _Restore, *, current: int, messages: Sequence[Message]
) -> tuple[CompactionSummary, RollbackOutcome]:
    """The run-time tier's rollback over the session's snapshot records (puts N+1's record);
    returns the new version and the outcome (its ``cut_index``: where the cut rewinds to).

    Raises:
        SummaryNotFound: a snapshot record is missing.
        InvalidBudget: the session's stored budget is unusable.
        InvalidSummary: the restored version fails validation.
    """
    session = job.session
    store = SqlSnapshotStore(
        db, tenant_id=job.tenant_id, session_id=session.id, user_id=session.user_id
    )
    stored = load_json(session.budget_json)
    try:
        budget, share = BudgetSpec().apply(stored), BudgetSpec().summary_share_over(stored)
    except BudgetError as exc:
        raise InvalidBudget(str(exc)) from exc
    sources = _sources(store, job.version, messages)
    _refuse_purged(sources, job.version)
    try:
        outcome = rollback(
            store=store,
            to_version=job.version,
            current_version=current,
            now=job.now,
            sources=sources,
            budget_tokens=math.floor(share * budget.target_tokens),
            count_tokens=job.runtime.counter.count_text,
        )
    except SnapshotError as exc:
        raise SummaryNotFound(str(exc)) from exc
    if outcome.summary is None or outcome.snapshot is None:
        raise InvalidSummary(
            f"summary version {job.version} fails validation; nothing was restored",
            fallback=outcome.fallback,
            validation=outcome.validation.to_dict(),
        )
    return outcome.summary, outcome


def _refuse_purged(sources: Sequence[Message], version: int) -> None:
    """A restore re-validates ``version`` against the raw messages it covered and sends the
    ones after it raw again: neither is possible once the retention purged some of them.

    Raises:
        PurgedContent: a message from the first one ``version`` covers on was purged.
    """
    purged = [m.id for m in sources if isinstance(m.raw, dict) and m.raw.get(PURGED_MARK) is True]
    if purged:
        raise PurgedContent(
            f"summary version {version} cannot be restored: {len(purged)} raw message(s) it "
            "covers or that follow it were purged by the tenant's retention",
            purged_ids=purged[:50],
        )


def _sources(store: SqlSnapshotStore, version: int, messages: Sequence[Message]) -> list[Message]:
    """The messages from the first one ``version`` covers on (what rollback re-validates)."""
    record = store.get(version)
    if record is None or record.first_message_id is None:
        return []
    start = next((i for i, m in enumerate(messages) if m.id == record.first_message_id), None)
    return [] if start is None else list(messages[start:])


def _write_state(
    db: Session, state_row: SessionStateRow, state: CompactionState, version: int, *, now: datetime
) -> None:
    updated = db.execute(
        update(SessionStateRow)
        .where(
            col(SessionStateRow.tenant_id) == state_row.tenant_id,
            col(SessionStateRow.session_id) == state_row.session_id,
            col(SessionStateRow.revision) == state_row.revision,
        )
        .values(
            revision=state_row.revision + 1,
            state_json=state.to_json(),
            summary_version=version,
            updated_at=now,
        )
        .execution_options(synchronize_session=False)
    )
    if getattr(updated, "rowcount", 0) != 1:
        raise StaleVersion("the session's state changed meanwhile")
