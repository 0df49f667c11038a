"""``Client`` and ``AsyncClient`` against the real app on SQLite and PostgreSQL: the sync
client over FastAPI's in-process ``TestClient`` (an ``httpx.Client``), the async one over
``httpx.ASGITransport``; answers are the API's own models, problems the typed errors."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import cast

import httpx
import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.client import (
    AsyncClient,
    Client,
    Forbidden,
    NotFound,
    PreconditionFailed,
    Unauthorized,
    Unprocessable,
)
from api.schemas.keys import KeyCreate, Me
from api.sessions.schemas import ContextOut, SessionCreate, SessionPublic
from runtime.protocol import find_protocol_errors
from tests.api._sessions_support import chat_history
from tests.api.conftest import make_key, make_settings, unique_tenant

# Every test migrates its database first (make_key, the app's startup): start from a migrated copy.
pytestmark = pytest.mark.migrated_database

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}
BASE = "http://testserver"


def _sync(http: TestClient) -> httpx.Client:
    # Starlette's TestClient is an httpx.Client at run time (not in every stub version).
    return cast(httpx.Client, http)


@pytest.fixture
def served(database_url: str) -> Iterator[tuple[TestClient, str, str]]:
    tenant = unique_tenant()
    admin = make_key(database_url, tenant, "admin")
    agent = make_key(database_url, tenant, "agent", user="alice")
    with TestClient(create_app(make_settings(database_url))) as http:
        yield http, admin, agent


def test_sessions_end_to_end(served: tuple[TestClient, str, str]) -> None:
    http, _admin, agent = served
    tm = Client(BASE, agent, http=_sync(http))
    me = tm.me()
    assert isinstance(me, Me) and me.user_id == "alice" and me.role == "agent"
    session = tm.create_session(SessionCreate(user_id="alice", budget=SMALL))
    assert isinstance(session, SessionPublic) and session.user_id == "alice"
    history = chat_history(30)
    appended = tm.append(session.id, history, offset=0)
    assert appended.appended == len(history)
    assert tm.append(session.id, history, offset=0).unchanged == len(history)  # idempotent
    out = tm.context(session.id)
    assert isinstance(out, ContextOut)
    assert find_protocol_errors(out.messages, format="openai-chat") == []
    assert tm.context_last(session.id).model_dump()  # the decision, read back
    ids = [m for m in tm.iter_messages(session.id, limit=7)]
    assert ids == history
    pins = tm.set_pins(session.id, appended.ids[1:2])
    assert pins.message_ids == appended.ids[1:2]
    versions = list(tm.iter_summaries(session.id, limit=1))
    assert [v.version for v in versions] == list(range(1, len(versions) + 1)) and versions
    assert tm.get_summary(session.id, versions[0].version).version == versions[0].version
    assert tm.get_session(session.id).message_count == len(history)
    usage = tm.record_usage(session.id, input_tokens=1200, output_tokens=40)
    assert usage.model_dump()
    for _ in range(2):
        tm.create_session(user_id="alice")
    listed = list(tm.iter_sessions(limit=2))
    assert len(listed) == 3 and listed[-1].id == session.id  # newest first
    tm.delete_session(session.id)
    with pytest.raises(NotFound) as gone:
        tm.get_session(session.id)
    assert gone.value.status == 404 and gone.value.request_id
    with pytest.raises(Unprocessable):
        tm.list_sessions(cursor="not-a-cursor")
    with pytest.raises(Forbidden):
        tm.create_session(user_id="bob")  # the key is restricted to alice


def test_long_term_memory_keys_policy_and_admin(served: tuple[TestClient, str, str]) -> None:
    http, admin, agent = served
    tm = Client(BASE, agent, http=_sync(http))
    ops = Client(BASE, admin, http=_sync(http))
    note = {"value": "prefers quiet cars", "source": "user_stated"}
    first = tm.put_preference("alice", "other.note", note, idempotency_key="idem-1")
    assert tm.put_preference("alice", "other.note", note, idempotency_key="idem-1") == first
    got = tm.get_preference("alice", "other.note")
    assert got.value == "prefers quiet cars"
    with pytest.raises(PreconditionFailed) as stale:
        tm.delete_preference("alice", "other.note", if_match='"stale"')
    assert "current_etag" in stale.value.problem
    assert [p.key for p in tm.iter_preferences("alice")] == ["other.note"]
    assert list(tm.iter_preference_history("alice", "other.note"))
    when = datetime(2026, 1, 2, tzinfo=UTC)
    said = {"kind": "trip.booked", "text": "booked", "occurred_at": when.isoformat()}
    event = tm.add_event("alice", said, idempotency_key="e-1", source="user_stated")
    again = tm.add_event("alice", said, idempotency_key="e-1", source="user_stated")
    assert again == event  # answered once
    assert [e.text for e in tm.iter_events("alice", since=when)] == ["booked"]
    assert tm.get_event("alice", event.id).text == "booked"
    assert tm.profile("alice", query="train").user_id == "alice"
    assert tm.grant_consent("alice", "travel").active is True
    assert [c.category for c in tm.iter_consents("alice")] == ["travel"]
    assert tm.get_consent("alice", "travel").active
    assert tm.withdraw_consent("alice", "travel").active is False
    assert tm.export("alice").user_id == "alice"
    tm.delete_event("alice", event.id)
    tm.delete_preference("alice", "other.note")
    with pytest.raises(NotFound):
        tm.get_preference("alice", "other.note")
    with pytest.raises(Forbidden):
        tm.list_keys()

    created = ops.create_key(KeyCreate(role="agent", user_id="carol"))
    assert created.secret and created.user_id == "carol"
    assert created.key_id in {k.key_id for k in ops.iter_keys(limit=1)}
    assert ops.revoke_key(created.key_id).revoked_at is not None
    with pytest.raises(Unauthorized):
        Client(BASE, created.secret, http=_sync(http)).me()
    assert ops.get_policy().model_dump()
    assert ops.put_policy_rules([]).model_dump()
    assert [v.version for v in ops.iter_policy_versions()] == [1]
    check = ops.check_policy(
        action="promote",
        object={"user_id": "alice", "key": "travel.seat", "source": "promoted", "consent": True},
    )
    assert isinstance(check.allowed, bool)
    assert ops.put_retention(30).raw_message_days == 30
    assert ops.get_retention().raw_message_days == 30
    assert ops.purge_retention().model_dump()
    assert ops.run_job("expire").model_dump()
    assert any(row.action for row in ops.iter_audit(limit=2))
    assert ops.healthz().status and ops.readyz().status
    assert "tiermem" in ops.metrics()
    receipt = ops.erase("alice")
    assert receipt.model_dump()
    ended = ops.end_session(ops.create_session(user_id="dave").id, consents=[])
    assert ended.model_dump()
    with pytest.raises(NotFound):
        ops.end_session(uuid.uuid4().hex, consents=[])


def test_async_client_over_asgi(served: tuple[TestClient, str, str]) -> None:
    http, _admin, agent = served
    app = http.app

    async def run() -> tuple[int, list[str], int]:
        transport = httpx.ASGITransport(app=app)
        async with AsyncClient(BASE, agent, transport=transport) as tm:
            session = await tm.create_session(user_id="alice", budget=SMALL)
            await tm.append(session.id, chat_history(3))
            out = await tm.context(session.id)
            ids = [s.id async for s in tm.iter_sessions(limit=1)]
            try:
                await tm.get_session("missing")
            except NotFound as exc:
                status = exc.status
            return len(out.messages), ids, status

    count, ids, status = asyncio.run(run())
    assert count > 0 and len(ids) == 1 and status == 404


def test_context_with_the_users_profile(served: tuple[TestClient, str, str]) -> None:
    http, _admin, agent = served
    tm = Client(BASE, agent, http=_sync(http))
    tm.put_preference("alice", "travel.seat", {"value": "window seat", "source": "user_stated"})
    session = tm.create_session(SessionCreate(user_id="alice", budget=SMALL))
    tm.append(session.id, [{"role": "user", "content": "Which seat do I like on trains?"}])
    plain = tm.context(session.id)
    assert "window seat" not in str(plain.messages)
    out = tm.context(session.id, include_profile=True)
    assert "window seat" in str(out.messages)
    profile = out.report.model_dump().get("profile") or {}
    assert profile.get("included_ids") == ["travel.seat"]
