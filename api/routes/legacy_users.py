"""``/v1/admin/legacy-users``: users whose stored id breaks the one user-id rule (admin keys).

Ids stored before the rule (sessions and consents once took any string) cannot be addressed
by ``/v1/users/{user_id}/...``, whose ``user_id`` follows the rule, and some (``a/b``) cannot
be a path segment at all. An admin reaches them here, by the id exactly as stored in a query
parameter: the whole export (everything tiermem holds about the user: the complete read) and
the whole erasure, the same documents as the per-user routes answer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from api.deps import AdminDep, DbSessionDep, EngineDep, LongtermStoreDep, NowDep
from api.params import LegacyUserIdQuery
from api.problems import PROBLEM_RESPONSES
from api.user_memory.erasure import erase_everything
from api.user_memory.export import export_document
from api.user_memory.schemas import ErasureReceiptPublic, ExportOut

__all__ = ["router"]

router = APIRouter(prefix="/v1/admin/legacy-users", tags=["admin"], responses=PROBLEM_RESPONSES)


@router.get("/export", summary="Export a user whose stored id predates the rule (admin)")
def export_legacy_user(
    user_id: LegacyUserIdQuery,
    db: DbSessionDep,
    store: LongtermStoreDep,
    caller: AdminDep,
    now: NowDep,
) -> ExportOut:
    """Everything tiermem holds about the user with this stored id, as
    ``GET /v1/users/{user_id}/export`` answers it; audited."""
    return export_document(db, store=store, caller=caller, user_id=user_id, now=now)


@router.delete("/memories", summary="Erase a user whose stored id predates the rule (admin)")
def erase_legacy_user(
    user_id: LegacyUserIdQuery,
    db: DbSessionDep,
    engine: EngineDep,
    caller: AdminDep,
    now: NowDep,
    scope: Annotated[Literal["all", "longterm"], Query()] = "all",
) -> ErasureReceiptPublic:
    """Erase the user with this stored id exactly as ``DELETE /v1/users/{user_id}/memories``
    does (preferences, history, events, consents, stored responses, and unless
    ``?scope=longterm`` sessions with everything in them); returns the receipt."""
    return erase_everything(db, engine, caller=caller, user_id=user_id, now=now, scope=scope)
