"""The gate's interface lives in ``longterm.gate``; the allow-everything stand-in only in
``longterm.testing``, never in ``policy`` (the package whose job is to deny)."""

from __future__ import annotations

import policy
from longterm import gate, testing
from longterm.gate import GateDecision, ObjectAttributes, PolicyGate, Principal

OBJ = ObjectAttributes(
    kind="preference",
    tenant_id="t1",
    user_id="mia+travel@x.com",
    category="travel",
    scope="durable",
    source="user_stated",
)


def test_the_interface_names() -> None:
    assert {"PolicyGate", "ObjectAttributes", "GateDecision", "Principal"} <= set(gate.__all__)
    assert "Decision" not in gate.__all__  # runtime.summary.schema.Decision is a summary's
    assert not hasattr(gate, "AllowAllGate")


def test_policy_does_not_export_an_allow_all_gate() -> None:
    assert "AllowAllGate" not in policy.__all__
    assert not hasattr(policy, "AllowAllGate")


def test_allow_all_gate_is_a_policy_gate_that_allows() -> None:
    stand_in: PolicyGate = testing.AllowAllGate()
    decision = stand_in.decide(subject=Principal("agent", "t1"), action="write", obj=OBJ)
    assert decision == GateDecision(True, "allow-all", "allow-all", decision.reason)


def test_principal_user_restriction() -> None:
    assert Principal("agent", "t1").can_access_user("anyone")
    restricted = Principal("agent", "t1", key_id="k", user_id="mia+travel@x.com")
    assert restricted.can_access_user("mia+travel@x.com")
    assert not restricted.can_access_user("other")
