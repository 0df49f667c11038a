"""``policy.promotion.end_session`` on its own, over the in-memory session source: the policy
tier promotes from what a ``SessionSource`` gives it (no session table is read), answers a
missing or another user's session with ``SessionNotFound``, and replays a stored end."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from longterm.gate import Principal
from longterm.queries import get_preference
from policy.errors import SessionNotEndable, SessionNotFound
from policy.gate import CasbinGate
from policy.promotion import end_session, stored_end
from policy.sessions import SessionInfo
from policy.task_end import KeepConsent
from tests.policy.fake_sessions import FakeSession, FakeSessionSource
from tests.scenarios.trip import T0, TRIP_MESSAGES, trip_summary

NOW = T0 + timedelta(hours=3)
CONSENTS = (KeepConsent("travel.budget.one_way_max"),)


def _source(tenant: str) -> FakeSessionSource:
    source = FakeSessionSource()
    info = SessionInfo(tenant, "s1", "u1", "openai-chat")
    source.put(
        FakeSession(
            info, T0, history=list(TRIP_MESSAGES), summary_version=1, summary=trip_summary()
        )
    )
    return source


def test_promotes_from_the_source_and_replays(shared_engine: Engine, tenant: str) -> None:
    source, agent = _source(tenant), Principal("agent", tenant, key_id="k", user_id="u1")
    gate = CasbinGate(engine=shared_engine)
    args = {"gate": gate, "subject": agent, "session_id": "s1", "sessions": source, "now": NOW}
    with Session(shared_engine) as db:
        outcome = end_session(db, consents=CONSENTS, **args)  # type: ignore[arg-type]
        db.commit()
    assert (outcome.promoted, outcome.denied, outcome.summary_version) == (1, 8, 1)
    (budget,) = [c for c in outcome.candidates if c.status == "promoted"]
    assert (budget.key, budget.rule, budget.source_ids) == (
        "travel.budget.one_way_max",
        "promote.allow",
        ("session:s1", "m1"),
    )
    with Session(shared_engine) as db:
        kept = get_preference(
            db, tenant_id=tenant, user_id="u1", key="travel.budget.one_way_max", now=NOW
        )
        assert kept.source == "promoted"
        again = end_session(db, consents=CONSENTS, **args)  # type: ignore[arg-type]
        assert again.replayed and again.candidates == outcome.candidates
        assert stored_end(db, tenant_id=tenant, session_id="s1") == again
        with pytest.raises(SessionNotEndable):
            end_session(db, consents=(), **args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "subject",
    [
        Principal("agent", "TENANT", key_id="k", user_id="someone-else"),
        Principal("agent", "TENANT-other", key_id="k"),
    ],
    ids=["another user's key", "another tenant"],
)
def test_a_session_the_source_does_not_give_is_not_found(
    shared_engine: Engine, tenant: str, subject: Principal
) -> None:
    source = _source(tenant)
    caller = Principal(
        subject.role, subject.tenant_id.replace("TENANT", tenant), subject.key_id, subject.user_id
    )
    with Session(shared_engine) as db, pytest.raises(SessionNotFound):
        end_session(
            db,
            gate=CasbinGate(engine=shared_engine),
            subject=caller,
            session_id="s1",
            sessions=source,
            now=NOW,
        )
