"""``policy.sessions.SessionSource``: one conformance suite over the service's implementation
(``api.sessions.source.SqlSessionSource``, on SQLite and PostgreSQL) and the in-memory fake the
policy unit tests use. Every read is scoped by tenant, a missing session reads as empty, and the
sessions due for consolidation come oldest first, per tenant, up to the limit, minus those
whose current summary version is marked."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from api.sessions.source import SqlSessionSource
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionStateRow,
    SessionSummaryRow,
)
from policy.sessions import DueSession, SessionInfo, SessionSource
from policy.storage import ConsolidationMarkRow
from runtime.state import CompactionState
from runtime.summary.schema import CompactionSummary
from tests.policy.fake_sessions import FakeSession, FakeSessionSource
from tests.scenarios.trip import T0, TRIP_MESSAGES, trip_summary

IDLE_SINCE = T0 + timedelta(hours=1)


@dataclass
class World:
    """A session source and a way to store sessions behind it."""

    kind: str
    engine: Engine
    source: SessionSource

    def put(
        self,
        tenant: str,
        sid: str,
        *,
        user: str = "u1",
        updated_at: datetime = T0,
        history: Sequence[dict[str, Any]] = (),
        pins: Sequence[str] = (),
        state: CompactionState | None = None,
        summary: CompactionSummary | None = None,
    ) -> None:
        version = summary.summary_version if summary else 0
        if isinstance(self.source, FakeSessionSource):
            info = SessionInfo(tenant, sid, user, "openai-chat")
            self.source.put(
                FakeSession(
                    info, updated_at, list(history), frozenset(pins), state, version, summary
                )
            )
            return
        with Session(self.engine) as db:
            db.add(
                AgentSessionRow(
                    tenant_id=tenant,
                    id=sid,
                    user_id=user,
                    format="openai-chat",
                    budget_json="{}",
                    created_at=updated_at,
                    updated_at=updated_at,
                )
            )
            db.add(
                SessionStateRow(
                    tenant_id=tenant,
                    session_id=sid,
                    user_id=user,
                    summary_version=version,
                    state_json=state.to_json() if state else None,
                )
            )
            for position, message in enumerate(history):
                db.add(
                    SessionMessageRow(
                        tenant_id=tenant,
                        session_id=sid,
                        position=position,
                        user_id=user,
                        message_id=str(message["id"]),
                        role=str(message["role"]),
                        digest=f"d{position}",
                        raw_json=json.dumps(message),
                    )
                )
            for pin in pins:
                db.add(
                    SessionPinRow(tenant_id=tenant, session_id=sid, message_id=pin, user_id=user)
                )
            if summary is not None:
                db.add(
                    SessionSummaryRow(
                        tenant_id=tenant,
                        session_id=sid,
                        user_id=user,
                        version=version,
                        summary_json=summary.model_dump_json(),
                    )
                )
            db.commit()

    def mark(self, tenant: str, sid: str, version: int) -> None:
        with Session(self.engine) as db:
            db.add(
                ConsolidationMarkRow(
                    tenant_id=tenant, session_id=sid, user_id="u1", summary_version=version
                )
            )
            db.commit()

    def read(self, method: str, **kwargs: Any) -> Any:
        with Session(self.engine) as db:
            return getattr(self.source, method)(db, **kwargs)


@pytest.fixture(params=["sql", "fake"])
def world(request: pytest.FixtureRequest, shared_engine: Engine) -> World:
    source: SessionSource = SqlSessionSource() if request.param == "sql" else FakeSessionSource()
    return World(request.param, shared_engine, source)


def test_a_missing_or_other_tenants_session_reads_as_empty(world: World, tenant: str) -> None:
    world.put(tenant, "s1", history=TRIP_MESSAGES, pins=["m1"], summary=trip_summary())
    info = world.read("get_session", tenant_id=tenant, session_id="s1")
    assert info == SessionInfo(tenant, "s1", "u1", "openai-chat")
    for other_tenant, sid in ((tenant + "x", "s1"), (tenant, "nope")):
        where = {"tenant_id": other_tenant, "session_id": sid}
        assert world.read("get_session", **where) is None
        assert world.read("history", **where) == []
        assert world.read("pins", **where) == frozenset()
        assert world.read("state", **where) is None
        assert world.read("current_summary", **where) == (None, None)


def test_history_pins_state_and_summary_read_back(world: World, tenant: str) -> None:
    summary = trip_summary(version=2)
    state = CompactionState(format="openai-chat", summary_version=2, summary_until_index=3)
    world.put(tenant, "s1", history=TRIP_MESSAGES, pins=["m1", "m4"], state=state, summary=summary)
    where = {"tenant_id": tenant, "session_id": "s1"}
    assert world.read("history", **where) == TRIP_MESSAGES
    assert world.read("pins", **where) == frozenset({"m1", "m4"})
    read_state = world.read("state", **where)
    assert read_state is not None and read_state.summary_until_index == 3
    assert world.read("current_summary", **where) == (2, summary)


def test_a_session_that_never_compacted(world: World, tenant: str) -> None:
    world.put(tenant, "s1", history=TRIP_MESSAGES[:1])
    where = {"tenant_id": tenant, "session_id": "s1"}
    assert world.read("state", **where) is None
    assert world.read("current_summary", **where) == (None, None)


def test_due_for_consolidation(world: World, tenant: str) -> None:
    summary = trip_summary()
    world.put(tenant, "late", updated_at=T0 + timedelta(minutes=30), summary=summary)
    world.put(tenant, "early", updated_at=T0, summary=summary)
    world.put(tenant, "busy", updated_at=IDLE_SINCE + timedelta(seconds=1), summary=summary)
    world.put(tenant, "raw", updated_at=T0)  # never compacted: nothing to consolidate
    world.put(tenant, "marked", updated_at=T0, summary=summary)
    world.mark(tenant, "marked", 1)
    world.put(
        tenant, "newer", updated_at=T0 + timedelta(minutes=10), summary=trip_summary(version=2)
    )
    world.mark(tenant, "newer", 1)  # marked at an older version: due again
    world.put(tenant + "x", "other", updated_at=T0, summary=summary)

    due = world.read("due_for_consolidation", tenant_id=tenant, idle_since=IDLE_SINCE, limit=10)
    assert due == [
        DueSession(tenant, "early", "u1", 1),
        DueSession(tenant, "newer", "u1", 2),
        DueSession(tenant, "late", "u1", 1),
    ]
    first = world.read("due_for_consolidation", tenant_id=tenant, idle_since=IDLE_SINCE, limit=1)
    assert [d.session_id for d in first] == ["early"]
    tenants = world.read("tenants_due_for_consolidation", idle_since=IDLE_SINCE)
    assert {tenant, tenant + "x"} <= set(tenants) and tenants == sorted(tenants)
    world.mark(tenant + "x", "other", 1)
    assert tenant + "x" not in world.read("tenants_due_for_consolidation", idle_since=IDLE_SINCE)


def test_an_unreadable_stored_state_reads_as_none(shared_engine: Engine, tenant: str) -> None:
    world = World("sql", shared_engine, SqlSessionSource())
    world.put(tenant, "s1")
    with Session(shared_engine) as db:
        row = db.get(SessionStateRow, (tenant, "s1"))
        assert row is not None
        row.state_json = '{"not": "a state"'
        db.add(row)
        db.commit()
    assert world.read("state", tenant_id=tenant, session_id="s1") is None
