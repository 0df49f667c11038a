"""A restore keeps the restored version's held-out groups (``runtime.resume_after_rollback``):
a pinned group that version kept verbatim instead of summarizing is still sent after the pin is
removed, rather than dropped with no summary covering it (SQLite and PostgreSQL)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from api.services import services_of
from api.sessions.tables import SessionStateRow, SessionSummaryRow
from api.storage.keys import KeyStore
from runtime.state import CompactionState
from runtime.summary.extractive import ExtractiveSummarizer
from tests.api._sessions_support import (
    sessions_client,
)
from tests.api.conftest import bearer

BUDGET = {"context_limit": 2400, "max_output_tokens": 300, "tool_reserve": 0, "safety_margin": 100}


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url, summarizer=ExtractiveSummarizer()) as client:
        yield client


def _turn(i: int) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": f"Day {i}: the hotel in town {i} costs {100 + i} CNY. " * 6},
        {"role": "assistant", "content": f"Noted for day {i}: option {i} at {100 + i} CNY. " * 5},
    ]


def _states(client: TestClient, sid: str) -> dict[int, CompactionState]:
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        rows = db.exec(select(SessionSummaryRow).where(SessionSummaryRow.session_id == sid)).all()
        return {r.version: CompactionState.from_json(r.state_json) for r in rows if r.state_json}


def test_restore_keeps_held_out_groups(client: TestClient) -> None:
    store = KeyStore(services_of(client.app).engine)
    key = bearer(store.create(tenant_id=f"t-{uuid.uuid4().hex[:10]}", role="agent")[1])
    body = {"user_id": "u", "budget": BUDGET, "format": "openai-chat"}
    sid = client.post("/v1/sessions", json=body, headers=key).json()["id"]
    ids = client.post(
        f"/v1/sessions/{sid}/messages",
        json={"messages": [{"role": "system", "content": "You plan trips."}, *_turn(0)]},
        headers=key,
    ).json()["ids"]
    pinned: list[str] = []
    for i in range(1, 40):
        r = client.post(f"/v1/sessions/{sid}/messages", json={"messages": _turn(i)}, headers=key)
        if i == 2:
            pinned = r.json()["ids"][:1]
            client.put(f"/v1/sessions/{sid}/pins", json={"message_ids": pinned}, headers=key)
        assert client.post(f"/v1/sessions/{sid}/context", headers=key).status_code == 200
    states = _states(client, sid)
    holding = [v for v, s in sorted(states.items()) if any(m[1] in pinned for m in s.held_out)]
    assert ids and holding, "no version held the pinned group out"
    version = holding[0]
    current = max(states)
    if version == current:
        pytest.skip("the only holding version is the current one")
    r = client.post(f"/v1/sessions/{sid}/summaries/{version}/restore", headers=key)
    assert r.status_code == 201, r.text
    with Session(services_of(client.app).engine) as db:  # type: ignore[attr-defined]
        row = db.exec(select(SessionStateRow).where(SessionStateRow.session_id == sid)).one()
        assert row.state_json is not None
        resumed = CompactionState.from_json(row.state_json)
    assert any(mark[1] in pinned for mark in resumed.held_out)
    # the pin removed: the group stays in the context (no summary covers it)
    client.put(f"/v1/sessions/{sid}/pins", json={"message_ids": []}, headers=key)
    out = client.post(f"/v1/sessions/{sid}/context", headers=key).json()
    covered = set(out["report"].get("summarized_ids") or [])
    assert pinned[0] in set(out["ids"]) | covered
