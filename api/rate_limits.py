"""Rate limits per API key, per tenant, and on failed authentication per client address.

Built on ``limits`` (5.x): its moving-window strategy counts exactly the hits of the last
window, so a client cannot double its rate at a window edge as with fixed windows, and its
storage is chosen by URI. ``memory://`` (the default) keeps the counters in this process: with
several replicas each replica enforces the limits on its own (N replicas admit up to N times
the rate). A shared storage (``redis://host:6379``, needs the ``redis`` package) makes the limits
global; see docs/service.md, "Limits and timeouts". slowapi was not used: it decorates routes
one by one and reads the client from the request, while here the limits apply to the
*resolved key and tenant*, inside authentication, on every route at once.

The counters hold key ids, tenant ids and client addresses only, never a secret.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from api.errors import TooManyRequests

__all__ = ["RateLimits", "validate_limit"]


def validate_limit(text: str) -> str:
    """Return ``text`` if ``limits`` parses it (``600/minute``, ``10 per second``, ``0``: off).

    Raises:
        ValueError: it does not parse.
    """
    if text.strip() == "0":
        return text
    parse(text)
    return text


@dataclass(frozen=True, slots=True)
class _Limit:
    item: RateLimitItem | None
    scope: str  # names the limit in the 429's detail, never the key or the address

    @classmethod
    def of(cls, text: str, scope: str) -> _Limit:
        return cls(None if text.strip() == "0" else parse(text), scope)


class RateLimits:
    """The app's three limits over one ``limits`` storage.

    Args:
        per_key: e.g. ``600/minute`` for each API key (``0``: no limit).
        per_tenant: for all keys of a tenant together.
        failed_auth: failed authentications per client address.
        storage_uri: ``memory://`` (this process) or a shared ``limits`` storage URI.
    """

    def __init__(
        self, *, per_key: str, per_tenant: str, failed_auth: str, storage_uri: str = "memory://"
    ) -> None:
        self._limiter = MovingWindowRateLimiter(storage_from_string(storage_uri))
        self._key = _Limit.of(per_key, "per-key")
        self._tenant = _Limit.of(per_tenant, "per-tenant")
        self._failed = _Limit.of(failed_auth, "failed-auth")

    def admit(self, *, key_id: str, tenant_id: str) -> None:
        """Count one request of ``key_id`` in ``tenant_id``.

        Raises:
            TooManyRequests: the key's or the tenant's limit is spent (``Retry-After`` set).
        """
        self._hit(self._key, "key", key_id)
        self._hit(self._tenant, "tenant", tenant_id)

    def failed_auth(self, client: str) -> None:
        """Count one failed authentication from ``client`` (an address).

        Raises:
            TooManyRequests: that address has failed too often in the window.
        """
        self._hit(self._failed, "auth", client)

    def _hit(self, limit: _Limit, namespace: str, identity: str) -> None:
        if limit.item is None:
            return
        if self._limiter.hit(limit.item, namespace, identity):
            return
        stats = self._limiter.get_window_stats(limit.item, namespace, identity)
        retry = math.ceil(max(0.0, stats.reset_time - time.time()))
        raise TooManyRequests(
            f"{limit.scope} rate limit of {limit.item} exceeded; retry later",
            retry_after=retry,
        )
