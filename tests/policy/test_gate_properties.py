"""Invariants of the gate over generated requests (hypothesis): whatever the attributes,

- nothing is ever allowed across tenants, or for tenants that differ in any way (prefixes,
  case, globs, paths);
- nothing sensitive is ever allowed to a non-admin role;
- nothing is promoted without consent, below 0.7 confidence, or from a task-scoped key;
- the consolidator never writes without standing consent nor over protected values.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from longterm.gate import ObjectAttributes, Principal
from policy.gate import CasbinGate
from policy.rules import ACTIONS, KINDS, SOURCES

GATE = CasbinGate()
ROLES = ("agent", "admin", "consolidator")
GOOD_CATEGORIES = ("travel", "food", "other", "health", "payment", "identity", "credentials")
BAD_CATEGORIES = ("Health", "travel/../health", "*", "travel|health")
GOOD_TENANTS = ("t1", "t10", "t", "T1", "tenant-a", "tenant-a.b")
BAD_TENANTS = ("t1*", "t1/../t2", "*", "t1 ", "")
# mostly well-formed requests (so that allow rules are reached), some malformed ones
TENANTS = GOOD_TENANTS * 6 + BAD_TENANTS
CATEGORIES = GOOD_CATEGORIES * 4 + BAD_CATEGORIES


NATURAL = {
    "write": ("agent", "user_stated"),
    "promote": ("agent", "promoted"),
    "consolidate.write": ("consolidator", "consolidated"),
    "read": ("agent", "user_stated"),
    "delete": ("agent", "user_stated"),
}
likely = st.sampled_from((True, True, True, False))
unlikely = st.sampled_from((False, False, False, True))


@st.composite
def requests(
    draw: st.DrawFn, *, well_formed: bool = False
) -> tuple[Principal, str, ObjectAttributes]:
    action = draw(st.sampled_from(ACTIONS))
    # well-formed requests mostly pair the action with its natural role and source
    natural_role, natural_source = NATURAL[action]
    role = draw(st.sampled_from((natural_role,) * 6 + ROLES if well_formed else ROLES))
    sources = (natural_source,) * 6 + SOURCES if well_formed else (*SOURCES, "root")
    tenants = GOOD_TENANTS if well_formed else TENANTS
    tenant = draw(st.sampled_from(tenants))
    user = draw(st.sampled_from(("u1", "u2", None, None, None, None)))
    subject = Principal(role, tenant, key_id="k", user_id=user)
    obj = ObjectAttributes(
        kind=draw(st.sampled_from(KINDS)),
        tenant_id=draw(st.sampled_from((tenant,) * len(tenants) * 2 + tenants)),
        user_id=draw(st.sampled_from((user or "u1", user or "u1", "u2"))),
        key=draw(st.sampled_from((None, "travel.budget.one_way_max", "health.allergies"))),
        category=draw(
            st.sampled_from(("travel",) * 8 + GOOD_CATEGORIES if well_formed else CATEGORIES)
        ),
        scope=draw(st.sampled_from(("durable", "task"))),
        source=draw(st.sampled_from(sources)),
        confidence=draw(
            st.floats(min_value=0.0, max_value=1.0)
            if well_formed
            else st.one_of(
                st.floats(min_value=0.0, max_value=1.0),
                st.sampled_from((0.5, 0.7, -0.1, 1.5, float("nan"))),
            )
        ),
        consent=draw(likely if well_formed else st.booleans()),
        standing_consent=draw(likely if well_formed else st.booleans()),
        sensitive=draw(unlikely if well_formed else st.booleans()),
        current_source=draw(st.sampled_from((None, None, None, *SOURCES))),
        current_consented=draw(unlikely if well_formed else st.booleans()),
    )
    return subject, action, obj


@settings(max_examples=400, deadline=None)
@given(st.one_of(requests(), requests(well_formed=True)))
def test_gate_invariants(request: tuple[Principal, str, ObjectAttributes]) -> None:
    subject, action, obj = request
    decision = GATE.decide(subject=subject, action=action, obj=obj)  # type: ignore[arg-type]
    if not decision.allowed:
        return
    assert subject.tenant_id == obj.tenant_id
    assert subject.user_id in (None, obj.user_id)
    assert 0.0 <= obj.confidence <= 1.0
    if subject.role != "admin":
        assert not obj.sensitive
        assert obj.category not in ("health", "payment", "identity", "credentials")
    if action == "promote":
        assert obj.consent and obj.confidence >= 0.7 and obj.source == "promoted"
        assert obj.kind == "event" or obj.scope == "durable"
    if action == "consolidate.write":
        assert subject.role == "consolidator" and obj.source == "consolidated"
        assert obj.standing_consent and obj.confidence >= 0.5
        assert obj.current_source not in ("admin", "user_stated", "user_confirmed")
        assert not obj.current_consented
    if action == "write" and subject.role == "agent":
        assert obj.source in ("user_stated", "user_confirmed")
