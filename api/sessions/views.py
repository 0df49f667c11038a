"""The API view of sessions, built for many sessions at once with one query per kind.

Listing 100 sessions costs five queries (states, pins, summary counts, usage totals, besides the
sessions themselves), not five per session.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, func, select

from api.sessions.schemas import SessionPublic
from api.sessions.store import as_utc, load_json
from api.sessions.tables import (
    AgentSessionRow,
    SessionPinRow,
    SessionStateRow,
    SessionSummaryRow,
    SessionUsageRow,
)

__all__ = ["sessions_public"]


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
            format=row.format,
            budget=load_json(row.budget_json),
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
