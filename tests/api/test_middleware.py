"""``api.middleware``: bodies over the limit get 413 whether declared or streamed, bodies under
it pass; one JSON access line per request, without body, query or key."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

from fastapi.testclient import TestClient

from api.logging import JsonFormatter
from tests.api.conftest import bearer, make_key, unique_tenant
from tests.api.probe import assert_problem


def test_declared_oversize_body_gets_413(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")
    big = json.dumps({"text": "x" * 5000, "n": 1})
    response = client.post(
        "/v1/probe/echo",
        headers=bearer(key) | {"Content-Type": "application/json"},
        content=big,
    )
    body = assert_problem(response, 413)
    assert body["max_bytes"] == 2048


def test_streamed_oversize_body_gets_413(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(10):
            yield b"y" * 500
        yield b'", "n": 1}'

    response = client.post(
        "/v1/probe/echo",
        headers=bearer(key) | {"Content-Type": "application/json"},
        content=chunks(),
    )
    assert_problem(response, 413)


def test_body_under_the_limit_passes(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        yield b"z" * 1000
        yield b'", "n": 2}'

    response = client.post(
        "/v1/probe/echo",
        headers=bearer(key) | {"Content-Type": "application/json"},
        content=chunks(),
    )
    assert response.status_code == 200
    assert response.json()["n"] == 2


def test_access_log_is_one_json_line_without_body(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    key = make_key(url, tenant, "agent")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("tiermem.access")
    logger.addHandler(handler)
    try:
        marker = "MARKER-secret-body-text"
        response = client.post(
            "/v1/probe/echo?q=MARKER-query",
            headers=bearer(key) | {"X-Request-ID": "req-123"},
            json={"text": marker, "n": 1},
        )
    finally:
        logger.removeHandler(handler)
    assert response.status_code == 200
    assert response.headers["x-request-id"] == "req-123"
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    entry = json.loads(lines[0])
    assert entry["route"] == "/v1/probe/echo"
    assert entry["status"] == 200
    assert entry["tenant"] == tenant
    assert entry["request_id"] == "req-123"
    assert entry["latency_ms"] >= 0
    assert "MARKER" not in lines[0]
    assert key not in lines[0]
