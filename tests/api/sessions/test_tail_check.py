"""Appends check the stored tail only: same ids and the same verdicts as a full read (SQLite and
PostgreSQL), including the cases where the shortcut must fall back to the whole history."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.services import services_of
from api.sessions.tail_check import TAIL_WINDOW
from api.storage.keys import KeyStore
from runtime.errors import ProtocolError
from runtime.formats import read_history
from runtime.grouping import group_messages
from tests.api._sessions_support import (
    chat_history,
    sessions_client,
)
from tests.api.conftest import bearer


@pytest.fixture(scope="module")
def client(module_database_url: str) -> Iterator[TestClient]:
    with sessions_client(module_database_url) as client:
        yield client


def _session(client: TestClient) -> tuple[str, dict[str, str]]:
    store = KeyStore(services_of(client.app).engine)
    key = bearer(store.create(tenant_id=f"t-{uuid.uuid4().hex[:10]}", role="agent")[1])
    r = client.post("/v1/sessions", json={"user_id": "u", "format": "openai-chat"}, headers=key)
    return str(r.json()["id"]), key


def _append(client: TestClient, sid: str, key: dict[str, str], batch: list[Any]) -> Any:
    return client.post(f"/v1/sessions/{sid}/messages", json={"messages": batch}, headers=key)


def _call(call_id: str) -> dict[str, Any]:
    function = {"name": "search", "arguments": "{}"}
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": call_id, "type": "function", "function": function}]}  # fmt: skip


def test_ids_equal_a_full_read_turn_by_turn(client: TestClient) -> None:
    sid, key = _session(client)
    history = chat_history(30)  # > TAIL_WINDOW entries, derived ids only
    ids: list[str] = []
    for i in range(0, len(history), 3):
        r = _append(client, sid, key, history[i : i + 3])
        assert r.status_code in (200, 201), r.text
        ids += r.json()["ids"]
    assert len(history) > TAIL_WINDOW
    assert ids == [m.id for m in read_history(history, format="openai-chat").messages]


def test_long_tool_chain_answers_a_call_before_the_window(client: TestClient) -> None:
    sid, key = _session(client)
    assert _append(client, sid, key, chat_history(2)).status_code in (200, 201)
    # an open call, then more than a window of entries without a plain user message
    chain: list[Any] = [_call("open_1")]
    for i in range(TAIL_WINDOW + 4):
        chain += [_call(f"c{i}"), {"role": "tool", "tool_call_id": f"c{i}", "content": "ok"}]
    assert _append(client, sid, key, chain).status_code in (200, 201)
    r = _append(client, sid, key, [{"role": "tool", "tool_call_id": "open_1", "content": "late"}])
    assert r.status_code in (200, 201), r.text
    r = _append(client, sid, key, [{"role": "tool", "tool_call_id": "open_1", "content": "again"}])
    assert r.status_code == 422 and r.json()["reason"] == "answered_twice"


def test_duplicate_of_an_open_call_far_back_is_still_refused(client: TestClient) -> None:
    sid, key = _session(client)
    history = [{"role": "user", "content": "start"}, _call("far_1"), *chat_history(30, start=1)]
    r = _append(client, sid, key, history)
    assert r.status_code in (200, 201), r.text
    r = _append(client, sid, key, [_call("far_1")])
    assert r.status_code == 422, r.text
    assert r.json()["reason"] == "duplicate_call_id" and r.json()["call_id"] == "far_1"
    # an orphan result is named with its real position
    r = _append(client, sid, key, [{"role": "tool", "tool_call_id": "nope", "content": "x"}])
    assert r.status_code == 422 and r.json()["position"] == len(history)


def test_same_own_id_twice_in_one_batch(client: TestClient) -> None:
    sid, key = _session(client)
    entry = {"role": "user", "content": "hello", "id": "own-1"}
    r = _append(client, sid, key, [entry, entry])
    assert r.status_code in (200, 201), r.text
    assert r.json()["ids"] == ["own-1", "own-1"] and r.json()["appended"] == 1
    other = {**entry, "content": "changed"}
    assert _append(client, sid, key, [other]).status_code == 409


def _random_entry(rng: random.Random, pool: list[str]) -> dict[str, Any]:
    kind = rng.random()
    if kind < 0.3:
        return {"role": "user", "content": f"u{rng.randrange(1000)}"}
    if kind < 0.55:
        return _call(rng.choice(pool))
    if kind < 0.85:
        return {"role": "tool", "tool_call_id": rng.choice(pool), "content": "r"}
    return {"role": "assistant", "content": f"a{rng.randrange(1000)}"}


def _full_verdict(history: list[Any]) -> tuple[str | None, int | None]:
    try:
        group_messages(read_history(history, format="openai-chat").messages)
    except ProtocolError as exc:
        return exc.reason, exc.index
    return None, None


def test_randomized_verdicts_and_ids_equal_a_full_read(client: TestClient) -> None:
    """Seeded random Chat batches (a small call-id pool: reused, duplicated, orphan and late
    ids) past the tail window: every verdict, reason, position and id is the full read's."""
    for seed in range(3):
        rng = random.Random(seed)
        sid, key = _session(client)
        accepted: list[Any] = [{"role": "user", "content": "start"}]
        assert _append(client, sid, key, accepted).status_code in (200, 201)
        pool = [f"k{seed}_{i}" for i in range(12)]
        for _ in range(2000):  # bounded; user messages always pass, so this ends far sooner
            if len(accepted) >= TAIL_WINDOW + 60:
                break
            batch = [_random_entry(rng, pool) for _ in range(rng.randint(1, 3))]
            expected, position = _full_verdict(accepted + batch)
            r = _append(client, sid, key, batch)
            if expected is None:
                assert r.status_code in (200, 201), (seed, len(accepted), r.text)
                accepted += batch
                ids = [m.id for m in read_history(accepted, format="openai-chat").messages]
                assert r.json()["ids"] == ids[-len(batch) :]
            else:
                assert r.status_code == 422, (seed, len(accepted), expected, r.text)
                assert (r.json()["reason"], r.json()["position"]) == (expected, position)
        assert len(accepted) >= TAIL_WINDOW + 60
