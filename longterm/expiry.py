"""Hard deletion of expired long-term rows (``tiermem expire`` and the scheduler's sweep).

Reads already hide expired rows (``longterm.store``); the purge removes them for good: expired
preferences and events, history rows whose value has expired, and stored idempotent responses
past their lifetime. One audit row per user purged, with counts only.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlmodel import Session, SQLModel

from longterm import audit
from longterm.erasure import compact_fulltext
from longterm.gate import Principal
from longterm.storage import EventRow, IdempotencyRow, PreferenceHistoryRow, PreferenceRow

__all__ = ["PURGED_KINDS", "purge_expired", "tenants_with_expired"]

PURGED_KINDS: tuple[tuple[str, type[SQLModel]], ...] = (
    ("preferences", PreferenceRow),
    ("preference_history", PreferenceHistoryRow),
    ("events", EventRow),
    ("idempotency_keys", IdempotencyRow),
)


def _table(model: type[SQLModel]) -> Any:
    return model.__table__  # type: ignore[attr-defined]


def tenants_with_expired(db: Session, *, now: datetime) -> list[str]:
    """Tenants holding at least one expired row (the only cross-tenant query: it returns ids)."""
    tenants: set[str] = set()
    for _kind, model in PURGED_KINDS:
        table = _table(model)
        query = select(table.c.tenant_id).where(table.c.expires_at <= now).distinct()
        tenants.update(str(t) for t in db.connection().execute(query).scalars())
    return sorted(tenants)


def purge_expired(db: Session, *, subject: Principal, now: datetime) -> dict[str, int]:
    """Delete every row of ``subject``'s tenant that expired at or before ``now``; the caller
    commits. Returns counts per kind.
    """
    tenant = subject.tenant_id
    per_user: dict[str, Counter[str]] = {}
    for kind, model in PURGED_KINDS:
        table = _table(model)
        expired = (table.c.tenant_id == tenant, table.c.expires_at <= now)
        # Count what this statement deleted (RETURNING), not what a read saw: two concurrent
        # sweeps then never both report (and audit) the same rows.
        deleted = delete(table).where(*expired).returning(table.c.user_id)
        for user in db.connection().execute(deleted).scalars():
            per_user.setdefault(str(user), Counter())[kind] += 1
    if any(counts["events"] for counts in per_user.values()):
        compact_fulltext(db)
    totals: Counter[str] = Counter()
    for user, counts in sorted(per_user.items()):
        totals.update(counts)
        audit.record(
            db,
            tenant_id=tenant,
            subject=subject,
            user_id=user,
            action="expire.purge",
            object_type="user",
            object_id=user,
            outcome="ok",
            now=now,
            detail=dict(counts),
        )
    db.flush()
    return {kind: totals.get(kind, 0) for kind, _ in PURGED_KINDS}
