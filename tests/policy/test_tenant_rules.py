"""Per-tenant rules: validation refuses anything that could reach another tenant; stored rules
are versioned, applied on top of the defaults, and seen by other gates without a restart."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from policy.errors import InvalidRule
from policy.gate import CasbinGate
from policy.rules import MAX_TENANT_RULES, validate_tenant_rules
from policy.storage import PolicyRuleRow, save_tenant_rules
from policy.types import ObjectAttributes, Subject

AGENT = Subject("agent", "t1", key_id="k1")
PROMOTE = ObjectAttributes(
    kind="preference",
    tenant_id="t1",
    user_id="u1",
    key="shopping.budget.monthly_max",
    category="shopping",
    scope="durable",
    source="promoted",
    confidence=0.9,
    consent=True,
)
DENY_SHOPPING = {
    "role": "agent|admin",
    "action": "promote",
    "category": "shopping",
    "effect": "deny",
    "name": "tenant.no-shopping-promotion",
}


def _rule(**changes: Any) -> dict[str, Any]:
    return {**DENY_SHOPPING, **changes}


REFUSED = [
    pytest.param(_rule(domain="t2"), id="other-tenant"),
    pytest.param(_rule(domain="*"), id="star-domain"),
    pytest.param(_rule(domain="t1*"), id="glob-domain"),
    pytest.param(_rule(domain="t10"), id="prefix-longer"),
    pytest.param(_rule(domain="t"), id="prefix-shorter"),
    pytest.param(_rule(domain="t1/../t2"), id="path-domain"),
    pytest.param(_rule(domain="T1"), id="case-domain"),
    pytest.param(_rule(effect="allow", role="*"), id="allow-any-role"),
    pytest.param(_rule(effect="allow", action="*"), id="allow-any-action"),
    pytest.param(_rule(role="agent, t2"), id="comma-smuggles-a-field"),
    pytest.param(_rule(role="root"), id="unknown-role"),
    pytest.param(_rule(action="grant"), id="unknown-action"),
    pytest.param(_rule(source="admin|root"), id="unknown-source"),
    pytest.param(_rule(category="Travel"), id="category-case"),
    pytest.param(_rule(category="travel/../health"), id="category-path"),
    pytest.param(_rule(cond="eval(p.sub_rule)"), id="eval-condition"),
    pytest.param(_rule(cond='always" || "1'), id="matcher-injection"),
    pytest.param(_rule(cond="confidence_below", arg="x"), id="bad-threshold"),
    pytest.param(_rule(cond="confidence_below", arg="1.5"), id="threshold-above-one"),
    pytest.param(_rule(cond="always", arg="1"), id="arg-without-use"),
    pytest.param(_rule(effect="maybe"), id="bad-effect"),
    pytest.param(_rule(name="no-prefix"), id="name-without-tenant-prefix"),
    pytest.param(_rule(name="sensitive.category"), id="name-shadows-default"),
    pytest.param(_rule(extra="x"), id="unknown-field"),
]


@pytest.mark.parametrize("raw", REFUSED)
def test_refused_rules(raw: dict[str, Any]) -> None:
    with pytest.raises(InvalidRule):
        validate_tenant_rules([raw], tenant_id="t1")


def test_refused_rule_sets() -> None:
    with pytest.raises(InvalidRule, match="unique"):
        validate_tenant_rules([DENY_SHOPPING, DENY_SHOPPING], tenant_id="t1")
    with pytest.raises(InvalidRule, match="at most"):
        rules = [_rule(name=f"tenant.r{i}") for i in range(MAX_TENANT_RULES + 1)]
        validate_tenant_rules(rules, tenant_id="t1")
    with pytest.raises(InvalidRule, match="tenant id"):
        validate_tenant_rules([DENY_SHOPPING], tenant_id="*")


def test_valid_rule_binds_own_domain() -> None:
    (rule,) = validate_tenant_rules([DENY_SHOPPING], tenant_id="t1")
    assert rule.domain == "t1" and rule.arg == "-" and rule.kind == "*"


def _save(engine: Engine, tenant: str, rules: list[dict[str, Any]]) -> int:
    parsed = validate_tenant_rules(rules, tenant_id=tenant)
    with Session(engine) as session:
        version = save_tenant_rules(session, tenant_id=tenant, rules=parsed, actor_key_id="k")
        session.commit()
    return version


def test_tenant_rule_applies_to_its_tenant_only(engine: Engine) -> None:
    gate = CasbinGate(engine=engine)
    other_process = CasbinGate(engine=engine)
    assert gate.decide(subject=AGENT, action="promote", obj=PROMOTE).allowed
    assert other_process.decide(subject=AGENT, action="promote", obj=PROMOTE).allowed

    assert _save(engine, "t1", [DENY_SHOPPING]) == 1

    # Both gates see the change without restart (version check per decision).
    for g in (gate, other_process):
        decision = g.decide(subject=AGENT, action="promote", obj=PROMOTE)
        assert (decision.allowed, decision.rule) == (False, "tenant.no-shopping-promotion")
        assert decision.policy_version == f"{g.defaults_digest}.1"
    t2 = dataclasses.replace(PROMOTE, tenant_id="t2")
    t2_decision = gate.decide(subject=Subject("agent", "t2"), action="promote", obj=t2)
    assert t2_decision.allowed and t2_decision.policy_version.endswith(".0")
    t10 = dataclasses.replace(PROMOTE, tenant_id="t10")
    assert gate.decide(subject=Subject("agent", "t10"), action="promote", obj=t10).allowed

    assert _save(engine, "t1", []) == 2
    assert gate.decide(subject=AGENT, action="promote", obj=PROMOTE).allowed
    view = gate.view("t1")
    assert view.tenant_rules == () and view.version.endswith(".2") and view.defaults


def test_tenant_allow_cannot_beat_default_denies(engine: Engine) -> None:
    _save(
        engine,
        "t1",
        [
            {"role": "agent", "action": "write", "source": "admin", "effect": "allow",
             "name": "tenant.agent-admin"},
            {"role": "agent", "action": "promote", "category": "health", "effect": "allow",
             "name": "tenant.health"},
        ],
    )  # fmt: skip
    gate = CasbinGate(engine=engine)
    admin_claim = dataclasses.replace(PROMOTE, source="admin")
    decision = gate.decide(subject=AGENT, action="write", obj=admin_claim)
    assert (decision.allowed, decision.rule) == (False, "write.agent.source")
    health = dataclasses.replace(PROMOTE, category="health", key="health.allergies")
    decision = gate.decide(subject=AGENT, action="promote", obj=health)
    assert (decision.allowed, decision.rule) == (False, "sensitive.category")


def test_forged_rows_in_the_table_cannot_cross_tenants(engine: Engine) -> None:
    # Rows written behind validation's back: an allow-everything row filed under t1 with the
    # wildcard domain, and a row of t1 naming t2. Neither reaches t2.
    forged = [
        ["agent", "*", "write", "*", "*", "*", "always", "-", "allow", "x.all"],
        ["agent", "t2", "write", "*", "*", "*", "always", "-", "allow", "x.t2"],
        ["agent", "t1", "write", "*", "*", "*", 'always" or "1', "-", "allow", "x.inject"],
    ]
    with Session(engine) as session:
        for row in forged:
            session.add(PolicyRuleRow.of(tenant_id="t1", values=row))
        session.commit()
    _save(engine, "t2", [])  # bump versions so the gate loads tables
    _save(engine, "t1", [DENY_SHOPPING])
    with Session(engine) as session:
        for row in forged:
            session.add(PolicyRuleRow.of(tenant_id="t1", values=row))
        session.commit()
    gate = CasbinGate(engine=engine)
    write_t2 = dataclasses.replace(PROMOTE, tenant_id="t2", source="admin")
    for subject in (AGENT, Subject("agent", "t2")):
        decision = gate.decide(subject=subject, action="write", obj=write_t2)
        assert not decision.allowed, (subject, decision)
    # the injected condition is just a string that names no predicate
    agent_event = dataclasses.replace(PROMOTE, kind="event", source="consolidated", key=None)
    decision = gate.decide(subject=AGENT, action="write", obj=agent_event)
    assert (decision.allowed, decision.rule) == (False, "write.agent.source")


def test_model_has_no_eval() -> None:
    from policy.gate import MODEL_PATH

    text = MODEL_PATH.read_text()
    matcher = text.split("[matchers]", 1)[1]
    assert "eval(" not in matcher
