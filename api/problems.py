"""RFC 9457 problem details: the one place where errors become HTTP responses.

``install_problem_handlers(app)`` maps the ``api.errors`` tree, the sessions' tree
(``api.sessions.errors``), the policy tier's and the jobs' trees (``policy.errors``,
``api.jobs.errors``), the run-time tier's input errors,
request validation errors (422 with an ``errors`` list), database errors that escape a route
(``IntegrityError`` -> 409, ``OperationalError`` -> 503 with ``Retry-After``; never the SQL),
Starlette/FastAPI ``HTTPException``
(404 for unknown routes, 405, ...) and anything unhandled (500, no traceback in the body) to
``application/problem+json`` with ``type``, ``title``, ``status``, ``detail`` and ``instance``.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import IntegrityError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.errors import ApiError
from api.jobs.errors import JobError, UnknownJob
from api.sessions.errors import (
    InvalidSessionInput,
    SessionConflict,
    SessionError,
    SessionNotFound,
    SummarizerMisconfigured,
    SummaryNotFound,
)
from policy.errors import (
    ConsentNotFound,
    InvalidConsent,
    InvalidRule,
    PolicyError,
    SessionNotEndable,
)
from policy.errors import SessionNotFound as PolicySessionNotFound
from runtime.errors import BudgetError, FormatError, ProtocolError, RuntimeTierError

__all__ = [
    "PROBLEM_MEDIA_TYPE",
    "PROBLEM_RESPONSES",
    "install_problem_handlers",
    "problem_response",
    "problem_type",
]

PROBLEM_MEDIA_TYPE = "application/problem+json"
_TYPE_BASE = "https://tiermem.dev/problems/"
_log = logging.getLogger("tiermem.errors")

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
    headers: dict[str, str] | None = None,
    extensions: dict[str, Any] | None = None,
) -> JSONResponse:
    """Build one problem-details response; extension members never override the core ones.

    The request id (``X-Request-ID``) is added as the ``request_id`` member when known.
    """
    body: dict[str, Any] = dict(jsonable_encoder(extensions or {}))
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
    return JSONResponse(body, status_code=status, headers=headers, media_type=PROBLEM_MEDIA_TYPE)


def _request_id_of(request: Request) -> str | None:
    value = request.scope.get("state", {}).get("request_id")
    return value if isinstance(value, str) else None


async def _api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return problem_response(
        request,
        status=exc.status,
        slug=exc.slug,
        title=exc.title,
        detail=exc.detail,
        headers=exc.headers,
        extensions=exc.extensions,
    )


# api.sessions' error tree: (status, type slug, title) of the first class of an error's MRO here.
_SESSION_PROBLEMS: dict[type[SessionError], tuple[int, str, str]] = {
    SessionNotFound: (404, "not-found", "Not Found"),
    SummaryNotFound: (404, "not-found", "Not Found"),
    SessionConflict: (409, "conflict", "Conflict"),
    InvalidSessionInput: (422, "unprocessable", "Unprocessable Content"),
    SummarizerMisconfigured: (500, "internal-error", "Internal Server Error"),
}


async def _session_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, SessionError)
    kind = next((_SESSION_PROBLEMS[c] for c in type(exc).__mro__ if c in _SESSION_PROBLEMS), None)
    if kind is None:
        return await _unhandled(request, exc)
    status, slug, title = kind
    return problem_response(
        request,
        status=status,
        slug=slug,
        title=title,
        detail=exc.message,
        extensions=exc.extensions,
    )


# policy's and api.jobs' trees, the same way (PolicyUnavailable is left to ``_unhandled``: logged).
_POLICY_PROBLEMS: dict[type[Exception], tuple[int, str, str]] = {
    PolicySessionNotFound: (404, "not-found", "Not Found"),
    ConsentNotFound: (404, "not-found", "Not Found"),
    UnknownJob: (404, "not-found", "Not Found"),
    SessionNotEndable: (409, "conflict", "Conflict"),
    InvalidRule: (422, "unprocessable", "Unprocessable Content"),
    InvalidConsent: (422, "unprocessable", "Unprocessable Content"),
}


async def _policy_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, PolicyError | JobError)
    kind = next((_POLICY_PROBLEMS[c] for c in type(exc).__mro__ if c in _POLICY_PROBLEMS), None)
    if kind is None:
        return await _unhandled(request, exc)
    status, slug, title = kind
    return problem_response(request, status=status, slug=slug, title=title, detail=str(exc))


async def _runtime_error(request: Request, exc: Exception) -> JSONResponse:
    extensions: dict[str, Any] = {}
    if isinstance(exc, ProtocolError):
        extensions = {"reason": exc.reason, "message_id": exc.message_id, "call_id": exc.call_id}
        if exc.index is not None:
            extensions["index"] = exc.index
    if isinstance(exc, ProtocolError | FormatError | BudgetError):
        slug = type(exc).__name__.removesuffix("Error").lower() + "-error"
        return problem_response(
            request, status=422, slug=slug, detail=str(exc), extensions=extensions
        )
    return await _unhandled(request, exc)


async def _database_error(request: Request, exc: Exception) -> JSONResponse:
    # Never the SQL or its parameters in the body: they may hold memory content.
    if isinstance(exc, IntegrityError):
        _log.warning("integrity error on %s %s", request.method, request.url.path)
        return problem_response(
            request,
            status=409,
            slug="conflict",
            detail="the request conflicts with stored data (a concurrent write); retry it",
        )
    _log.error("database unavailable on %s %s: %s", request.method, request.url.path, type(exc))
    return problem_response(
        request,
        status=503,
        slug="service-unavailable",
        detail="the database is unavailable or busy; retry later",
        headers={"Retry-After": "1"},
    )


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
    return problem_response(
        request,
        status=status,
        slug=slug,
        title=phrase,
        detail=detail,
        headers=dict(exc.headers) if exc.headers else None,
    )


async def _unhandled(request: Request, exc: Exception) -> JSONResponse:
    # The traceback goes to the log, never into the response body.
    _log.error(
        "unhandled error on %s %s",
        request.method,
        request.url.path,
        exc_info=exc,
        extra={"fields": {"request_id": _request_id_of(request)}},
    )
    return problem_response(
        request, status=500, slug="internal-error", detail="internal server error"
    )


def install_problem_handlers(app: FastAPI) -> None:
    """Register every exception handler on ``app`` and the ``Problem`` schema in OpenAPI."""
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(SessionError, _session_error)
    app.add_exception_handler(PolicyError, _policy_error)
    app.add_exception_handler(JobError, _policy_error)
    app.add_exception_handler(RuntimeTierError, _runtime_error)
    app.add_exception_handler(IntegrityError, _database_error)
    app.add_exception_handler(OperationalError, _database_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_exception)
    app.add_exception_handler(Exception, _unhandled)
