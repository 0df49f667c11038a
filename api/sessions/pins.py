"""A session's pins: the message ids every compaction keeps verbatim, whatever their age.

``set_pins`` replaces the whole set in one unit of work (it commits at its end; anything raised
before leaves the pins as they were).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlmodel import Session, col, select

from api.sessions.errors import InvalidPins
from api.sessions.schemas import PinsOut
from api.sessions.store import ensure_storable, load_session, run_with_retry, touch_session
from api.sessions.tables import SessionMessageRow, SessionPinRow
from storage.metadata import utcnow

__all__ = ["set_pins"]


def set_pins(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    message_ids: list[str],
    now: datetime | None = None,
) -> PinsOut:
    """Replace the session's pins.

    Args:
        now: the app clock's reading for this call (the session's last activity, the times
            stored); the wall clock when omitted.

    Raises:
        SessionNotFound: no such session for this caller.
        InvalidPins: an id names no stored message (listed in ``unknown_ids``), or a purged one
            (``purged_ids``).
        StaleVersion: concurrent updates kept conflicting (after several retries).
    """
    row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    ensure_storable(message_ids, what="message_ids")
    wanted = sorted(set(message_ids))
    at = now or utcnow()

    def unit() -> PinsOut:
        touch_session(db, tenant_id=tenant_id, session_id=session_id, now=at)
        _check_known(db, tenant_id=tenant_id, session_id=session_id, wanted=wanted)
        db.execute(
            delete(SessionPinRow).where(
                col(SessionPinRow.tenant_id) == tenant_id,
                col(SessionPinRow.session_id) == session_id,
            )
        )
        for mid in wanted:
            db.add(
                SessionPinRow(
                    tenant_id=tenant_id,
                    session_id=session_id,
                    message_id=mid,
                    user_id=row.user_id,
                    created_at=at,
                )
            )
        db.commit()
        return PinsOut(session_id=session_id, message_ids=wanted)

    return run_with_retry(db, unit, what="pins")


def _check_known(db: Session, *, tenant_id: str, session_id: str, wanted: list[str]) -> None:
    known = set(
        db.exec(
            select(SessionMessageRow.message_id).where(
                SessionMessageRow.tenant_id == tenant_id,
                SessionMessageRow.session_id == session_id,
                col(SessionMessageRow.message_id).in_(wanted),
            )
        ).all()
    )
    unknown = [mid for mid in wanted if mid not in known]
    if unknown:
        raise InvalidPins(
            f"{len(unknown)} pinned id(s) name no message of this session",
            unknown_ids=unknown[:50],
        )
    purged = db.exec(
        select(SessionMessageRow.message_id).where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
            col(SessionMessageRow.message_id).in_(wanted),
            col(SessionMessageRow.purged_at).is_not(None),
        )
    ).all()
    if purged:
        raise InvalidPins(
            f"{len(purged)} pinned id(s) name messages whose raw content was purged by the "
            "tenant's retention",
            purged_ids=sorted(purged)[:50],
        )
