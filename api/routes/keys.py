"""``/v1/me`` (who am I) and ``/v1/keys`` (an admin manages its own tenant's keys)."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Path, status

from api.deps import AdminDep, KeyStoreDep, NowDep, PrincipalDep
from api.pagination import DEFAULT_LIMIT, CursorQuery, LimitQuery, page_after
from api.problems import PROBLEM_RESPONSES
from api.schemas.keys import (
    KeyCreated,
    KeyList,
    KeyOut,
    Me,
    NewKey,
)

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["keys"], responses=PROBLEM_RESPONSES)


@router.get("/me", summary="The caller's key: tenant, role, user restriction")
def me(principal: PrincipalDep) -> Me:
    """Resolve the bearer key; useful to check a key before using it."""
    return Me(
        key_id=principal.key_id,
        tenant_id=principal.tenant_id,
        role=principal.role,
        user_id=principal.user_id,
    )


@router.get("/keys", summary="List the keys of the caller's tenant (admin)")
def list_keys(
    admin: AdminDep,
    store: KeyStoreDep,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> KeyList:
    """A page of the admin's own tenant's keys, revoked ones included; never secrets."""
    items, next_cursor = page_after(
        [KeyOut.of(k) for k in store.list(tenant_id=admin.tenant_id)],
        listing="keys",
        position=lambda key: [key.created_at.isoformat(), key.key_id],
        shape=(str, str),
        cursor=cursor,
        limit=limit,
    )
    return KeyList(items=items, next_cursor=next_cursor)


@router.post(
    "/keys", status_code=status.HTTP_201_CREATED, summary="Create a key in the caller's tenant"
)
def create_key(body: NewKey, admin: AdminDep, store: KeyStoreDep, now: NowDep) -> KeyCreated:
    """Create a key in the admin's tenant (never another); the secret is in this response only.

    An admin key restricted to a user is refused (422): admin keys are tenant-wide.
    """
    lifetime = body.expires_in_seconds
    key, secret = store.create(
        tenant_id=admin.tenant_id,
        role=body.role,
        user_id=body.user_id,
        expires_at=now + timedelta(seconds=lifetime) if lifetime is not None else None,
    )
    return KeyCreated(**KeyOut.of(key).model_dump(), secret=secret)


@router.delete("/keys/{key_id}", summary="Revoke a key of the caller's tenant")
def revoke_key(
    key_id: Annotated[str, Path(max_length=40)], admin: AdminDep, store: KeyStoreDep
) -> KeyOut:
    """Revoke a key; another tenant's key answers 404 exactly like a missing one.

    The tenant's last active admin key cannot be revoked, not even by itself (409
    ``last-admin-key``): create another admin key first.
    """
    return KeyOut.of(store.revoke(tenant_id=admin.tenant_id, key_id=key_id))
