"""Timeouts (issue 12, items 9 and 10): the per-request budget, SQLite's bounded busy timeout,
PostgreSQL's lock and statement timeouts from settings, ``/readyz``'s write check, and the
header-read timeout of ``tiermem serve``'s HTTP protocol.

No assertion here is about elapsed time: each waits for an outcome (a 504, a 503, a closed
socket), with generous guards so a hung server fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import socket
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import uvicorn
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.engine import make_url
from starlette.types import Receive, Scope, Send

from api.app import create_app
from api.http_timeouts import HeaderTimeoutH11Protocol
from api.problems import problem_type
from api.services import services_of
from tests.api.conftest import bearer, make_key, make_settings, unique_tenant

GUARD_S = 30.0  # never reached unless the server hangs


# ---------------------------------------------------------------- the per-request budget


def test_a_request_past_its_budget_gets_a_504(sqlite_url: str) -> None:
    app = create_app(make_settings(sqlite_url, request_timeout_seconds=0.2))
    release = threading.Event()

    def slow_sync() -> dict[str, str]:
        # A thread the budget cannot cancel. TestClient returns only once the app call ended,
        # which waits for this thread: it ends 2 s after it started (10x the budget), not at
        # GUARD_S, so the test does not wait 30 s for it.
        threading.Timer(2.0, release.set).start()
        release.wait(GUARD_S)
        return {"late": "yes"}

    async def slow_async() -> dict[str, str]:
        await asyncio.sleep(GUARD_S)
        return {"late": "yes"}

    app.add_api_route("/slow-sync", slow_sync)
    app.add_api_route("/slow-async", slow_async)
    with TestClient(app) as client:
        for path in ("/slow-sync", "/slow-async"):
            response = client.get(path)
            assert response.status_code == 504, response.text
            assert response.json()["type"] == problem_type("request-timeout")
            assert response.headers["cache-control"] == "no-store"
            assert "x-request-id" in response.headers
        release.set()
        assert client.get("/healthz").status_code == 200


def test_errors_inside_the_budget_pass_through(sqlite_url: str) -> None:
    app = create_app(make_settings(sqlite_url, request_timeout_seconds=5))

    def broken() -> None:
        raise RuntimeError("boom")

    app.add_api_route("/broken", broken)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/broken")
        assert response.status_code == 500
        assert response.json()["type"] == problem_type("internal-error")
        assert client.get("/healthz").status_code == 200


# ---------------------------------------------------------------- SQLite: busy, never a 500


@pytest.fixture
def sqlite_file(sqlite_url: str) -> Path:
    database = make_url(sqlite_url).database
    assert database
    return Path(database)


def test_sqlite_write_lock_held_elsewhere_gives_503_not_500(
    sqlite_url: str, sqlite_file: Path
) -> None:
    settings = make_settings(sqlite_url, sqlite_busy_timeout_ms=100, readiness_write_timeout_ms=50)
    key = bearer(make_key(sqlite_url, unique_tenant(), "agent", user="u1"))
    with TestClient(create_app(settings)) as client:
        engine = services_of(client.app).engine  # type: ignore[arg-type]
        with engine.connect() as conn:
            assert conn.execute(text("PRAGMA busy_timeout")).scalar_one() == 100
        assert client.get("/readyz").status_code == 200
        holder = sqlite3.connect(sqlite_file, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            ready = client.get("/readyz")
            assert ready.status_code == 503
            assert ready.json() == {
                "status": "unavailable",
                "database": "busy",
                "schema": "current",
            }
            write = client.put(
                "/v1/users/u1/preferences/ui.language",
                headers=key,
                json={"value": "en", "source": "user_stated"},
            )
            assert write.status_code == 503, write.text
            assert write.json()["type"] == problem_type("service-unavailable")
            assert "locked" not in write.text
            assert write.headers["retry-after"] == "1"
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert client.get("/readyz").status_code == 200


# ---------------------------------------------------------------- PostgreSQL


def test_pg_timeouts_come_from_settings(postgres_url: str) -> None:
    settings = make_settings(
        postgres_url,
        pg_lock_timeout_ms=1234,
        pg_statement_timeout_ms=4321,
        readiness_write_timeout_ms=100,
    )
    dsn = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    with TestClient(create_app(settings)) as client:
        engine = services_of(client.app).engine  # type: ignore[arg-type]
        with engine.connect() as conn:
            assert conn.execute(text("SHOW lock_timeout")).scalar_one() == "1234ms"
            assert conn.execute(text("SHOW statement_timeout")).scalar_one() == "4321ms"
        assert client.get("/readyz").status_code == 200
        with psycopg.connect(dsn) as holder:
            holder.execute("LOCK TABLE session_messages IN ACCESS EXCLUSIVE MODE")
            ready = client.get("/readyz")
            assert ready.status_code == 503
            assert ready.json()["database"] == "busy"
            holder.rollback()
        assert client.get("/readyz").status_code == 200


# ---------------------------------------------------------------- header-read timeout


async def _tiny_app(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture
def served_port() -> Iterator[int]:
    class Protocol(HeaderTimeoutH11Protocol):
        header_timeout = 0.3

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    config = uvicorn.Config(
        _tiny_app, host="127.0.0.1", port=port, http=Protocol, log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(300):
        if server.started:
            break
        threading.Event().wait(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(GUARD_S)


def _closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(GUARD_S)
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True


@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\nHost: x\r\n"])
def test_half_sent_headers_are_cut_off(served_port: int, sent: bytes) -> None:
    with socket.create_connection(("127.0.0.1", served_port), timeout=GUARD_S) as sock:
        if sent:
            sock.sendall(sent)
        assert _closed_by_server(sock)


def test_a_complete_request_is_served(served_port: int) -> None:
    with socket.create_connection(("127.0.0.1", served_port), timeout=GUARD_S) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        reply = b""
        while chunk := sock.recv(1024):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 200")
    assert b"\r\nok\r\n" in reply


def test_a_kept_alive_connection_is_cut_off_on_half_sent_headers(served_port: int) -> None:
    with socket.create_connection(("127.0.0.1", served_port), timeout=GUARD_S) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        reply = b""
        while not reply.endswith(b"0\r\n\r\n"):
            reply += sock.recv(1024)
        assert reply.startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET / HTTP/1.1\r\nHo")
        assert _closed_by_server(sock)
