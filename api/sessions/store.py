"""Queries over the session tables; every function takes the tenant as a required keyword.

A session of another tenant, or of a user the caller's key is restricted from, is reported as
``NotFound`` exactly like a missing one: the query itself filters on the tenant, so another
tenant's row is never even loaded.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, col, select

from api.errors import Conflict, NotFound, Unprocessable
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionStateRow,
)
from storage.metadata import utcnow

__all__ = [
    "RetryUnit",
    "StoredEntry",
    "as_utc",
    "dump_json",
    "ensure_storable",
    "load_entries",
    "load_json",
    "load_messages",
    "load_pins",
    "load_session",
    "load_state",
    "load_stored",
    "load_stored_ids",
    "run_with_retry",
    "touch_session",
]

T = TypeVar("T")
MAX_ATTEMPTS = 6
BACKOFF_S = 0.004


class RetryUnit(Exception):
    """Raised inside a unit of work whose optimistic check failed: run it again."""


def dump_json(value: Any) -> str:
    """Serialize keeping key order and non-ASCII text exactly as given."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def ensure_storable(value: Any, *, what: str) -> None:
    """Refuse JSON that UTF-8 cannot carry (lone surrogate escapes such as ``\\ud800``).

    Raises:
        Unprocessable: ``value`` holds such a string (``what`` names it in the problem).
    """
    try:
        dump_json(value).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise Unprocessable(f"{what} contains invalid Unicode (a lone surrogate escape)") from exc


def load_json(text: str | None) -> Any:
    """Inverse of ``dump_json`` (None stays None)."""
    return None if text is None else json.loads(text)


def as_utc(value: datetime) -> datetime:
    """SQLite hands back naive datetimes; every stored time is UTC."""
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def load_session(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None
) -> AgentSessionRow:
    """The session ``session_id`` of ``tenant_id``.

    Args:
        user_scope: the end user the caller's key is restricted to, or None.

    Raises:
        NotFound: missing, another tenant's, or another user's when the key is restricted.
    """
    row = db.exec(
        select(AgentSessionRow).where(
            AgentSessionRow.tenant_id == tenant_id, AgentSessionRow.id == session_id
        )
    ).first()
    if row is None or (user_scope is not None and row.user_id != user_scope):
        raise NotFound(f"session {session_id!r} not found")
    return row


def touch_session(db: Session, *, tenant_id: str, session_id: str) -> None:
    """Mark activity; as the first write of a unit it also takes the session's write lock
    (a row lock on PostgreSQL, the database lock on SQLite) before anything is read."""
    db.execute(
        update(AgentSessionRow)
        .where(col(AgentSessionRow.tenant_id) == tenant_id, col(AgentSessionRow.id) == session_id)
        .values(updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )


def load_messages(db: Session, *, tenant_id: str, session_id: str) -> list[SessionMessageRow]:
    """The session's stored history in order."""
    return list(
        db.exec(
            select(SessionMessageRow)
            .where(
                SessionMessageRow.tenant_id == tenant_id,
                SessionMessageRow.session_id == session_id,
            )
            .order_by(col(SessionMessageRow.position))
        ).all()
    )


def load_entries(db: Session, *, tenant_id: str, session_id: str) -> list[Any]:
    """The session's stored history as the raw JSON entries, in order (no ORM objects)."""
    rows = db.exec(
        select(SessionMessageRow.raw_json)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
        )
        .order_by(col(SessionMessageRow.position))
    ).all()
    # One parse of the joined array is several times faster than one ``json.loads`` per row.
    entries: list[Any] = json.loads("[" + ",".join(rows) + "]")
    return entries


@dataclass(frozen=True, slots=True)
class StoredEntry:
    """One stored history entry as appends need it: id, content digest, parsed raw JSON."""

    message_id: str
    digest: str
    raw: Any


def load_stored(db: Session, *, tenant_id: str, session_id: str) -> list[StoredEntry]:
    """The session's history as ``StoredEntry`` values in order (columns only, one JSON parse)."""
    rows = db.exec(
        select(SessionMessageRow.message_id, SessionMessageRow.digest, SessionMessageRow.raw_json)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
        )
        .order_by(col(SessionMessageRow.position))
    ).all()
    raws: list[Any] = json.loads("[" + ",".join(raw for _, _, raw in rows) + "]")
    return [StoredEntry(mid, dig, raw) for (mid, dig, _), raw in zip(rows, raws, strict=True)]


def load_stored_ids(db: Session, *, tenant_id: str, session_id: str) -> list[StoredEntry]:
    """Like ``load_stored`` without the content (``raw`` is None): ids and digests only, which
    is all an append's idempotency checks need (no JSON is read or parsed)."""
    rows = db.exec(
        select(SessionMessageRow.message_id, SessionMessageRow.digest)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
        )
        .order_by(col(SessionMessageRow.position))
    ).all()
    return [StoredEntry(mid, dig, None) for mid, dig in rows]


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
        NotFound: the session has no state row (it was deleted meanwhile).
    """
    row = db.exec(
        select(SessionStateRow).where(
            SessionStateRow.tenant_id == tenant_id, SessionStateRow.session_id == session_id
        )
    ).first()
    if row is None:
        raise NotFound(f"session {session_id!r} not found")
    return row


def _is_lock_error(exc: OperationalError) -> bool:
    text = str(exc.orig).lower()
    return "locked" in text or "busy" in text or "deadlock" in text or "serializ" in text


def run_with_retry(db: Session, unit: Callable[[], T], *, what: str) -> T:
    """Run ``unit`` (which commits at its end) until it succeeds, at most ``MAX_ATTEMPTS``.

    A unit is retried when it raises ``RetryUnit`` (an optimistic check failed), an
    ``IntegrityError`` (a concurrent unit took the same version or position), or a lock error
    (SQLite's busy snapshot, a PostgreSQL deadlock). Each attempt starts a fresh transaction,
    after a short jittered backoff.

    Raises:
        Conflict: still conflicting after the last attempt (the client may retry).
    """
    for attempt in range(MAX_ATTEMPTS):
        try:
            return unit()
        except (RetryUnit, IntegrityError):
            db.rollback()
        except OperationalError as exc:
            db.rollback()
            if not _is_lock_error(exc):
                raise
        # Jittered backoff, so that racing calls do not collide again in lockstep.
        time.sleep(random.uniform(0, BACKOFF_S * 2**attempt))
    raise Conflict(f"{what}: concurrent updates kept conflicting; retry the request")
