"""End to end: a real recorded tau-bench run driven through the sessions API, as an agent would.

The run (``../shared/data/tau-bench/gpt-4o-airline.json``, the one with the most messages) is
replayed turn by turn: each user message and tool result is appended when it arrives, and before
each assistant turn the agent asks ``/context`` with a small budget, checks the returned context
with the protocol validator and against the budget, sends it (here: pretends to) and reports the
provider's usage. At the end it restores an older summary version and reads it back. Runs on
SQLite and PostgreSQL; skips with the reason when the data is absent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from runtime.protocol import find_protocol_errors
from tests.api._sessions_support import FakeSummarizer, sessions_client
from tests.api.conftest import bearer, make_key
from tests.conftest import shared_data

# Every test migrates its database first (make_key, the app's startup): start from a migrated copy.
pytestmark = pytest.mark.migrated_database

BUDGET = {
    "context_limit": 4000,
    "max_output_tokens": 500,
    "tool_reserve": 300,
    "safety_margin": 200,
}
PROVIDER_OVERHEAD = 1.04  # the provider counts a little more than tiktoken does


def _summarizer() -> Any:
    """The product's default (extractive) summarizer, or a fake while it is not installed."""
    try:
        from runtime.summary.extractive import ExtractiveSummarizer
    except ImportError:
        return FakeSummarizer()
    return ExtractiveSummarizer()


@pytest.fixture(scope="module")
def run() -> list[dict[str, Any]]:
    path = shared_data("tau-bench", "gpt-4o-airline.json")
    runs = json.loads(path.read_text())
    longest = max(runs, key=lambda r: len(r["traj"]))
    traj: list[dict[str, Any]] = longest["traj"]
    return traj


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with sessions_client(database_url, summarizer=_summarizer()) as client:
        yield client


class Agent:
    """The agent's side of the protocol: append, ask for context, report usage."""

    def __init__(self, client: TestClient, key: dict[str, str], session_id: str) -> None:
        self.client, self.key, self.url = client, key, f"/v1/sessions/{session_id}"
        self.contexts: list[dict[str, Any]] = []

    def append(self, message: dict[str, Any]) -> str:
        r = self.client.post(f"{self.url}/messages", json={"messages": [message]}, headers=self.key)
        assert r.status_code == 200, r.text
        ids: list[str] = r.json()["ids"]
        return ids[0]

    def context(self) -> dict[str, Any]:
        r = self.client.post(f"{self.url}/context", json={}, headers=self.key)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        report = out["report"]
        assert find_protocol_errors(out["messages"], format="openai-chat") == []
        assert len(out["ids"]) == len(out["messages"])
        if not report["over_budget"]:
            assert report["compacted_tokens"] <= report["usable_tokens"]
        self.contexts.append(out)
        return out

    def report_usage(self, context: dict[str, Any]) -> dict[str, Any]:
        own = context["report"]["compacted_tokens"]
        usage = {
            "input_tokens": round(own * PROVIDER_OVERHEAD),
            "cached_input_tokens": 1024,  # the stable system prompt hits the provider's cache
            "output_tokens": 60,
            "request_bytes": len(json.dumps(context["messages"])),
            "latency_ms": 900.0,
        }
        r = self.client.post(f"{self.url}/usage", json=usage, headers=self.key)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out


def _replay(agent: Agent, traj: list[dict[str, Any]]) -> list[str]:
    """Append the run turn by turn, asking for context before every assistant turn."""
    ids: list[str] = []
    for message in traj:
        if message["role"] == "assistant":
            context = agent.context()
            # The newest message is always sent verbatim: the agent answers what it just saw.
            assert context["ids"][-1] == ids[-1]
            assert context["messages"][-1] == traj[len(ids) - 1]
            agent.report_usage(context)
        ids.append(agent.append(message))
    return ids


def test_taubench_run_through_the_api(
    client: TestClient, database_url: str, run: list[dict[str, Any]]
) -> None:
    key = bearer(make_key(database_url, "airline", "agent", user="customer-1"))
    r = client.post("/v1/sessions", json={"user_id": "customer-1", "budget": BUDGET}, headers=key)
    assert r.status_code == 201
    session_id = r.json()["id"]
    agent = Agent(client, key, session_id)
    ids = _replay(agent, run)

    session = client.get(f"/v1/sessions/{session_id}", headers=key).json()
    assert session["message_count"] == len(run) and session["format"] == "openai-chat"
    assert session["usage_reports"] == sum(1 for m in run if m["role"] == "assistant")
    assert session["calibration_factor"] == pytest.approx(PROVIDER_OVERHEAD, abs=0.01)
    reports = [c["report"] for c in agent.contexts]
    assert any(r["triggered"] for r in reports), "the small budget never triggered compaction"
    assert reports[-1]["input_tokens"] > reports[-1]["usable_tokens"]  # the run outgrew it
    # The system prompt (the provider-cached prefix) is the first entry of every context.
    assert all(c["messages"][0] == run[0] and c["ids"][0] == ids[0] for c in agent.contexts)

    listed = client.get(f"/v1/sessions/{session_id}/summaries", headers=key).json()
    versions = [s["version"] for s in listed["items"]]
    assert len(versions) >= 2, [r["fallback"] for r in reports if r["triggered"]]
    assert versions == list(range(1, len(versions) + 1))
    older = client.get(f"/v1/sessions/{session_id}/summaries/1", headers=key).json()
    assert older["snapshot"]["first_message_id"] in ids

    r = client.post(f"/v1/sessions/{session_id}/summaries/1/restore", headers=key)
    assert r.status_code == 201, r.text
    restored = r.json()
    assert restored["version"] == versions[-1] + 1 and restored["restored_from"] == 1
    back = client.get(f"/v1/sessions/{session_id}/summaries/{restored['version']}", headers=key)
    assert back.status_code == 200
    got = back.json()
    assert got["current"] is True and got["restored_from"] == 1
    for part in ("facts", "decisions", "open_questions", "tool_result_digests"):
        assert got["summary"][part] == older["summary"][part]
    # The next context carries the restored version's content and is still valid and in budget.
    after = agent.context()
    assert any(i.startswith("summary-v") for i in after["ids"])
    assert after["report"]["summary_version"] >= restored["version"]
