"""Summary versions of a session: list, read with snapshot and diff, restore.

Restoring version ``v`` while ``N`` is current creates version ``N+1`` whose content is ``v``'s,
with ``restored_from = v`` and ``previous_version = N`` (the run-time tier's rollback). The
session's compaction state is rewound to the state stored with ``v``: its cut and the point up to
which ``v`` summarized, so every message summarized after ``v`` is kept raw again, or summarized
again by the next compaction, never lost. The new version, its snapshot and the new state are
written in one transaction, with the same optimistic check as ``/context``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from api.errors import NotFound
from api.sessions.context import ContextRuntime
from api.sessions.schemas import SummaryDetail, SummaryList, SummaryPublic
from api.sessions.store import (
    RetryUnit,
    as_utc,
    dump_json,
    load_json,
    load_session,
    load_state,
    run_with_retry,
)
from api.storage.base import utcnow
from api.storage.sessions import SessionSnapshotRow, SessionStateRow, SessionSummaryRow
from runtime.errors import FormatError
from runtime.state import CompactionState

__all__ = ["get_summary", "list_summaries", "restore_summary"]


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
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None
) -> SummaryList:
    """Every version, oldest first.

    Raises:
        NotFound: no such session for this caller.
    """
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    current = load_state(db, tenant_id=tenant_id, session_id=session_id).summary_version
    rows = db.exec(
        select(SessionSummaryRow)
        .where(SessionSummaryRow.tenant_id == tenant_id, SessionSummaryRow.session_id == session_id)
        .order_by(col(SessionSummaryRow.version))
    ).all()
    return SummaryList(
        session_id=session_id,
        current_version=current,
        summaries=[_public(r, current) for r in rows],
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
        raise NotFound(f"summary version {version} of session {session_id!r} not found")
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
        NotFound: no such session for this caller, or no such version.
    """
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    current = load_state(db, tenant_id=tenant_id, session_id=session_id).summary_version
    row = _summary_row(db, tenant_id=tenant_id, session_id=session_id, version=version)
    return _detail(db, row, current)


def _restored_state(source: SessionSummaryRow, summary: dict[str, Any], version: int) -> str:
    try:
        base = CompactionState.from_json(source.state_json) if source.state_json else None
    except FormatError:
        base = None
    if base is None:
        raise NotFound(f"summary version {source.version} has no state to restore")
    return replace(base, summary=summary, summary_version=version, summary_active=True).to_json()


def restore_summary(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    version: int,
    runtime: ContextRuntime,
) -> SummaryDetail:
    """Make ``version`` current again as a new version (see the module docstring).

    Raises:
        NotFound: no such session for this caller, or no such version.
        Conflict: concurrent updates kept conflicting.
    """
    session = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)

    def unit() -> SummaryDetail:
        state_row = load_state(db, tenant_id=tenant_id, session_id=session_id)
        source = _summary_row(db, tenant_id=tenant_id, session_id=session_id, version=version)
        db.commit()
        current, new_version = state_row.summary_version, state_row.summary_version + 1
        summary = dict(load_json(source.summary_json))
        summary |= {
            "summary_version": new_version,
            "previous_version": current,
            "restored_from": version,
        }
        state_json = _restored_state(source, summary, new_version)
        now = utcnow()
        updated = db.execute(
            update(SessionStateRow)
            .where(
                col(SessionStateRow.tenant_id) == tenant_id,
                col(SessionStateRow.session_id) == session_id,
                col(SessionStateRow.revision) == state_row.revision,
            )
            .values(
                revision=state_row.revision + 1,
                state_json=state_json,
                summary_version=new_version,
                updated_at=now,
            )
        )
        if getattr(updated, "rowcount", 0) != 1:
            raise RetryUnit
        row = SessionSummaryRow(
            tenant_id=tenant_id,
            session_id=session_id,
            user_id=session.user_id,
            version=new_version,
            previous_version=current,
            restored_from=version,
            summarizer=source.summarizer,
            model=source.model,
            summary_json=dump_json(summary),
            state_json=state_json,
            created_at=now,
        )
        db.add(row)
        db.add(
            SessionSnapshotRow(
                tenant_id=tenant_id,
                session_id=session_id,
                user_id=session.user_id,
                version=new_version,
                record_json=dump_json(_restore_record(db, source, summary, current, now)),
                created_at=now,
            )
        )
        db.commit()
        return _detail(db, row, new_version)

    del runtime  # reserved: validation of the restored version by the run-time tier
    return run_with_retry(db, unit, what="restore")


def _restore_record(
    db: Session, source: SessionSummaryRow, summary: dict[str, Any], current: int, now: Any
) -> dict[str, Any]:
    snap = db.exec(
        select(SessionSnapshotRow).where(
            SessionSnapshotRow.tenant_id == source.tenant_id,
            SessionSnapshotRow.session_id == source.session_id,
            SessionSnapshotRow.version == source.version,
        )
    ).first()
    base = {} if snap is None else dict(load_json(snap.record_json))
    return base | {
        "version": summary["summary_version"],
        "previous_version": current,
        "restored_from": source.version,
        "created_at": now.isoformat(),
        "diff": None,
        "summary": summary,
    }
