"""RFC 9457 problem details: the ONE place where errors become HTTP responses.

``PROBLEM_TYPES`` is the table: every package's error tree (``api.errors``,
``api.storage.keys.KeyStoreError``, ``api.sessions.errors``, ``api.jobs.errors``,
``longterm.errors``, ``policy.errors``, the run-time tier's input errors) and the database errors
that escape a route, each class mapped to the ``ProblemType`` it is answered with: status,
``type`` slug, title. An error is answered by
the first class of its MRO found in the table, so a subclass inherits its base's line unless it
has its own. Routes do not translate errors: they call the store and let its errors propagate.

Extension members and headers come from the error itself when it carries them (``extensions``
and ``headers`` attributes, as ``api.errors`` and ``api.sessions.errors`` do), plus what the
line's ``members`` hook computes (e.g. ``current_etag`` of a stale ``If-Match``). Members never
override the core ones and never carry memory content.

Besides the table: request validation errors (422 ``validation-error`` with an ``errors``
list), Starlette/FastAPI ``HTTPException`` (404 for unknown routes, 405, ...) and anything
unhandled (500 ``internal-error``, the traceback logged, never in the body; e.g.
``policy.errors.PolicyUnavailable``, a server fault). Everything is ``application/problem+json``
with ``type``, ``title``, ``status``, ``detail`` and ``instance``.

Adding an error tree: add its lines to ``PROBLEM_TYPES`` (one per class whose answer differs
from its base's); ``install_problem_handlers`` registers every key.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import IntegrityError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import compile_path

from api import errors as api
from api.jobs import errors as jobs
from api.sessions import errors as sessions
from api.storage import keys
from longterm import errors as longterm
from policy import errors as policy
from runtime import errors as runtime

__all__ = [
    "PROBLEM_MEDIA_TYPE",
    "PROBLEM_RESPONSES",
    "PROBLEM_TYPES",
    "ProblemType",
    "install_problem_handlers",
    "lookup",
    "problem_for",
    "problem_response",
    "problem_type",
]

PROBLEM_MEDIA_TYPE = "application/problem+json"
_TYPE_BASE = "https://tiermem.dev/problems/"
_log = logging.getLogger("tiermem.errors")

Members = Callable[[Any], Mapping[str, Any]]


@dataclass(frozen=True, slots=True, kw_only=True)
class ProblemType:
    """How one exception class is answered.

    Attributes:
        status: the HTTP status.
        slug: the last segment of the ``type`` URI (``https://tiermem.dev/problems/<slug>``).
        title: the short, occurrence-independent summary.
        members: extension members computed from the error (besides its own ``extensions``).
        headers: fixed response headers (besides the error's own ``headers``).
        detail: a fixed ``detail`` instead of ``str(error)`` (database errors: never the SQL).
        log_level: log the occurrence (method, path, error class) at this level.
    """

    status: int
    slug: str
    title: str
    members: Members | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    detail: str | None = None
    log_level: int | None = None


def _protocol_members(exc: runtime.ProtocolError) -> dict[str, Any]:
    found = {"reason": exc.reason, "message_id": exc.message_id, "call_id": exc.call_id}
    return found if exc.index is None else {**found, "index": exc.index}


# One line per class whose answer differs from its base's; read it as a table.
PROBLEM_TYPES: dict[type[Exception], ProblemType] = {
    # api.errors: what the HTTP layer itself refuses (keys, roles, body limits, ...)
    api.ApiError: ProblemType(status=500, slug="internal-error", title="Internal Server Error"),
    api.Unauthorized: ProblemType(status=401, slug="unauthorized", title="Unauthorized"),
    api.KeyExpired: ProblemType(status=401, slug="key-expired", title="Unauthorized"),
    api.Forbidden: ProblemType(status=403, slug="forbidden", title="Forbidden"),
    api.NotFound: ProblemType(status=404, slug="not-found", title="Not Found"),
    api.Conflict: ProblemType(status=409, slug="conflict", title="Conflict"),
    api.PreconditionFailed: ProblemType(
        status=412, slug="precondition-failed", title="Precondition Failed"
    ),
    api.PayloadTooLarge: ProblemType(
        status=413, slug="payload-too-large", title="Content Too Large"
    ),
    api.Unprocessable: ProblemType(status=422, slug="unprocessable", title="Unprocessable Content"),
    api.TooManyRequests: ProblemType(status=429, slug="rate-limited", title="Too Many Requests"),
    api.ServiceUnavailable: ProblemType(
        status=503, slug="service-unavailable", title="Service Unavailable"
    ),
    api.RequestTimeout: ProblemType(
        status=504, slug="request-timeout", title="Gateway Timeout", log_level=logging.WARNING
    ),
    # api.storage.keys: the key store
    keys.KeyNotFound: ProblemType(
        status=404, slug="not-found", title="Not Found", detail="key not found"
    ),
    keys.InvalidKeyInput: ProblemType(
        status=422, slug="unprocessable", title="Unprocessable Content"
    ),
    keys.LastAdminKey: ProblemType(status=409, slug="last-admin-key", title="Conflict"),
    # api.sessions.errors: the persisted sessions
    sessions.SessionNotFound: ProblemType(status=404, slug="not-found", title="Not Found"),
    sessions.SummaryNotFound: ProblemType(status=404, slug="not-found", title="Not Found"),
    sessions.DecisionNotFound: ProblemType(status=404, slug="not-found", title="Not Found"),
    sessions.SessionConflict: ProblemType(status=409, slug="conflict", title="Conflict"),
    sessions.InvalidSessionInput: ProblemType(
        status=422, slug="unprocessable", title="Unprocessable Content"
    ),
    sessions.SummarizerMisconfigured: ProblemType(
        status=500, slug="internal-error", title="Internal Server Error"
    ),
    # api.jobs.errors: the background jobs
    jobs.UnknownJob: ProblemType(status=404, slug="not-found", title="Not Found"),
    # longterm.errors: long-term memory
    longterm.InvalidInput: ProblemType(
        status=422, slug="unprocessable", title="Unprocessable Content"
    ),
    longterm.IdempotencyMismatch: ProblemType(
        status=422,
        slug="unprocessable",
        title="Unprocessable Content",
        members=lambda exc: {"reason": "idempotency-key-reused"},
    ),
    longterm.SupersedeNotAllowed: ProblemType(status=403, slug="forbidden", title="Forbidden"),
    longterm.NotFound: ProblemType(status=404, slug="not-found", title="Not Found"),
    longterm.StalePrecondition: ProblemType(
        status=412,
        slug="precondition-failed",
        title="Precondition Failed",
        members=lambda exc: {"current_etag": exc.current_etag},
    ),
    # policy.errors: the gate's rules, consent, the end of a task (PolicyUnavailable: a 500)
    policy.SessionNotFound: ProblemType(status=404, slug="not-found", title="Not Found"),
    policy.ConsentNotFound: ProblemType(status=404, slug="not-found", title="Not Found"),
    policy.SessionNotEndable: ProblemType(status=409, slug="conflict", title="Conflict"),
    policy.InvalidRule: ProblemType(
        status=422, slug="unprocessable", title="Unprocessable Content"
    ),
    policy.InvalidConsent: ProblemType(
        status=422, slug="unprocessable", title="Unprocessable Content"
    ),
    # runtime.errors: input the run-time tier cannot compact (others are server faults: 500)
    runtime.ProtocolError: ProblemType(
        status=422, slug="protocol-error", title="Unprocessable Entity", members=_protocol_members
    ),
    runtime.FormatError: ProblemType(status=422, slug="format-error", title="Unprocessable Entity"),
    runtime.BudgetError: ProblemType(status=422, slug="budget-error", title="Unprocessable Entity"),
    # sqlalchemy: database errors that escape a route (never the SQL or its parameters)
    IntegrityError: ProblemType(
        status=409,
        slug="conflict",
        title="Conflict",
        detail="the request conflicts with stored data (a concurrent write); retry it",
        log_level=logging.WARNING,
    ),
    OperationalError: ProblemType(
        status=503,
        slug="service-unavailable",
        title="Service Unavailable",
        detail="the database is unavailable or busy; retry later",
        headers={"Retry-After": "1"},
        log_level=logging.ERROR,
    ),
}

# For route decorators: ``responses=PROBLEM_RESPONSES`` documents the error shape in OpenAPI.
PROBLEM_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {
        "description": HTTPStatus(status).phrase,
        "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}},
    }
    for status in (401, 403, 404, 409, 412, 413, 422)
}


def problem_type(slug: str) -> str:
    """The ``type`` URI of a problem kind."""
    return _TYPE_BASE + slug


def problem_response(
    request: Request,
    *,
    status: int,
    slug: str,
    detail: str,
    title: str | None = None,
    headers: Mapping[str, str] | None = None,
    extensions: Mapping[str, Any] | None = None,
) -> JSONResponse:
    """Build one problem-details response; extension members never override the core ones.

    The request id (``X-Request-ID``) is added as the ``request_id`` member when known.
    """
    body: dict[str, Any] = dict(jsonable_encoder(dict(extensions or {})))
    request_id = _request_id_of(request)
    if request_id is not None:
        body["request_id"] = request_id
    body.update(
        {
            "type": problem_type(slug),
            "title": title or HTTPStatus(status).phrase,
            "status": status,
            "detail": detail,
            "instance": request.url.path,
        }
    )
    return JSONResponse(
        body, status_code=status, headers=dict(headers or {}), media_type=PROBLEM_MEDIA_TYPE
    )


def lookup(exc: BaseException) -> ProblemType | None:
    """The table line ``exc`` is answered by (the first class of its MRO in the table)."""
    return next((PROBLEM_TYPES[c] for c in type(exc).__mro__ if c in PROBLEM_TYPES), None)


def problem_for(
    request: Request, exc: BaseException, *, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The problem response of ``exc`` by the table (a logged 500 when it has no line)."""
    kind = lookup(exc)
    if kind is None:
        return _internal_error(request, exc)
    if kind.log_level is not None:
        _log.log(
            kind.log_level,
            "%s on %s %s: %s",
            kind.slug,
            request.method,
            _route_of(request),
            type(exc).__name__,
        )
    members = dict(_carried(exc, "extensions"))
    if kind.members is not None:
        members.update(kind.members(exc))
    return problem_response(
        request,
        status=kind.status,
        slug=kind.slug,
        title=kind.title,
        detail=kind.detail if kind.detail is not None else str(exc),
        headers={**kind.headers, **_carried(exc, "headers"), **(headers or {})},
        extensions=members,
    )


def _carried(exc: BaseException, name: str) -> Mapping[str, Any]:
    value = getattr(exc, name, None)
    return value if isinstance(value, Mapping) else {}


def _route_of(request: Request) -> str:
    """The matched route's template (``/v1/users/{user_id}/...``) for the log: a path holds
    user ids and keys, which logs never carry."""
    path = getattr(request.scope.get("route"), "path", None)
    return path if isinstance(path, str) else "<unmatched>"


def _request_id_of(request: Request) -> str | None:
    value = request.scope.get("state", {}).get("request_id")
    return value if isinstance(value, str) else None


async def _tabled(request: Request, exc: Exception) -> JSONResponse:
    return problem_for(request, exc)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"loc": list(err.get("loc", ())), "msg": err.get("msg", ""), "type": err.get("type", "")}
        for err in exc.errors()
    ]
    count = len(errors)
    return problem_response(
        request,
        status=422,
        slug="validation-error",
        title="Unprocessable Content",
        detail=f"request validation failed ({count} error{'s' if count != 1 else ''})",
        extensions={"errors": errors},
    )


