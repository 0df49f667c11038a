"""A user's sessions as data: the sessions part of the user's data export.

A user's data export (``GET /v1/users/{id}/export``) includes every session of the user with
its messages, pins, summaries and usage through ``export_user_sessions``.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from api.sessions.formats import shown_format
from api.sessions.store import load_json, load_pins
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionSummaryRow,
    SessionUsageRow,
)
from storage.types import as_utc

__all__ = ["export_user_sessions"]


def export_user_sessions(db: Session, *, tenant_id: str, user_id: str) -> list[dict[str, Any]]:
    """Every session of ``user_id`` in ``tenant_id`` with all its data, as JSON-ready dicts.

    Each has the session's fields, ``messages`` (``{id, position, message, purged_at}``; a
    message the tenant's retention purged is its tombstone, with the time of the purge),
    ``pinned_ids``, ``summaries`` (every version) and ``usage`` (every provider report).
    """
    sessions = db.exec(
        select(AgentSessionRow)
        .where(AgentSessionRow.tenant_id == tenant_id, AgentSessionRow.user_id == user_id)
        .order_by(col(AgentSessionRow.created_at))
    ).all()
    return [_export_one(db, row) for row in sessions]


def _export_one(db: Session, row: AgentSessionRow) -> dict[str, Any]:
    scope = (row.tenant_id, row.id)
    messages = db.exec(
        select(SessionMessageRow)
        .where(SessionMessageRow.tenant_id == scope[0], SessionMessageRow.session_id == scope[1])
        .order_by(col(SessionMessageRow.position))
    ).all()
    summaries = db.exec(
        select(SessionSummaryRow)
        .where(SessionSummaryRow.tenant_id == scope[0], SessionSummaryRow.session_id == scope[1])
        .order_by(col(SessionSummaryRow.version))
    ).all()
    usage = db.exec(
        select(SessionUsageRow)
        .where(SessionUsageRow.tenant_id == scope[0], SessionUsageRow.session_id == scope[1])
        .order_by(col(SessionUsageRow.id))
    ).all()
    return {
        **_export_fields(row),
        "messages": [
            {
                "id": m.message_id,
                "position": m.position,
                "message": load_json(m.raw_json),
                # the retention purge replaced the content by a tombstone at this time
                "purged_at": None if m.purged_at is None else as_utc(m.purged_at).isoformat(),
            }
            for m in messages
        ],
        "pinned_ids": load_pins(db, tenant_id=row.tenant_id, session_id=row.id),
        "summaries": [
            {
                "version": s.version,
                "restored_from": s.restored_from,
                "created_at": as_utc(s.created_at).isoformat(),
                "summary": load_json(s.summary_json),
            }
            for s in summaries
        ],
        "usage": [
            {
                "input_tokens": u.input_tokens,
                "cached_input_tokens": u.cached_input_tokens,
                "output_tokens": u.output_tokens,
                "created_at": as_utc(u.created_at).isoformat(),
            }
            for u in usage
        ],
    }


def _export_fields(row: AgentSessionRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "user_id": row.user_id,
        "format": shown_format(row.format),
        "budget": load_json(row.budget_json),
        "system": load_json(row.system_json),
        "tools": load_json(row.tools_json),
        "metadata": load_json(row.metadata_json),
        "created_at": as_utc(row.created_at).isoformat(),
        "updated_at": as_utc(row.updated_at).isoformat(),
    }
