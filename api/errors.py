"""Errors the HTTP layer itself raises (keys, roles, limits, visibility); ``api.problems``
maps each to an RFC 9457 response, with the status shown here (the table there decides).

Routes raise these (never ``HTTPException``); services raise their own package's errors. The
tree::

    ApiError                                  base; 500
    ├── Unauthorized(PermissionError)    401  no key, or an unknown or revoked key
    │   └── KeyExpired                   401  the key's ``expires_at`` has passed
    ├── Forbidden(PermissionError)       403  the key's role may not use this route or action
    ├── NotFound(LookupError)            404  missing, or another tenant's / user's (same answer)
    ├── Conflict                         409  state conflict: duplicate id, less trusted source
    ├── PreconditionFailed               412  a stale ``If-Match``
    ├── PayloadTooLarge                  413  body over ``Settings.max_body_bytes``
    ├── Unprocessable(ValueError)        422  well-formed JSON that breaks a rule
    ├── TooManyRequests                  429  a rate limit is spent; ``Retry-After`` says when
    ├── ServiceUnavailable               503  the database is unreachable or busy; retry later
    └── RequestTimeout                   504  the request ran past its time budget

Extra keyword arguments become RFC 9457 extension members of the response (e.g. ``current_source``
on a 409, ``message_id`` and ``call_id`` on a protocol 422). They must be JSON-serializable and
must never carry memory content.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ApiError",
    "Conflict",
    "Forbidden",
    "KeyExpired",
    "NotFound",
    "PayloadTooLarge",
    "PreconditionFailed",
    "RequestTimeout",
    "ServiceUnavailable",
    "TooManyRequests",
    "Unauthorized",
    "Unprocessable",
]


class ApiError(Exception):
    """Base of the HTTP layer's errors.

    Args:
        detail: human-readable explanation specific to this occurrence.
        headers: extra response headers (e.g. ``WWW-Authenticate`` on a 401).
        **extensions: extension members added to the problem document.
    """

    def __init__(
        self, detail: str, *, headers: dict[str, str] | None = None, **extensions: Any
    ) -> None:
        super().__init__(detail)
        self.detail = detail
        self.headers = dict(headers or {})
        self.extensions = extensions


class Unauthorized(ApiError, PermissionError):
    """No usable credentials: no key, an unknown key or a revoked key (401)."""

    def __init__(
        self, detail: str, *, headers: dict[str, str] | None = None, **extensions: Any
    ) -> None:
        merged = {"WWW-Authenticate": "Bearer"} | dict(headers or {})
        super().__init__(detail, headers=merged, **extensions)


class KeyExpired(Unauthorized):
    """The key is known but its expiry has passed (401, its own problem type)."""


class Forbidden(ApiError, PermissionError):
    """The key is valid but its role may not do this (403)."""


class NotFound(ApiError, LookupError):
    """Missing, or belongs to another tenant or to a user the key is restricted from (404)."""


class Conflict(ApiError):
    """The request conflicts with the stored state (409)."""


class PreconditionFailed(ApiError):
    """A conditional request's precondition (``If-Match``) does not hold (412)."""


class PayloadTooLarge(ApiError):
    """The request body is larger than the configured limit (413)."""


class Unprocessable(ApiError, ValueError):
    """Syntactically valid input that breaks a semantic rule (422)."""


class ServiceUnavailable(ApiError):
    """A dependency (the database) cannot serve the request now; clients should retry (503)."""


class TooManyRequests(ApiError):
    """A rate limit is spent (429); ``retry_after`` seconds until the window frees a request.

    Args:
        detail: which limit (never the key or the client's address).
        retry_after: whole seconds, at least 1, sent as ``Retry-After``.
    """

    def __init__(self, detail: str, *, retry_after: int = 1) -> None:
        seconds = max(1, retry_after)
        super().__init__(detail, headers={"Retry-After": str(seconds)}, retry_after_seconds=seconds)


class RequestTimeout(ApiError):
    """The request ran past the service's per-request time budget (504); it may be retried."""
