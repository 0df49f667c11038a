"""How soon a gate sees another process's rule change: at its next decision by default, within
``check_interval`` seconds when the version read is cached (``TIERMEM_POLICY_CHECK_SECONDS``)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from api.app import create_app
from api.services import services_of
from longterm.gate import ObjectAttributes, Principal
from policy.gate import CasbinGate
from policy.rules import validate_tenant_rules
from policy.storage import save_tenant_rules
from tests.api.conftest import make_settings

AGENT = Principal("agent", "t1", key_id="k1")
OBJ = ObjectAttributes(
    kind="preference",
    tenant_id="t1",
    user_id="u1",
    key="travel.seat.preference",
    category="travel",
    scope="durable",
    source="user_stated",
)
DENY_TRAVEL = {"name": "tenant.no-travel", "effect": "deny", "role": "agent", "action": "write",
               "category": "travel"}  # fmt: skip


def _replace_rules(engine: Engine) -> None:
    rules = validate_tenant_rules([DENY_TRAVEL], tenant_id="t1")
    with Session(engine) as db:
        now = datetime(2026, 11, 30, tzinfo=UTC)
        save_tenant_rules(db, tenant_id="t1", rules=rules, actor_key_id="k0", now=now)
        db.commit()


def test_cached_version_is_trusted_for_the_interval_only(
    sqlite_url: str, engine_for: Callable[[str], Engine]
) -> None:
    engine = engine_for(sqlite_url)
    clock = [100.0]
    cached = CasbinGate(engine=engine, check_interval=1.0, clock=lambda: clock[0])
    fresh = CasbinGate(engine=engine, clock=lambda: clock[0])
    for gate in (cached, fresh):
        assert gate.decide(subject=AGENT, action="write", obj=OBJ).allowed

    _replace_rules(engine)  # another process changes the tenant's rules
    clock[0] += 0.5
    stale = cached.decide(subject=AGENT, action="write", obj=OBJ)
    assert (stale.allowed, stale.policy_version.endswith(".0")) == (True, True)
    now_denied = fresh.decide(subject=AGENT, action="write", obj=OBJ)
    assert (now_denied.allowed, now_denied.rule) == (False, "tenant.no-travel")

    clock[0] += 0.6  # past the interval: the version is read again
    later = cached.decide(subject=AGENT, action="write", obj=OBJ)
    assert (later.allowed, later.rule, later.policy_version) == (
        False,
        "tenant.no-travel",
        now_denied.policy_version,
    )


def test_the_service_gate_takes_the_setting(sqlite_url: str) -> None:
    for seconds in (0.0, 1.0):
        app = create_app(make_settings(sqlite_url, policy_check_seconds=seconds))
        with TestClient(app):
            gate = services_of(app).gate
            assert isinstance(gate, CasbinGate) and gate.check_interval == seconds
