"""API keys and tenants: the key table and the store that creates, lists, revokes and resolves keys.

A key is ``tmk_`` followed by 32 random bytes (URL-safe base64, 256 bits of entropy), printed
once when created. Only its SHA-256 digest is stored: with that much entropy a fast hash is as
strong as a slow one (no dictionary to attack), and it lets a request's key be found by an
indexed equality lookup. Revoked keys stay in the table (with ``revoked_at``) so ids remain
auditable.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, func, or_, select, update
from sqlalchemy.orm import Session
from sqlmodel import Field, SQLModel, col

from api.schemas.keys import MAX_KEY_LIFETIME
from longterm.vocabulary import ROLES, Role, is_valid_tenant_id, user_id_problem
from storage.engine import session_scope
from storage.metadata import utcnow
from storage.types import UtcDateTime

__all__ = [
    "KEY_PREFIX",
    "MAX_KEY_LIFETIME",
    "ApiKey",
    "ApiKeyRow",
    "InvalidKeyInput",
    "KeyNotFound",
    "KeyStore",
    "KeyStoreError",
    "LastAdminKey",
    "TenantRow",
    "hash_key",
    "validate_tenant_id",
    "validate_user_id",
]

KEY_PREFIX = "tmk_"


class KeyStoreError(Exception):
    """Base of the key store's errors::

    KeyStoreError
    ├── InvalidKeyInput (ValueError)   a tenant id, user id, role or expiry the store refuses
    ├── KeyNotFound (LookupError)      no key with that id (in the tenant, when one is given)
    └── LastAdminKey                   revoking it would leave the tenant without an admin key
    """


class InvalidKeyInput(KeyStoreError, ValueError):
    """A tenant id, user id or role that the key store refuses."""


class KeyNotFound(KeyStoreError, LookupError):
    """No key with that id (another tenant's key looks exactly like a missing one)."""


class LastAdminKey(KeyStoreError):
    """The key is the tenant's last active admin key: create another one before revoking it."""


class TenantRow(SQLModel, table=True):
    """A tenant, created with its first key."""

    __tablename__ = "tenant"

    tenant_id: str = Field(primary_key=True, max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class ApiKeyRow(SQLModel, table=True):
    """One API key: its id, owner tenant, role, optional user restriction and secret's hash."""

    __tablename__ = "api_key"

    id: str = Field(primary_key=True, max_length=40)
    tenant_id: str = Field(foreign_key="tenant.tenant_id", index=True, max_length=64)
    role: str = Field(max_length=16)
    user_id: str | None = Field(default=None, max_length=128)
    secret_hash: str = Field(unique=True, max_length=64)
    display_prefix: str = Field(max_length=16)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    expires_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


@dataclass(frozen=True, slots=True)
class ApiKey:
    """A key as the rest of the service sees it: never the secret, never its hash."""

    key_id: str
    tenant_id: str
    role: Role
    user_id: str | None
    display_prefix: str
    created_at: datetime
    revoked_at: datetime | None
    expires_at: datetime | None = None

    @property
    def active(self) -> bool:
        """False once the key is revoked (expiry is a matter of time: see ``expired``)."""
        return self.revoked_at is None

    def expired(self, now: datetime) -> bool:
        """True once ``now`` has reached the key's expiry (never for a key without one)."""
        return self.expires_at is not None and now >= self.expires_at


def hash_key(secret: str) -> str:
    """Hex SHA-256 of a presented key, the only form in which keys are stored."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def validate_tenant_id(tenant_id: str) -> str:
    """Return ``tenant_id`` if it is a tenant id (``longterm.vocabulary.TenantId``).

    Raises:
        InvalidKeyInput: it is not.
    """
    if not is_valid_tenant_id(tenant_id):
        raise InvalidKeyInput(f"invalid tenant id {tenant_id!r}: use 1-64 of A-Z a-z 0-9 . _ -")
    return tenant_id


def validate_user_id(user_id: str) -> str:
    """Return ``user_id`` if it follows the one user-id rule (``longterm.vocabulary.UserId``).

    Raises:
        InvalidKeyInput: it does not (the message says why).
    """
    problem = user_id_problem(user_id)
    if problem is not None:
        raise InvalidKeyInput(f"invalid user id {user_id!r}: {problem}")
    return user_id


def _role(value: str) -> Role | None:
    return next((role for role in ROLES if role == value), None)


def _to_domain(row: ApiKeyRow) -> ApiKey:
    role = _role(row.role)
    if role is None:  # only ROLES are ever written: a corrupt row is a server fault
        raise KeyStoreError(f"key {row.id!r} has an unknown stored role")
    return ApiKey(
        key_id=row.id,
        tenant_id=row.tenant_id,
        role=role,
        user_id=row.user_id,
        display_prefix=row.display_prefix,
        created_at=row.created_at,
        revoked_at=row.revoked_at,
        expires_at=row.expires_at,
    )


class KeyStore:
    """Creates, lists, revokes and resolves API keys in the database behind ``engine``.

    Args:
        engine: the database.
        clock: the time stamped on new and revoked keys (the app's clock behind the API).
    """

    def __init__(self, engine: Engine, *, clock: Callable[[], datetime] = utcnow) -> None:
        self._engine = engine
        self._clock = clock

    def create(
        self,
        *,
        tenant_id: str,
        role: str,
        user_id: str | None = None,
        expires_at: datetime | None = None,
    ) -> tuple[ApiKey, str]:
        """Create a key; returns it and the secret, which is never retrievable again.

        Admin keys are tenant-wide by definition (they manage keys, policy, retention and jobs
        of the whole tenant), so an admin key restricted to a user is refused rather than half
        confined: restrict an agent key instead (docs/service.md, "Keys").

        Raises:
            InvalidKeyInput: bad tenant id, user id or role, an admin key with a user, or an
                expiry that is not in the future.
        """
        validate_tenant_id(tenant_id)
        if user_id is not None:
            validate_user_id(user_id)
        if _role(role) is None:
            raise InvalidKeyInput(f"invalid role {role!r}: use one of {', '.join(ROLES)}")
        if role == "admin" and user_id is not None:
            raise InvalidKeyInput(
                "admin keys are tenant-wide and cannot be restricted to a user; "
                "restrict an agent key instead"
            )
        created_at = self._clock()
        if expires_at is not None and not _valid_expiry(expires_at, now=created_at):
            raise InvalidKeyInput(
                f"a key's expiry must be in the future and at most {MAX_KEY_LIFETIME.days} "
                "days ahead"
            )
        secret = KEY_PREFIX + secrets.token_urlsafe(32)
        row = ApiKeyRow(
            id="key_" + secrets.token_hex(8),
            tenant_id=tenant_id,
            role=role,
            user_id=user_id,
            secret_hash=hash_key(secret),
            display_prefix=secret[: len(KEY_PREFIX) + 6],
            created_at=created_at,
            expires_at=expires_at,
        )
        with session_scope(self._engine) as session:
            if session.get(TenantRow, tenant_id) is None:
                session.add(TenantRow(tenant_id=tenant_id, created_at=row.created_at))
                session.flush()
            session.add(row)
            session.commit()
            return _to_domain(row), secret

    def list(self, *, tenant_id: str, include_revoked: bool = True) -> list[ApiKey]:
        """Keys of one tenant, oldest first; never secrets or hashes."""
        stmt = select(ApiKeyRow).where(ApiKeyRow.tenant_id == tenant_id)  # type: ignore[arg-type]
        if not include_revoked:
            stmt = stmt.where(ApiKeyRow.revoked_at.is_(None))  # type: ignore[union-attr]
        stmt = stmt.order_by(ApiKeyRow.created_at, ApiKeyRow.id)  # type: ignore[arg-type]
        with session_scope(self._engine) as session:
            return [_to_domain(row) for row in session.scalars(stmt)]

    def revoke(self, *, tenant_id: str, key_id: str) -> ApiKey:
        """Revoke one of ``tenant_id``'s keys; revoking twice keeps the first time.

        Raises:
            KeyNotFound: the tenant has no key with that id (another tenant's key included).
            LastAdminKey: it is the tenant's last active admin key (whoever asks, itself too).
        """
        return self._revoke(key_id, tenant_id=tenant_id)

    def revoke_as_operator(self, key_id: str) -> ApiKey:
        """Revoke any tenant's key by id: for the operator's CLI only, never behind the API.

        Raises:
            KeyNotFound: no key has that id.
            LastAdminKey: it is its tenant's last active admin key (create another first).
        """
        return self._revoke(key_id, tenant_id=None)

    def revoke_user_keys(self, session: Session, *, tenant_id: str, user_id: str) -> int:
        """Revoke, in the caller's transaction, every key restricted to ``user_id``.

        Used by the erasure: an erased user's keys must stop working with the data. Returns
        how many keys were revoked now (already revoked ones are left as they were).
        """
        stmt = (
            update(ApiKeyRow)
            .where(ApiKeyRow.tenant_id == tenant_id)  # type: ignore[arg-type]
            .where(ApiKeyRow.user_id == user_id)  # type: ignore[arg-type]
            .where(ApiKeyRow.revoked_at.is_(None))  # type: ignore[union-attr]
            .values(revoked_at=self._clock())
        )
        return int(session.execute(stmt).rowcount or 0)  # type: ignore[attr-defined]

    def _revoke(self, key_id: str, *, tenant_id: str | None) -> ApiKey:
        with session_scope(self._engine) as session:
            row = session.get(ApiKeyRow, key_id)
            if row is None or (tenant_id is not None and row.tenant_id != tenant_id):
                raise KeyNotFound(f"no key with id {key_id!r}")
            if row.revoked_at is None:
                now = self._clock()
                if row.role == "admin":
                    # Serialize concurrent revocations in the tenant (PostgreSQL: a row lock on
                    # the tenant; SQLite: one writer at a time), so two admins revoking each
                    # other cannot both succeed.
                    _lock_tenant(session, row.tenant_id)
                    if _other_active_admins(session, row, now=now) == 0:
                        raise LastAdminKey(
                            f"key {key_id!r} is the tenant's last active admin key; "
                            "create another admin key before revoking it"
                        )
                row.revoked_at = now
                session.add(row)
                session.commit()
            return _to_domain(row)

    def resolve(self, secret: str) -> ApiKey | None:
        """The active key whose secret is ``secret``, or None (unknown or revoked)."""
        return resolve_key(self._engine, secret)


def _valid_expiry(expires_at: datetime, *, now: datetime) -> bool:
    try:
        return now < expires_at <= now + MAX_KEY_LIFETIME
    except OverflowError:  # an offset pushing the instant past year 9999
        return False


def _lock_tenant(session: Session, tenant_id: str) -> None:
    stmt = select(TenantRow).where(TenantRow.tenant_id == tenant_id)  # type: ignore[arg-type]
    if session.get_bind().dialect.name == "sqlite":
        # Take SQLite's write lock now (a no-op update), so the count below is the latest.
        session.execute(
            update(TenantRow)
            .where(TenantRow.tenant_id == tenant_id)  # type: ignore[arg-type]
            .values(tenant_id=tenant_id)
        )
        return
    session.execute(stmt.with_for_update())


def _other_active_admins(session: Session, row: ApiKeyRow, *, now: datetime) -> int:
    stmt = (
        select(func.count())
        .select_from(ApiKeyRow)
        .where(ApiKeyRow.tenant_id == row.tenant_id)  # type: ignore[arg-type]
        .where(ApiKeyRow.role == "admin")  # type: ignore[arg-type]
        .where(ApiKeyRow.id != row.id)  # type: ignore[arg-type]
        .where(ApiKeyRow.revoked_at.is_(None))  # type: ignore[union-attr]
        .where(or_(col(ApiKeyRow.expires_at).is_(None), col(ApiKeyRow.expires_at) > now))
    )
    return int(session.execute(stmt).scalar_one())


def resolve_key(engine: Engine, secret: str) -> ApiKey | None:
    """Look a presented secret up by its hash; None when unknown or revoked.

    An expired key is returned (check ``ApiKey.expired``): its holder is told it expired.
    """
    if not secret.startswith(KEY_PREFIX) or len(secret) > 128:
        return None
    stmt = select(ApiKeyRow).where(ApiKeyRow.secret_hash == hash_key(secret))  # type: ignore[arg-type]
    with session_scope(engine) as session:
        row = session.scalars(stmt).first()
        if row is None or row.revoked_at is not None:
            return None
        return _to_domain(row)
