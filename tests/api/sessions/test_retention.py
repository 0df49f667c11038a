"""Retention purge of raw session messages on SQLite and PostgreSQL: only old, summarized,
unpinned messages become tombstones; ids, pins, resends, /context, restore, export and history
cope; the purge is audited; ``tiermem expire`` runs it."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select
from typer.testing import CliRunner

import api.cli.commands  # noqa: F401  (registers the commands)
from api.cli import app as cli_app
from api.services import services_of
from api.sessions import export_user_sessions
from api.sessions.retention import (
    PURGED_MARK,
    purge_session_messages,
    set_retention,
    tombstone,
)
from api.sessions.tables import (
    SessionMessageRow,
    SessionRecallCountRow,
    SessionRecallGroupRow,
    SessionRecallTermRow,
)
from api.storage.keys import KeyStore
from longterm.gate import Principal
from longterm.storage import AuditRow
from runtime.formats import read_history
from runtime.grouping import group_messages
from runtime.protocol import find_protocol_errors
from tests.api._sessions_support import (
    FakeSummarizer,
    chat_history,
    sessions_client,
)
from tests.api.conftest import bearer

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}
LATER = datetime.now(UTC) + timedelta(days=40)
SECRET = "zebra-passport-4711"


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url, summarizer=FakeSummarizer()) as client:
        yield client


def _keys(client: TestClient) -> tuple[str, dict[str, str], dict[str, str]]:
    tenant = f"t-{uuid.uuid4().hex[:10]}"
    store = KeyStore(services_of(client.app).engine)
    agent = bearer(store.create(tenant_id=tenant, role="agent")[1])
    admin = bearer(store.create(tenant_id=tenant, role="admin")[1])
    return tenant, agent, admin


def _summarized_session(client: TestClient, agent: dict[str, str]) -> tuple[str, list[Any]]:
    r = client.post("/v1/sessions", json={"user_id": "alice", "budget": SMALL}, headers=agent)
    sid = str(r.json()["id"])
    history = chat_history(40)
    history[1] = {"role": "user", "content": f"my passport is {SECRET}"}
    for start in range(0, len(history), 40):
        chunk = history[start : start + 40]
        r = client.post(f"/v1/sessions/{sid}/messages", json={"messages": chunk}, headers=agent)
        assert r.status_code in (200, 201), r.text
        assert client.post(f"/v1/sessions/{sid}/context", headers=agent).status_code == 200
    return sid, history


def _purge(client: TestClient, tenant: str, now: datetime) -> dict[str, int]:
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        return purge_session_messages(db, subject=Principal("admin", tenant, key_id="t"), now=now)


def _rows(client: TestClient, tenant: str, sid: str) -> list[SessionMessageRow]:
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        rows = db.exec(
            select(SessionMessageRow)
            .where(SessionMessageRow.tenant_id == tenant, SessionMessageRow.session_id == sid)
            .order_by(SessionMessageRow.position)  # type: ignore[arg-type]
        ).all()
        return list(rows)


def assert_counts_match(client: TestClient, tenant: str, sid: str) -> None:
    """The kept BM25 statistics equal what the recall tables hold."""
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        owned = (SessionRecallTermRow.tenant_id == tenant, SessionRecallTermRow.session_id == sid)
        terms = db.exec(select(SessionRecallTermRow.term).where(*owned)).all()
        groups = db.exec(
            select(SessionRecallGroupRow.length).where(
                SessionRecallGroupRow.tenant_id == tenant, SessionRecallGroupRow.session_id == sid
            )
        ).all()
        counts = db.exec(
            select(SessionRecallCountRow).where(
                SessionRecallCountRow.tenant_id == tenant, SessionRecallCountRow.session_id == sid
            )
        ).all()
    expected = dict(Counter(terms))
    if groups:
        expected[""] = len(groups)
    assert {c.term: c.groups for c in counts} == expected
    assert sum(c.length for c in counts) == sum(groups)


def _recall_rows(client: TestClient, tenant: str, sid: str, ids: set[str]) -> int:
    """Recall group rows of the session holding one of ``ids``, and term rows of none."""
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        groups = db.exec(
            select(SessionRecallGroupRow).where(
                SessionRecallGroupRow.tenant_id == tenant, SessionRecallGroupRow.session_id == sid
            )
        ).all()
        keys = {g.group_key for g in groups}
        terms = db.exec(
            select(SessionRecallTermRow.group_key).where(
                SessionRecallTermRow.tenant_id == tenant, SessionRecallTermRow.session_id == sid
            )
        ).all()
    assert set(terms) <= keys  # no term row outlives its group
    assert_counts_match(client, tenant, sid)
    return sum(1 for g in groups if not ids.isdisjoint(json.loads(g.ids_json)))


def test_tombstone_keeps_ids_and_tool_pairing() -> None:
    history = chat_history(2)
    messages = read_history(history, format="openai-chat").messages
    stones = [tombstone(e, message_id=m.id) for e, m in zip(history, messages, strict=True)]
    again = read_history(stones, format="openai-chat").messages
    assert [m.id for m in again] == [m.id for m in messages]
    group_messages(again)  # no orphan result, no unanswered call
    assert "lorem" not in json.dumps(stones) and all(s[PURGED_MARK] for s in stones)


ANTHROPIC = [
    {"role": "user", "content": "hi, card 4111"},
    {"role": "assistant", "content": [
        {"type": "text", "text": "looking"},
        {"type": "tool_use", "id": "t1", "name": "lookup", "input": {"card": 4111}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "4111"}]},
    {"role": "assistant", "content": "done"},
]  # fmt: skip
RESPONSES = [
    {"role": "user", "content": "hi, card 4111"},
    {"type": "function_call", "call_id": "k1", "name": "lookup", "arguments": '{"c": 4111}',
     "id": "fc_1"},
    {"type": "function_call_output", "call_id": "k1", "output": "4111"},
    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]},
]  # fmt: skip


@pytest.mark.parametrize(
    ("fmt", "history"), [("anthropic", ANTHROPIC), ("openai-responses", RESPONSES)]
)
def test_tombstones_in_every_format(fmt: Any, history: list[Any]) -> None:
    messages = read_history(history, format=fmt).messages
    stones = [tombstone(e, message_id=m.id) for e, m in zip(history, messages, strict=True)]
    again = read_history(stones, format=fmt).messages
    assert [m.id for m in again] == [m.id for m in messages]
    assert [m.role for m in again] == [m.role for m in messages]
    group_messages(again)
    assert "4111" not in json.dumps(stones)


def test_retention_setting_and_purge(client: TestClient) -> None:
    tenant, agent, admin = _keys(client)
    sid, history = _summarized_session(client, agent)
    pinned = client.get(f"/v1/sessions/{sid}/messages?limit=5", headers=agent).json()["ids"][3]
    assert client.put(f"/v1/sessions/{sid}/pins", json={"message_ids": [pinned]}, headers=agent)
    before = client.post(f"/v1/sessions/{sid}/context", headers=agent).json()
    assert (
        client.put("/v1/admin/retention", json={"raw_message_days": 30}, headers=agent).status_code
        == 403
    )
    r = client.put("/v1/admin/retention", json={"raw_message_days": 30}, headers=admin)
    assert r.status_code == 200 and r.json()["raw_message_days"] == 30
    assert client.get("/v1/admin/retention", headers=admin).json()["raw_message_days"] == 30
    # Not old enough yet: nothing is purged.
    assert client.post("/v1/admin/retention/purge", headers=admin).json()["messages"] == 0
    counts = _purge(client, tenant, LATER)
    assert counts["sessions"] == 1 and counts["messages"] > 0
    rows = _rows(client, tenant, sid)
    purged = [r for r in rows if r.purged_at is not None]
    assert len(purged) == counts["messages"]
    assert rows[0].purged_at is None  # the system prompt is always sent
    assert all(r.message_id != pinned for r in purged)
    assert SECRET not in "".join(r.raw_json for r in rows)
    assert all(json.loads(r.raw_json)["id"] == r.message_id for r in purged)
    # /context: the same messages, never a tombstone. The purge also deleted the recall groups
    # holding purged messages, so the remaining ones score against a smaller index (as the
    # library's ``RecallIndex.without`` does) and a recall block may now come back: never with
    # a purged message in it.
    after = client.post(f"/v1/sessions/{sid}/context", headers=agent).json()
    recalled = set(after["report"]["recall"]["recalled_ids"])
    assert [i for i in after["ids"] if i != "recall"] == before["ids"]
    assert recalled.isdisjoint(r.message_id for r in purged)
    assert _recall_rows(client, tenant, sid, {r.message_id for r in purged}) == 0
    assert not any(isinstance(m, dict) and PURGED_MARK in m for m in after["messages"])
    assert find_protocol_errors(after["messages"], format="openai-chat") == []
    # A purge twice purges nothing more; the audit names the session, counts only.
    assert _purge(client, tenant, LATER)["messages"] == 0
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        audits = db.exec(select(AuditRow).where(AuditRow.tenant_id == tenant)).all()
    purges = [a for a in audits if a.action == "retention.purge"]
    assert [a.object_id for a in purges] == [sid] and SECRET not in purges[0].detail_json
    assert any(a.action == "retention.set" for a in audits)
    # A whole-history resend (original content, no ids) is still a no-op.
    r = client.post(
        f"/v1/sessions/{sid}/messages", json={"messages": history, "offset": 0}, headers=agent
    )
    assert r.status_code in (200, 201) and r.json()["appended"] == 0, r.text
    # New messages still append and compact.
    more = chat_history(3, start=40)
    r = client.post(f"/v1/sessions/{sid}/messages", json={"messages": more}, headers=agent)
    assert r.status_code in (200, 201), r.text
    assert client.post(f"/v1/sessions/{sid}/context", headers=agent).status_code == 200
    _readers_cope(client, tenant, sid, agent, purged[0].message_id)


def _readers_cope(
    client: TestClient, tenant: str, sid: str, agent: dict[str, str], purged_id: str
) -> None:
    page = client.get(f"/v1/sessions/{sid}/messages?limit=10", headers=agent).json()
    assert purged_id in page["purged_ids"]
    r = client.put(f"/v1/sessions/{sid}/pins", json={"message_ids": [purged_id]}, headers=agent)
    assert r.status_code == 422 and purged_id in r.json()["purged_ids"]
    r = client.post(f"/v1/sessions/{sid}/summaries/1/restore", headers=agent)
    assert r.status_code == 409 and "purged" in r.json()["detail"], r.text
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        [exported] = [s for s in export_user_sessions(db, tenant_id=tenant, user_id="alice")]
    marked = [m for m in exported["messages"] if m["purged_at"] is not None]
    assert purged_id in {m["id"] for m in marked}
    assert SECRET not in json.dumps(exported)
    fake = {"role": "user", "content": "x", PURGED_MARK: True}
    r = client.post(f"/v1/sessions/{sid}/messages", json={"messages": [fake]}, headers=agent)
    assert r.status_code == 422


def test_no_summary_no_purge_and_unset(client: TestClient) -> None:
    tenant, agent, admin = _keys(client)
    r = client.post("/v1/sessions", json={"user_id": "bob"}, headers=agent)
    sid = r.json()["id"]
    client.post(f"/v1/sessions/{sid}/messages", json={"messages": chat_history(3)}, headers=agent)
    client.put("/v1/admin/retention", json={"raw_message_days": 1}, headers=admin)
    assert _purge(client, tenant, LATER) == {"sessions": 0, "messages": 0}
    r = client.put("/v1/admin/retention", json={"raw_message_days": None}, headers=admin)
    assert r.json()["raw_message_days"] is None
    assert (
        client.put("/v1/admin/retention", json={"raw_message_days": 0}, headers=admin).status_code
        == 422
    )


def test_tiermem_expire_runs_the_purge(
    client: TestClient,
    module_database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tenant, agent, _admin = _keys(client)
    sid, _history = _summarized_session(client, agent)
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        set_retention(db, tenant_id=tenant, days=1)
        db.commit()
    monkeypatch.setenv("TIERMEM_DATABASE_URL", module_database_url)
    result = CliRunner().invoke(cli_app, ["expire", "--tenant", tenant])
    assert result.exit_code == 0, result.output
    line = json.loads(result.output.strip().splitlines()[-1])
    # appended seconds ago: within the day, nothing is old enough yet
    assert line["tenant"] == tenant and line["session_retention"]["messages"] == 0
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        table = SessionMessageRow.__table__  # type: ignore[attr-defined]
        old = datetime.now(UTC) - timedelta(days=3)
        db.execute(table.update().where(table.c.session_id == sid).values(created_at=old))
        db.commit()
    result = CliRunner().invoke(cli_app, ["expire", "--vacuum"])  # every tenant, then VACUUM
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.output.strip().splitlines()]
    [mine] = [x for x in lines if x["tenant"] == tenant]
    assert mine["session_retention"]["messages"] > 0
    assert SECRET not in "".join(r.raw_json for r in _rows(client, tenant, sid))
