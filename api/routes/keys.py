"""``/v1/me`` (who am I) and ``/v1/keys`` (an admin manages its own tenant's keys)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Literal

from fastapi import APIRouter, Path, status
from pydantic import BaseModel, Field

from api.deps import AdminDep, KeyStoreDep, NowDep, PrincipalDep
from api.pagination import DEFAULT_LIMIT, CursorQuery, LimitQuery, Page, page_after
from api.problems import PROBLEM_RESPONSES
from api.storage.keys import MAX_KEY_LIFETIME, ApiKey
from longterm.vocabulary import Role, UserId

__all__ = ["router"]

router = APIRouter(prefix="/v1", tags=["keys"], responses=PROBLEM_RESPONSES)


class Me(BaseModel):
    """The caller as its key defines it."""

    key_id: str = Field(description="The key's public id (key_...), what logs and audit rows name.")
    tenant_id: str = Field(description="The tenant the key belongs to.")
    role: Role = Field(description="What the key may do: agent, admin or consolidator.")
    user_id: str | None = Field(
        description="The end user the key is restricted to (null: any user of the tenant)."
    )


class KeyOut(BaseModel):
    """A key without its secret."""

    key_id: str = Field(description="The key's public id (key_...), what logs and audit rows name.")
    tenant_id: str = Field(description="The tenant the key belongs to.")
    role: Role = Field(description="What the key may do: agent, admin or consolidator.")
    user_id: str | None = Field(
        description="The end user the key is restricted to (null: any user of the tenant)."
    )
    display_prefix: str = Field(
        description="The first characters of the secret, to recognize a key without storing it."
    )
    created_at: datetime = Field(description="When the key was created (UTC, RFC 3339).")
    revoked_at: datetime | None = Field(description="When the key was revoked (null: in force).")
    expires_at: datetime | None = Field(
        default=None,
        description="When the key stops working (401 `key-expired` from then on); null: never.",
    )

    @classmethod
    def of(cls, key: ApiKey) -> KeyOut:
        return cls(
            key_id=key.key_id,
            tenant_id=key.tenant_id,
            role=key.role,
            user_id=key.user_id,
            display_prefix=key.display_prefix,
            created_at=key.created_at,
            revoked_at=key.revoked_at,
            expires_at=key.expires_at,
        )


_LIFETIME_FIELD = Field(
    default=None,
    ge=1,
    le=int(MAX_KEY_LIFETIME.total_seconds()),
    description="Seconds from now until the key stops working (401 `key-expired` from then "
    "on); at most ten years. Null (default): the key works until revoked. The key's "
    "`expires_at` shows the instant.",
)


class KeyCreate(BaseModel):
    """A new agent or consolidator key in the caller's tenant, optionally for one user."""

    role: Literal["agent", "consolidator"] = Field(
        description="What the new key may do: agent or consolidator (admin: see AdminKeyCreate)."
    )
    user_id: UserId | None = Field(
        default=None, description="Restrict the key to this end user's data."
    )
    expires_in_seconds: int | None = _LIFETIME_FIELD


class AdminKeyCreate(BaseModel):
    """A new admin key: tenant-wide by definition (keys, policy, retention, jobs, audit)."""

    role: Literal["admin"] = Field(description="An admin key: manages the tenant.")
    user_id: None = Field(
        default=None,
        description="Always null: admin keys cannot be restricted to a user (restrict an "
        "agent key instead).",
    )
    expires_in_seconds: int | None = _LIFETIME_FIELD


NewKey = Annotated[KeyCreate | AdminKeyCreate, Field(discriminator="role")]


class KeyCreated(KeyOut):
    """The new key, with its secret: shown this once, only its hash is stored."""

    secret: str = Field(
        description="The key itself, shown once: only its SHA-256 hash is stored. Send it as "
        "Authorization: Bearer <secret>."
    )


@router.get("/me", summary="The caller's key: tenant, role, user restriction")
def me(principal: PrincipalDep) -> Me:
    """Resolve the bearer key; useful to check a key before using it."""
    return Me(
        key_id=principal.key_id,
        tenant_id=principal.tenant_id,
        role=principal.role,
        user_id=principal.user_id,
    )


class KeyList(Page[KeyOut]):
    """A page of the tenant's keys, oldest first."""


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
