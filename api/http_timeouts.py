"""A header-read timeout for ``tiermem serve``: uvicorn's h11 protocol with a deadline.

uvicorn closes idle keep-alive connections (``timeout_keep_alive``), but a connection that
sends nothing, or sends half a request line or half its headers, stays open for as long as the
client likes (the issue measured 70 s), holding a socket and a slot. This subclass of uvicorn's
``H11Protocol`` arms a timer when a connection opens and whenever it waits for a new request;
if the request line and headers have not all arrived when it fires, the connection is closed.
Once the headers are in, the request is the app's: ``api.request_budget`` bounds the rest,
including a body sent half-way. Hand-written because neither uvicorn nor h11 offers one; it is
about thirty lines on uvicorn's own protocol class.
"""

from __future__ import annotations

import asyncio
from functools import cache

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["HeaderTimeoutH11Protocol"]


@cache
def _configured_timeout() -> float:
    from api.settings import Settings

    return Settings().header_timeout_seconds


class HeaderTimeoutH11Protocol(H11Protocol):
    """uvicorn's h11 protocol closing connections whose headers do not arrive in time.

    ``header_timeout`` (seconds): set by ``tiermem serve`` from ``Settings``; None reads
    ``TIERMEM_HEADER_TIMEOUT_SECONDS`` (worker processes built from the environment).
    """

    header_timeout: float | None = None
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:
            self._arm_header_timer()  # still waiting for (the rest of) a request's headers
        else:
            self._cancel_header_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._cancel_header_timer()  # the keep-alive timeout covers the idle connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)

    def _arm_header_timer(self) -> None:
        if self._header_timer is None:
            seconds = self.header_timeout or _configured_timeout()
            self._header_timer = self.loop.call_later(seconds, self._on_header_timeout)

    def _cancel_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _on_header_timeout(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
