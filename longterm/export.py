"""Everything the long-term tier holds about one user, for right of access and portability.

Unfiltered: ``SqlLongtermStore.export_user`` leaves out what the principal may not read.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import desc, or_
from sqlmodel import Session, col, select

from longterm.erasure import list_receipts
from longterm.models import ErasureReceipt, UserExport
from longterm.pseudonyms import existing_user_ref
from longterm.storage import (
    AuditRow,
    EventRow,
    PreferenceHistoryRow,
    PreferenceRow,
    audit_from_row,
    change_from_row,
    event_from_row,
    preference_from_row,
)

__all__ = ["export_user"]


def _receipts(db: Session, *, tenant_id: str, user_id: str) -> list[ErasureReceipt]:
    """The user's erasure receipts: stored under the user's keyed reference (older ones under
    the id itself, until re-applied)."""
    ref = existing_user_ref(db, tenant_id=tenant_id, user_id=user_id)
    found = list_receipts(db, tenant_id=tenant_id, user_id=user_id)
    if ref is not None:
        found += list_receipts(db, tenant_id=tenant_id, user_id=ref)
    return sorted(found, key=lambda receipt: receipt.erased_at)


def export_user(db: Session, *, tenant_id: str, user_id: str, now: datetime) -> UserExport:
    """Collect everything about ``user_id`` in ``tenant_id``; expired rows are left out."""
    prefs = db.exec(
        select(PreferenceRow)
        .where(PreferenceRow.tenant_id == tenant_id, PreferenceRow.user_id == user_id)
        .where(or_(col(PreferenceRow.expires_at).is_(None), col(PreferenceRow.expires_at) > now))
        .order_by(col(PreferenceRow.key))
    ).all()
    history = db.exec(
        select(PreferenceHistoryRow)
        .where(PreferenceHistoryRow.tenant_id == tenant_id, PreferenceHistoryRow.user_id == user_id)
        .order_by(col(PreferenceHistoryRow.key), desc(col(PreferenceHistoryRow.at)))
    ).all()
    events = db.exec(
        select(EventRow)
        .where(EventRow.tenant_id == tenant_id, EventRow.user_id == user_id)
        .where(or_(col(EventRow.expires_at).is_(None), col(EventRow.expires_at) > now))
        .order_by(desc(col(EventRow.occurred_at)))
    ).all()
    audit = db.exec(
        select(AuditRow)
        .where(AuditRow.tenant_id == tenant_id, AuditRow.user_id == user_id)
        .order_by(col(AuditRow.id))
    ).all()
    return UserExport(
        tenant_id=tenant_id,
        user_id=user_id,
        exported_at=now,
        preferences=[preference_from_row(r) for r in prefs],
        history=[change_from_row(r) for r in history],
        events=[event_from_row(r) for r in events],
        audit=[audit_from_row(r) for r in audit],
        receipts=_receipts(db, tenant_id=tenant_id, user_id=user_id),
    )
