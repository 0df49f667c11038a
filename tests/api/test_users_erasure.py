"""Erasure that really erases: a unique marker written into every kind of record (preference,
its history, consent text, event text and attributes, stored idempotent response, session
messages, summaries and snapshots) is found nowhere afterwards: not in any API read or the
export, not in any column of any table (every table scanned, both backends), not in the raw
SQLite files (db, -wal, -shm). Another user's marker, written the same way, survives.
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from storage.engine import create_db_engine
from tests.api._sessions_support import FakeSummarizer, sessions_client
from tests.api.conftest import bearer, make_key

# Every test migrates its database first (make_key, the app's startup): start from a migrated copy.
pytestmark = pytest.mark.migrated_database

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}


def _marker() -> str:
    # Letters only: the fake summarizer copies a message's first word into a summary fact, and
    # FTS5 indexes lowercase tokens, so the marker is also what would sit in the index.
    return "zqxmark" + "".join(random.choices(string.ascii_lowercase, k=12))


def _fill(
    client: TestClient, h: dict[str, str], user: str, marker: str, admin: dict[str, str]
) -> str:
    base = f"/v1/users/{user}"
    note = {
        "value": f"{marker} prefers quiet cars",
        "source": "user_stated",
        "source_ids": [f"{marker}-src"],
    }
    assert client.put(f"{base}/preferences/other.note", json=note, headers=h).status_code == 201
    # history: an old value replaced, and a refused lower-trust write
    budget = f"{base}/preferences/travel.home_city"
    for value in (f"{marker} town", "Hangzhou"):
        r = client.put(budget, json={"value": value, "source": "user_stated"}, headers=h)
        assert r.status_code in (200, 201), r.text
    refused = {"value": f"{marker} city", "source": "consolidated"}
    assert client.put(budget, json=refused, headers=admin).status_code == 409
    consent = {
        "value": "200 CNY",
        "source": "user_confirmed",
        "confidence": 0.8,
        "consent": {"purpose": f"keep budget {marker}"},
    }
    r = client.put(
        f"{base}/preferences/travel.budget.one_way_max",
        json=consent,
        headers={**h, "Idempotency-Key": f"idem-{user}"},
    )
    assert r.status_code == 201, r.text
    event = {
        "kind": "trip.booked",
        "text": f"Booked G7301 {marker}",
        "source": "user_stated",
        "occurred_at": "2026-09-19T08:00:00+08:00",
        "attributes": {"note": marker},
    }
    assert client.post(f"{base}/events", json=event, headers=h).status_code == 201
    assert client.put(f"{base}/consents/travel", headers=h).status_code in (200, 201)
    session = client.post("/v1/sessions", json={"user_id": user, "budget": SMALL}, headers=h)
    assert session.status_code == 201, session.text
    sid = session.json()["id"]
    filler = "lorem ipsum " * 40
    for turn in range(12):
        messages = [
            {"role": "user", "content": f"{marker} question {turn} {filler}"},
            {"role": "assistant", "content": f"answer {turn} {filler}"},
        ]
        r = client.post(f"/v1/sessions/{sid}/messages", json={"messages": messages}, headers=h)
        assert r.status_code in (200, 201), r.text
        assert client.post(f"/v1/sessions/{sid}/context", headers=h).status_code == 200
    summaries = client.get(f"/v1/sessions/{sid}/summaries", headers=h).json()["items"]
    assert summaries, "the session must have produced a summary and snapshot"
    return str(sid)


def _scan_tables(url: str, needle: str) -> list[str]:
    """Every table, every column, every row: where ``needle`` occurs."""
    engine = create_db_engine(url)
    hits: list[str] = []
    try:
        with engine.connect() as conn:
            for table in inspect(conn).get_table_names():
                for row in conn.execute(text(f'SELECT * FROM "{table}"')):
                    for value in row:
                        raw = (
                            value if isinstance(value, bytes | memoryview) else str(value).encode()
                        )
                        if needle.encode() in bytes(raw):
                            hits.append(table)
    finally:
        engine.dispose()
    return sorted(set(hits))


def _scan_files(url: str, needle: str) -> list[str]:
    path = Path(url.removeprefix("sqlite:///"))
    files = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
    return [f.name for f in files if f.exists() and needle.encode() in f.read_bytes()]


def test_erasure_leaves_no_trace(database_url: str) -> None:
    admin = bearer(make_key(database_url, "t1", "admin"))
    alice = bearer(make_key(database_url, "t1", "agent", user="alice"))
    bob = bearer(make_key(database_url, "t1", "agent", user="bob"))
    gone, kept = _marker(), _marker()
    with sessions_client(database_url, summarizer=FakeSummarizer()) as client:
        sid = _fill(client, alice, "alice", gone, admin)
        _fill(client, bob, "bob", kept, admin)
        before = _scan_tables(database_url, gone)
        for table in (
            "lt_preferences",
            "lt_preference_history",
            "lt_events",
            "lt_idempotency_keys",
            "session_messages",
            "session_summaries",
            "session_snapshots",
        ):
            assert table in before, (table, before)
        full = client.get("/v1/users/alice/export", headers=alice).json()
        for part in ("preferences", "history", "events", "sessions"):
            assert gone in json.dumps(full[part]), part
        assert gone in json.dumps(full["sessions"][0]["summaries"])
        assert [c["category"] for c in full["consents"]] == ["travel"]
        assert gone not in json.dumps(full["audit"])
        r = client.delete("/v1/users/alice/memories", headers=alice)
        assert r.status_code == 200, r.text
        # the erased user's own key is revoked with the data; reads go through the admin key
        assert client.get("/v1/me", headers=alice).status_code == 401
        alice = admin
        receipt = r.json()
        counts = receipt["counts"]
        assert receipt["receipt_id"] and receipt["user_id"] == "alice" and receipt["scope"] == "all"
        for kind in ("preferences", "preference_history", "events", "idempotency_keys"):
            assert counts[kind] > 0, (kind, counts)
        assert counts.get("messages", 0) > 0 and counts.get("summaries", 0) > 0, counts
        reads = [
            client.get("/v1/users/alice/preferences", headers=alice),
            client.get("/v1/users/alice/preferences/other.note", headers=alice),
            client.get("/v1/users/alice/preferences/travel.home_city/history", headers=alice),
            client.get("/v1/users/alice/events", headers=alice),
            client.get("/v1/users/alice/profile", headers=alice),
            client.get("/v1/users/alice/export", headers=admin),
            client.get("/v1/sessions", params={"user_id": "alice"}, headers=admin),
            client.get("/v1/audit", params={"user_id": "alice"}, headers=admin),
        ]
        for response in reads:
            assert gone not in response.text, response.url
        # an old summary version cannot be restored: it went with the session
        restore = client.post(f"/v1/sessions/{sid}/summaries/1/restore", headers=alice)
        assert restore.status_code == 404
        found = client.get("/v1/users/alice/profile", params={"query": gone}, headers=alice).json()
        assert found["event_ids"] == [] and gone not in found["text"]
        export = client.get("/v1/users/alice/export", headers=admin).json()
        assert export["preferences"] == [] and export["events"] == [] and export["sessions"] == []
        assert export["history"] == {} and export["consents"] == []
        assert [r["receipt_id"] for r in export["erasure_receipts"]] == [receipt["receipt_id"]]
        assert kept in client.get("/v1/users/bob/export", headers=admin).text
    assert _scan_tables(database_url, gone) == []
    assert "lt_preferences" in _scan_tables(database_url, kept)
    if database_url.startswith("sqlite"):
        assert _scan_files(database_url, gone) == []
        assert _scan_files(database_url, kept) != []


def test_scope_longterm_keeps_sessions(database_url: str) -> None:
    alice = bearer(make_key(database_url, "t1", "agent", user="alice"))
    agent = bearer(make_key(database_url, "t1", "agent"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    marker = _marker()
    with sessions_client(database_url, summarizer=FakeSummarizer()) as client:
        _fill(client, alice, "alice", marker, admin)
        assert client.delete("/v1/users/alice/memories", headers=agent).status_code == 403
        assert client.get("/v1/users/alice/export", headers=agent).status_code == 403
        r = client.delete("/v1/users/alice/memories", params={"scope": "longterm"}, headers=alice)
        assert r.status_code == 200 and "messages" not in r.json()["counts"]
        assert client.get("/v1/me", headers=alice).status_code == 401  # revoked with the data
        assert client.get("/v1/users/alice/preferences", headers=admin).json()["items"] == []
        params = {"user_id": "alice"}
        sessions = client.get("/v1/sessions", params=params, headers=admin).json()["items"]
        assert len(sessions) == 1
    assert set(_scan_tables(database_url, marker)) <= {
        "session_messages",
        "session_summaries",
        "session_snapshots",
        "session_states",
        "session_recall_groups",
        "session_recall_terms",
        "session_recall_counts",
    }


def test_single_deletes_leave_no_trace(database_url: str) -> None:
    alice = bearer(make_key(database_url, "t1", "agent", user="alice"))
    marker = _marker()
    with sessions_client(database_url, summarizer=FakeSummarizer()) as client:
        base = "/v1/users/alice"
        note = {"value": f"{marker} note", "source": "user_stated", "source_ids": [marker]}
        assert (
            client.put(f"{base}/preferences/other.note", json=note, headers=alice).status_code
            == 201
        )
        event = {
            "kind": "trip.note",
            "text": f"about {marker}",
            "source": "user_stated",
            "occurred_at": "2026-09-19T08:00:00+08:00",
            "attributes": {"m": marker},
        }
        event_id = client.post(f"{base}/events", json=event, headers=alice).json()["id"]
        keep = {
            "kind": "trip.note",
            "text": "another trip",
            "source": "user_stated",
            "occurred_at": "2026-09-20T08:00:00+08:00",
        }
        assert client.post(f"{base}/events", json=keep, headers=alice).status_code == 201
        assert {"lt_events", "lt_preferences"} <= set(_scan_tables(database_url, marker))
        assert client.delete(f"{base}/events/{event_id}", headers=alice).status_code == 204
        assert client.delete(f"{base}/preferences/other.note", headers=alice).status_code == 204
        history = client.get(f"{base}/preferences/other.note/history", headers=alice).json()
        assert [c["outcome"] for c in history["items"]] == ["deleted", "applied"]
        assert marker not in json.dumps(history)
    assert _scan_tables(database_url, marker) == []
    if database_url.startswith("sqlite"):
        assert _scan_files(database_url, marker) == []
