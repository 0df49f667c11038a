"""Bodies of ``/v1/me`` and ``/v1/keys``."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Final, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from api.pagination import Page
from api.params import WHOLE_FLOAT_AS_INT
from longterm.vocabulary import Role, UserId

__all__ = [
    "MAX_KEY_LIFETIME",
    "AdminKeyCreate",
    "KeyCreate",
    "KeyCreated",
    "KeyList",
    "KeyOut",
    "KeyRecord",
    "Me",
    "NewKey",
]

MAX_KEY_LIFETIME: Final = timedelta(days=3650)  # the longest a key may live (ten years)


class KeyRecord(Protocol):
    """What ``KeyOut.of`` reads of a stored key (``api.storage.keys.ApiKey``), named here so
    the schema needs no storage import."""

    @property
    def key_id(self) -> str: ...
    @property
    def tenant_id(self) -> str: ...
    @property
    def role(self) -> Role: ...
    @property
    def user_id(self) -> str | None: ...
    @property
    def display_prefix(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def revoked_at(self) -> datetime | None: ...
    @property
    def expires_at(self) -> datetime | None: ...


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
    def of(cls, key: KeyRecord) -> KeyOut:
        """The public view of a stored key."""
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


_Lifetime = Annotated[
    StrictInt, Field(ge=1, le=int(MAX_KEY_LIFETIME.total_seconds())), WHOLE_FLOAT_AS_INT
]
_LIFETIME_FIELD = Field(
    default=None,
    description="Seconds from now until the key stops working (401 `key-expired` from then "
    "on); at most ten years. Null (default): the key works until revoked. The key's "
    "`expires_at` shows the instant.",
)


class KeyCreate(BaseModel):
    """A new agent or consolidator key in the caller's tenant, optionally for one user."""

    model_config = ConfigDict(extra="forbid")

    role: Literal["agent", "consolidator"] = Field(
        description="What the new key may do: agent or consolidator (admin: see AdminKeyCreate)."
    )
    user_id: UserId | None = Field(
        default=None, description="Restrict the key to this end user's data."
    )
    expires_in_seconds: _Lifetime | None = _LIFETIME_FIELD


class AdminKeyCreate(BaseModel):
    """A new admin key: tenant-wide by definition (keys, policy, retention, jobs, audit)."""

    model_config = ConfigDict(extra="forbid")

    role: Literal["admin"] = Field(description="An admin key: manages the tenant.")
    user_id: None = Field(
        default=None,
        description="Always null: admin keys cannot be restricted to a user (restrict an "
        "agent key instead).",
    )
    expires_in_seconds: _Lifetime | None = _LIFETIME_FIELD


NewKey = Annotated[KeyCreate | AdminKeyCreate, Field(discriminator="role")]


class KeyCreated(KeyOut):
    """The new key, with its secret: shown this once, only its hash is stored."""

    secret: str = Field(
        description="The key itself, shown once: only its SHA-256 hash is stored. Send it as "
        "Authorization: Bearer <secret>."
    )


class KeyList(Page[KeyOut]):
    """A page of the tenant's keys, oldest first."""
