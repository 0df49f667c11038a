"""A session's own record: create one, read one, list a tenant's.

The public view (``SessionPublic``) carries counts of the session's children (pins, summary
versions, usage totals); it is built for many sessions at once with one query per kind, so
listing 100 sessions costs five queries, not five per session.

``create_session`` is one unit of work on the request's database session: it commits at its
end, and anything raised before leaves the database untouched.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, or_
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, func, select

from api.pagination import DEFAULT_LIMIT, check_limit, decode_position, encode_cursor
from api.sessions.errors import InvalidBudget
from api.sessions.formats import format_candidates, initial_format, shown_format
from api.sessions.schemas import (
    BudgetSpec,
    RecallSettings,
    RecallSpec,
    SessionCreate,
    SessionList,
    SessionPublic,
    budget_params,
    recall_settings,
)
from api.sessions.store import dump_json, ensure_storable, load_json, load_session
from api.sessions.tables import (
    AgentSessionRow,
    SessionPinRow,
    SessionStateRow,
    SessionSummaryRow,
    SessionUsageRow,
)
from longterm.errors import InvalidCursor
from runtime.errors import BudgetError
from storage.metadata import utcnow
from storage.types import as_utc

__all__ = ["create_session", "get_session", "list_sessions", "session_public", "sessions_public"]


def create_session(
    db: Session, *, tenant_id: str, body: SessionCreate, now: datetime | None = None
) -> SessionPublic:
    """Store a new session with its (validated) budget and an empty compaction state.

    Args:
        now: the app clock's reading for this call (the session's last activity, the times
            stored); the wall clock when omitted.

    Raises:
        InvalidBudget: the budget is impossible (no usable tokens, target above trigger).
        InvalidUnicode: the body holds text UTF-8 cannot carry.
    """
    ensure_storable(body.model_dump(mode="json"), what="the session")
    spec = body.budget or BudgetSpec()
    try:
        budget = spec.apply({})
        recall_settings(spec, body.recall, {})  # refuse shares over 0.9 now
    except BudgetError as exc:
        raise InvalidBudget(str(exc)) from exc
    now = now or utcnow()
    row = AgentSessionRow(
        tenant_id=tenant_id,
        id=f"s_{uuid.uuid4().hex}",
        user_id=body.user_id,
        format=initial_format(body.format, system=body.system),
        budget_json=dump_json(
            budget_params(
                budget,
                summary_share=spec.summary_share,
                profile_share=spec.profile_share,
                recall_share=_given(body.recall, spec),
                recall_enabled=None if body.recall is None else body.recall.enabled,
            )
        ),
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
    db: Session,
    *,
    tenant_id: str,
    user_id: str | None,
    user_scope: str | None,
    limit: int = DEFAULT_LIMIT,
    cursor: str | None = None,
) -> SessionList:
    """A page of the tenant's sessions, newest first (ties by id), optionally of one user.

    A key restricted to one user only ever sees that user's sessions, whatever ``user_id`` says.

    Raises:
        InvalidCursor: ``cursor`` is not from this listing (a 422).
    """
    size = check_limit(limit)
    after = decode_position("sessions", cursor, shape=(str, str))
    if user_scope is not None:
        if user_id is not None and user_id != user_scope:
            return SessionList(items=[], next_cursor=None)
        user_id = user_scope
    query = select(AgentSessionRow).where(AgentSessionRow.tenant_id == tenant_id)
    if user_id is not None:
        query = query.where(AgentSessionRow.user_id == user_id)
    if after is not None:
        at, last_id = _after_when(after[0]), after[1]
        created = col(AgentSessionRow.created_at)
        query = query.where(
            or_(created < at, and_(created == at, col(AgentSessionRow.id) < last_id))
        )
    query = query.order_by(col(AgentSessionRow.created_at).desc(), col(AgentSessionRow.id).desc())
    rows = db.exec(query.limit(size + 1)).all()
    page = rows[:size]
    next_cursor = None
    if len(rows) > size:
        last = page[-1]
        next_cursor = encode_cursor("sessions", [as_utc(last.created_at).isoformat(), last.id])
    return SessionList(items=sessions_public(db, page), next_cursor=next_cursor)


def _after_when(text: str) -> datetime:
    try:
        return as_utc(datetime.fromisoformat(text))
    except ValueError:
        raise InvalidCursor("cursor is not valid") from None


def sessions_public(db: Session, rows: Sequence[AgentSessionRow]) -> list[SessionPublic]:
    """The API view of ``rows`` (all of one tenant), in the same order."""
    if not rows:
        return []
    tenant_id = rows[0].tenant_id
    ids = [row.id for row in rows]
    versions = _summary_versions(db, tenant_id, ids)
    pins = _pins(db, tenant_id, ids)
    summaries = _summary_counts(db, tenant_id, ids)
    usage = _usage(db, tenant_id, ids)
    return [
        SessionPublic(
            id=row.id,
            tenant_id=row.tenant_id,
            user_id=row.user_id,
            format=shown_format(row.format),
            format_candidates=sorted(format_candidates(row.format)),
            budget=load_json(row.budget_json),
            recall=_recall(row),
            system=load_json(row.system_json),
            tools=load_json(row.tools_json),
            metadata=load_json(row.metadata_json),
            message_count=row.message_count,
            pinned_ids=sorted(pins.get(row.id, ())),
            summary_version=versions.get(row.id, 0),
            summary_count=summaries.get(row.id, 0),
            usage_reports=usage.get(row.id, _NO_USAGE)["reports"],
            usage=usage.get(row.id, _NO_USAGE),
            calibration_factor=row.calibration_factor,
            created_at=as_utc(row.created_at),
            updated_at=as_utc(row.updated_at),
        )
        for row in rows
    ]


def _given(recall: RecallSpec | None, spec: BudgetSpec) -> float | None:
    """The recall share the session was created with, if one was given."""
    if recall is not None and recall.share is not None:
        return recall.share
    return spec.recall_share


def _recall(row: AgentSessionRow) -> RecallSettings:
    """The session's recall settings (a hand-edited, unreadable one shows the defaults)."""
    try:
        return recall_settings(None, None, load_json(row.budget_json))
    except BudgetError:
        return recall_settings(None, None, {})


