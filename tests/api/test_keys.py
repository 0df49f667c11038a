"""The key store on both backends: create, list, revoke, resolve; only hashes are stored."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, text

from api.auth import Principal, ensure_user_access, ensure_visible
from api.errors import NotFound
from api.storage.keys import KEY_PREFIX, InvalidKeyInput, KeyNotFound, KeyStore, hash_key
from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key, unique_tenant


@pytest.fixture(scope="module")
def engine(shared_database_url: str) -> Iterator[Engine]:
    eng = create_db_engine(shared_database_url)
    try:
        yield eng
    finally:
        eng.dispose()


def test_create_resolve_revoke(engine: Engine) -> None:
    store = KeyStore(engine)
    tenant = unique_tenant()
    key, secret = store.create(tenant_id=tenant, role="agent", user_id="u1")
    assert secret.startswith(KEY_PREFIX)
    assert len(secret) >= 40
    resolved = store.resolve(secret)
    assert resolved is not None
    assert (resolved.key_id, resolved.tenant_id, resolved.role, resolved.user_id) == (
        key.key_id,
        tenant,
        "agent",
        "u1",
    )
    with pytest.raises(KeyNotFound):  # another tenant cannot revoke it
        store.revoke(tenant_id=tenant + "0", key_id=key.key_id)
    assert store.resolve(secret) is not None
    revoked = store.revoke(tenant_id=tenant, key_id=key.key_id)
    assert revoked.revoked_at is not None
    assert not revoked.active
    assert store.resolve(secret) is None
    again = store.revoke_as_operator(key.key_id)
    assert again.revoked_at == revoked.revoked_at


def test_only_the_hash_is_stored(engine: Engine) -> None:
    store = KeyStore(engine)
    _key, secret = store.create(tenant_id=unique_tenant(), role="admin")
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT * FROM api_key")).all()
    flat = " ".join(str(v) for row in rows for v in row)
    assert secret not in flat
    assert secret[len(KEY_PREFIX) :] not in flat
    assert hash_key(secret) in flat


def test_list_shows_only_the_tenant(engine: Engine) -> None:
    store = KeyStore(engine)
    t1 = unique_tenant()
    a, _ = store.create(tenant_id=t1, role="agent")
    b, _ = store.create(tenant_id=t1, role="admin")
    store.create(tenant_id=t1 + "0", role="agent")  # shares t1 as a prefix
    store.revoke(tenant_id=t1, key_id=a.key_id)
    assert [k.key_id for k in store.list(tenant_id=t1)] == [a.key_id, b.key_id]
    assert [k.key_id for k in store.list(tenant_id=t1, include_revoked=False)] == [b.key_id]
    assert store.list(tenant_id=t1[:-1]) == []
    assert len(store.list(tenant_id=t1 + "0")) == 1


@pytest.mark.parametrize(
    ("tenant", "role", "user"),
    [
        ("", "agent", None),
        ("t 1", "agent", None),
        ("-t", "agent", None),
        ("t" * 65, "agent", None),
        ("t1", "root", None),
        ("t1", "agent", ""),
        ("t1", "agent", "u/../v"),
    ],
)
def test_invalid_input_is_refused(
    sqlite_url: str, tenant: str, role: str, user: str | None
) -> None:
    engine = create_db_engine(sqlite_url)
    upgrade_database(sqlite_url, engine=engine)
    try:
        with pytest.raises(InvalidKeyInput):
            KeyStore(engine).create(tenant_id=tenant, role=role, user_id=user)
        assert KeyStore(engine).list(tenant_id=tenant or "x") == []
    finally:
        engine.dispose()


def test_unknown_and_malformed_secrets_resolve_to_none(engine: Engine) -> None:
    store = KeyStore(engine)
    store.create(tenant_id=unique_tenant(), role="agent")
    for secret in ("", "tmk_", "tmk_nope", "x" * 500, KEY_PREFIX + "a" * 200):
        assert store.resolve(secret) is None


def test_revoking_an_unknown_key_raises(engine: Engine) -> None:
    with pytest.raises(KeyNotFound):
        KeyStore(engine).revoke_as_operator("key_missing")


# ---------------------------------------------------------------- /v1/me and /v1/keys


def test_me_reports_the_key(shared_client: TestClient, shared_database_url: str) -> None:
    tenant = unique_tenant()
    key = make_key(shared_database_url, tenant, "agent", user="u9")
    body = shared_client.get("/v1/me", headers=bearer(key)).json()
    assert (body["tenant_id"], body["role"], body["user_id"]) == (tenant, "agent", "u9")
    assert shared_client.get("/v1/me").status_code == 401


def test_admin_manages_only_its_own_tenant(
    shared_client: TestClient, shared_database_url: str
) -> None:
    app_client = shared_client
    tenant = unique_tenant()
    admin = bearer(make_key(shared_database_url, tenant, "admin"))
    other_admin = bearer(make_key(shared_database_url, tenant + "0", "admin"))
    created = app_client.post("/v1/keys", headers=admin, json={"role": "agent", "user_id": "u1"})
    assert created.status_code == 201
    body = created.json()
    assert body["tenant_id"] == tenant
    new_key = bearer(body["secret"])
    assert app_client.get("/v1/me", headers=new_key).json()["user_id"] == "u1"
    listed = app_client.get("/v1/keys", headers=admin).json()["items"]
    assert body["key_id"] in {k["key_id"] for k in listed}
    assert all("secret" not in k for k in listed)
    assert body["key_id"] not in {
        k["key_id"] for k in app_client.get("/v1/keys", headers=other_admin).json()["items"]
    }
    # another tenant's key id: 404 exactly like a missing one
    foreign = app_client.delete(f"/v1/keys/{body['key_id']}", headers=other_admin)
    missing = app_client.delete("/v1/keys/key_doesnotexist", headers=other_admin)
    assert foreign.status_code == missing.status_code == 404
    assert foreign.json()["detail"] == missing.json()["detail"]
    assert app_client.get("/v1/me", headers=new_key).status_code == 200
    assert app_client.delete(f"/v1/keys/{body['key_id']}", headers=admin).status_code == 200
    assert app_client.get("/v1/me", headers=new_key).status_code == 401


def test_non_admin_key_routes_are_403(shared_client: TestClient, shared_database_url: str) -> None:
    app_client = shared_client
    agent = bearer(make_key(shared_database_url, unique_tenant(), "agent"))
    assert app_client.get("/v1/keys", headers=agent).status_code == 403
    assert app_client.post("/v1/keys", headers=agent, json={"role": "admin"}).status_code == 403


def test_bad_key_body_is_422(shared_client: TestClient, shared_database_url: str) -> None:
    app_client = shared_client
    admin = bearer(make_key(shared_database_url, unique_tenant(), "admin"))
    assert app_client.post("/v1/keys", headers=admin, json={"role": "root"}).status_code == 422
    response = app_client.post("/v1/keys", headers=admin, json={"role": "agent", "user_id": "a b"})
    assert response.status_code == 422
    assert response.headers["content-type"].startswith("application/problem+json")


# ---------------------------------------------------------------- ownership helpers


@pytest.mark.parametrize(
    ("key_user", "row_tenant", "row_user", "visible"),
    [
        (None, "t1", "u1", True),  # tenant-wide key sees every user of its tenant
        (None, "t1", None, True),
        ("u1", "t1", "u1", True),
        ("u1", "t1", "u2", False),  # restricted key, other user
        (None, "t10", "u1", False),  # other tenant sharing a prefix
        (None, "t", "u1", False),
        (None, "T1", "u1", False),  # case matters
        (None, None, None, False),  # missing row
        ("u1", "t2", "u1", False),  # right user, wrong tenant
    ],
)
def test_ensure_visible(
    key_user: str | None, row_tenant: str | None, row_user: str | None, visible: bool
) -> None:
    who = Principal(key_id="key_x", tenant_id="t1", role="agent", user_id=key_user)
    if visible:
        ensure_visible(who, tenant_id=row_tenant, user_id=row_user, what="session")
        return
    with pytest.raises(NotFound) as caught:
        ensure_visible(who, tenant_id=row_tenant, user_id=row_user, what="session")
    assert caught.value.detail == "session not found"  # same answer for every reason


def test_user_restriction_and_subject() -> None:
    who = Principal(key_id="key_x", tenant_id="t1", role="agent", user_id="u1")
    assert who.can_access_user("u1")
    assert not who.can_access_user("u2")
    ensure_user_access(who, "u1")
    with pytest.raises(NotFound):
        ensure_user_access(who, "u2")
    subject = who
    assert (subject.role, subject.tenant_id, subject.key_id, subject.user_id) == (
        "agent",
        "t1",
        "key_x",
        "u1",
    )
    assert Principal(key_id="k", tenant_id="t1", role="admin").can_access_user("anyone")
