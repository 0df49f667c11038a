"""The parts of a user's export that other areas own: sessions with their raw messages and
summary versions (sessions API tables, read only) and standing consents (policy tier)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from sqlmodel import Session, col, select

from api.sessions import list_sessions
from api.storage.sessions import SessionMessageRow, SessionSummaryRow
from policy.consent import list_consents

__all__ = ["export_consents", "export_sessions"]

MAX_SESSIONS = 1000


def export_sessions(db: Session, *, tenant_id: str, user_id: str) -> list[dict[str, Any]]:
    """Every session of the user: its public record, raw messages in order, summary versions."""
    out: list[dict[str, Any]] = []
    found = list_sessions(
        db, tenant_id=tenant_id, user_id=user_id, user_scope=user_id, limit=MAX_SESSIONS
    )
    for session in found:
        messages = db.exec(
            select(SessionMessageRow)
            .where(
                SessionMessageRow.tenant_id == tenant_id,
                SessionMessageRow.session_id == session.id,
                SessionMessageRow.user_id == user_id,
            )
            .order_by(col(SessionMessageRow.position))
        ).all()
        summaries = db.exec(
            select(SessionSummaryRow)
            .where(
                SessionSummaryRow.tenant_id == tenant_id,
                SessionSummaryRow.session_id == session.id,
                SessionSummaryRow.user_id == user_id,
            )
            .order_by(col(SessionSummaryRow.version))
        ).all()
        out.append(
            {
                "session": session.model_dump(mode="json"),
                "messages": [
                    {"id": m.message_id, "position": m.position, "raw": json.loads(m.raw_json)}
                    for m in messages
                ],
                "summaries": [
                    {"version": s.version, "summary": json.loads(s.summary_json)} for s in summaries
                ],
            }
        )
    return out


def export_consents(db: Session, *, tenant_id: str, user_id: str) -> list[dict[str, Any]]:
    """The user's standing consents to consolidation, granted and withdrawn."""
    consents = list_consents(db, tenant_id=tenant_id, user_id=user_id)
    return [
        {
            k: v.isoformat() if hasattr(v, "isoformat") else v
            for k, v in dataclasses.asdict(c).items()
        }
        for c in consents
    ]
