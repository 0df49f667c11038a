"""The innermost middleware: an exception no handler maps becomes the 500 problem document here.

Starlette's own catch-all (``ServerErrorMiddleware``, outermost) answers with the handler's
response and then re-raises, and uvicorn closes the connection of any request whose app raised:
the client's next request on that keep-alive connection fails (ECONNRESET). Catching here, inside
every other middleware, answers the same problem document (``api.problems.problem_for``: the
traceback logged without messages, never in the body) and ends the request normally, so the
connection survives and the access line and metrics record the 500.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.problems import problem_for

__all__ = ["UnhandledErrorMiddleware"]


class UnhandledErrorMiddleware:
    """Answer an exception raised before the response started as its problem document."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_wrapper(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        except Exception as exc:
            if started:  # half a response is out: only closing the connection can end it
                raise
            await problem_for(Request(scope), exc)(scope, receive, send)
