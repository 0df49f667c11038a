"""Schemathesis over the policy, consent, session-end and admin-job routes: generated requests
(valid and invalid) never get a 5xx, every response matches the published OpenAPI document,
and, unlike the long-term routes' contract test, **valid data is accepted**: the request models
and path parameters declare what the routes accept (patterns, literals, bounds), so a request
valid per the schema is not answered 422.

Two constraints of ``PUT /v1/policy/rules`` cannot be said in JSON Schema and are documented
on the model instead (``_RuleFields``): ``domain`` is the caller's own tenant and ``arg`` fits
``cond``; names are unique in the set. Generated rule sets are adjusted to honour them (the
adjusted body still validates against the schema) before the positive check.
(schemathesis' pytest plugin crashes under pytest 9.2; hypothesis is driven directly.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, assume, given, settings
from schemathesis.checks import negative_data_rejection
from schemathesis.generation import GenerationMode

from api.app import create_app
from api.storage.migrate import upgrade_database
from tests.api import formats
from tests.api.conftest import bearer, make_key, make_settings
from tests.api.routes import holds_nul

formats.register()  # user ids drawn under the one rule (the pattern alone is looser)

TENANT = "contract"
PATHS = r"^/v1/(policy.*|users/\{user_id\}/consents.*|sessions/\{session_id\}/end|admin/jobs.*)$"
HONEST = {
    "PUT /v1/users/{user_id}/consents/{category}",
    "PUT /v1/policy/rules",
    "POST /v1/policy/check",
}
ARGS = {"confidence_below": "0.5", "scope_is": "task", "overwrites_source": "admin"}


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, str]]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('policy-contract')) / 'contract.db'}"
    upgrade_database(url)
    app = create_app(make_settings(url, run_migrations_on_start=False))
    return app, bearer(make_key(url, TENANT, "admin"))


def _honour_rule_set(body: Any) -> None:
    """The cross-field constraints ``_RuleFields`` documents: own domain, arg fits cond,
    unique names."""
    if not isinstance(body, dict) or not isinstance(body.get("rules"), list):
        return
    for index, rule in enumerate(body["rules"]):
        if not isinstance(rule, dict):
            continue
        if "domain" in rule:
            rule["domain"] = TENANT
        rule["arg"] = ARGS.get(rule.get("cond", "always"), "-")
        rule["name"] = f"tenant.r{index}"


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_policy_routes_conform(target: tuple[Any, dict[str, str]], mode: Any) -> None:
    app, headers = target
    schema = schemathesis.openapi.from_asgi("/openapi.json", app).include(path_regex=PATHS)
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert {op.label for op in operations} >= HONEST
    for operation in operations:
        _run(operation, mode, headers)


def _run(operation: Any, mode: Any, headers: dict[str, str]) -> None:
    # Every route here promises positive acceptance (HONEST are the three a schemathesis run
    # once caught answering 422 to schema-valid input). Negative data may still be accepted:
    # FastAPI ignores unknown query parameters and headers by design.
    excluded = [negative_data_rejection]
    fix_rules = mode == GenerationMode.POSITIVE and operation.label == "PUT /v1/policy/rules"

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=12,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    def check(case: Any) -> None:
        assume(mode != GenerationMode.POSITIVE or not holds_nul(case))
        if fix_rules:
            _honour_rule_set(case.body)
        if mode == GenerationMode.POSITIVE and case.query:
            case.query.pop("cursor", None)  # opaque: only the service's own cursors are valid
        case.call_and_validate(headers=headers, excluded_checks=excluded)

    check()


def test_the_schema_declares_the_constraints(target: tuple[Any, dict[str, str]]) -> None:
    app, _headers = target
    doc = app.openapi()
    consent = doc["paths"]["/v1/users/{user_id}/consents/{category}"]["put"]["parameters"]
    category = next(p for p in consent if p["name"] == "category")["schema"]
    assert category["pattern"] == "^[a-z][a-z0-9_]{0,39}$"
    assert set(category["not"]["enum"]) == {"health", "payment", "identity", "credentials"}
    schemas = doc["components"]["schemas"]
    assert schemas["AllowRuleIn"]["properties"]["effect"]["const"] == "allow"
    assert "*" not in schemas["AllowRuleIn"]["properties"]["role"]["pattern"].split("|")[0]
    assert schemas["CheckObject"]["properties"]["confidence"]["maximum"] == 1.0


def test_repeated_members_are_stored_once(target: tuple[Any, dict[str, str]]) -> None:
    from fastapi.testclient import TestClient

    app, headers = target
    rule = {
        "name": "tenant.twice",
        "effect": "deny",
        "role": "agent|agent",
        "action": "write",
        "category": "travel|travel",
    }
    with TestClient(app) as client:
        r = client.put("/v1/policy/rules", headers=headers, json={"rules": [rule]})
        assert r.status_code == 200, r.text
        (stored,) = r.json()["tenant_rules"]
        assert (stored["role"], stored["category"]) == ("agent", "travel")
        too_long = {**rule, "category": "|".join(["c"] * 200)}
        r = client.put("/v1/policy/rules", headers=headers, json={"rules": [too_long]})
        assert r.status_code == 422, r.text
        r = client.put(
            "/v1/policy/rules", headers=headers, json={"rules": [{**rule, "effect": "x"}]}
        )
        assert r.status_code == 422
