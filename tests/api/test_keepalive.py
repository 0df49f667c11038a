"""An unexpected error answers a 500 problem document and the connection survives: two requests
on one keep-alive socket to a live uvicorn on 127.0.0.1, the first failing, the second served."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from api.app import create_app
from tests.api.conftest import make_settings
from tests.api.probe import probe


@pytest.fixture
def live_port(sqlite_url: str) -> Iterator[int]:
    app = create_app(make_settings(sqlite_url))
    app.include_router(probe)
    with socket.socket() as finder:
        finder.bind(("127.0.0.1", 0))
        port = int(finder.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:  # start-up takes the migrations; no timed assertion
        if not thread.is_alive():
            pytest.fail("uvicorn did not start")
        time.sleep(0.05)
    yield port
    server.should_exit = True
    thread.join()


def _exchange(conn: socket.socket, path: str) -> bytes:
    conn.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        data += conn.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        chunk = conn.recv(65536)
        assert chunk, "the server closed the connection mid-response"
        body += chunk
    return head + b"\r\n\r\n" + body


def test_a_500_keeps_the_connection(live_port: int) -> None:
    with socket.create_connection(("127.0.0.1", live_port)) as conn:
        failed = _exchange(conn, "/v1/probe/raise/boom")
        assert failed.startswith(b"HTTP/1.1 500"), failed[:200]
        assert b"application/problem+json" in failed
        assert b"internal-error" in failed
        assert b"secret internal state" not in failed
        assert b"connection: close" not in failed.lower()
        served = _exchange(conn, "/healthz")  # same socket
        assert served.startswith(b"HTTP/1.1 200"), served[:200]
