"""Standing consent to consolidation: ``GET|PUT|DELETE /v1/users/{user_id}/consents/{category}``
(and ``GET /v1/users/{user_id}/consents``).

Granting and withdrawing are audited with who and when; withdrawing stops future
consolidation in that category. A key restricted to another user gets 404, as for any other
user's data; consolidator keys may read consents but never grant or withdraw them.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from api.auth import ensure_user_access
from api.deps import CallerDep, DbSessionDep, NowDep, PrincipalDep
from api.pagination import DEFAULT_LIMIT, CursorQuery, LimitQuery, page_after
from api.params import UserIdPath
from api.problems import PROBLEM_RESPONSES
from api.schemas.consents import ConsentList, ConsentOut
from longterm.registry import SENSITIVE_CATEGORIES
from policy.consent import (
    StandingConsent,
    get_consent,
    grant_consent,
    list_consents,
    withdraw_consent,
)

__all__ = ["router"]

router = APIRouter(prefix="/v1/users/{user_id}/consents", tags=["consents"])
Category = Annotated[
    str,
    Path(
        min_length=1,
        max_length=40,
        pattern=r"^[a-z][a-z0-9_]{0,39}$",
        description="a lowercase category name; the sensitive categories "
        f"({', '.join(sorted(SENSITIVE_CATEGORIES))}) are never consolidated and not accepted",
        json_schema_extra={"not": {"enum": sorted(SENSITIVE_CATEGORIES)}},
    ),
]


def _out(consent: StandingConsent) -> ConsentOut:
    return ConsentOut(
        user_id=consent.user_id,
        category=consent.category,
        active=consent.active,
        granted_by=consent.granted_by,
        granted_at=consent.granted_at,
        withdrawn_by=consent.withdrawn_by,
        withdrawn_at=consent.withdrawn_at,
    )


@router.get("", summary="List a user's consents", responses=PROBLEM_RESPONSES)
def get_all(
    user_id: UserIdPath,
    db: DbSessionDep,
    caller: PrincipalDep,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> ConsentList:
    """A page of the active and withdrawn consents of ``user_id`` in the caller's tenant."""
    ensure_user_access(caller, user_id)
    consents = list_consents(db, tenant_id=caller.tenant_id, user_id=user_id)
    items, next_cursor = page_after(
        [_out(c) for c in consents],
        listing="consents",
        position=lambda consent: [consent.category],
        shape=(str,),
        cursor=cursor,
        limit=limit,
    )
    return ConsentList(user_id=user_id, items=items, next_cursor=next_cursor)


@router.get("/{category}", summary="Get one consent", responses=PROBLEM_RESPONSES)
def get_one(
    user_id: UserIdPath, category: Category, db: DbSessionDep, caller: PrincipalDep
) -> ConsentOut:
    """The consent record of ``user_id`` in ``category``; 404 when none was ever recorded."""
    ensure_user_access(caller, user_id)
    return _out(get_consent(db, tenant_id=caller.tenant_id, user_id=user_id, category=category))


@router.put(
    "/{category}",
    summary="Grant standing consent to consolidation",
    responses={**PROBLEM_RESPONSES, 201: {"description": "Consent newly granted"}},
)
def put_one(
    user_id: UserIdPath,
    category: Category,
    db: DbSessionDep,
    caller: CallerDep,
    now: NowDep,
    response: Response,
) -> ConsentOut:
    """Grant (201) or confirm an active consent (200, the original grant is kept); audited."""
    ensure_user_access(caller, user_id)
    consent, created = grant_consent(
        db, subject=caller, user_id=user_id, category=category, now=now
    )
    db.commit()
    response.status_code = 201 if created else 200
    return _out(consent)


@router.delete("/{category}", summary="Withdraw a consent", responses=PROBLEM_RESPONSES)
def delete_one(
    user_id: UserIdPath, category: Category, db: DbSessionDep, caller: CallerDep, now: NowDep
) -> ConsentOut:
    """Withdraw; consolidation in ``category`` stops from the next unit of work; audited.
    404 when there is no active consent."""
    ensure_user_access(caller, user_id)
    consent = withdraw_consent(db, subject=caller, user_id=user_id, category=category, now=now)
    db.commit()
    return _out(consent)
