"""Reading a session's stored history back, a page at a time, with the ids tiermem assigned.

An agent that lost its local copy (a crash, another replica) reads its history back here; a
whole user's data is exported by ``api.sessions.export``.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from api.sessions.formats import shown_format
from api.sessions.schemas import HistoryOut
from api.sessions.store import load_json, load_session
from api.sessions.tables import (
    SessionMessageRow,
)

__all__ = ["read_history_page"]


def read_history_page(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    offset: int = 0,
    limit: int = 200,
) -> HistoryOut:
    """Stored entries ``offset .. offset + limit`` exactly as appended, with their ids.

    Raises:
        SessionNotFound: no such session for this caller.
    """
    row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    rows = db.exec(
        select(SessionMessageRow)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
            col(SessionMessageRow.position) >= offset,
        )
        .order_by(col(SessionMessageRow.position))
        .limit(limit)
    ).all()
    return HistoryOut(
        session_id=session_id,
        format=shown_format(row.format),
        offset=offset,
        total=row.message_count,
        ids=[r.message_id for r in rows],
        messages=[load_json(r.raw_json) for r in rows],
        purged_ids=[r.message_id for r in rows if r.purged_at is not None],
    )
