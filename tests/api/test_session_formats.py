"""Sessions know their format, over HTTP on SQLite and PostgreSQL: ``auto`` is shown as such and
stays undecided while the entries fit several formats, the first entry one format alone accepts
decides it (tokens are then counted in it), and every append is validated against it (422 with
the entry's index and a JSON pointer, nothing of the batch stored)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.services import services_of
from api.storage.keys import KeyStore
from runtime import Compactor
from runtime.budget import Budget
from tests.api._sessions_support import sessions_client
from tests.api.conftest import bearer

BUDGET = {
    "context_limit": 4000,
    "max_output_tokens": 500,
    "tool_reserve": 100,
    "safety_margin": 100,
}
PROBLEM = "application/problem+json"
FILLER = " ".join(f"row {n}: seat 12A window, fare 480 CNY, G7301 departs 07:05" for n in range(60))


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url) as client:
        yield client


@pytest.fixture
def key(client: TestClient) -> dict[str, str]:
    store = KeyStore(services_of(client.app).engine)
    _row, secret = store.create(tenant_id=f"t-{uuid.uuid4().hex[:10]}", role="agent")
    return bearer(secret)


def _create(client: TestClient, key: dict[str, str], **extra: Any) -> str:
    r = client.post(
        "/v1/sessions", json={"user_id": "alice", "budget": BUDGET, **extra}, headers=key
    )
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _append(client: TestClient, key: dict[str, str], sid: str, entries: list[Any]) -> Any:
    return client.post(f"/v1/sessions/{sid}/messages", json={"messages": entries}, headers=key)


def _session(client: TestClient, key: dict[str, str], sid: str) -> dict[str, Any]:
    r = client.get(f"/v1/sessions/{sid}", headers=key)
    assert r.status_code == 200
    return dict(r.json())


def _anthropic_loop(rounds: int) -> list[Any]:
    """A plain-string first message (no system), then ``rounds`` tool_use/tool_result rounds."""
    entries: list[Any] = [{"role": "user", "content": "find me a train from Beijing to Shanghai"}]
    for n in range(rounds):
        use = {"type": "tool_use", "id": f"toolu_{n}", "name": "search", "input": {"page": n}}
        entries.append(
            {"role": "assistant", "content": [{"type": "text", "text": "Searching."}, use]}
        )
        result = {"type": "tool_result", "tool_use_id": f"toolu_{n}", "content": f"{n}: {FILLER}"}
        entries.append({"role": "user", "content": [result]})
    entries.append({"role": "assistant", "content": "G7301 at 07:05 fits the budget."})
    return entries


def test_a_new_session_shows_auto_and_a_set_format_stays(client: TestClient, key) -> None:
    sid = _create(client, key)
    shown = _session(client, key, sid)
    assert shown["format"] == "auto"
    assert shown["format_candidates"] == ["anthropic", "openai-chat", "openai-responses"]
    assert client.get(f"/v1/sessions/{sid}/messages", headers=key).json()["format"] == "auto"
    chat = _create(client, key, format="openai-chat")
    assert _session(client, key, chat)["format"] == "openai-chat"
    anthropic = _create(client, key, system="You are a travel agent.")
    assert _session(client, key, anthropic)["format"] == "anthropic"


def test_anthropic_history_with_a_plain_first_message_counts_as_anthropic(
    client: TestClient, key
) -> None:
    sid = _create(client, key)
    entries = _anthropic_loop(4)
    assert _append(client, key, sid, entries[:1]).status_code == 200
    assert _session(client, key, sid)["format"] == "auto"
    undecided = client.post(f"/v1/sessions/{sid}/context", json={}, headers=key)
    assert undecided.status_code == 200, undecided.text
    r = _append(client, key, sid, entries[1:])
    assert r.status_code == 200, r.text
    ids = r.json()["ids"]
    assert _session(client, key, sid)["format"] == "anthropic"
    pinned = ids[0]  # the first tool_use, far from the tail
    r = client.put(f"/v1/sessions/{sid}/pins", json={"message_ids": [pinned]}, headers=key)
    assert r.status_code == 200, r.text
    r = client.post(f"/v1/sessions/{sid}/context", json={}, headers=key)
    assert r.status_code == 200, r.text
    out = r.json()
    expected = Compactor(Budget(**BUDGET)).compact(entries, format="anthropic")
    as_chat = Compactor(Budget(**BUDGET)).compact(entries, format="openai-chat")
    assert out["report"]["format"] == "anthropic"
    assert out["report"]["input_tokens"] == expected.report.input_tokens
    assert as_chat.report.input_tokens * 3 < expected.report.input_tokens  # the old undercount
    report = out["report"]
    # the context within the target; the recall block beside it within usable (a pinned tool
    # loop larger than the window's share takes the target's room, not the block's)
    assert report["compacted_tokens"] - report["recall"]["tokens"] <= report["target_tokens"]
    assert report["compacted_tokens"] <= report["usable_tokens"]
    sent = out["messages"]
    assert entries[1] in sent and entries[2] in sent  # the pinned tool_use with its tool_result
    assert sent.index(entries[2]) == sent.index(entries[1]) + 1
    assert out["report"]["state_reset"] is None  # the state made while undecided was kept


@pytest.mark.parametrize(
    ("bad", "pointer"),
    [
        ({"role": "wizard", "content": "abracadabra"}, "/messages/1/role"),
        ({"role": "user", "content": 5}, "/messages/1/content"),
        (
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "function": {}}]},
            "/messages/1/tool_calls",
        ),
        (
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t9", "name": "f", "input": "{}"}],
            },
            "/messages/1/content/0/input",
        ),
    ],
)
def test_an_anthropic_session_refuses_bad_entries_and_stores_nothing(
    client: TestClient, key, bad: dict[str, Any], pointer: str
) -> None:
    sid = _create(client, key, format="anthropic")
    assert _append(client, key, sid, _anthropic_loop(1)).status_code == 200
    r = _append(client, key, sid, [{"role": "user", "content": "and back?"}, bad])
    assert r.status_code == 422 and r.headers["content-type"].startswith(PROBLEM)
    problem = r.json()
    assert problem["index"] == 1 and problem["position"] == 5
    assert problem["pointer"] == pointer, problem
    assert problem["formats"] == ["anthropic"]
    assert _session(client, key, sid)["message_count"] == 4


def test_a_chat_session_refuses_other_formats_object_arguments_and_a_second_result(
    client: TestClient, key
) -> None:
    sid = _create(client, key)
    call = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    history = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
    ]
    assert _append(client, key, sid, history).status_code == 200
    assert _session(client, key, sid)["format"] == "openai-chat"
    use = {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}],
    }
    r = _append(client, key, sid, [use])
    assert r.status_code == 422 and r.json()["pointer"] == "/messages/0/content/0/type"
    objects = {**call, "id": "call_2", "function": {"name": "f", "arguments": {"a": 1}}}
    r = _append(client, key, sid, [{"role": "assistant", "content": None, "tool_calls": [objects]}])
    assert r.status_code == 422
    assert r.json()["pointer"] == "/messages/0/tool_calls/0/function/arguments"
    again = {"role": "tool", "tool_call_id": "call_1", "content": "again"}
    r = _append(client, key, sid, [{"role": "assistant", "content": "done"}, again])
    assert r.status_code == 422, r.text
    assert r.json()["call_id"] == "call_1" and r.json()["index"] == 1
    assert r.json()["pointer"] == "/messages/1"
    assert _session(client, key, sid)["message_count"] == 3


def test_an_auto_session_narrows_and_refuses_a_mixed_batch(client: TestClient, key) -> None:
    sid = _create(client, key)
    system = {"role": "system", "content": "Be brief."}
    assert _append(client, key, sid, [system]).status_code == 200
    shown = _session(client, key, sid)
    assert shown["format"] == "auto"
    assert shown["format_candidates"] == ["openai-chat", "openai-responses"]
    use = {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}],
    }
    r = _append(client, key, sid, [{"role": "user", "content": "hi"}, use])
    assert r.status_code == 422 and r.json()["index"] == 1
    assert r.json()["formats"] == ["openai-chat", "openai-responses"]
    call = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}
    assert _append(client, key, sid, [{"role": "user", "content": "hi"}, call]).status_code == 200
    assert _session(client, key, sid)["format"] == "openai-responses"


@pytest.mark.parametrize("fmt", ["openai-chat", "openai-responses"])
def test_a_chat_or_responses_session_refuses_anthropics_system_field(
    client: TestClient, key: dict[str, str], fmt: str
) -> None:
    """Chat and Responses carry their system prompt as a message: Anthropic's top-level
    ``system`` on such a session is a 422, and no session is made."""
    before = client.get("/v1/sessions", headers=key).json()["items"]
    body = {"user_id": "alice", "budget": BUDGET, "format": fmt, "system": "Be brief."}
    r = client.post("/v1/sessions", json=body, headers=key)
    assert r.status_code == 422 and r.headers["content-type"].startswith(PROBLEM)
    assert "system" in r.json()["detail"]
    assert client.get("/v1/sessions", headers=key).json()["items"] == before
