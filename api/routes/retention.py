"""``/v1/admin/retention``: a tenant's retention of raw session messages (admin keys only).

``GET`` reads it, ``PUT {raw_message_days: N | null}`` sets or removes it (audited), and
``POST /v1/admin/retention/purge`` runs the purge for the caller's tenant now: the retention part
of the one expiry (``api.jobs.expiry.expire_tenant``) that ``tiermem expire`` and the scheduler
run; see ``api.sessions.retention`` for what is purged and when.
"""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import AdminDep, DbSessionDep, EngineDep, NowDep
from api.jobs.expiry import expire_tenant
from api.problems import PROBLEM_RESPONSES
from api.schemas.retention import PurgeOut, RetentionIn, RetentionOut
from api.sessions.retention import get_retention, set_retention
from longterm import audit

__all__ = ["router"]

router = APIRouter(prefix="/v1/admin/retention", tags=["admin"], responses=PROBLEM_RESPONSES)


@router.get("", summary="Read the tenant's retention of raw session messages (admin)")
def read_retention(db: DbSessionDep, caller: AdminDep) -> RetentionOut:
    """The caller's tenant's setting."""
    days = get_retention(db, tenant_id=caller.tenant_id)
    return RetentionOut(tenant_id=caller.tenant_id, raw_message_days=days)


@router.put("", summary="Set the tenant's retention of raw session messages (admin)")
def put_retention(
    body: RetentionIn, db: DbSessionDep, caller: AdminDep, now: NowDep
) -> RetentionOut:
    """Raw messages older than this many days are purged once a summary covers them."""
    days = set_retention(db, tenant_id=caller.tenant_id, days=body.raw_message_days, now=now)
    audit.record(
        db,
        tenant_id=caller.tenant_id,
        subject=caller,
        user_id=None,
        action="retention.set",
        object_type="tenant",
        object_id=caller.tenant_id,
        outcome="ok",
        now=now,
        detail={"raw_message_days": days},
    )
    db.commit()
    return RetentionOut(tenant_id=caller.tenant_id, raw_message_days=days)


@router.post("/purge", summary="Purge summarized raw messages past the retention now (admin)")
def run_purge(engine: EngineDep, caller: AdminDep, now: NowDep) -> PurgeOut:
    """Tombstone what the retention allows in the caller's tenant (audited per session), then
    make the purged text unrecoverable (WAL checkpoint on SQLite, VACUUM on PostgreSQL)."""
    run = expire_tenant(engine, actor=caller, now=now, long_term=False)
    counts = run.session_retention
    return PurgeOut(tenant_id=caller.tenant_id, sessions=counts.sessions, messages=counts.messages)
