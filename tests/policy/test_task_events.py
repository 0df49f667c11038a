"""Task decisions as events at task end (``policy.task_events``): the task's consent is the only
attribute ``TaskConsentGate`` adds, and only to ``promote`` requests for events."""

from __future__ import annotations

import pytest

from longterm.gate import Action, ObjectAttributes, Principal
from longterm.registry import DEFAULT_REGISTRY
from policy.gate import CasbinGate
from policy.task_events import TaskConsentGate, event_consents, task_category

AGENT = Principal("agent", "t1", key_id="k1")
CONSOLIDATOR = Principal("consolidator", "t1", user_id="u1")


def _event(
    category: str = "other", *, confidence: float = 0.9, tenant: str = "t1"
) -> ObjectAttributes:
    return ObjectAttributes(
        kind="event",
        tenant_id=tenant,
        user_id="u1",
        category=category,
        scope="durable",
        source="promoted",
        confidence=confidence,
        sensitive=category == "health",
    )


PREFERENCE = ObjectAttributes(
    kind="preference",
    tenant_id="t1",
    user_id="u1",
    key="travel.budget.one_way_max",
    category="travel",
    scope="durable",
    source="promoted",
    confidence=0.9,
)

CASES = [
    # (consented, subject, action, object, allowed, rule)
    (True, AGENT, "promote", _event(), True, "promote.allow"),
    (True, AGENT, "promote", _event("travel"), True, "promote.allow"),
    (False, AGENT, "promote", _event(), False, "promote.consent"),
    (True, AGENT, "promote", _event("health"), False, "sensitive.category"),
    (True, AGENT, "promote", _event(confidence=0.5), False, "promote.confidence"),
    (True, AGENT, "promote", _event(tenant="t10"), False, "tenant.isolation"),
    # the task's consent to its timeline is not consent to a preference
    (True, AGENT, "promote", PREFERENCE, False, "promote.consent"),
    # nor standing consent to consolidation
    (True, CONSOLIDATOR, "consolidate.write", _event(), False, "consolidate.consent"),
    (True, AGENT, "write", _event(), False, "write.agent.source"),
]


@pytest.mark.parametrize(("consented", "subject", "action", "obj", "allowed", "rule"), CASES)
def test_task_consent_gate_table(
    consented: bool,
    subject: Principal,
    action: Action,
    obj: ObjectAttributes,
    allowed: bool,
    rule: str,
) -> None:
    gate = TaskConsentGate(CasbinGate(), consented=consented)
    decision = gate.decide(subject=subject, action=action, obj=obj)
    assert (decision.allowed, decision.rule) == (allowed, rule), decision.reason


def test_event_consents_are_the_known_event_kinds() -> None:
    keys = ["travel.budget.one_way_max", "task.decision", "task.other"]
    assert event_consents(keys) == frozenset({"task.decision"})


@pytest.mark.parametrize(
    ("keys", "category"),
    [
        ([], "other"),
        (["depart.date", "price.g7301"], "other"),  # unknown keys: other
        (["travel.budget.one_way_max", "depart.date"], "travel"),
        (["travel.budget.one_way_max", "food.diet", "food.diet"], "food"),  # the most keys
        (["travel.budget.one_way_max", "health.allergies"], "health"),  # sensitive wins
        (["Not A Key!", "travel.seat.preference"], "travel"),  # malformed keys are skipped
    ],
)
def test_task_category_table(keys: list[str], category: str) -> None:
    assert task_category(keys, registry=DEFAULT_REGISTRY) == category


def test_a_health_tasks_decisions_are_denied_as_sensitive() -> None:
    gate = TaskConsentGate(CasbinGate(), consented=True)
    obj = _event(task_category(["health.allergies"], registry=DEFAULT_REGISTRY))
    decision = gate.decide(subject=AGENT, action="promote", obj=obj)
    assert (decision.allowed, decision.rule) == (False, "sensitive.category")
