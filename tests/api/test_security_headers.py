"""Every response carries ``Cache-Control: no-store`` and ``X-Content-Type-Options: nosniff``."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.conftest import bearer, make_key, unique_tenant


def _assert_headers(response: Any) -> None:
    assert response.headers.get("cache-control") == "no-store", response.request.url
    assert response.headers.get("x-content-type-options") == "nosniff", response.request.url


def test_security_headers_on_every_kind_of_response(
    shared_client: TestClient, shared_database_url: str
) -> None:
    client = shared_client
    tenant = unique_tenant()
    admin = bearer(make_key(shared_database_url, tenant, "admin"))
    created = client.post("/v1/keys", headers=admin, json={"role": "agent", "user_id": "u1"})
    assert created.status_code == 201 and "secret" in created.json()
    _assert_headers(created)
    ok = client.get("/v1/me", headers=bearer(created.json()["secret"]))
    assert ok.status_code == 200
    _assert_headers(ok)
    unauthorized = client.get("/v1/me")
    assert unauthorized.status_code == 401
    _assert_headers(unauthorized)
    unknown = client.get("/no/such/route")
    assert unknown.status_code == 404
    _assert_headers(unknown)
    for path in ("/metrics", "/healthz", "/readyz", "/openapi.json"):
        _assert_headers(client.get(path))
    invalid = client.post("/v1/keys", headers=admin, json={"role": 7})
    assert invalid.status_code == 422
    _assert_headers(invalid)
