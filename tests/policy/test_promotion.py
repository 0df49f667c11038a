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
from runtime.state import CompactionState
from runtime.summary.set_aside import set_aside_to_json
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


def _crowded(tenant: str, *, state_version: int) -> FakeSessionSource:
    """The trip session whose summary had no room for the budget: the fact is set aside in a
    state of version ``state_version`` (the current summary is version 1)."""
    summary = trip_summary()
    budget = summary.facts[0]
    crowded = summary.model_copy(update={"facts": summary.facts[1:]})
    state = CompactionState(
        format="openai-chat",
        summary=crowded.model_dump(mode="json"),
        summary_version=state_version,
        summary_until_index=len(TRIP_MESSAGES),
        set_aside=set_aside_to_json([budget]),
    )
    source = FakeSessionSource()
    info = SessionInfo(tenant, "s1", "u1", "openai-chat")
    source.put(
        FakeSession(
            info,
            T0,
            history=list(TRIP_MESSAGES),
            state=state,
            summary_version=1,
            summary=crowded,
        )
    )
    return source


def test_a_constraint_on_the_lost_list_is_promoted_and_says_so(
    shared_engine: Engine, tenant: str
) -> None:
    """The summary had no room for the budget: the end reads it from what the version set
    aside, the user's consent keeps it, and the candidate says where it was read."""
    agent = Principal("agent", tenant, key_id="k", user_id="u1")
    gate = CasbinGate(engine=shared_engine)
    with Session(shared_engine) as db:
        outcome = end_session(
            db,
            gate=gate,
            subject=agent,
            session_id="s1",
            consents=CONSENTS,
            sessions=_crowded(tenant, state_version=1),
            now=NOW,
        )
        db.commit()
    by_key = {c.key: c for c in outcome.candidates}
    budget = by_key["travel.budget.one_way_max"]
    assert (budget.status, budget.read_from, budget.source_ids) == (
        "promoted",
        "lost",
        ("session:s1", "m1"),
    )
    assert {c.read_from for k, c in by_key.items() if k != budget.key} <= {"summary"}
    with Session(shared_engine) as db:
        kept = get_preference(
            db, tenant_id=tenant, user_id="u1", key="travel.budget.one_way_max", now=NOW
        )
        assert kept.value == {"amount": "200", "currency": "CNY"}


def test_what_another_version_set_aside_is_not_read(shared_engine: Engine, tenant: str) -> None:
    """A state of another version (a restore went back) does not speak for the current
    summary: its set-aside items are not candidates, and the consent has no value to keep."""
    agent = Principal("agent", tenant, key_id="k", user_id="u1")
    with Session(shared_engine) as db:
        outcome = end_session(
            db,
            gate=CasbinGate(engine=shared_engine),
            subject=agent,
            session_id="s1",
            consents=CONSENTS,
            sessions=_crowded(tenant, state_version=2),
            now=NOW,
        )
    (budget,) = [c for c in outcome.candidates if c.key == "travel.budget.one_way_max"]
    assert (budget.status, budget.rule, budget.read_from) == ("denied", "value.missing", "consent")
