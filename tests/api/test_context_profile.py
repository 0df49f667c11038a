"""``include_profile`` on ``/context`` over HTTP, on SQLite and PostgreSQL: the user's readable,
current preferences and recent events, ranked by the latest user message, as one untrusted
block after the prefix within ``profile_share``; expired, deleted, erased and (for an agent key)
sensitive memories never appear; off by default."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from runtime.blocks import GUARD_TEXT, is_data_block
from runtime.profile import OPEN_TAG
from tests.api.conftest import bearer, make_key, unique_tenant

BUDGET = {"context_limit": 6000, "max_output_tokens": 500, "tool_reserve": 100}
START = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def _remember(client: Any, h: dict[str, str], admin: dict[str, str], user: str) -> dict[str, str]:
    base = f"/v1/users/{user}"
    ids: dict[str, str] = {}
    for key, value, extra in (
        ("travel.home_city", "Hangzhou", {}),
        ("other.note", "prefers quiet cars on trains", {}),
        ("other.gone", "to be deleted", {}),
        ("other.short", "expires soon", {"ttl_seconds": 60}),
    ):
        body = {"value": value, "source": "user_stated", **extra}
        r = client.put(f"{base}/preferences/{key}", json=body, headers=h)
        assert r.status_code == 201, r.text
        ids[key] = key  # a preference is named by its key
    secret = {"value": "peanut allergy", "source": "user_stated"}
    r = client.put(f"{base}/preferences/health.allergy", json=secret, headers=admin)
    assert r.status_code == 201, r.text
    ids["health.allergy"] = "health.allergy"
    assert client.delete(f"{base}/preferences/other.gone", headers=h).status_code == 204
    for name, text, extra in (
        ("train", "booked train G7301 Beijing to Shanghai, window seat", {}),
        ("hotel", "stayed at a hotel in Hangzhou near the lake", {}),
        ("flash", "looked at flights to Xi'an", {"ttl_seconds": 60}),
    ):
        event = {
            "kind": "trip.booked",
            "text": text,
            "source": "user_stated",
            "occurred_at": "2026-11-20T08:00:00+08:00",
            **extra,
        }
        r = client.post(f"{base}/events", json=event, headers=h)
        assert r.status_code == 201, r.text
        ids[name] = r.json()["id"]
    return ids


def _session(client: Any, h: dict[str, str], user: str, messages: list[Any]) -> str:
    r = client.post("/v1/sessions", json={"user_id": user, "budget": BUDGET}, headers=h)
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    r = client.post(f"/v1/sessions/{sid}/messages", json={"messages": messages}, headers=h)
    assert r.status_code == 200, r.text
    return str(sid)


def _block(messages: list[Any]) -> tuple[int, dict[str, Any]]:
    for index, message in enumerate(messages):
        content = message.get("content")
        text = content if isinstance(content, str) else ""
        if OPEN_TAG in text:
            body = text.split("\n")[1]
            return index, json.loads(body)
    raise AssertionError("no profile block")


def test_profile_block_is_ranked_filtered_and_within_its_share(client_with, database_url) -> None:
    clock = Clock()
    client = client_with(clock=clock)
    tenant = unique_tenant()
    h = bearer(make_key(database_url, tenant, "agent"))
    admin = bearer(make_key(database_url, tenant, "admin"))
    ids = _remember(client, h, admin, "u1")
    clock.now = START + timedelta(seconds=61)  # "other.short" and "flash" have expired
    history = [
        {"role": "system", "content": "You are a travel agent."},
        {"role": "user", "content": "I need a train to Shanghai again, like last time."},
    ]
    sid = _session(client, h, "u1", history)
    url = f"/v1/sessions/{sid}/context"
    plain = client.post(url, json={}, headers=h).json()
    assert plain["report"]["profile"] is None
    assert not any(OPEN_TAG in str(m.get("content")) for m in plain["messages"])
    r = client.post(url, json={"include_profile": True}, headers=h)
    assert r.status_code == 200, r.text
    out = r.json()
    at, body = _block(out["messages"])
    assert at == 1 and out["ids"][1] == "profile"  # right after the system prefix
    assert out["messages"][1]["role"] == "user" and is_data_block(out["messages"][1]["content"])
    assert "user_profile" in GUARD_TEXT
    shown = [item["id"] for item in body["items"]]
    report = out["report"]["profile"]
    assert report["included_ids"] == shown
    assert shown[0] == ids["train"]  # the event the latest message is about comes first
    assert set(shown) == {ids["train"], ids["hotel"], ids["travel.home_city"], ids["other.note"]}
    for gone in ("other.gone", "other.short", "flash", "health.allergy"):
        assert ids[gone] not in shown, gone
    first = body["items"][0]
    assert first["source"] == "user_stated" and first["kind"] == "event"
    usable = out["report"]["session_budget"]["usable_tokens"]
    assert 0 < report["tokens"] <= report["room_tokens"] == int(0.1 * usable)
    assert out["report"]["compacted_tokens"] + report["tokens"] <= usable
    bad = client.post(
        url, json={"include_profile": True, "budget": {"profile_share": 0.9}}, headers=h
    )
    assert bad.status_code == 422


def test_a_tight_share_keeps_the_best_items_and_erasure_leaves_nothing(
    client_with, database_url
) -> None:
    clock = Clock()
    client = client_with(clock=clock)
    tenant = unique_tenant()
    h = bearer(make_key(database_url, tenant, "agent"))
    admin = bearer(make_key(database_url, tenant, "admin"))
    ids = _remember(client, h, admin, "u2")
    history = [{"role": "user", "content": "Which hotel did I like in Hangzhou?"}]
    sid = _session(client, h, "u2", history)
    url = f"/v1/sessions/{sid}/context"
    tight = {"include_profile": True, "budget": {"profile_share": 0.03}}
    out = client.post(url, json=tight, headers=h).json()
    report = out["report"]["profile"]
    assert report["included_ids"] and report["included_ids"][0] == ids["hotel"]
    assert report["omitted"] > 0 and report["tokens"] <= report["room_tokens"]
    assert out["ids"][0] == "profile"  # no prefix: the block comes first
    r = client.delete("/v1/users/u2/memories", params={"scope": "longterm"}, headers=admin)
    assert r.status_code in (200, 202), r.text
    after = client.post(url, json={"include_profile": True}, headers=h).json()
    assert after["report"]["profile"]["included_ids"] == []
    assert "profile" not in after["ids"]
