"""Admin keys are tenant-wide only, the last admin key stays, keys may expire (issue 12, item 2).

The issue's attack: ``keys create --role admin --user alice`` then ``POST /v1/keys
{"role": "admin"}`` gave an unrestricted admin key. Now the first step is refused, and a
restricted admin key stored before that rule is confined to its user.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, update
from typer.testing import CliRunner

from api.cli import _register, app
from api.problems import problem_type
from api.storage.keys import ApiKeyRow, InvalidKeyInput, KeyStore, LastAdminKey
from storage.engine import create_db_engine, session_scope
from tests.api.conftest import bearer, make_key, started_client, unique_tenant

_register()
runner = CliRunner()


@pytest.fixture
def engine(database_url: str, app_client: TestClient) -> Iterator[Engine]:
    """The app's database (``app_client`` has migrated it)."""
    eng = create_db_engine(database_url)
    try:
        yield eng
    finally:
        eng.dispose()


def test_user_restricted_admin_key_is_refused(engine: Engine, app_client: TestClient) -> None:
    tenant = unique_tenant()
    with pytest.raises(InvalidKeyInput, match="tenant-wide"):
        KeyStore(engine).create(tenant_id=tenant, role="admin", user_id="alice")
    admin = bearer(KeyStore(engine).create(tenant_id=tenant, role="admin")[1])
    r = app_client.post("/v1/keys", headers=admin, json={"role": "admin", "user_id": "alice"})
    assert r.status_code == 422
    assert r.json()["type"] == problem_type("validation-error")
    assert [k.user_id for k in KeyStore(engine).list(tenant_id=tenant)] == [None]


def test_cli_refuses_a_user_restricted_admin_key(database_url: str, engine: Engine) -> None:
    tenant = unique_tenant()
    result = runner.invoke(
        app,
        ["keys", "create", "--tenant", tenant, "--role", "admin", "--user", "alice"],
        env={"TIERMEM_DATABASE_URL": database_url},
    )
    assert result.exit_code == 2
    assert "tenant-wide" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert KeyStore(engine).list(tenant_id=tenant) == []


def _legacy_restricted_admin(engine: Engine, tenant: str, user: str) -> str:
    """A user-restricted admin key as stores before the rule could hold it."""
    key, secret = KeyStore(engine).create(tenant_id=tenant, role="agent", user_id=user)
    with session_scope(engine) as session:
        session.execute(
            update(ApiKeyRow).where(ApiKeyRow.id == key.key_id).values(role="admin")  # type: ignore[arg-type]
        )
        session.commit()
    return secret


def test_stored_restricted_admin_is_confined_to_its_user(
    engine: Engine, app_client: TestClient
) -> None:
    tenant = unique_tenant()
    tenant_admin_key, _ = KeyStore(engine).create(tenant_id=tenant, role="admin")
    alice = bearer(_legacy_restricted_admin(engine, tenant, "alice"))
    bob_key, _ = KeyStore(engine).create(tenant_id=tenant, role="agent", user_id="bob")
    # every tenant-wide route answers 403
    tenant_wide = [
        app_client.post("/v1/keys", headers=alice, json={"role": "admin"}),
        app_client.post("/v1/keys", headers=alice, json={"role": "agent", "user_id": "bob"}),
        app_client.get("/v1/keys", headers=alice),
        app_client.delete(f"/v1/keys/{bob_key.key_id}", headers=alice),
        app_client.delete(f"/v1/keys/{tenant_admin_key.key_id}", headers=alice),
        app_client.put("/v1/policy/rules", headers=alice, json={"rules": []}),
        app_client.put("/v1/admin/retention", headers=alice, json={"raw_message_days": 1}),
        app_client.post("/v1/admin/retention/purge", headers=alice),
        app_client.post("/v1/admin/jobs/expiry/run", headers=alice),
        app_client.get("/v1/audit", headers=alice),
    ]
    assert [r.status_code for r in tenant_wide] == [403] * len(tenant_wide)
    assert all(r.json()["type"] == problem_type("forbidden") for r in tenant_wide)
    # its own user's data stays reachable, bob's is invisible
    own = app_client.put(
        "/v1/users/alice/preferences/ui.language",
        headers=alice,
        json={"value": "en", "source": "user_stated"},
    )
    assert own.status_code in (200, 201), own.text
    other = app_client.get("/v1/users/bob/preferences", headers=alice)
    assert other.status_code == 404
    assert [k.revoked_at for k in KeyStore(engine).list(tenant_id=tenant)] == [None] * 3


def test_last_admin_key_cannot_be_revoked(engine: Engine, app_client: TestClient) -> None:
    tenant = unique_tenant()
    store = KeyStore(engine)
    first, first_secret = store.create(tenant_id=tenant, role="admin")
    r = app_client.delete(f"/v1/keys/{first.key_id}", headers=bearer(first_secret))
    assert r.status_code == 409
    assert r.json()["type"] == problem_type("last-admin-key")
    with pytest.raises(LastAdminKey):
        store.revoke_as_operator(first.key_id)
    second, second_secret = store.create(tenant_id=tenant, role="admin")
    # with two, one may go (itself or the other), and then the remaining one is the last
    assert app_client.delete(f"/v1/keys/{first.key_id}", headers=bearer(first_secret)).is_success
    assert app_client.get("/v1/me", headers=bearer(first_secret)).status_code == 401
    r = app_client.delete(f"/v1/keys/{second.key_id}", headers=bearer(second_secret))
    assert r.status_code == 409
    assert app_client.get("/v1/me", headers=bearer(second_secret)).status_code == 200


