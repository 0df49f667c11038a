"""ASGI middleware adding ``Cache-Control: no-store`` and ``X-Content-Type-Options: nosniff``.

Every response of the service may carry tenant data or a key's secret, so none may be cached
by a proxy or a browser, and none may be content-sniffed into something executable. The
middleware wraps the whole app, so problem documents, 404s for unknown routes and /metrics get
the headers too. A header the app set itself is left as it is.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["SECURITY_HEADERS", "SecurityHeadersMiddleware"]

SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("cache-control", "no-store"),
    ("x-content-type-options", "nosniff"),
)


class SecurityHeadersMiddleware:
    """Add :data:`SECURITY_HEADERS` to every HTTP response that does not set them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    if name not in headers:
                        headers.append(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