async def _http_exception(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    phrase = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else "Error"
    detail = exc.detail if isinstance(exc.detail, str) else phrase
    slug = phrase.lower().replace(" ", "-").replace("'", "")
    headers = dict(exc.headers) if exc.headers else {}
    if status == 405:
        headers["Allow"] = ", ".join(_allowed_methods(request))
    return problem_response(
        request, status=status, slug=slug, title=phrase, detail=detail, headers=headers or None
    )


def _allowed_methods(request: Request) -> list[str]:
    """Every method the app serves at this path, read from its OpenAPI document (Starlette's
    own ``Allow`` names only the first route whose path matched: one of several when GET and
    PUT of a path are separate routes). HEAD is served wherever GET is."""
    methods: set[str] = set()
    path = request.url.path
    for template, operations in request.app.openapi().get("paths", {}).items():
        if _template_regex(template).fullmatch(path):
            methods.update(method.upper() for method in operations)
    if "GET" in methods:
        methods.add("HEAD")
    return sorted(methods)


@functools.lru_cache(maxsize=512)
def _template_regex(template: str) -> re.Pattern[str]:
    return compile_path(template)[0]


def _internal_error(request: Request, exc: BaseException) -> JSONResponse:
    # The traceback goes to the log, never into the response body.
    _log.error(
        "unhandled error on %s %s",
        request.method,
        _route_of(request),
        exc_info=exc,
        extra={"fields": {"request_id": _request_id_of(request)}},
    )
    return problem_response(
        request, status=500, slug="internal-error", detail="internal server error"
    )


async def _unhandled(request: Request, exc: Exception) -> JSONResponse:
    return _internal_error(request, exc)


def install_problem_handlers(app: FastAPI) -> None:
    """Register the table's classes, validation errors, ``HTTPException`` and the catch-all."""
    for exc_class in PROBLEM_TYPES:
        app.add_exception_handler(exc_class, _tabled)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_exception)
    app.add_exception_handler(Exception, _unhandled)
