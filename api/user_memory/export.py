"""A user's whole export (right of access and portability): long-term memory from the
``LongtermStore`` (filtered by what the caller may read), plus the parts other areas own: the
user's sessions with their messages, pins, summary versions and usage
(``api.sessions.export_user_sessions``), and standing consents (``policy.consent.list_consents``).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Any

from sqlmodel import Session

from api.sessions import export_user_sessions
from api.user_memory.schemas import (
    AuditPublic,
    ChangePublic,
    ErasureReceiptPublic,
    EventPublic,
    ExportOut,
    PreferencePublic,
)
from longterm import audit
from longterm.gate import Principal
from longterm.store import LongtermStore
from policy.consent import list_consents

__all__ = ["export_consents", "export_document", "export_sessions"]


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


def export_document(
    db: Session, *, store: LongtermStore, caller: Principal, user_id: str, now: datetime
) -> ExportOut:
    """Everything about ``user_id`` in the caller's tenant that ``caller`` may read, as one
    document; the export is audited (ids and counts only) and committed.

    The caller's right to export (admin, or a key restricted to this user) is the route's to
    check; ``user_id`` is taken as stored (ids from before the user-id rule included).
    """
    data = store.export_user(principal=caller, tenant_id=caller.tenant_id, user_id=user_id, now=now)
    history: dict[str, list[ChangePublic]] = {}
    for change in data.history:
        history.setdefault(change.key, []).append(ChangePublic.of(change))
    out = ExportOut(
        tenant_id=data.tenant_id,
        user_id=user_id,
        exported_at=now,
        preferences=[PreferencePublic.of(p) for p in data.preferences],
        history=history,
        events=[EventPublic.of(e) for e in data.events],
        audit=[AuditPublic.of(a) for a in data.audit],
        erasure_receipts=[ErasureReceiptPublic.of(r) for r in data.receipts],
        consents=export_consents(db, tenant_id=caller.tenant_id, user_id=user_id),
        sessions=export_sessions(db, tenant_id=caller.tenant_id, user_id=user_id),
    )
    # Reading everything about a user is worth a trace (ids and counts only).
    audit.record(
        db,
        tenant_id=caller.tenant_id,
        subject=caller,
        user_id=user_id,
        action="user.export",
        object_type="user",
        object_id=user_id,
        outcome="ok",
        now=now,
        detail={
            "preferences": len(out.preferences),
            "events": len(out.events),
            "sessions": len(out.sessions),
        },
    )
    db.commit()
    return out
