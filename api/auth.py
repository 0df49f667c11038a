"""Bearer-key authentication and the ownership rules every route applies.

A request's ``Authorization: Bearer KEY`` decides its tenant, role and (optionally) the one end
user whose data it may touch. Missing, unknown and revoked keys all answer 401 with the same
body, so the response does not tell an attacker which it was. A resource of another tenant, or of
a user the key is restricted from, answers 404 exactly like a missing one (``ensure_visible``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from api.errors import Forbidden, KeyExpired, NotFound, Unauthorized
from api.services import Services, get_services
from api.storage.keys import resolve_key
from longterm.gate import Principal
from longterm.vocabulary import Role

__all__ = [
    "Principal",
    "bearer_scheme",
    "ensure_self_service",
    "ensure_user_access",
    "ensure_visible",
    "get_principal",
    "require_roles",
]

bearer_scheme = HTTPBearer(auto_error=False, description="An API key from `tiermem keys create`.")


def ensure_user_access(principal: Principal, user_id: str, *, what: str = "user") -> None:
    """Raise 404 when the key is restricted to another user (as if ``user_id`` did not exist).

    Raises:
        NotFound: the key may not see ``user_id``'s data.
    """
    if not principal.can_access_user(user_id):
        raise NotFound(f"{what} not found")


def ensure_self_service(caller: Principal, user_id: str) -> None:
    """Export and erasure: admin keys, or agent keys restricted to exactly this user.

    Raises:
        NotFound: the key is restricted to another user.
        Forbidden: an unrestricted agent key (it would reach every user of the tenant).
    """
    ensure_user_access(caller, user_id)
    if caller.role != "admin" and caller.user_id != user_id:
        raise Forbidden("only admin keys, or keys restricted to this user, may do this")


def ensure_visible(
    principal: Principal,
    *,
    tenant_id: str | None,
    user_id: str | None,
    what: str,
) -> None:
    """Make another tenant's or a forbidden user's resource look exactly like a missing one.

    Call it with the loaded row's owner (``tenant_id=None`` when nothing was found).

    Raises:
        NotFound: the row is missing, belongs to another tenant, or to a user the key may not see.
    """
    if tenant_id is None or tenant_id != principal.tenant_id:
        raise NotFound(f"{what} not found")
    if user_id is not None and not principal.can_access_user(user_id):
        raise NotFound(f"{what} not found")


def get_principal(
    request: Request,
    services: Annotated[Services, Depends(get_services)],
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer_scheme)],
) -> Principal:
    """Resolve the caller's key (a FastAPI dependency).

    Raises:
        Unauthorized: no bearer key, or an unknown or revoked one.
        KeyExpired: the key's expiry has passed (only its holder can learn that).
        TooManyRequests: the key's or its tenant's rate limit is spent, or (instead of a 401)
            the client's address has failed authentication too often.
    """
    limits = services.rate_limits
    try:
        if credentials is None or credentials.scheme.lower() != "bearer":
            raise Unauthorized("missing bearer API key")
        key = resolve_key(services.engine, credentials.credentials.strip())
        if key is None:
            raise Unauthorized("unknown or revoked API key")
        if key.expired(services.clock()):
            raise KeyExpired("the API key has expired; ask an admin for a new one")
    except Unauthorized:
        # Tight for failed authentication, per client address: past it, 429 instead of 401.
        limits.failed_auth(request.client.host if request.client else "unknown")
        raise
    limits.admit(key_id=key.key_id, tenant_id=key.tenant_id)
    principal = Principal(
        key_id=key.key_id, tenant_id=key.tenant_id, role=key.role, user_id=key.user_id
    )
    # Read by the access-log middleware (tenant and key id only).
    request.state.principal = principal
    return principal


def require_roles(*roles: Role) -> Callable[..., object]:
    """A dependency that admits only keys with one of ``roles``; others get 403.

    A user-restricted admin key (refused at creation since keys expire and admin keys became
    tenant-wide only, but possibly stored earlier) passes only where agent keys pass too, and
    is confined to its user there like an agent key: the tenant-wide routes (keys, policy,
    retention, purges, jobs, the audit log) answer it 403.

    Example: ``AdminDep = Annotated[Principal, Depends(require_roles("admin"))]``.
    """
    allowed = frozenset(roles)

    async def dependency(principal: Annotated[Principal, Depends(get_principal)]) -> Principal:
        if principal.role not in allowed:
            raise Forbidden(f"role {principal.role!r} may not use this route")
        if principal.role == "admin" and principal.user_id is not None and "agent" not in allowed:
            raise Forbidden("a user-restricted admin key may not use tenant-wide routes")
        return principal

    return dependency
