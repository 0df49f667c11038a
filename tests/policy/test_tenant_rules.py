"""Per-tenant rules: validation refuses anything that could reach another tenant; stored rules
are versioned, applied on top of the defaults, and seen by other gates without a restart."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from longterm.gate import ObjectAttributes, Principal
from policy.errors import InvalidRule
from policy.gate import CasbinGate
from policy.rules import MAX_TENANT_RULES, validate_tenant_rules
from policy.storage import PolicyRuleRow, PolicyVersionRow, save_tenant_rules

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


def _in(tenant: str) -> tuple[Principal, ObjectAttributes]:
    return Principal("agent", tenant, key_id="k1"), dataclasses.replace(PROMOTE, tenant_id=tenant)


def test_tenant_rule_applies_to_its_tenant_only(shared_engine: Engine, tenant: str) -> None:
    engine = shared_engine
    agent, promote = _in(tenant)
    gate = CasbinGate(engine=engine)
    other_process = CasbinGate(engine=engine)
    assert gate.decide(subject=agent, action="promote", obj=promote).allowed
    assert other_process.decide(subject=agent, action="promote", obj=promote).allowed

    assert _save(engine, tenant, [DENY_SHOPPING]) == 1

    # Both gates see the change without restart (version check per decision).
    for g in (gate, other_process):
        decision = g.decide(subject=agent, action="promote", obj=promote)
        assert (decision.allowed, decision.rule) == (False, "tenant.no-shopping-promotion")
        assert decision.policy_version == f"{g.defaults_digest}.1"
    # neither another tenant nor one whose id extends this one is touched
    for other in (tenant + "0", tenant[:-1]):
        subject, obj = _in(other)
        decision = gate.decide(subject=subject, action="promote", obj=obj)
        assert decision.allowed and decision.policy_version.endswith(".0")

    assert _save(engine, tenant, []) == 2
    assert gate.decide(subject=agent, action="promote", obj=promote).allowed
    view = gate.view(tenant)
    assert view.tenant_rules == () and view.version.endswith(".2") and view.defaults


def test_tenant_allow_cannot_beat_default_denies(shared_engine: Engine, tenant: str) -> None:
    rules = [
        {"role": "agent", "action": "write", "source": "admin", "effect": "allow",
         "name": "tenant.agent-admin"},
        {"role": "agent", "action": "promote", "category": "health", "effect": "allow",
         "name": "tenant.health"},
    ]  # fmt: skip
    _save(shared_engine, tenant, rules)
    gate = CasbinGate(engine=shared_engine)
    agent, promote = _in(tenant)
    admin_claim = dataclasses.replace(promote, source="admin")
    decision = gate.decide(subject=agent, action="write", obj=admin_claim)
    assert (decision.allowed, decision.rule) == (False, "write.agent.source")
    health = dataclasses.replace(promote, category="health", key="health.allergies")
    decision = gate.decide(subject=agent, action="promote", obj=health)
    assert (decision.allowed, decision.rule) == (False, "sensitive.category")


def test_forged_rows_in_the_table_cannot_cross_tenants(shared_engine: Engine, tenant: str) -> None:
    # Rows written behind validation's back, filed under this tenant: an allow-everything row
    # with the wildcard domain, a row naming another tenant, a matcher-injection attempt.
    # None of them reaches the other tenant, and the injection names no predicate.
    other = tenant + "2"
    forged = [
        ["agent", "*", "write", "*", "*", "*", "always", "-", "allow", "x.all"],
        ["agent", other, "write", "*", "*", "*", "always", "-", "allow", "x.other"],
        ["agent", tenant, "write", "*", "*", "*", 'always" or "1', "-", "allow", "x.inject"],
    ]
    _save(shared_engine, other, [])  # both tenants have a version, so both load their rows
    _save(shared_engine, tenant, [DENY_SHOPPING])
    with Session(shared_engine) as session:
        for row in forged:
            session.add(PolicyRuleRow.of(tenant_id=tenant, values=row))
        session.commit()
    gate = CasbinGate(engine=shared_engine)
    agent, promote = _in(tenant)
    other_agent, other_obj = _in(other)
    write_other = dataclasses.replace(other_obj, source="admin")
    for subject in (agent, other_agent):
        decision = gate.decide(subject=subject, action="write", obj=write_other)
        assert not decision.allowed, (subject, decision)
    agent_event = dataclasses.replace(promote, kind="event", source="consolidated", key=None)
    decision = gate.decide(subject=agent, action="write", obj=agent_event)
    assert (decision.allowed, decision.rule) == (False, "write.agent.source")


def test_model_has_no_eval() -> None:
    from policy.gate import MODEL_PATH

    text = MODEL_PATH.read_text()
    matcher = text.split("[matchers]", 1)[1]
    assert "eval(" not in matcher


def test_concurrent_replacements_cannot_both_win(shared_engine: Engine, tenant: str) -> None:
    from sqlalchemy.exc import IntegrityError

    rules = validate_tenant_rules([DENY_SHOPPING], tenant_id=tenant)
    with Session(shared_engine) as first, Session(shared_engine) as second:
        assert save_tenant_rules(first, tenant_id=tenant, rules=rules, actor_key_id="a") == 1
        first.commit()
        # the second writer read the version before the first committed (simulated: it
        # computes the same next version) and must lose
        second.add(PolicyVersionRow(tenant_id=tenant, version=1, rules_json="[]", rules_sha256="x"))
        with pytest.raises(IntegrityError):
            second.commit()
    assert CasbinGate(engine=shared_engine).version(tenant).endswith(".1")


def test_in_memory_sqlite_decisions_never_roll_back_the_callers_transaction() -> None:
    """With ``sqlite://`` everything shares one connection: the gate must not read beside an
    open transaction (that would roll it back), so it loads rules up front and on refresh."""
    from api.storage.migrate import upgrade_database
    from longterm.models import PreferenceWrite
    from longterm.queries import get_preference
    from longterm.write_path import submit
    from storage.engine import create_db_engine
    from tests.scenarios.trip import T0

    engine = create_db_engine("sqlite://")
    upgrade_database("sqlite://", engine=engine)
    tenant = "t1"
    _save(engine, tenant, [DENY_SHOPPING])
    gate = CasbinGate(engine=engine)
    agent, promote = _in(tenant)
    assert gate.decide(subject=agent, action="promote", obj=promote).rule == DENY_SHOPPING["name"]
    # two gated writes in one transaction: a read beside it would drop the first one
    with Session(engine) as db:
        for key, value in (("food.diet", "vegan"), ("travel.home_city", "Hangzhou")):
            write = PreferenceWrite(user_id="u1", key=key, value=value, source="user_stated")
            assert submit(db, write=write, subject=agent, gate=gate, now=T0).ok
        db.commit()
    with Session(engine) as db:
        for key in ("food.diet", "travel.home_city"):
            assert get_preference(db, tenant_id=tenant, user_id="u1", key=key, now=T0).value
    _save(engine, tenant, [])
    gate.refresh(tenant)
    assert gate.decide(subject=agent, action="promote", obj=promote).allowed
    engine.dispose()
