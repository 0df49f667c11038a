"""Lone surrogate escapes in any JSON body are a 422 problem before a route runs (PostgreSQL
cannot store them; without the guard a route would fail with a 500)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from tests.api.conftest import bearer, make_key, make_settings, unique_tenant

LONE = '"caf\\ud800e"'  # JSON text: a high surrogate escape with no low half


@pytest.fixture
def pg_client(postgres_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(make_settings(postgres_url))) as client:
        yield client


def _send(client: TestClient, method: str, path: str, body: str, key: str) -> Any:
    headers = {**bearer(key), "Content-Type": "application/json"}
    return client.request(method, path, content=body.encode("ascii"), headers=headers)


CASES = [
    ("POST", "/v1/sessions", '{"user_id": ' + LONE + "}"),
    ("PUT", "/v1/users/u1/preferences/other.note", '{"value": ' + LONE + ', "source": "admin"}'),
    (
        "POST",
        "/v1/users/u1/events",
        '{"kind": "note", "text": ' + LONE + ', "occurred_at": "2026-01-01T00:00:00Z",'
        ' "source": "admin"}',
    ),
    ("PUT", "/v1/policy/rules", '{"rules": [' + LONE + "]}"),
]


def test_lone_surrogate_is_422_on_postgresql(pg_client: TestClient, postgres_url: str) -> None:
    key = make_key(postgres_url, unique_tenant(), "admin")
    for method, path, body in CASES:
        response = _send(pg_client, method, path, body, key)
        assert response.status_code == 422, (path, response.text)
        assert response.headers["content-type"].startswith("application/problem+json")
        assert "lone surrogate" in response.json()["detail"]


def test_surrogate_pairs_and_escaped_backslashes_pass(
    pg_client: TestClient, postgres_url: str
) -> None:
    key = make_key(postgres_url, unique_tenant(), "admin")
    # a real pair (an astral letter: user ids are letters and digits) and a literal
    # backslash-u text are valid
    body = '{"user_id": "u\\ud840\\udc00", "metadata": {"note": "\\\\ud800"}}'
    response = _send(pg_client, "POST", "/v1/sessions", body, key)
    assert response.status_code == 201, response.text
    assert response.json()["user_id"] == "u\U00020000"
