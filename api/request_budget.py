"""ASGI middleware giving every HTTP request a time budget: past it the client gets a 504.

Sync routes run in AnyIO's thread pool, and a thread cannot be cancelled: cancelling the await
would only wait for the thread. So the middleware does not cancel the route; it races it. When
the budget is spent before the route started its response, the client is answered a
``request-timeout`` problem at once, and whatever the route sends later is dropped. The route's
thread runs to its end meanwhile (its statement and lock timeouts bound that on PostgreSQL), so a
timed-out write may still commit: the 504 says "outcome unknown", and writes that take an
``Idempotency-Key`` can be retried safely. Async work is cancelled once the 504 is out.

The budget covers reading the body too (the middleware wraps the body-limit one), so a client
that stops sending half-way through a body is answered within the budget as well.
"""

from __future__ import annotations

import anyio
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import RequestTimeout
from api.problems import problem_for

__all__ = ["RequestBudgetMiddleware"]


class RequestBudgetMiddleware:
    """Answer 504 when a request has not started its response within ``seconds`` (0: off)."""

    def __init__(self, app: ASGIApp, *, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.seconds <= 0:
            await self.app(scope, receive, send)
            return
        started = False
        timed_out = False
        done = anyio.Event()
        error: Exception | None = None

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if timed_out:
                return  # the client already has its 504
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        async def run_app() -> None:
            nonlocal error
            try:
                await self.app(scope, receive, guarded_send)
            except Exception as exc:  # re-raised below as itself, not in an exception group
                error = exc
            finally:
                done.set()

        async with anyio.create_task_group() as group:
            group.start_soon(run_app)
            with anyio.move_on_after(self.seconds):
                await done.wait()
            if not done.is_set() and not started:
                timed_out = True
                exc = RequestTimeout(
                    f"the request did not complete within its {self.seconds:g} s budget; "
                    "it may have taken effect, retry with the same Idempotency-Key if any"
                )
                await problem_for(Request(scope), exc)(scope, receive, send)
                group.cancel_scope.cancel()
        if error is not None and not timed_out:
            raise error
