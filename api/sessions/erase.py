"""Hard deletion of session data: one session (``DELETE /v1/sessions/{id}``) or all of a user's.

Rows are deleted, not flagged: with SQLite's ``secure_delete`` the freed pages are overwritten,
and PostgreSQL's dead tuples are reclaimed by VACUUM (see docs/erasure.md). The counts per kind
are returned so that an erasure receipt can state what was removed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlmodel import Session, col, select

from api.sessions.store import load_session, lock_session
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionRecallCountRow,
    SessionRecallGroupRow,
    SessionRecallTermRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionSummaryRow,
    SessionUsageRow,
)

__all__ = ["KINDS", "delete_session", "erase_user_sessions"]

# Children first, the session rows last.
_TABLES: tuple[tuple[str, Any], ...] = (
    ("messages", SessionMessageRow),
    ("pins", SessionPinRow),
    ("summaries", SessionSummaryRow),
    ("snapshots", SessionSnapshotRow),
    ("states", SessionStateRow),
    ("usage", SessionUsageRow),
    # recall's index of evicted groups holds their sanitized text: it goes with the messages
    ("recall_terms", SessionRecallTermRow),
    ("recall_groups", SessionRecallGroupRow),
    ("recall_counts", SessionRecallCountRow),
)
KINDS = ("sessions", *(kind for kind, _ in _TABLES))


def _delete_children(db: Session, *, tenant_id: str, session_ids: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind, table in _TABLES:
        result = db.execute(
            delete(table).where(
                col(table.tenant_id) == tenant_id, col(table.session_id).in_(session_ids)
            )
        )
        counts[kind] = int(getattr(result, "rowcount", 0) or 0)
    return counts


def delete_session(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None
) -> dict[str, int]:
    """Delete one session and everything of it, in one transaction.

    Raises:
        SessionNotFound: no such session for this caller.
    """
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    lock_session(db, tenant_id=tenant_id, session_id=session_id)
    counts = _delete_children(db, tenant_id=tenant_id, session_ids=[session_id])
    result = db.execute(
        delete(AgentSessionRow).where(
            col(AgentSessionRow.tenant_id) == tenant_id, col(AgentSessionRow.id) == session_id
        )
    )
    counts = {"sessions": int(getattr(result, "rowcount", 0) or 0), **counts}
    db.commit()
    return counts


def erase_user_sessions(db: Session, *, tenant_id: str, user_id: str) -> dict[str, int]:
    """Delete every session of ``user_id`` in ``tenant_id`` with all their data.

    Does NOT commit: the caller (the long-term erasure) commits it together with the rest of
    the user's data and its receipt, so an erasure is all or nothing.

    Returns:
        Rows deleted per kind: sessions, messages, pins, summaries, snapshots, states, usage,
            recall_terms, recall_groups, recall_counts.
    """
    session_ids = list(
        db.exec(
            select(AgentSessionRow.id).where(
                AgentSessionRow.tenant_id == tenant_id, AgentSessionRow.user_id == user_id
            )
        ).all()
    )
    counts = dict.fromkeys(KINDS, 0)
    if session_ids:
        counts.update(_delete_children(db, tenant_id=tenant_id, session_ids=session_ids))
        result = db.execute(
            delete(AgentSessionRow).where(
                col(AgentSessionRow.tenant_id) == tenant_id,
                col(AgentSessionRow.user_id) == user_id,
            )
        )
        counts["sessions"] = int(getattr(result, "rowcount", 0) or 0)
    # Child rows are deleted by user too: a row whose session is already gone (an interrupted
    # earlier erasure) must not survive.
    for kind, table in _TABLES:
        result = db.execute(
            delete(table).where(col(table.tenant_id) == tenant_id, col(table.user_id) == user_id)
        )
        counts[kind] += int(getattr(result, "rowcount", 0) or 0)
    return counts
