"""A session's own ``summary_share`` (budget field) on SQLite and PostgreSQL: stored with the
session, used by ``/context`` and by restore, overridable per call, validated as problem+json;
sessions created without it keep the default 0.25 and store no such key."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.services import services_of
from api.storage.keys import KeyStore
from tests.api._sessions_support import (
    FakeSummarizer,
    chat_history,
    sessions_client,
)
from tests.api.conftest import bearer

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}
PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url, summarizer=FakeSummarizer()) as client:
        yield client


@pytest.fixture
def alice(client: TestClient) -> dict[str, str]:
    store = KeyStore(services_of(client.app).engine)
    _row, secret = store.create(
        tenant_id=f"t-{uuid.uuid4().hex[:10]}", role="agent", user_id="alice"
    )
    return bearer(secret)


def _session(client: TestClient, key: dict[str, str], **budget: Any) -> dict[str, Any]:
    body = {"user_id": "alice", "budget": {**SMALL, **budget}}
    r = client.post("/v1/sessions", json=body, headers=key)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def _context(
    client: TestClient, key: dict[str, str], sid: str, body: dict[str, Any] | None = None
) -> dict[str, Any]:
    r = client.post(f"/v1/sessions/{sid}/context", json=body or {}, headers=key)
    assert r.status_code == 200, r.text
    report: dict[str, Any] = r.json()["report"]
    return report


def test_share_is_stored_used_and_overridable(client: TestClient, alice) -> None:
    default = _session(client, alice)
    wide = _session(client, alice, summary_share=0.5)
    assert "summary_share" not in default["budget"]  # additive: old shape without the field
    assert wide["budget"]["summary_share"] == 0.5
    history = chat_history(30)
    for sid in (default["id"], wide["id"]):
        url = f"/v1/sessions/{sid}/messages"
        assert client.post(url, json={"messages": history}, headers=alice).status_code == 200
    base = _context(client, alice, default["id"])
    more = _context(client, alice, wide["id"])
    assert base["strategy"] == more["strategy"] == "summary"
    assert base["summary_share"] == 0.25 and more["summary_share"] == 0.5
    assert more["summary_budget_tokens"] > base["summary_budget_tokens"] > 0
    assert base["summary_budget_tokens"] == int(0.25 * base["target_tokens"])
    assert more["summary_budget_tokens"] == int(0.5 * more["target_tokens"])
    # A per-call override applies to that call only; the session keeps its own share.
    once = _context(client, alice, wide["id"], {"budget": {"summary_share": 0.1}})
    assert once["summary_share"] == 0.1
    assert once["summary_budget_tokens"] < more["summary_budget_tokens"]
    assert _context(client, alice, wide["id"])["summary_share"] == 0.5
    shown = client.get(f"/v1/sessions/{wide['id']}", headers=alice).json()
    assert shown["budget"]["summary_share"] == 0.5


@pytest.mark.parametrize("share", [0.0, 0.04, 0.76, 1.0, "half"])
def test_out_of_range_share_is_a_problem(client: TestClient, alice, share: Any) -> None:
    body = {"user_id": "alice", "budget": {**SMALL, "summary_share": share}}
    r = client.post("/v1/sessions", json=body, headers=alice)
    assert r.status_code == 422 and r.headers["content-type"].startswith(PROBLEM)
    sid = _session(client, alice)["id"]
    bad = {"budget": {"summary_share": share}}
    r = client.post(f"/v1/sessions/{sid}/context", json=bad, headers=alice)
    assert r.status_code == 422 and r.headers["content-type"].startswith(PROBLEM)


def test_bounds_are_accepted_and_restore_uses_the_share(client: TestClient, alice) -> None:
    assert _session(client, alice, summary_share=0.05)["budget"]["summary_share"] == 0.05
    sid = _session(client, alice, summary_share=0.75)["id"]
    history = chat_history(60)
    for start in range(0, len(history), 40):
        chunk = {"messages": history[start : start + 40]}
        client.post(f"/v1/sessions/{sid}/messages", json=chunk, headers=alice)
        assert _context(client, alice, sid)["summary_share"] == 0.75
    listed = client.get(f"/v1/sessions/{sid}/summaries", headers=alice).json()
    assert len(listed["items"]) >= 2
    r = client.post(f"/v1/sessions/{sid}/summaries/1/restore", headers=alice)
    assert r.status_code == 201, r.text
    assert r.json()["restored_from"] == 1
