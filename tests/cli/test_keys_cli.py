"""``tiermem keys`` and ``tiermem db`` through the real typer app, on both backends."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from api.app import create_app
from api.cli import _register, app
from tests.api.conftest import bearer, make_settings, unique_tenant

_register()
runner = CliRunner()


def run(url: str, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), env={"TIERMEM_DATABASE_URL": url})
    return result.exit_code, result.stdout, result.stderr


def test_create_list_revoke_and_authenticate(shared_database_url: str) -> None:
    database_url = shared_database_url
    tenant = unique_tenant("acme")
    code, out, _ = run(database_url, "keys", "create", "--tenant", tenant, "--role", "agent")
    assert code == 0, out
    secret = out.strip().splitlines()[-1]
    assert secret.startswith("tmk_")
    key_id = out.split()[1]
    code, listing, _ = run(database_url, "keys", "list", "--tenant", tenant)
    assert code == 0
    assert key_id in listing
    assert "active" in listing
    assert secret not in listing
    with TestClient(create_app(make_settings(database_url))) as client:
        me = client.get("/v1/me", headers=bearer(secret)).json()
        assert (me["key_id"], me["tenant_id"], me["role"]) == (key_id, tenant, "agent")
        code, out, _ = run(database_url, "keys", "revoke", key_id)
        assert code == 0
        assert "revoked" in out
        assert client.get("/v1/me", headers=bearer(secret)).status_code == 401
    code, listing, _ = run(database_url, "keys", "list", "--tenant", tenant)
    assert "revoked" in listing


def test_user_restricted_key(sqlite_url: str) -> None:
    code, out, _ = run(
        sqlite_url, "keys", "create", "--tenant", "acme", "--role", "agent", "--user", "u-1"
    )
    assert code == 0
    assert "user u-1" in out
    _, listing, _ = run(sqlite_url, "keys", "list", "--tenant", "acme")
    assert "\tu-1\t" in listing
    code, as_json, _ = run(sqlite_url, "keys", "list", "--tenant", "acme", "--json")
    assert code == 0
    (entry,) = json.loads(as_json)
    assert (entry["tenant_id"], entry["user_id"], entry["revoked_at"]) == ("acme", "u-1", None)
    assert "secret" not in as_json


@pytest.mark.parametrize(
    "args",
    [
        ["keys", "create", "--tenant", "acme", "--role", "root"],
        ["keys", "create", "--tenant", "bad tenant", "--role", "agent"],
        ["keys", "revoke", "key_missing"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(sqlite_url: str, args: list[str]) -> None:
    code, out, err = run(sqlite_url, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err + out


def test_bad_database_url_is_one_line(tmp_path: object) -> None:
    code, _, err = run(f"sqlite:///{tmp_path}/no/such/dir.db", "keys", "list", "--tenant", "t")
    assert code == 2
    assert len(err.strip().splitlines()) == 1


def test_db_upgrade_and_current(database_url: str) -> None:
    code, out, _ = run(database_url, "db", "current")
    assert code == 0
    assert "(empty)" in out
    code, out, _ = run(database_url, "db", "upgrade")
    assert code == 0
    code, out, _ = run(database_url, "db", "current")
    assert "up to date" in out


def test_empty_tenant_listing(sqlite_url: str) -> None:
    code, out, _ = run(sqlite_url, "keys", "list", "--tenant", "nobody")
    assert code == 0
    assert "no keys" in out
