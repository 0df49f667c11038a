"""Errors of the Python client, one tree under ``TiermemClientError``, built from the service's
RFC 9457 problem documents so a caller can catch a family (``NotFound``) or read the details::

    TiermemClientError
    ├── TransportError                  the service could not be reached (connection, timeout)
    └── ApiError                        the service answered a problem document (any 4xx/5xx)
        ├── BadRequest                  400
        ├── Unauthorized                401 (missing, unknown, revoked or expired key)
        ├── Forbidden                   403 (the key's role or user restriction)
        ├── NotFound                    404 (missing, or not this key's to see)
        ├── Conflict                    409 (a concurrent write, a session not endable, ...)
        ├── PreconditionFailed          412 (a stale If-Match; ``current_etag`` in ``problem``)
        ├── PayloadTooLarge             413
        ├── Unprocessable               422 (validation, protocol, format, budget, bad cursor)
        ├── RateLimited                 429 (after the client's retries)
        ├── ServiceUnavailable          503 (after the client's retries)
        └── ServerError                 any other 5xx
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "ApiError",
    "BadRequest",
    "Conflict",
    "Forbidden",
    "NotFound",
    "PayloadTooLarge",
    "PreconditionFailed",
    "RateLimited",
    "ServerError",
    "ServiceUnavailable",
    "TiermemClientError",
    "TransportError",
    "Unauthorized",
    "Unprocessable",
    "error_for",
]


class TiermemClientError(Exception):
    """Base of every error the client raises."""


class TransportError(TiermemClientError):
    """The request never got an answer (connection refused, timeout, ...)."""


class ApiError(TiermemClientError):
    """A problem document from the service.

    Attributes:
        status: the HTTP status.
        type: the problem ``type`` URI (``https://tiermem.dev/problems/<slug>``).
        title: the short summary of the problem type.
        detail: what went wrong this time.
        request_id: the ``X-Request-ID`` of the request (in the service's access log).
        problem: the whole document, extension members included (``errors``, ``index``, ...).
    """

    def __init__(
        self,
        *,
        status: int,
        type: str,
        title: str,
        detail: str | None,
        request_id: str | None,
        problem: Mapping[str, Any],
    ) -> None:
        super().__init__(f"{status} {title}: {detail}" if detail else f"{status} {title}")
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.request_id = request_id
        self.problem: dict[str, Any] = dict(problem)

    @property
    def slug(self) -> str:
        """The last segment of ``type`` (``not-found``, ``protocol-error``, ...)."""
        return self.type.rsplit("/", 1)[-1]


class BadRequest(ApiError):
    """400."""


class Unauthorized(ApiError):
    """401: the key is missing, unknown, revoked or expired."""


class Forbidden(ApiError):
    """403: the key's role or user restriction does not allow it."""


class NotFound(ApiError):
    """404: missing, or not this key's to see (the service does not tell them apart)."""


class Conflict(ApiError):
    """409."""


class PreconditionFailed(ApiError):
    """412: a stale ``If-Match``."""


class PayloadTooLarge(ApiError):
    """413."""


class Unprocessable(ApiError):
    """422: the request is malformed (validation, protocol, format, budget, cursor)."""


class RateLimited(ApiError):
    """429, still after the client's retries."""


class ServiceUnavailable(ApiError):
    """503, still after the client's retries."""


class ServerError(ApiError):
    """Any other 5xx."""


_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    412: PreconditionFailed,
    413: PayloadTooLarge,
    422: Unprocessable,
    429: RateLimited,
    503: ServiceUnavailable,
}


def error_for(status: int, body: Any, *, request_id: str | None) -> ApiError:
    """The typed error of one answer; a body that is no problem document still gives one."""
    problem: Mapping[str, Any] = body if isinstance(body, Mapping) else {}
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else ApiError)
    detail = problem.get("detail")
    return kind(
        status=status,
        type=str(problem.get("type", "about:blank")),
        title=str(problem.get("title", "")) or f"HTTP {status}",
        detail=str(detail) if detail is not None else None,
        request_id=str(problem.get("request_id") or request_id or "") or None,
        problem=problem,
    )
