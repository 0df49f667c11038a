"""Errors raised by the service layer; ``api.problems`` maps each to an RFC 9457 response.

Business code raises these (never ``HTTPException``); the status lives on the class. The tree::

    ApiError                                  base; status 500 unless a subclass says otherwise
    ├── Unauthorized(PermissionError)    401  no key, or an unknown or revoked key
    ├── Forbidden(PermissionError)       403  the key's role may not use this route or action
    ├── NotFound(LookupError)            404  missing, or another tenant's / user's (same answer)
    ├── Conflict                         409  state conflict: duplicate id, less trusted source
    ├── PreconditionFailed               412  a stale ``If-Match``
    ├── PayloadTooLarge                  413  body over ``Settings.max_body_bytes``
    ├── Unprocessable(ValueError)        422  well-formed JSON that breaks a rule
    └── ServiceUnavailable               503  the database is unreachable or busy; retry later

Extra keyword arguments become RFC 9457 extension members of the response (e.g. ``current_source``
on a 409, ``message_id`` and ``call_id`` on a protocol 422). They must be JSON-serializable and
must never carry memory content.
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = [
    "ApiError",
    "Conflict",
    "Forbidden",
    "NotFound",
    "PayloadTooLarge",
    "PreconditionFailed",
    "ServiceUnavailable",
    "Unauthorized",
    "Unprocessable",
]


class ApiError(Exception):
    """Base of every error the service maps to a problem-details response.

    Args:
        detail: human-readable explanation specific to this occurrence.
        headers: extra response headers (e.g. ``WWW-Authenticate`` on a 401).
        **extensions: extension members added to the problem document.
    """

    status: ClassVar[int] = 500
    title: ClassVar[str] = "Internal Server Error"
    slug: ClassVar[str] = "internal-error"

    def __init__(
        self, detail: str = "", *, headers: dict[str, str] | None = None, **extensions: Any
    ) -> None:
        super().__init__(detail or self.title)
        self.detail = detail or self.title
        self.headers = dict(headers or {})
        self.extensions = extensions


class Unauthorized(ApiError, PermissionError):
    """No usable credentials: no key, an unknown key or a revoked key (401)."""

    status = 401
    title = "Unauthorized"
    slug = "unauthorized"

    def __init__(
        self, detail: str = "", *, headers: dict[str, str] | None = None, **extensions: Any
    ) -> None:
        merged = {"WWW-Authenticate": "Bearer"} | dict(headers or {})
        super().__init__(detail, headers=merged, **extensions)


class Forbidden(ApiError, PermissionError):
    """The key is valid but its role may not do this (403)."""

    status = 403
    title = "Forbidden"
    slug = "forbidden"


class NotFound(ApiError, LookupError):
    """Missing, or belongs to another tenant or to a user the key is restricted from (404)."""

    status = 404
    title = "Not Found"
    slug = "not-found"


class Conflict(ApiError):
    """The request conflicts with the stored state (409)."""

    status = 409
    title = "Conflict"
    slug = "conflict"


class PreconditionFailed(ApiError):
    """A conditional request's precondition (``If-Match``) does not hold (412)."""

    status = 412
    title = "Precondition Failed"
    slug = "precondition-failed"


class PayloadTooLarge(ApiError):
    """The request body is larger than the configured limit (413)."""

    status = 413
    title = "Content Too Large"
    slug = "payload-too-large"


class Unprocessable(ApiError, ValueError):
    """Syntactically valid input that breaks a semantic rule (422)."""

    status = 422
    title = "Unprocessable Content"
    slug = "unprocessable"


class ServiceUnavailable(ApiError):
    """A dependency (the database) cannot serve the request now; clients should retry (503)."""

    status = 503
    title = "Service Unavailable"
    slug = "service-unavailable"
