"""ASGI middleware of the service: body-size limit, access log, request metrics, request id.

The body-limit middleware also refuses JSON bodies with lone surrogate escapes (``"\\ud800"``)
with a 422: Python's JSON parser accepts them, but UTF-8 cannot carry them, so PostgreSQL (and
any encoder downstream) would fail with a 500 deep inside a route.
It refuses NUL characters (``"\\u0000"`` in a JSON body, ``%00`` in the path or the query)
the same way, for the whole request: no text column stores them (PostgreSQL refuses them in
any statement parameter), and no field of the API has a use for them.

Pure ASGI (no ``BaseHTTPMiddleware``) so that streaming and exceptions pass through untouched.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import ApiError, PayloadTooLarge, Unprocessable
from api.logging import log_request
from api.metrics import ServiceMetrics
from api.problems import problem_for

__all__ = ["BodyLimitMiddleware", "RequestLogMiddleware"]

_REQUEST_ID_HEADER = b"x-request-id"


class BodyLimitMiddleware:
    """Refuse bodies over ``max_bytes`` with 413 before any parsing.

    A declared ``Content-Length`` over the limit is refused without reading the body; a chunked
    body is read up to the limit (so memory stays bounded) and then replayed to the app.
    """

    def __init__(self, app: ASGIApp, *, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(scope, receive, send, declared)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(scope, receive, send, size)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if _has_nul(scope, body):
            await _problem(
                scope,
                receive,
                send,
                Unprocessable(
                    "the request holds a NUL character (U+0000), which no field accepts",
                    reason="nul-character",
                ),
            )
            return
        if _has_lone_surrogate(body):
            await _problem(
                scope,
                receive,
                send,
                Unprocessable("the JSON body contains invalid Unicode (a lone surrogate escape)"),
            )
            return
        await self.app(scope, _replay(body, receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, size: int) -> None:
        exc = PayloadTooLarge(
            f"request body of {size}+ bytes exceeds the limit of {self.max_bytes} bytes",
            max_bytes=self.max_bytes,
        )
        await _problem(scope, receive, send, exc, headers={"Connection": "close"})


async def _problem(
    scope: Scope,
    receive: Receive,
    send: Send,
    exc: ApiError,
    *,
    headers: dict[str, str] | None = None,
) -> None:
    response = problem_for(Request(scope), exc, headers=headers)
    await response(scope, receive, send)


# A JSON escape of a UTF-16 surrogate (high or low half); only then is a full parse needed.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def _has_lone_surrogate(body: bytes) -> bool:
    """True when ``body`` is JSON whose strings hold a surrogate escape that is not a pair.

    Cheap for ordinary bodies (one regex scan); a body that is not JSON is left to the route.
    """
    if not _SURROGATE_ESCAPE.search(body):
        return False
    try:
        value = json.loads(body)
    except ValueError:
        return False
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


# A JSON escape of U+0000 preceded by an even number of backslashes (so not "\\\\u0000",
# the text backslash-u-0000). Outside strings, valid JSON holds no backslash.
_NUL_ESCAPE = re.compile(rb"(?:^|[^\\])(?:\\\\)*\\u0000")
_NUL_QUERY = re.compile(rb"%00|\x00")


def _has_nul(scope: Scope, body: bytes) -> bool:
    """True when the path, the query string or the JSON body carries a NUL character."""
    if "\x00" in str(scope.get("path", "")):
        return True
    if _NUL_QUERY.search(bytes(scope.get("query_string", b""))):
        return True
    return _NUL_ESCAPE.search(body) is not None


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class RequestLogMiddleware:
    """One JSON access line and one metrics observation per HTTP request."""

    def __init__(
        self, app: ASGIApp, *, metrics: ServiceMetrics, static_paths: frozenset[str] = frozenset()
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.static_paths = static_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = _request_id(scope)
        # Problem responses and error logs carry it, so a client's report finds the log line.
        scope.setdefault("state", {})["request_id"] = request_id
        status = 500

        async def send_wrapper(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", []))
                headers.append((_REQUEST_ID_HEADER, request_id.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        self.metrics.in_flight.inc()
        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            self.metrics.in_flight.dec()
            self._record(scope, status=status, started=started, request_id=request_id)

    def _record(self, scope: Scope, *, status: int, started: float, request_id: str) -> None:
        elapsed = time.perf_counter() - started
        route = _route_template(scope, self.static_paths)
        method = str(scope.get("method", ""))
        self.metrics.observe_request(method=method, route=route, status=status, seconds=elapsed)
        principal: Any = scope.get("state", {}).get("principal")
        log_request(
            method=method,
            route=route,
            status=status,
            latency_ms=elapsed * 1000,
            request_id=request_id,
            tenant=getattr(principal, "tenant_id", None),
            key_id=getattr(principal, "key_id", None),
        )


def _route_template(scope: Scope, static_paths: frozenset[str]) -> str:
    # The router puts the matched route on the scope; its path is the template
    # ("/v1/sessions/{session_id}"), which keeps metric labels and logs free of ids. FastAPI's
    # own pages (/docs, /openapi.json) do not get one: they are fixed paths, safe as labels.
    route = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    raw = scope.get("path")
    return raw if raw in static_paths else "<unmatched>"


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", ()):
        if name == _REQUEST_ID_HEADER:
            candidate = bytes(value).decode("latin-1")[:64]
            if candidate.isascii() and candidate.replace("-", "").isalnum():
                return candidate
    return uuid.uuid4().hex
