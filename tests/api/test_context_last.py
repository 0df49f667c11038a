"""``GET /v1/sessions/{id}/context/last`` over HTTP on SQLite and PostgreSQL: a problem before
the first ``/context`` call, the stored decision after it, tenancy like every session route."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.api._sessions_support import FakeSummarizer, chat_history, sessions_client
from tests.api.conftest import bearer, make_key, unique_tenant

BUDGET = {
    "context_limit": 6000,
    "max_output_tokens": 500,
    "tool_reserve": 100,
    "safety_margin": 100,
}


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url, summarizer=FakeSummarizer()) as client:
        yield client


def test_last_context_reads_the_stored_decision(client: TestClient, module_database_url) -> None:
    tenant = unique_tenant()
    key = bearer(make_key(module_database_url, tenant, "agent"))
    other = bearer(make_key(module_database_url, unique_tenant(), "agent"))
    sid = client.post("/v1/sessions", headers=key, json={"user_id": "u1", "budget": BUDGET}).json()
    sid = sid["id"]
    client.post(f"/v1/sessions/{sid}/messages", headers=key, json={"messages": chat_history(80)})
    before = client.get(f"/v1/sessions/{sid}/context/last", headers=key)
    assert before.status_code == 404
    assert before.headers["content-type"].startswith("application/problem+json")
    assert before.json()["type"].endswith("not-found")
    out = client.post(f"/v1/sessions/{sid}/context", headers=key).json()
    last = client.get(f"/v1/sessions/{sid}/context/last", headers=key)
    assert last.status_code == 200
    body = last.json()
    assert body["sent_ids"] == out["ids"] and body["strategy"] == out["report"]["strategy"]
    assert body["breakdown"]["compacted"] == out["report"]["compacted_tokens"]
    assert body["breakdown"]["summary"] == out["report"]["summary_tokens"]
    assert len(body["messages"]) == 321 and body["counts"]["summarized"] > 0
    assert client.get(f"/v1/sessions/{sid}/context/last", headers=other).status_code == 404
    assert client.get(f"/v1/sessions/{sid}/context/last").status_code == 401
