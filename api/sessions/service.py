"""Session lifecycle: create, read, list, pin, report usage, delete.

Every function is one unit of work on the request's database session: it commits at its end,
and anything raised before leaves the database untouched.
"""

from __future__ import annotations

import uuid

from sqlalchemy import delete
from sqlmodel import Session, col, select

from api.sessions.calibration import update_factor
from api.sessions.errors import InvalidBudget, InvalidPins
from api.sessions.schemas import (
    BudgetSpec,
    PinsOut,
    SessionCreate,
    SessionPublic,
    UsageIn,
    UsageOut,
    budget_params,
)
from api.sessions.store import (
    dump_json,
    ensure_storable,
    load_session,
    run_with_retry,
    touch_session,
)
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionStateRow,
    SessionUsageRow,
)
from api.sessions.views import sessions_public
from runtime.errors import BudgetError
from storage.metadata import utcnow

__all__ = [
    "create_session",
    "get_session",
    "list_sessions",
    "record_usage",
    "session_public",
    "set_pins",
]


def create_session(db: Session, *, tenant_id: str, body: SessionCreate) -> SessionPublic:
    """Store a new session with its (validated) budget and an empty compaction state.

    Raises:
        InvalidBudget: the budget is impossible (no usable tokens, target above trigger).
        InvalidUnicode: the body holds text UTF-8 cannot carry.
    """
    ensure_storable(body.model_dump(mode="json"), what="the session")
    spec = body.budget or BudgetSpec()
    try:
        budget = spec.apply({})
    except BudgetError as exc:
        raise InvalidBudget(str(exc)) from exc
    now = utcnow()
    row = AgentSessionRow(
        tenant_id=tenant_id,
        id=f"s_{uuid.uuid4().hex}",
        user_id=body.user_id,
        format=None if body.format == "auto" else body.format,
        budget_json=dump_json(budget_params(budget, summary_share=spec.summary_share)),
        system_json=None if body.system is None else dump_json(body.system),
        tools_json=None if body.tools is None else dump_json(body.tools),
        metadata_json=dump_json(body.metadata),
        created_at=now,
        updated_at=now,
    )
    db.add(row)
    db.add(
        SessionStateRow(
            tenant_id=tenant_id, session_id=row.id, user_id=body.user_id, updated_at=now
        )
    )
    db.commit()
    return session_public(db, row)


def session_public(db: Session, row: AgentSessionRow) -> SessionPublic:
    """The API view of ``row`` with its counts."""
    return sessions_public(db, [row])[0]


def get_session(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None
) -> SessionPublic:
    """One session of the caller's tenant.

    Raises:
        SessionNotFound: missing, another tenant's, or another user's for a restricted key.
    """
    row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    return session_public(db, row)


def list_sessions(
    db: Session, *, tenant_id: str, user_id: str | None, user_scope: str | None, limit: int = 100
) -> list[SessionPublic]:
    """The tenant's sessions, newest first, optionally of one user.

    A key restricted to one user only ever sees that user's sessions, whatever ``user_id`` says.
    """
    query = select(AgentSessionRow).where(AgentSessionRow.tenant_id == tenant_id)
    if user_scope is not None:
        if user_id is not None and user_id != user_scope:
            return []
        user_id = user_scope
    if user_id is not None:
        query = query.where(AgentSessionRow.user_id == user_id)
    query = query.order_by(col(AgentSessionRow.created_at).desc()).limit(limit)
    return sessions_public(db, db.exec(query).all())


def set_pins(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None, message_ids: list[str]
) -> PinsOut:
    """Replace the session's pins.

    Raises:
        SessionNotFound: no such session for this caller.
        InvalidPins: an id names no stored message (listed in ``unknown_ids``), or a purged one
            (``purged_ids``).
        StaleVersion: concurrent updates kept conflicting (after several retries).
    """
    row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    ensure_storable(message_ids, what="message_ids")
    wanted = sorted(set(message_ids))

    def unit() -> PinsOut:
        touch_session(db, tenant_id=tenant_id, session_id=session_id)
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
                    tenant_id=tenant_id, session_id=session_id, message_id=mid, user_id=row.user_id
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


def record_usage(
    db: Session, *, tenant_id: str, session_id: str, user_scope: str | None, body: UsageIn
) -> UsageOut:
    """Store a provider usage report and fold it into the session's calibration factor.

    The own count compared is the one of the last context ``/context`` returned; a report with
    no context before it is stored but does not move the factor.

    Raises:
        SessionNotFound: no such session for this caller.
        StaleVersion: concurrent updates kept conflicting (after several retries).
    """
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)

    def unit() -> UsageOut:
        touch_session(db, tenant_id=tenant_id, session_id=session_id)
        row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
        own = row.last_context_tokens
        factor = update_factor(
            row.calibration_factor,
            row.calibration_samples,
            provider_tokens=body.input_tokens,
            own_tokens=own or 0,
        )
        if own:
            row.calibration_samples += 1
        row.calibration_factor = factor
        db.add(row)
        db.add(
            SessionUsageRow(
                tenant_id=tenant_id,
                session_id=session_id,
                user_id=row.user_id,
                own_tokens=own,
                factor=factor,
                **body.model_dump(),
            )
        )
        db.commit()
        return _usage_out(session_id, body, own, row)

    return run_with_retry(db, unit, what="usage")


def _usage_out(session_id: str, body: UsageIn, own: int | None, row: AgentSessionRow) -> UsageOut:
    ratio = round(body.input_tokens / own, 4) if own else None
    hit = round(body.cached_input_tokens / body.input_tokens, 4) if body.input_tokens > 0 else None
    return UsageOut(
        session_id=session_id,
        own_tokens=own,
        ratio=ratio,
        calibration_factor=round(row.calibration_factor, 4),
        samples=row.calibration_samples,
        cache_hit_rate=hit,
    )