def test_an_expired_admin_does_not_count_as_the_remaining_admin(
    database_url: str, engine: Engine
) -> None:
    tenant = unique_tenant()
    now = datetime(2026, 1, 1, tzinfo=UTC)
    store = KeyStore(engine, clock=lambda: now)
    keep, _ = store.create(tenant_id=tenant, role="admin")
    store.create(tenant_id=tenant, role="admin", expires_at=now + timedelta(hours=1))
    later = KeyStore(engine, clock=lambda: now + timedelta(hours=2))
    with pytest.raises(LastAdminKey):
        later.revoke(tenant_id=tenant, key_id=keep.key_id)


def test_two_admins_revoking_each_other_leave_one(database_url: str, engine: Engine) -> None:
    tenant = unique_tenant()
    store = KeyStore(engine)
    keys = [store.create(tenant_id=tenant, role="admin")[0] for _ in range(2)]
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def revoke(key_id: str) -> None:
        barrier.wait()
        try:
            KeyStore(engine).revoke(tenant_id=tenant, key_id=key_id)
            outcomes.append("revoked")
        except LastAdminKey:
            outcomes.append("last")
        except Exception as exc:  # SQLite may refuse the second writer's stale snapshot
            outcomes.append(type(exc).__name__)

    threads = [threading.Thread(target=revoke, args=(k.key_id,)) for k in keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("revoked") == 1, outcomes
    assert len(store.list(tenant_id=tenant, include_revoked=False)) == 1


def test_expiring_key_works_until_it_expires(database_url: str) -> None:
    now = [datetime(2026, 3, 1, 12, 0, tzinfo=UTC)]
    tenant = unique_tenant()
    admin = bearer(make_key(database_url, tenant, "admin"))
    with started_client(database_url, clock=lambda: now[0]) as client:
        created = client.post(
            "/v1/keys", headers=admin, json={"role": "agent", "expires_in_seconds": 3600}
        )
        assert created.status_code == 201, created.text
        body = created.json()
        assert datetime.fromisoformat(body["expires_at"]) == now[0] + timedelta(hours=1)
        listed = {k["key_id"]: k for k in client.get("/v1/keys", headers=admin).json()["items"]}
        assert listed[body["key_id"]]["expires_at"] == body["expires_at"]
        agent = bearer(body["secret"])
        assert client.get("/v1/me", headers=agent).status_code == 200
        now[0] += timedelta(hours=1)
        r = client.get("/v1/me", headers=agent)
        assert r.status_code == 401
        assert r.json()["type"] == problem_type("key-expired")
        assert r.headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize("lifetime", [0, -1, 315_360_001, 2**70, "soon", 1.5])
def test_bad_lifetime_is_422(app_client: TestClient, database_url: str, lifetime: object) -> None:
    admin = bearer(make_key(database_url, unique_tenant(), "admin"))
    body = {"role": "agent", "expires_in_seconds": lifetime}
    r = app_client.post("/v1/keys", headers=admin, json=body)
    assert r.status_code == 422, r.text


@pytest.mark.parametrize(
    "expires_at",
    [datetime(2000, 1, 1, tzinfo=UTC), datetime(9999, 12, 31, tzinfo=UTC)],
)
def test_store_refuses_a_past_or_far_expiry(engine: Engine, expires_at: datetime) -> None:
    with pytest.raises(InvalidKeyInput, match="expiry"):
        KeyStore(engine).create(tenant_id=unique_tenant(), role="agent", expires_at=expires_at)


def test_cli_expires_in(database_url: str, engine: Engine) -> None:
    tenant = unique_tenant()
    env = {"TIERMEM_DATABASE_URL": database_url}
    args = ["keys", "create", "--tenant", tenant, "--role", "agent"]
    result = runner.invoke(app, [*args, "--expires-in", "12h"], env=env)
    assert result.exit_code == 0, result.output
    assert "expires 20" in result.stdout
    (key,) = KeyStore(engine).list(tenant_id=tenant)
    assert key.expires_at is not None
    assert timedelta(hours=11) < key.expires_at - datetime.now(UTC) <= timedelta(hours=12)
    listing = runner.invoke(app, ["keys", "list", "--tenant", tenant], env=env)
    assert "expires 20" in listing.stdout
    for bad in ("0d", "-1h", "12x", "99999d", "9" * 40):
        result = runner.invoke(app, [*args, "--expires-in", bad], env=env)
        assert result.exit_code == 2, bad
        assert len(result.stderr.strip().splitlines()) == 1


def test_erasure_revokes_the_erased_users_keys(engine: Engine, app_client: TestClient) -> None:
    tenant = unique_tenant()
    store = KeyStore(engine)
    admin = bearer(store.create(tenant_id=tenant, role="admin")[1])
    alice = bearer(store.create(tenant_id=tenant, role="agent", user_id="alice")[1])
    bob = bearer(store.create(tenant_id=tenant, role="agent", user_id="bob")[1])
    assert app_client.get("/v1/me", headers=alice).status_code == 200
    erased = app_client.delete("/v1/users/alice/memories", headers=admin)
    assert erased.status_code == 200, erased.text
    assert erased.json()["counts"]["api_keys_revoked"] == 1
    assert app_client.get("/v1/me", headers=alice).status_code == 401
    assert app_client.get("/v1/me", headers=bob).status_code == 200
    assert app_client.get("/v1/me", headers=admin).status_code == 200