_NO_USAGE: dict[str, Any] = {
    "reports": 0,
    "input_tokens": 0,
    "cached_input_tokens": 0,
    "output_tokens": 0,
    "cache_hit_rate": None,
}


def _summary_versions(db: Session, tenant_id: str, ids: list[str]) -> dict[str, int]:
    rows = db.exec(
        select(SessionStateRow.session_id, SessionStateRow.summary_version).where(
            SessionStateRow.tenant_id == tenant_id, col(SessionStateRow.session_id).in_(ids)
        )
    ).all()
    return {sid: version for sid, version in rows}


def _pins(db: Session, tenant_id: str, ids: list[str]) -> dict[str, list[str]]:
    rows = db.exec(
        select(SessionPinRow.session_id, SessionPinRow.message_id).where(
            SessionPinRow.tenant_id == tenant_id, col(SessionPinRow.session_id).in_(ids)
        )
    ).all()
    out: dict[str, list[str]] = defaultdict(list)
    for sid, message_id in rows:
        out[sid].append(message_id)
    return out


def _summary_counts(db: Session, tenant_id: str, ids: list[str]) -> dict[str, int]:
    rows = db.exec(
        select(SessionSummaryRow.session_id, func.count())
        .where(SessionSummaryRow.tenant_id == tenant_id, col(SessionSummaryRow.session_id).in_(ids))
        .group_by(col(SessionSummaryRow.session_id))
    ).all()
    return {sid: int(count) for sid, count in rows}


def _usage(db: Session, tenant_id: str, ids: list[str]) -> dict[str, dict[str, Any]]:
    rows = db.execute(
        sa_select(
            col(SessionUsageRow.session_id),
            func.count(),
            func.coalesce(func.sum(col(SessionUsageRow.input_tokens)), 0),
            func.coalesce(func.sum(col(SessionUsageRow.cached_input_tokens)), 0),
            func.coalesce(func.sum(col(SessionUsageRow.output_tokens)), 0),
        )
        .where(
            col(SessionUsageRow.tenant_id) == tenant_id, col(SessionUsageRow.session_id).in_(ids)
        )
        .group_by(col(SessionUsageRow.session_id))
    ).all()
    out: dict[str, dict[str, Any]] = {}
    for sid, reports, input_tokens, cached, output in rows:
        out[sid] = {
            "reports": int(reports),
            "input_tokens": int(input_tokens),
            "cached_input_tokens": int(cached),
            "output_tokens": int(output),
            "cache_hit_rate": round(int(cached) / int(input_tokens), 4) if input_tokens else None,
        }
    return out
