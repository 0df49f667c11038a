"""The sessions API over HTTP on SQLite and PostgreSQL: auth and tenancy, append, pins, context,
usage feedback, summaries and restore, delete, problem details."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.services import services_of
from api.storage.keys import KeyStore
from runtime.protocol import find_protocol_errors
from tests.api._sessions_support import (
    FakeSummarizer,
    chat_history,
    sessions_client,
)
from tests.api.conftest import bearer, make_settings
from tests.runtime.adapters.scripted_openai import chat_completion, scripted_openai

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}
PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url, summarizer=FakeSummarizer()) as client:
        yield client


@pytest.fixture
def tenant() -> str:
    return f"t-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def keys(client: TestClient, tenant: str) -> dict[str, dict[str, str]]:
    store = KeyStore(services_of(client.app).engine)

    def key(tenant_id: str, role: str, user: str | None = None) -> dict[str, str]:
        _row, secret = store.create(tenant_id=tenant_id, role=role, user_id=user)
        return bearer(secret)

    return {
        "agent": key(tenant, "agent"),
        "alice": key(tenant, "agent", user="alice"),
        "other_tenant": key(f"{tenant}-other", "agent"),
        "consolidator": key(tenant, "consolidator"),
        "admin": key(tenant, "admin"),
    }


def _create(client: TestClient, key: dict[str, str], user: str = "alice", **extra) -> str:
    body = {"user_id": user, "budget": SMALL, **extra}
    r = client.post("/v1/sessions", json=body, headers=key)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_create_get_list_and_openapi(client: TestClient, keys, tenant: str) -> None:
    r = client.post(
        "/v1/sessions",
        json={"user_id": "alice", "format": "openai-chat", "metadata": {"task": "trip"}},
        headers=keys["agent"],
    )
    assert r.status_code == 201
    body = r.json()
    assert body["tenant_id"] == tenant and body["user_id"] == "alice"
    assert body["budget"]["context_limit"] == 128_000 and body["message_count"] == 0
    other = _create(client, keys["agent"], user="bob")
    listed = client.get("/v1/sessions", headers=keys["agent"]).json()["items"]
    assert {s["id"] for s in listed} == {body["id"], other}
    only_bob = client.get("/v1/sessions?user_id=bob", headers=keys["agent"]).json()["items"]
    assert [s["id"] for s in only_bob] == [other]
    assert client.get(f"/v1/sessions/{other}", headers=keys["agent"]).json()["user_id"] == "bob"
    paths = client.get("/openapi.json").json()["paths"]
    assert "/v1/sessions/{session_id}/context" in paths
    assert "/v1/sessions/{session_id}/summaries/{version}/restore" in paths


def test_auth_roles_and_tenancy(client: TestClient, keys) -> None:
    sid = _create(client, keys["agent"], user="bob")
    assert client.get(f"/v1/sessions/{sid}").status_code == 401
    assert client.get(f"/v1/sessions/{sid}", headers=keys["consolidator"]).status_code == 403
    missing = client.get("/v1/sessions/s_missing", headers=keys["agent"])
    for key in ("other_tenant", "alice"):  # another tenant, a key restricted to another user
        r = client.get(f"/v1/sessions/{sid}", headers=keys[key])
        assert r.status_code == 404 and r.headers["content-type"].startswith(PROBLEM)
        assert r.json()["title"] == missing.json()["title"]
        for method, path in (
            ("post", f"/v1/sessions/{sid}/context"),
            ("get", f"/v1/sessions/{sid}/summaries"),
            ("delete", f"/v1/sessions/{sid}"),
        ):
            assert client.request(method, path, headers=keys[key]).status_code == 404
    assert client.get("/v1/sessions", headers=keys["other_tenant"]).json()["items"] == []
    # Whatever the query says, a restricted key only lists its own user's sessions.
    assert client.get("/v1/sessions?user_id=bob", headers=keys["alice"]).json()["items"] == []
    assert client.post("/v1/sessions", json={"user_id": "bob"}, headers=keys["alice"]).status_code
    assert client.get(f"/v1/sessions/{sid}", headers=keys["agent"]).status_code == 200


def test_append_idempotency_conflict_and_protocol_problem(client: TestClient, keys) -> None:
    sid = _create(client, keys["alice"])
    url = f"/v1/sessions/{sid}/messages"
    history = chat_history(2)
    r = client.post(url, json={"messages": history[:4]}, headers=keys["alice"])
    assert r.status_code == 200 and r.json()["appended"] == 4
    ids = r.json()["ids"]
    r = client.post(url, json={"messages": history, "offset": 0}, headers=keys["alice"])
    assert r.json()["ids"][:4] == ids and r.json()["appended"] == 5
    r = client.post(url, json={"messages": [{"role": "user", "content": "x"}], "offset": 1},
                    headers=keys["alice"])  # fmt: skip
    assert r.status_code == 409 and r.headers["content-type"].startswith(PROBLEM)
    r = client.post(
        url,
        json={"messages": [{"role": "tool", "tool_call_id": "ghost", "content": "?"}]},
        headers=keys["alice"],
    )
    assert r.status_code == 422 and r.headers["content-type"].startswith(PROBLEM)
    problem = r.json()
    assert problem["call_id"] == "ghost" and problem["message_id"].startswith("m9-")
    assert client.get(f"/v1/sessions/{sid}", headers=keys["alice"]).json()["message_count"] == 9
    r = client.post(url, json={"messages": "not a list"}, headers=keys["alice"])
    assert r.status_code == 422


def test_context_report_pins_override_and_usage(client: TestClient, keys) -> None:
    sid = _create(client, keys["alice"])
    history = chat_history(30)
    ids = client.post(
        f"/v1/sessions/{sid}/messages", json={"messages": history}, headers=keys["alice"]
    ).json()["ids"]
    pinned = ids[1]  # the first user question: old, would be dropped without the pin
    r = client.put(
        f"/v1/sessions/{sid}/pins", json={"message_ids": [pinned]}, headers=keys["alice"]
    )
    assert r.status_code == 200 and r.json()["message_ids"] == [pinned]
    assert (
        client.put(
            f"/v1/sessions/{sid}/pins", json={"message_ids": ["nope"]}, headers=keys["alice"]
        ).status_code
        == 422
    )
    r = client.post(f"/v1/sessions/{sid}/context", json={}, headers=keys["alice"])
    assert r.status_code == 200
    out = r.json()
    report = out["report"]
    assert pinned in out["ids"] and report["triggered"] is True
    assert report["compacted_tokens"] <= report["usable_tokens"]
    assert find_protocol_errors(out["messages"], format="openai-chat") == []
    for key in ("calibration", "adaptive_trigger", "session_budget", "strategy", "elapsed_ms"):
        assert key in report
    # A per-call override applies to this call only.
    r = client.post(
        f"/v1/sessions/{sid}/context",
        json={"budget": {"context_limit": 2000}},
        headers=keys["alice"],
    )
    assert r.json()["report"]["session_budget"]["context_limit"] == 2000
    bad = {"budget": {"context_limit": 100}}
    r = client.post(f"/v1/sessions/{sid}/context", json=bad, headers=keys["alice"])
    assert r.status_code == 422
    # Usage: the provider counted 25% more than we did; the next budget shrinks accordingly.
    own = client.post(f"/v1/sessions/{sid}/context", headers=keys["alice"]).json()["report"]
    usage = {"input_tokens": round(own["compacted_tokens"] * 1.25), "output_tokens": 40,
             "cached_input_tokens": 100, "latency_ms": 812.5, "ttft_ms": 300}  # fmt: skip
    r = client.post(f"/v1/sessions/{sid}/usage", json=usage, headers=keys["alice"])
    assert r.status_code == 200 and r.json()["calibration_factor"] == pytest.approx(1.25, abs=0.01)
    report = client.post(f"/v1/sessions/{sid}/context", headers=keys["alice"]).json()["report"]
    assert report["calibration"]["factor"] == pytest.approx(1.25, abs=0.01)
    assert report["usable_tokens"] < report["session_budget"]["usable_tokens"]
    metrics = client.get("/metrics").text
    assert "tiermem_compactions_total" in metrics and 'kind="cached_input"' in metrics


def test_summaries_restore_and_delete(client: TestClient, keys) -> None:
    sid = _create(client, keys["alice"])
    history = chat_history(60)
    for start in range(0, len(history), 40):
        chunk = history[start : start + 40]
        client.post(f"/v1/sessions/{sid}/messages", json={"messages": chunk}, headers=keys["alice"])
        client.post(f"/v1/sessions/{sid}/context", headers=keys["alice"])
    listed = client.get(f"/v1/sessions/{sid}/summaries", headers=keys["alice"]).json()
    versions = [s["version"] for s in listed["items"]]
    assert versions == list(range(1, len(versions) + 1)) and len(versions) >= 3
    assert listed["current_version"] == versions[-1]
    one = client.get(f"/v1/sessions/{sid}/summaries/1", headers=keys["alice"]).json()
    assert one["snapshot"]["version"] == 1 and one["snapshot"]["messages_sha256"]
    assert isinstance(one["diff"], dict) and one["diff"]["added"]
    two = client.get(f"/v1/sessions/{sid}/summaries/2", headers=keys["alice"]).json()
    assert two["previous_version"] == 1
    assert client.get(f"/v1/sessions/{sid}/summaries/99", headers=keys["alice"]).status_code == 404
    r = client.post(f"/v1/sessions/{sid}/summaries/1/restore", headers=keys["alice"])
    assert r.status_code == 201, r.text
    restored = r.json()
    assert restored["version"] == versions[-1] + 1 and restored["restored_from"] == 1
    assert restored["summary"]["facts"] == one["summary"]["facts"]
    again = client.get(f"/v1/sessions/{sid}/summaries/{restored['version']}", headers=keys["alice"])
    assert again.json()["restored_from"] == 1 and again.json()["current"] is True
    audit = client.get("/v1/audit", params={"action": "restore"}, headers=keys["admin"]).json()
    rows = [row for row in audit["items"] if row["object_id"] == f"{sid}/v{restored['version']}"]
    assert len(rows) == 1 and rows[0]["object_type"] == "summary"
    current = restored["version"]
    r = client.post(f"/v1/sessions/{sid}/summaries/{current}/restore", headers=keys["alice"])
    assert r.status_code == 409
    # Compaction goes on from the restored version: nothing lost, versions keep counting.
    out = client.post(f"/v1/sessions/{sid}/context", headers=keys["alice"]).json()
    assert find_protocol_errors(out["messages"], format="openai-chat") == []
    assert out["report"]["summary_version"] >= current
    r = client.delete(f"/v1/sessions/{sid}", headers=keys["alice"])
    assert r.status_code == 204
    assert client.get(f"/v1/sessions/{sid}", headers=keys["alice"]).status_code == 404
    assert client.get(f"/v1/sessions/{sid}/summaries/1", headers=keys["alice"]).status_code == 404


def test_anthropic_session_keeps_system_untouched(client: TestClient, keys) -> None:
    system = [{"type": "text", "text": "You are a travel agent.", "cache_control": {"type": "x"}}]
    sid = _create(client, keys["alice"], format="anthropic", system=system)
    messages = [
        {"role": "user", "content": "Find trains to Hangzhou."},
        {"role": "assistant", "content": [
            {"type": "text", "text": "Searching."},
            {"type": "tool_use", "id": "tu_1", "name": "search", "input": {"to": "Hangzhou"}},
        ]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "tu_1", "content": "G7301 08:00"},
        ]},
    ]  # fmt: skip
    r = client.post(
        f"/v1/sessions/{sid}/messages", json={"messages": messages}, headers=keys["alice"]
    )
    assert r.status_code == 200, r.text
    out = client.post(f"/v1/sessions/{sid}/context", headers=keys["alice"]).json()
    assert out["system"] == system and out["messages"] == messages


def test_empty_session_impossible_budget_and_usage_totals(client: TestClient, keys) -> None:
    bad = {"user_id": "alice", "budget": {"context_limit": 1000, "max_output_tokens": 4096}}
    r = client.post("/v1/sessions", json=bad, headers=keys["alice"])
    assert r.status_code == 422 and r.headers["content-type"].startswith(PROBLEM)
    inverted = {
        "user_id": "alice",
        "budget": {"context_limit": 9000, "trigger": 0.5, "target": 0.7},
    }
    assert client.post("/v1/sessions", json=inverted, headers=keys["alice"]).status_code == 422
    sid = _create(client, keys["alice"])
    out = client.post(f"/v1/sessions/{sid}/context", headers=keys["alice"])
    assert out.status_code == 200 and out.json()["messages"] == []
    for n in range(2):
        usage = {"input_tokens": 1000, "cached_input_tokens": 250 * n, "output_tokens": 10}
        assert (
            client.post(f"/v1/sessions/{sid}/usage", json=usage, headers=keys["alice"]).status_code
            == 200
        )
    totals = client.get(f"/v1/sessions/{sid}", headers=keys["alice"]).json()["usage"]
    assert totals == {
        "reports": 2,
        "input_tokens": 2000,
        "cached_input_tokens": 250,
        "output_tokens": 20,
        "cache_hit_rate": 0.125,
    }


def test_responses_session_with_tools_and_pending_call(client: TestClient, keys) -> None:
    tools = [
        {
            "type": "function",
            "name": "search_trains",
            "description": "Search trains between two cities on a date.",
            "parameters": {
                "type": "object",
                "properties": {"from": {"type": "string"}, "to": {"type": "string"}},
            },
        }
    ]
    sid = _create(client, keys["alice"], format="openai-responses", tools=tools)
    items = [
        {"type": "message", "role": "developer", "content": "You book trains."},
        {"type": "message", "role": "user", "content": "Shanghai to Hangzhou, under 200 CNY."},
        {"type": "reasoning", "id": "rs_1", "summary": []},
        {"type": "function_call", "call_id": "fc_1", "name": "search_trains",
         "arguments": '{"from": "Shanghai", "to": "Hangzhou"}'},
    ]  # fmt: skip
    url = f"/v1/sessions/{sid}/messages"
    r = client.post(url, json={"messages": items}, headers=keys["alice"])
    assert r.status_code == 200, r.text
    assert r.json()["ids"][2] == "rs_1"  # an item's own id is used
    # The call is pending at the tail (in flight): a valid history, and /context keeps it whole.
    out = client.post(f"/v1/sessions/{sid}/context", headers=keys["alice"]).json()
    assert out["messages"] == items and out["report"]["format"] == "openai-responses"
    with_tools = out["report"]["input_tokens"]
    result = {"type": "function_call_output", "call_id": "fc_1", "output": "G7301 08:00 CNY 73"}
    r = client.post(url, json={"messages": [result]}, headers=keys["alice"])
    assert r.status_code == 200
    r = client.post(url, json={"messages": [result]}, headers=keys["alice"])
    assert r.status_code == 422 and r.json()["call_id"] == "fc_1"  # answered twice
    bare = _create(client, keys["alice"], format="openai-responses")
    client.post(f"/v1/sessions/{bare}/messages", json={"messages": items}, headers=keys["alice"])
    plain = client.post(f"/v1/sessions/{bare}/context", headers=keys["alice"]).json()
    assert with_tools > plain["report"]["input_tokens"]  # tool definitions are counted


def test_history_reads_back_pages_with_ids(client: TestClient, keys) -> None:
    sid = _create(client, keys["alice"])
    history = chat_history(5)
    ids = client.post(
        f"/v1/sessions/{sid}/messages", json={"messages": history}, headers=keys["alice"]
    ).json()["ids"]
    page = client.get(f"/v1/sessions/{sid}/messages?limit=4", headers=keys["alice"])
    assert page.status_code == 200
    first = page.json()
    assert first["total"] == 21 and first["ids"] == ids[:4] and first["items"] == history[:4]
    url = f"/v1/sessions/{sid}/messages?limit=10&cursor={first['next_cursor']}"
    body = client.get(url, headers=keys["alice"]).json()
    assert body["ids"] == ids[4:14] and body["items"] == history[4:14]
    assert body["next_cursor"] is not None
    last = client.get(f"{url.split('&')[0]}&cursor={body['next_cursor']}", headers=keys["alice"])
    assert last.json()["ids"] == ids[14:] and last.json()["next_cursor"] is None
    r = client.get(f"/v1/sessions/{sid}/messages?cursor=bm90LWEtY3Vyc29y", headers=keys["alice"])
    assert r.status_code == 422 and r.json()["type"].endswith("/unprocessable")
    r = client.get(f"/v1/sessions/{sid}/messages", headers=keys["other_tenant"])
    assert r.status_code == 404


def test_openai_summarizer_from_settings_against_scripted_server(
    module_database_url: str,
) -> None:
    """Uses a scripted OpenAI-compatible server on 127.0.0.1 (nothing leaves the machine): the
    service builds the ``openai`` summarizer from its settings, and a failing endpoint falls
    back to the window instead of failing the request."""
    empty: dict[str, list[str]] = {
        "facts": [],
        "decisions": [],
        "open_questions": [],
        "tool_result_digests": [],
    }
    with scripted_openai() as server:
        settings = make_settings(
            module_database_url,
            summarizer="openai",
            llm_base_url=server.base_url,
            llm_model="scripted-model",
            openai_api_key="sk-scripted-test",
        )
        app = create_app(settings)
        with TestClient(app) as client:
            _row, secret = KeyStore(services_of(app).engine).create(
                tenant_id=f"t-{uuid.uuid4().hex[:10]}", role="agent", user_id=None
            )
            key = bearer(secret)
            budget = {**SMALL, "context_limit": 4000}
            sid = _create(client, key, user="carol", budget=budget)
            client.post(
                f"/v1/sessions/{sid}/messages", json={"messages": chat_history(30)}, headers=key
            )
            server.script(chat_completion(json.dumps(empty), prompt_tokens=321))
            report = client.post(f"/v1/sessions/{sid}/context", headers=key).json()["report"]
            assert report["summarizer"] == "openai" and report["strategy"] == "summary"
            assert report["summarizer_tokens_in"] == 321
            assert server.headers[0]["authorization"] == "Bearer sk-scripted-test"
            assert server.requests[0]["model"] == "scripted-model"
            client.post(
                f"/v1/sessions/{sid}/messages",
                json={"messages": chat_history(30, start=30)},
                headers=key,
            )
            # Nothing scripted any more: the endpoint answers 500, the service still answers.
            r = client.post(f"/v1/sessions/{sid}/context", headers=key)
            assert r.status_code == 200
            assert r.json()["report"]["fallback"] == "summarizer_error"
            assert r.json()["report"]["strategy"] == "window"


def test_misconfigured_summarizer_is_reported_not_hidden(
    module_database_url: str,
) -> None:
    app = create_app(make_settings(module_database_url, summarizer="openai", llm_base_url=None))
    with TestClient(app) as client:  # starts: the misconfiguration is logged, not fatal
        assert client.get("/healthz").status_code == 200
        _row, secret = KeyStore(services_of(app).engine).create(
            tenant_id=f"t-{uuid.uuid4().hex[:10]}", role="agent", user_id=None
        )
        sid = _create(client, bearer(secret), user="dave")
        r = client.post(f"/v1/sessions/{sid}/context", headers=bearer(secret))
        assert r.status_code == 500 and r.headers["content-type"].startswith(PROBLEM)
        assert "summarizer misconfigured" in r.json()["detail"]


def test_lone_surrogate_is_refused_not_a_server_error(client: TestClient, keys) -> None:
    sid = _create(client, keys["alice"])
    raw = b'{"messages": [{"role": "user", "content": "broken \\ud800 text"}]}'
    r = client.post(
        f"/v1/sessions/{sid}/messages",
        content=raw,
        headers={**keys["alice"], "Content-Type": "application/json"},
    )
    assert r.status_code == 422 and "lone surrogate" in r.json()["detail"]
    assert client.get(f"/v1/sessions/{sid}", headers=keys["alice"]).json()["message_count"] == 0
    raw = b'{"user_id": "alice", "metadata": {"note": "\\udc00"}}'
    headers = {**keys["alice"], "Content-Type": "application/json"}
    assert client.post("/v1/sessions", content=raw, headers=headers).status_code == 422
