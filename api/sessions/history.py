"""Reading a session's stored history back, a page at a time, with the ids tiermem assigned.

An agent that lost its local copy (a crash, another replica) reads its history back here; a
whole user's data is exported by ``api.sessions.export``.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from api.pagination import DEFAULT_LIMIT, check_limit, decode_position, encode_cursor
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
    cursor: str | None = None,
    limit: int = DEFAULT_LIMIT,
) -> HistoryOut:
    """The next ``limit`` stored entries after ``cursor``, in order, exactly as appended.

    Positions never move (appends only add, retention leaves tombstones), so the cursor is the
    position of the page's last entry.

    Raises:
        SessionNotFound: no such session for this caller.
        InvalidCursor: ``cursor`` is not from this listing (a 422).
    """
    size = check_limit(limit)
    after = decode_position("messages", cursor, shape=(int,))
    row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    start = 0 if after is None else after[0] + 1
    rows = db.exec(
        select(SessionMessageRow)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
            col(SessionMessageRow.position) >= start,
        )
        .order_by(col(SessionMessageRow.position))
        .limit(size + 1)
    ).all()
    page = rows[:size]
    more = len(rows) > size
    return HistoryOut(
        session_id=session_id,
        format=shown_format(row.format),
        total=row.message_count,
        ids=[r.message_id for r in page],
        items=[load_json(r.raw_json) for r in page],
        purged_ids=[r.message_id for r in page if r.purged_at is not None],
        next_cursor=encode_cursor("messages", [page[-1].position]) if more and page else None,
    )
