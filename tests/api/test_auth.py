"""``api.auth`` on both backends: missing, unknown and revoked keys get the same 401, the
principal comes from the key, a wrong role gets 403."""

from __future__ import annotations

from fastapi.testclient import TestClient

from api.storage.keys import KeyStore
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key, unique_tenant
from tests.api.probe import assert_problem


def test_missing_unknown_and_revoked_keys_get_401(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    key = make_key(url, tenant, "agent")
    assert client.get("/v1/probe/me", headers=bearer(key)).status_code == 200
    engine = create_db_engine(url)
    try:
        store = KeyStore(engine)
        store.revoke(tenant_id=tenant, key_id=store.list(tenant_id=tenant)[0].key_id)
    finally:
        engine.dispose()
    cases = [
        {},
        {"Authorization": "Bearer tmk_unknown"},
        {"Authorization": "Basic dTpw"},
        {"Authorization": "Bearer "},
        bearer(key),  # revoked
    ]
    bodies = []
    for headers in cases:
        response = client.get("/v1/probe/me", headers=headers)
        body = assert_problem(response, 401)
        assert response.headers["www-authenticate"] == "Bearer"
        bodies.append(body["title"])
    assert set(bodies) == {"Unauthorized"}


def test_principal_comes_from_the_key(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    key = make_key(url, tenant, "agent", user="u1")
    assert client.get("/v1/probe/me", headers=bearer(key)).json() == {
        "tenant": tenant,
        "role": "agent",
        "user": "u1",
    }


def test_wrong_role_gets_403(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    for role in ("agent", "consolidator"):
        response = client.get("/v1/probe/admin", headers=bearer(make_key(url, tenant, role)))
        assert_problem(response, 403)
    admin = make_key(url, tenant, "admin")
    assert client.get("/v1/probe/admin", headers=bearer(admin)).json() == {"tenant": tenant}
