"""Queries over the session tables; every function takes the tenant as a required keyword.

A session of another tenant, or of a user the caller's key is restricted from, is reported as
``SessionNotFound`` exactly like a missing one: the query itself filters on the tenant, so another
tenant's row is never even loaded. ``load_history`` is the one reader of a stored history.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from api.sessions.errors import InvalidUnicode, SessionNotFound, StaleVersion
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionStateRow,
)
from storage.errors import RetriesExhausted
from storage.retry import Backoff, retry_unit

__all__ = [
    "dump_json",
    "ensure_storable",
    "load_history",
    "load_json",
    "load_pins",
    "load_session",
    "load_state",
    "lock_session",
    "run_with_retry",
    "touch_session",
]

T = TypeVar("T")
MAX_ATTEMPTS = 6
BACKOFF_S = 0.004
_BACKOFF = Backoff(attempts=MAX_ATTEMPTS, base_s=BACKOFF_S)


def dump_json(value: Any) -> str:
    """Serialize keeping key order and non-ASCII text exactly as given."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def ensure_storable(value: Any, *, what: str) -> None:
    """Refuse JSON that UTF-8 cannot carry (lone surrogate escapes such as ``\\ud800``).

    Raises:
        InvalidUnicode: ``value`` holds such a string (``what`` names it in the message).
    """
    try:
        dump_json(value).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidUnicode(f"{what} contains invalid Unicode (a lone surrogate escape)") from exc


def load_json(text: str | None) -> Any:
    """Inverse of ``dump_json`` (None stays None)."""
    return None if text is None else json.loads(text)


def load_session(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None
) -> AgentSessionRow:
    """The session ``session_id`` of ``tenant_id``.

    Args:
        user_scope: the end user the caller's key is restricted to, or None.

    Raises:
        SessionNotFound: missing, another tenant's, or another user's when the key is
            restricted.
    """
    row = db.exec(
        select(AgentSessionRow).where(
            AgentSessionRow.tenant_id == tenant_id, AgentSessionRow.id == session_id
        )
    ).first()
    if row is None or (user_scope is not None and row.user_id != user_scope):
        raise SessionNotFound(session_id)
    return row


def lock_session(db: Session, *, tenant_id: str, session_id: str) -> bool:
    """Take the session's write lock without marking activity (a no-op ``UPDATE`` of its row);
    False when there is no such session (deleted meanwhile)."""
    locked = db.execute(
        update(AgentSessionRow)
        .where(col(AgentSessionRow.tenant_id) == tenant_id, col(AgentSessionRow.id) == session_id)
        .values(message_count=AgentSessionRow.message_count)
        .execution_options(synchronize_session=False)
    )
    return getattr(locked, "rowcount", 0) == 1


def touch_session(db: Session, *, tenant_id: str, session_id: str, now: datetime) -> None:
    """Mark activity at ``now`` (the session's last activity, which idle detection reads); as
    the first write of a unit it also takes the session's write lock (a row lock on PostgreSQL,
    the database lock on SQLite) before anything is read."""
    db.execute(
        update(AgentSessionRow)
        .where(col(AgentSessionRow.tenant_id) == tenant_id, col(AgentSessionRow.id) == session_id)
        .values(updated_at=now)
        .execution_options(synchronize_session=False)
    )


def load_history(db: Session, *, tenant_id: str, session_id: str, start: int = 0) -> list[Any]:
    """The session's stored history from position ``start`` on, as the raw JSON entries in
    order (exactly as appended, or the tombstones of purged ones; no ORM objects)."""
    rows = db.exec(
        select(SessionMessageRow.raw_json)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
            col(SessionMessageRow.position) >= start,
        )
        .order_by(col(SessionMessageRow.position))
    ).all()
    # One parse of the joined array is several times faster than one ``json.loads`` per row.
    entries: list[Any] = json.loads("[" + ",".join(rows) + "]")
    return entries


def load_pins(db: Session, *, tenant_id: str, session_id: str) -> list[str]:
    """Pinned message ids, sorted."""
    return sorted(
        db.exec(
            select(SessionPinRow.message_id).where(
                SessionPinRow.tenant_id == tenant_id, SessionPinRow.session_id == session_id
            )
        ).all()
    )


def load_state(db: Session, *, tenant_id: str, session_id: str) -> SessionStateRow:
    """The session's compaction state row (created with the session).

    Raises:
        SessionNotFound: the session has no state row (it was deleted meanwhile).
    """
    row = db.exec(
        select(SessionStateRow).where(
            SessionStateRow.tenant_id == tenant_id, SessionStateRow.session_id == session_id
        )
    ).first()
    if row is None:
        raise SessionNotFound(session_id)
    return row


def run_with_retry(db: Session, unit: Callable[[], T], *, what: str) -> T:
    """Run ``unit`` (which commits at its end) until it succeeds, at most ``MAX_ATTEMPTS``.

    A unit is retried (``storage.retry.retry_unit``) when it raises ``StaleVersion`` (an
    optimistic check failed), an ``IntegrityError`` (a concurrent unit took the same version or
    position), or a transient database error by its code (serialization failure, deadlock,
    SQLite busy or locked). Each attempt starts a fresh transaction, after a jittered backoff.

    Raises:
        StaleVersion: still conflicting after the last attempt (the client may retry).
    """
    try:
        return retry_unit(
            unit, rollback=db.rollback, backoff=_BACKOFF, also_retry=(StaleVersion, IntegrityError)
        )
    except RetriesExhausted:
        raise StaleVersion(
            f"{what}: concurrent updates kept conflicting; retry the request"
        ) from None
