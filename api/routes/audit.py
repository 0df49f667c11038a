"""``GET /v1/audit``: the tenant's audit log, for admin keys only."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from api.auth import ensure_user_access
from api.deps import AdminDep, DbSessionDep
from api.pagination import DEFAULT_LIMIT, CursorQuery, LimitQuery
from api.params import Instant, UserIdQuery
from api.problems import PROBLEM_RESPONSES
from api.user_memory.schemas import AuditList, AuditPublic
from longterm.audit import list_audit

__all__ = ["router"]

router = APIRouter(prefix="/v1/audit", tags=["audit"], responses=PROBLEM_RESPONSES)


@router.get("", summary="The audit log")
def get_audit(
    db: DbSessionDep,
    caller: AdminDep,
    user_id: UserIdQuery = None,
    action: Annotated[
        str | None, Query(max_length=64, description="exact, or a prefix ending in '.'")
    ] = None,
    since: Annotated[Instant | None, Query()] = None,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> AuditList:
    """Mutations and policy decisions of the caller's tenant, newest first. Rows hold ids,
    roles, actions, outcomes, rule names and counts, never memory content."""
    if caller.user_id is not None:
        user_id = user_id or caller.user_id
        ensure_user_access(caller, user_id)
    page = list_audit(
        db,
        tenant_id=caller.tenant_id,
        user_id=user_id,
        action=action,
        since=since,
        limit=limit,
        cursor=cursor,
    )
    return AuditList(items=[AuditPublic.of(r) for r in page.items], next_cursor=page.next_cursor)
