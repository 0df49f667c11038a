"""One list envelope everywhere: every list route answers ``items`` + ``next_cursor``, takes
``?cursor=&limit=``, walks a stable order without repeats or gaps, and refuses a foreign or
tampered cursor with a 422 problem (SQLite and PostgreSQL)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.pagination import MAX_PAGE, encode_cursor
from tests.api.conftest import bearer, make_key, make_settings, unique_tenant

# Every test migrates its database first (make_key, the app's startup): start from a migrated copy.
pytestmark = pytest.mark.migrated_database

LISTS = {
    "/v1/sessions",
    "/v1/sessions/{session_id}/messages",
    "/v1/sessions/{session_id}/summaries",
    "/v1/keys",
    "/v1/policy/versions",
    "/v1/audit",
    "/v1/users/{user_id}/preferences",
    "/v1/users/{user_id}/preferences/{key}/history",
    "/v1/users/{user_id}/events",
    "/v1/users/{user_id}/consents",
}


def _walk(client: TestClient, url: str, headers: dict[str, str], *, limit: int = 2) -> list[Any]:
    """Every item of a listing, page by page, checking each page's size."""
    items: list[Any] = []
    cursor: str | None = None
    while True:
        query = f"limit={limit}" + (f"&cursor={cursor}" if cursor else "")
        r = client.get(f"{url}?{query}", headers=headers)
        assert r.status_code == 200, r.text
        body = r.json()
        assert set(body) >= {"items", "next_cursor"} and len(body["items"]) <= limit
        items.extend(body["items"])
        cursor = body["next_cursor"]
        if cursor is None:
            return items
        assert len(body["items"]) == limit


def test_every_list_route_uses_the_envelope() -> None:
    doc = create_app(make_settings("sqlite://")).openapi()
    schemas = doc["components"]["schemas"]
    lists = set()
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            ok = op.get("responses", {}).get("200", {}).get("content", {})
            schema = ok.get("application/json", {}).get("schema", {})
            assert schema.get("type") != "array", f"{method.upper()} {path} answers a bare array"
            ref = schema.get("$ref", "").rsplit("/", 1)[-1]
            props = schemas.get(ref, {}).get("properties", {})
            if "next_cursor" in props or "items" in props:
                assert {"items", "next_cursor"} <= set(props), f"{path}: half an envelope"
                names = {p["name"] for p in op.get("parameters", [])}
                assert {"cursor", "limit"} <= names, f"{path}: no ?cursor=&limit="
                lists.add(path)
    assert lists == LISTS


def test_lists_walk_in_a_stable_order(database_url: str) -> None:
    tenant = unique_tenant()
    admin = bearer(make_key(database_url, tenant, "admin"))
    for _ in range(3):
        make_key(database_url, tenant, "agent", user="u1")
    with TestClient(create_app(make_settings(database_url))) as client:
        made = [
            client.post("/v1/sessions", json={"user_id": "u1"}, headers=admin).json()["id"]
            for _ in range(5)
        ]
        assert [s["id"] for s in _walk(client, "/v1/sessions", admin)] == made[::-1]
        assert len(_walk(client, "/v1/sessions", admin, limit=MAX_PAGE + 50)) == 5

        keys = _walk(client, "/v1/keys", admin)
        assert len(keys) == 4 and len({k["key_id"] for k in keys}) == 4

        for category in ("travel", "food", "music"):
            assert client.put(f"/v1/users/u1/consents/{category}", headers=admin).is_success
        consents = _walk(client, "/v1/users/u1/consents", admin)
        assert [c["category"] for c in consents] == ["food", "music", "travel"]

        for _ in range(3):
            client.put("/v1/policy/rules", headers=admin, json={"rules": []}).raise_for_status()
        versions = _walk(client, "/v1/policy/versions", admin)
        assert [v["version"] for v in versions] == [3, 2, 1]


def test_bad_cursors_are_422_problems(database_url: str) -> None:
    tenant = unique_tenant()
    admin = bearer(make_key(database_url, tenant, "admin"))
    with TestClient(create_app(make_settings(database_url))) as client:
        sid = client.post("/v1/sessions", json={"user_id": "u1"}, headers=admin).json()["id"]
        foreign = encode_cursor("keys", ["2026-01-01T00:00:00+00:00", "key_x"])
        wrong_shape = encode_cursor("sessions", [1, 2])
        bad_time = encode_cursor("sessions", ["not a time", "x"])
        for url, cursor in [
            ("/v1/sessions", "!!!"),
            ("/v1/sessions", foreign),
            ("/v1/sessions", wrong_shape),
            ("/v1/sessions", bad_time),
            (f"/v1/sessions/{sid}/messages", foreign),
            (f"/v1/sessions/{sid}/summaries", encode_cursor("summaries", ["1"])),
            ("/v1/keys", encode_cursor("keys", [1])),
            ("/v1/policy/versions", wrong_shape),
            ("/v1/users/u1/consents", encode_cursor("consents", [None])),
            ("/v1/users/u1/events", encode_cursor("events", ["x", "y"])),
            ("/v1/users/u1/events", encode_cursor("events", [1, 2])),
            ("/v1/users/u1/preferences/other.note/history", encode_cursor("history", ["x", "y"])),
            ("/v1/audit", encode_cursor("audit", ["x"])),
            ("/v1/users/u1/preferences", encode_cursor("preferences", [1])),
        ]:
            r = client.get(url, params={"cursor": cursor}, headers=admin)
            assert r.status_code == 422, (url, r.text)
            assert r.headers["content-type"].startswith("application/problem+json")
            assert r.json()["type"].endswith("/unprocessable")
