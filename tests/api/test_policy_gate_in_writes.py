"""The real policy gate behind the long-term API: direct writes are decided by the default
policy and by the tenant's own rules (changed at run time), and every decision is audited."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from longterm.storage import AuditRow
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key


def _put(client: TestClient, key: dict[str, str], pref: str, value: object, source: str):
    body = {"value": value, "source": source}
    return client.put(f"/v1/users/u1/preferences/{pref}", headers=key, json=body)


def test_direct_writes_are_decided_by_the_policy(app_client: TestClient, database_url: str):
    agent = bearer(make_key(database_url, "t1", "agent"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    consolidator = bearer(make_key(database_url, "t1", "consolidator"))

    assert _put(app_client, agent, "food.diet", "vegan", "user_stated").status_code in (200, 201)
    cases = [
        (agent, "travel.home_city", "Shanghai", "admin", "write.agent.source"),
        (agent, "travel.home_city", "Shanghai", "promoted", "write.agent.source"),
        (agent, "health.allergies", ["peanuts"], "user_stated", "sensitive.category"),
    ]
    for key, pref, value, source, rule in cases:
        r = _put(app_client, key, pref, value, source)
        assert r.status_code == 403, r.text
        assert r.json()["rule"] == rule and r.json()["policy_version"]
        assert str(value) not in r.json()["detail"]
    # consolidator keys are refused by the route (its role), before any write is attempted
    assert (
        _put(app_client, consolidator, "travel.home_city", "x", "consolidated").status_code == 403
    )
    assert _put(app_client, admin, "health.allergies", ["peanuts"], "admin").status_code == 201

    # a tenant rule changed at run time applies to the very next write
    deny_food = {
        "role": "agent",
        "action": "write",
        "category": "food",
        "effect": "deny",
        "name": "tenant.no-food",
    }
    r = app_client.put("/v1/policy/rules", headers=admin, json={"rules": [deny_food]})
    assert r.status_code == 200
    r = _put(app_client, agent, "food.diet", "vegetarian", "user_stated")
    assert r.status_code == 403 and r.json()["rule"] == "tenant.no-food"
    assert r.json()["policy_version"].endswith(".1")

    engine = create_db_engine(database_url)
    try:
        with Session(engine) as db:
            rows = db.exec(select(AuditRow).where(col(AuditRow.action) == "policy.write")).all()
    finally:
        engine.dispose()
    outcomes = [(row.rule, row.outcome) for row in rows]
    assert ("write.agent.source", "deny") in outcomes
    assert ("tenant.no-food", "deny") in outcomes
    assert ("write.admin", "allow") in outcomes
