"""The parts of a user's export that other areas own: the user's sessions with their messages,
pins, summary versions and usage (``api.sessions.export_user_sessions``), and standing consents
(``policy.consent.list_consents``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from sqlmodel import Session

from api.sessions import export_user_sessions
from policy.consent import list_consents

__all__ = ["export_consents", "export_sessions"]


def export_sessions(db: Session, *, tenant_id: str, user_id: str) -> list[dict[str, Any]]:
    """Every session of the user with all its data, as the sessions API exports it."""
    return export_user_sessions(db, tenant_id=tenant_id, user_id=user_id)


def export_consents(db: Session, *, tenant_id: str, user_id: str) -> list[dict[str, Any]]:
    """The user's standing consents to consolidation, granted and withdrawn."""
    return [
        {
            k: v.isoformat() if hasattr(v, "isoformat") else v
            for k, v in dataclasses.asdict(c).items()
        }
        for c in list_consents(db, tenant_id=tenant_id, user_id=user_id)
    ]
