"""Bad input is a 422 problem on both backends, never a 500 (issue 12 item 4): NUL characters
anywhere, integers past 64 bits, datetimes an offset pushes past what a column holds, ids over
their column, booleans where the schema says integer; a 405 names every method of its path."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import bearer, make_key, unique_tenant

HUGE = "9" * 30  # past any 64-bit integer
EVENT = {"kind": "trip.booked", "text": "a trip", "source": "admin"}
WHEN = "2026-09-10T08:00:00+08:00"
EXTREME_TIMES = ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "1969-06-01T00:00:00Z"]


@pytest.fixture
def admin(shared_client: TestClient, shared_database_url: str) -> dict[str, str]:
    return bearer(make_key(shared_database_url, unique_tenant("bad"), "admin"))


def _session(client: TestClient, headers: dict[str, str]) -> str:
    response = client.post("/v1/sessions", json={"user_id": "u1"}, headers=headers)
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def _assert_422(response: Any) -> None:
    assert response.status_code == 422, response.text
    assert response.headers["content-type"].startswith("application/problem+json")


def test_nul_characters_are_422_everywhere(
    shared_client: TestClient, admin: dict[str, str]
) -> None:
    sid = _session(shared_client, admin)
    nul = "a\u0000b"
    cases = [
        ("POST", "/v1/sessions", {"user_id": "u1", "metadata": {"note": nul}}),
        ("POST", "/v1/sessions", {"user_id": "u1", "metadata": {nul: 1}}),
        ("POST", f"/v1/sessions/{sid}/messages", {"messages": [{"role": "user", "content": nul}]}),
        ("PUT", f"/v1/sessions/{sid}/pins", {"message_ids": [nul]}),
        ("PUT", "/v1/users/u1/preferences/other.note", {"value": nul, "source": "admin"}),
        ("POST", "/v1/users/u1/events", {**EVENT, "text": nul, "occurred_at": WHEN}),
        ("POST", "/v1/users/u1/events", {**EVENT, "kind": nul, "occurred_at": WHEN}),
        ("GET", "/v1/users/u1/events?kind=a%00b", None),
        ("GET", f"/v1/sessions/{sid}%00", None),
        ("GET", "/v1/sessions?user_id=u%001", None),
    ]
    for method, path, body in cases:
        response = shared_client.request(method, path, json=body, headers=admin)
        _assert_422(response)
        assert response.json()["reason"] == "nul-character", path
    # the text backslash-u-0000 is no NUL character
    text = {"user_id": "u1", "metadata": {"note": "\\u0000"}}
    assert shared_client.post("/v1/sessions", json=text, headers=admin).status_code == 201


def test_integers_past_64_bits_are_422_with_the_bound_in_the_schema(
    shared_client: TestClient, admin: dict[str, str]
) -> None:
    sid = _session(shared_client, admin)
    for method, path in [
        ("GET", f"/v1/sessions/{sid}/summaries/{HUGE}"),
        ("POST", f"/v1/sessions/{sid}/summaries/{HUGE}/restore"),
    ]:
        _assert_422(shared_client.request(method, path, headers=admin))
    append = {"messages": [], "offset": int(HUGE)}
    _assert_422(shared_client.post(f"/v1/sessions/{sid}/messages", json=append, headers=admin))
    ttl = {**EVENT, "occurred_at": WHEN, "ttl_seconds": int(HUGE)}
    _assert_422(shared_client.post("/v1/users/u1/events", json=ttl, headers=admin))
    paths = shared_client.get("/openapi.json").json()["paths"]
    version = paths["/v1/sessions/{session_id}/summaries/{version}"]["get"]["parameters"]
    assert {p["name"]: p["schema"].get("maximum") for p in version}["version"] == 2**63 - 1


def test_extreme_datetimes_are_422(shared_client: TestClient, admin: dict[str, str]) -> None:
    for when in EXTREME_TIMES:
        event = {**EVENT, "occurred_at": when}
        _assert_422(shared_client.post("/v1/users/u1/events", json=event, headers=admin))
        expiring = {**EVENT, "occurred_at": WHEN, "expires_at": when}
        _assert_422(shared_client.post("/v1/users/u1/events", json=expiring, headers=admin))
        pref = {"value": "x", "source": "admin", "expires_at": when}
        path = "/v1/users/u1/preferences/other.note"
        _assert_422(shared_client.put(path, json=pref, headers=admin))
        consent = {"given_at": when, "purpose": "test"}
        body = {"value": "x", "source": "admin", "consent": consent}
        _assert_422(shared_client.put(path, json=body, headers=admin))
        query = {"since": when}
        _assert_422(shared_client.get("/v1/users/u1/events", params=query, headers=admin))
        _assert_422(shared_client.get("/v1/audit", params=query, headers=admin))
    schema = shared_client.get("/openapi.json").json()["components"]["schemas"]["EventIn"]
    occurred = schema["properties"]["occurred_at"]
    assert occurred["formatMinimum"] == "1970-01-01T00:00:00Z"
    assert occurred["formatExclusiveMaximum"] == "9000-01-01T00:00:00Z"
    fine = {**EVENT, "occurred_at": "1970-01-01T01:00:00+01:00"}
    assert shared_client.post("/v1/users/u1/events", json=fine, headers=admin).status_code == 201


def test_ids_over_their_column_are_422(shared_client: TestClient, admin: dict[str, str]) -> None:
    sid = _session(shared_client, admin)
    long_id = "m" * 257
    message = {"id": long_id, "role": "user", "content": "hi"}
    entries = {"messages": [message]}
    _assert_422(shared_client.post(f"/v1/sessions/{sid}/messages", json=entries, headers=admin))
    pins = {"message_ids": [long_id]}
    _assert_422(shared_client.put(f"/v1/sessions/{sid}/pins", json=pins, headers=admin))
    fits = {"messages": [{**message, "id": "m" * 256}]}
    response = shared_client.post(f"/v1/sessions/{sid}/messages", json=fits, headers=admin)
    assert response.status_code == 200, response.text


def test_booleans_are_not_integers(shared_client: TestClient, admin: dict[str, str]) -> None:
    retention = shared_client.put(
        "/v1/admin/retention", json={"raw_message_days": True}, headers=admin
    )
    _assert_422(retention)
    stored = shared_client.get("/v1/admin/retention", headers=admin).json()
    assert stored["raw_message_days"] is None
    budget = {"user_id": "u1", "budget": {"context_limit": True}}
    _assert_422(shared_client.post("/v1/sessions", json=budget, headers=admin))


def test_405_names_every_method_of_the_path(
    shared_client: TestClient, admin: dict[str, str]
) -> None:
    schema = shared_client.get("/openapi.json").json()["paths"]
    for template, operations in schema.items():
        path = template.replace("{user_id}", "u1").replace("{", "x").replace("}", "")
        documented = {method.upper() for method in operations}
        unused = next(m for m in ("PATCH", "PUT", "DELETE", "POST") if m not in documented)
        response = shared_client.request(unused, path, headers=admin)
        assert response.status_code == 405, (template, response.status_code)
        allowed = {m.strip() for m in response.headers["allow"].split(",")}
        assert documented <= allowed, (template, allowed)
