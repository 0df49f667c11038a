"""The policy and consent API on SQLite and PostgreSQL: GET /v1/policy, the dry run, rule
replacement (admin only, validated, versioned, audited), and standing consent."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, select

from longterm.storage import AuditRow
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key

DENY_SHOPPING = {
    "role": "agent",
    "action": "promote",
    "category": "shopping",
    "effect": "deny",
    "name": "tenant.no-shopping",
}
CHECK: dict[str, Any] = {
    "action": "promote",
    "object": {
        "user_id": "u1",
        "key": "shopping.budget.monthly_max",
        "source": "promoted",
        "confidence": 0.9,
        "consent": True,
    },
}


def _audit_actions(url: str, tenant: str) -> list[str]:
    engine = create_db_engine(url)
    try:
        with Session(engine) as db:
            rows = db.exec(select(AuditRow).where(AuditRow.tenant_id == tenant)).all()
            return [row.action for row in rows]
    finally:
        engine.dispose()


def test_policy_rules_lifecycle(app_client: TestClient, database_url: str) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    other_admin = bearer(make_key(database_url, "t10", "admin"))

    policy = app_client.get("/v1/policy", headers=agent).json()
    assert policy["tenant_rules"] == [] and policy["version"].endswith(".0")
    assert {r["name"] for r in policy["defaults"]} >= {"promote.consent", "sensitive.category"}

    check = app_client.post("/v1/policy/check", headers=agent, json=CHECK).json()
    assert check["allowed"] is True and check["rule"] == "promote.allow"

    # only admins may change rules; an agent gets 403
    r = app_client.put("/v1/policy/rules", headers=agent, json={"rules": [DENY_SHOPPING]})
    assert r.status_code == 403
    # a rule naming another tenant is refused
    bad = {**DENY_SHOPPING, "domain": "t10"}
    r = app_client.put("/v1/policy/rules", headers=admin, json={"rules": [bad]})
    assert r.status_code == 422 and "own tenant" in r.json()["detail"]
    r = app_client.put("/v1/policy/rules", headers=admin, json={"rules": [{**bad, "domain": "*"}]})
    assert r.status_code == 422

    r = app_client.put("/v1/policy/rules", headers=admin, json={"rules": [DENY_SHOPPING]})
    assert r.status_code == 200, r.text
    assert r.json()["version"].endswith(".1") and len(r.json()["tenant_rules"]) == 1

    check = app_client.post("/v1/policy/check", headers=agent, json=CHECK).json()
    assert (check["allowed"], check["rule"]) == (False, "tenant.no-shopping")
    assert check["policy_version"].endswith(".1")
    # the other tenant (a prefix-sharing id) is untouched
    other = app_client.get("/v1/policy", headers=other_admin).json()
    assert other["tenant_rules"] == [] and other["version"].endswith(".0")
    check = app_client.post(
        "/v1/policy/check", headers=other_admin, json={**CHECK, "as_role": "agent"}
    ).json()
    assert check["allowed"] is True

    r = app_client.put("/v1/policy/rules", headers=admin, json={"rules": []})
    assert r.json()["version"].endswith(".2") and r.json()["tenant_rules"] == []
    versions = app_client.get("/v1/policy/versions", headers=admin).json()["items"]
    assert [v["version"] for v in versions] == [2, 1]
    assert versions[1]["rules"][0]["name"] == "tenant.no-shopping"
    assert versions[1]["actor_key_id"].startswith("key_")
    assert app_client.get("/v1/policy/versions", headers=agent).status_code == 403
    assert app_client.get("/v1/policy/versions", headers=other_admin).json()["items"] == []

    assert _audit_actions(database_url, "t1").count("policy.rules.update") == 2
    assert "policy.rules.update" not in _audit_actions(database_url, "t10")


def test_check_is_a_dry_run_of_the_real_attributes(app_client: TestClient, database_url: str):
    agent = bearer(make_key(database_url, "t1", "agent"))
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"key": "health.allergies", "source": "user_stated"}, "write", "sensitive.category"),
        ({"key": "travel.budget.one_way_max", "source": "admin"}, "write", "write.agent.source"),
        ({"key": "trip.departure_date", "source": "promoted", "consent": True}, "promote",
         "promote.durable"),
        ({"key": "travel.budget.one_way_max", "source": "user_stated", "tenant_id": "t10"},
         "write", "tenant.isolation"),
    ]  # fmt: skip
    for obj, action, rule in cases:
        body = {"action": action, "object": {"user_id": "u1", **obj}}
        r = app_client.post("/v1/policy/check", headers=agent, json=body)
        assert r.status_code == 200, r.text
        assert (r.json()["allowed"], r.json()["rule"]) == (False, rule), obj
    # only admins may ask on behalf of another role: a permission, not a malformed body
    r = app_client.post("/v1/policy/check", headers=agent, json={**CHECK, "as_role": "admin"})
    assert r.status_code == 403


def test_consent_lifecycle(app_client: TestClient, database_url: str) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    restricted = bearer(make_key(database_url, "t1", "agent", user="u2"))
    consolidator = bearer(make_key(database_url, "t1", "consolidator"))
    other_tenant = bearer(make_key(database_url, "t10", "agent"))
    url = "/v1/users/u1/consents/travel"

    assert app_client.get(url, headers=agent).status_code == 404
    r = app_client.put(url, headers=agent)
    assert r.status_code == 201, r.text
    granted = r.json()
    assert granted["active"] is True and granted["granted_by"].startswith("key_")
    again = app_client.put(url, headers=agent)
    assert again.status_code == 200 and again.json()["granted_at"] == granted["granted_at"]

    assert app_client.get(url, headers=agent).json()["active"] is True
    assert app_client.get(url, headers=consolidator).status_code == 200
    assert app_client.put(url, headers=consolidator).status_code == 403
    # other tenants and other users' keys see nothing
    assert app_client.get(url, headers=other_tenant).status_code == 404
    assert app_client.get(url, headers=restricted).status_code == 404
    assert app_client.put(url, headers=restricted).status_code == 404
    # sensitive categories cannot be consented to; malformed ones neither
    assert app_client.put("/v1/users/u1/consents/health", headers=agent).status_code == 422
    assert app_client.put("/v1/users/u1/consents/Travel", headers=agent).status_code == 422

    r = app_client.delete(url, headers=agent)
    assert r.status_code == 200 and r.json()["active"] is False and r.json()["withdrawn_at"]
    assert app_client.delete(url, headers=agent).status_code == 404
    listing = app_client.get("/v1/users/u1/consents", headers=agent).json()
    assert [c["category"] for c in listing["items"]] == ["travel"]

    actions = _audit_actions(database_url, "t1")
    assert actions.count("consent.grant") == 1 and actions.count("consent.withdraw") == 1


def test_dry_run_expresses_unbacked(app_client: TestClient, database_url: str) -> None:
    """A candidate only tool, assistant or system text backs is denied by its own rule, in the
    dry run as at task end."""
    agent = bearer(make_key(database_url, "t1", "agent"))
    body = {**CHECK, "object": {**CHECK["object"], "unbacked": True}}
    check = app_client.post("/v1/policy/check", headers=agent, json=body).json()
    assert check["allowed"] is False and check["rule"] == "promote.source"
    backed = app_client.post("/v1/policy/check", headers=agent, json=CHECK).json()
    assert backed["allowed"] is True
