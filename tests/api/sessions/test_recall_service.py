"""Recall through the HTTP API, on SQLite and PostgreSQL: on by default, its settings on the
session and per call (shares over 0.9 are a 422 problem), what a call recalled is in the report,
in the last decision, the inspector and the metrics; deleting the session and erasing the user
leave no recall row behind; a session never recalls another session's messages."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func
from sqlmodel import Session, col, select

from api.services import services_of
from api.sessions.tables import SessionRecallGroupRow, SessionRecallTermRow
from runtime.recall import RecallConfig
from tests.api._sessions_support import sessions_client
from tests.api.conftest import bearer, make_key
from tests.api.sessions.test_recall_parity import FACTS, FILLER
from tests.api.sessions.test_retention import assert_counts_match

DEFAULT_SHARE = round(min(RecallConfig().share, 0.9 - 0.25), 6)
"""The service's default recall share beside the default summary share: the library's."""
BUDGET = {"context_limit": 1400, "max_output_tokens": 300, "tool_reserve": 100, "safety_margin": 50}


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url) as client:
        yield client


@pytest.fixture
def key(client: TestClient, module_database_url: str) -> dict[str, str]:
    tenant = f"t-{uuid.uuid4().hex[:10]}"
    return bearer(make_key(module_database_url, tenant, "admin"))


def _session(client: TestClient, key: dict[str, str], **body: Any) -> str:
    body = {"user_id": "alice", "budget": BUDGET, **body}
    r = client.post("/v1/sessions", json=body, headers=key)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _talk(client: TestClient, key: dict[str, str], sid: str, question: str) -> dict[str, Any]:
    """Facts, small talk that evicts them, then ``question``; the last /context answer."""
    for i, fact in enumerate(FACTS):
        for text in (fact, *(f"{FILLER[(i + j) % len(FILLER)]} ({i}.{j})" for j in range(3))):
            turn = [{"role": "user", "content": text}, {"role": "assistant", "content": "ok"}]
            r = client.post(f"/v1/sessions/{sid}/messages", json={"messages": turn}, headers=key)
            assert r.status_code in (200, 201), r.text
            assert client.post(f"/v1/sessions/{sid}/context", headers=key).status_code == 200
    ask = [{"role": "user", "content": question}]
    client.post(f"/v1/sessions/{sid}/messages", json={"messages": ask}, headers=key)
    r = client.post(f"/v1/sessions/{sid}/context", headers=key)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _rows(client: TestClient, table: Any, sid: str) -> int:
    with Session(services_of(client.app).engine) as db:  # type: ignore[arg-type]
        query = select(func.count()).select_from(table).where(col(table.session_id) == sid)
        return int(db.exec(query).one())


def test_recall_is_on_by_default_and_its_settings_are_checked(
    client: TestClient, key: dict[str, str]
) -> None:
    sid = _session(client, key)
    shown = client.get(f"/v1/sessions/{sid}", headers=key).json()
    assert shown["recall"] == {"enabled": True, "share": DEFAULT_SHARE}
    large = _session(client, key, budget={**BUDGET, "summary_share": 0.75})
    assert client.get(f"/v1/sessions/{large}", headers=key).json()["recall"]["share"] == 0.15
    off = _session(client, key, recall={"enabled": False})
    assert client.get(f"/v1/sessions/{off}", headers=key).json()["recall"]["enabled"] is False
    bad = {"user_id": "alice", "budget": {"summary_share": 0.75}, "recall": {"share": 0.3}}
    r = client.post("/v1/sessions", json=bad, headers=key)
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem")
    for body in (
        {"budget": {"summary_share": 0.5, "recall_share": 0.5}},
        {"budget": {"recall_share": 0.2}, "recall": {"share": 0.3}},
        {"recall": {"share": 0.95}},
    ):
        r = client.post(f"/v1/sessions/{sid}/context", json=body, headers=key)
        assert r.status_code == 422, (body, r.text)
        assert r.headers["content-type"].startswith("application/problem")
    # off for the whole session, or for one call: no block, reason disabled
    r = client.post(f"/v1/sessions/{sid}/context", json={"recall": {"enabled": False}}, headers=key)
    assert r.json()["report"]["recall"]["reason"] == "disabled"


def test_what_a_call_recalled_is_reported_stored_shown_and_counted(
    client: TestClient, key: dict[str, str]
) -> None:
    sid = _session(client, key)
    out = _talk(client, key, sid, "Which instrument does Alice play, and in which city?")
    report = out["report"]
    recall = report["recall"]
    assert recall["enabled"] is True and recall["recalled_ids"], recall
    assert all(g["score"] > 0 and g["tokens"] > 0 for g in recall["recalled"])
    assert "recall" in out["ids"] and report["recall_share"] == DEFAULT_SHARE
    assert report["compacted_tokens"] <= report["usable_tokens"]  # the block is in the budget
    block = out["messages"][out["ids"].index("recall")]
    assert "Lisbon" in json.dumps(block, ensure_ascii=False)
    last = client.get(f"/v1/sessions/{sid}/context/last", headers=key).json()
    assert last["recalled_ids"] == recall["recalled_ids"]
    assert last["counts"]["recalled"] == len(recall["recalled_ids"])
    html = client.get(f"/ui/fragments/sessions/{sid}", headers=key).text
    assert 'data-status="recalled"' in html
    metrics = client.get("/metrics").text
    assert 'tiermem_recall_calls_total{outcome="recalled"}' in metrics
    assert 'tiermem_recalled_total{unit="groups"}' in metrics


def test_a_session_never_recalls_another_sessions_messages(
    client: TestClient, key: dict[str, str]
) -> None:
    first = _session(client, key)
    _talk(client, key, first, "What seats does Bob prefer?")
    second = _session(client, key)
    turn = [{"role": "user", "content": "What seats does Bob prefer? Alice, Lisbon, violin?"}]
    client.post(f"/v1/sessions/{second}/messages", json={"messages": turn}, headers=key)
    r = client.post(f"/v1/sessions/{second}/context", headers=key).json()
    assert r["report"]["recall"]["recalled_ids"] == []
    assert r["report"]["recall"]["reason"] == "empty_index"


def test_delete_and_erasure_leave_no_recall_row(client: TestClient, key: dict[str, str]) -> None:
    deleted = _session(client, key)
    _talk(client, key, deleted, "When exactly does the Porto conference start?")
    assert _rows(client, SessionRecallGroupRow, deleted) > 0
    tenant = client.get(f"/v1/sessions/{deleted}", headers=key).json()["tenant_id"]
    assert_counts_match(client, tenant, deleted)
    assert _rows(client, SessionRecallTermRow, deleted) > 0
    r = client.delete(f"/v1/sessions/{deleted}", headers=key)
    assert r.status_code in (200, 204), r.text
    assert _rows(client, SessionRecallGroupRow, deleted) == 0
    assert _rows(client, SessionRecallTermRow, deleted) == 0
    erased = _session(client, key)
    _talk(client, key, erased, "What is the plate of the rental car?")
    assert _rows(client, SessionRecallTermRow, erased) > 0
    r = client.delete("/v1/users/alice/memories", headers=key)
    assert r.status_code == 200, r.text
    counts = r.json()["counts"]
    assert counts["recall_groups"] > 0 and counts["recall_terms"] > 0
    assert _rows(client, SessionRecallGroupRow, erased) == 0
    assert _rows(client, SessionRecallTermRow, erased) == 0


def test_counts_read_before_a_concurrent_append_make_the_call_run_again(
    client: TestClient, key: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL reads each statement's own snapshot: groups appended between reading the
    index's counts and reading its groups would leave more groups than counted. The unit then
    runs again in a fresh transaction (once here), instead of failing with a 500."""
    import api.sessions.context_read as context_read
    import api.sessions.recall_terms as recall_terms
    from api.sessions.errors import StaleVersion

    real_counts, real_load = recall_terms.read_counts, recall_terms.load_narrowed
    stale = {"left": 1}
    raised: list[str] = []

    def counts_before_an_append(db: Any, **kwargs: Any) -> Any:
        groups, length, frequencies = real_counts(db, **kwargs)
        if stale["left"] and groups > 1:
            stale["left"] -= 1
            return 1, 1, frequencies  # as read when the index held one short group
        return groups, length, frequencies

    def load(*args: Any, **kwargs: Any) -> Any:
        try:
            return real_load(*args, **kwargs)
        except StaleVersion as exc:
            raised.append(str(exc))
            raise

    monkeypatch.setattr(recall_terms, "read_counts", counts_before_an_append)
    monkeypatch.setattr(context_read, "load_narrowed", load)
    sid = _session(client, key)
    body = _talk(client, key, sid, "What is the budget for the Denver trip?")
    assert raised == ["the session's recall index grew while it was read"]
    assert body["report"]["recall"]["recalled"], body["report"]["recall"]
