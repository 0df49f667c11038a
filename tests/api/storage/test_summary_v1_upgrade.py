"""A database of tiermem 0.1 (``compaction_summary.v1`` everywhere) upgraded and served by today's
code, on SQLite and PostgreSQL (issue 10: "an upgrade test runs a database from today's
migrations with v1 rows through the new code").

The database is migrated to the revisions 0.1 shipped (``_V01_HEADS``), v1 rows are written
into it with plain SQL against the tables as those migrations made them (stored summary
versions, their snapshot records, the session state with its embedded v1 summary and each
version's state), then every later migration runs (``upgrade heads``) and the service starts on
it. Then: the summaries list and a version's detail read the v1 rows, restoring v1 works, the
session's ``/context`` sends the v1 summary, ``/end`` promotes from it (never "no summary"),
and the stored v1 rows are not rewritten.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any, cast

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import Engine, MetaData, select, text

from api.app import create_app
from api.storage.migrate import alembic_config, current_heads, expected_heads, upgrade_database
from runtime.formats import read_history
from runtime.state import CompactionState
from runtime.summary.schema import SCHEMA_V1, CompactionSummary
from runtime.summary.snapshots import make_snapshot
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key, make_settings
from tests.scenarios.trip import TRIP_MESSAGES, trip_summary

_V01_HEADS = ("0007_context_decisions", "0003_longterm", "0004_policy", "0006_key_expiry")
"""The head revisions of every branch as tiermem 0.1 shipped them (before issue 10)."""

TENANT, USER = "t-v1", "u1"
T0 = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
LATER = {"id": "m6", "role": "user", "content": "Which train did we pick, and why not G123?"}
TRIP: list[dict[str, Any]] = cast("list[dict[str, Any]]", TRIP_MESSAGES)
HISTORY: list[dict[str, Any]] = [*TRIP, LATER]
END = {"consents": [{"key": "travel.budget.one_way_max"}, {"key": "travel.train.direct_preferred"}]}


def _v1(document: dict[str, Any]) -> dict[str, Any]:
    """A summary document as 0.1 wrote it: schema v1, no v2 field (speakers, quote)."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("speakers", "quote")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    out: dict[str, Any] = strip(document)
    out["schema_version"] = SCHEMA_V1
    assert CompactionSummary.model_validate(out).schema_version == SCHEMA_V1  # a valid v1
    return out


def _versions() -> list[tuple[dict[str, Any], int]]:
    """The two v1 versions and how many messages each covers: v1 the first four, v2 all five."""
    first = trip_summary(version=1).model_dump(mode="json")
    first["facts"] = [f for f in first["facts"] if "m5" not in f["source_ids"]]
    first["source_message_ids"] = ["m1", "m2", "m3", "m4"]
    return [(_v1(first), 4), (_v1(trip_summary(version=2).model_dump(mode="json")), 5)]


def _state(summary: dict[str, Any], covers: int) -> str:
    state = CompactionState(
        format="openai-chat",
        summary=summary,
        summary_version=summary["summary_version"],
        summary_until_index=covers,
    )
    return state.to_json()


def _record(summary: dict[str, Any], covers: int) -> str:
    """The version's snapshot record as 0.1 stored it (no ``lost`` list, schema v1)."""
    covered = read_history(TRIP[:covers], format="openai-chat").messages
    model = CompactionSummary.model_validate(summary)
    record = make_snapshot(
        model,
        covered=list(covered),
        summarizer="extractive",
        model=None,
        diff=None,
        validation=None,
        now=T0,
        cut_index=covers,
    ).to_dict()
    record.pop("lost", None)
    record["schema_version"] = SCHEMA_V1
    record["summary"] = summary
    return json.dumps(record)


def _when(engine: Engine) -> datetime:
    # SQLite keeps the wall-clock digits of a naive UTC time, as UtcDateTime writes them
    return T0.replace(tzinfo=None) if engine.dialect.name == "sqlite" else T0


def _migrate_to_v01(engine: Engine) -> None:
    with engine.connect() as conn:
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        for head in _V01_HEADS:
            command.upgrade(cfg, head)
        conn.commit()
    assert current_heads(engine) == set(_V01_HEADS)


def _seed_v1_session(engine: Engine, session_id: str) -> None:
    """One session with the trip, two v1 summary versions, their records and a v1 state."""
    tables = MetaData()
    tables.reflect(engine)  # the tables as the 0.1 migrations made them
    when = _when(engine)
    scope = {"tenant_id": TENANT, "session_id": session_id, "user_id": USER}
    versions = _versions()
    current, covers = versions[-1]
    with engine.begin() as conn:
        conn.execute(
            tables.tables["agent_sessions"].insert(),
            {
                "tenant_id": TENANT,
                "id": session_id,
                "user_id": USER,
                "format": "openai-chat",
                "budget_json": json.dumps({"context_limit": 8000, "max_output_tokens": 1000}),
                "metadata_json": "{}",
                "message_count": len(HISTORY),
                "calibration_factor": 1.0,
                "calibration_samples": 0,
                "created_at": when,
                "updated_at": when,
            },
        )
        for position, message in enumerate(HISTORY):
            raw = json.dumps(message)
            conn.execute(
                tables.tables["session_messages"].insert(),
                {
                    **scope,
                    "position": position,
                    "message_id": message["id"],
                    "own_id": True,
                    "role": message["role"],
                    "digest": hashlib.sha256(raw.encode()).hexdigest(),
                    "raw_json": raw,
                    "created_at": when,
                },
            )
        for summary, until in versions:
            version = summary["summary_version"]
            conn.execute(
                tables.tables["session_summaries"].insert(),
                {
                    **scope,
                    "version": version,
                    "previous_version": version - 1 or None,
                    "summarizer": "extractive",
                    "summary_json": json.dumps(summary),
                    "state_json": _state(summary, until),
                    "created_at": when,
                },
            )
            conn.execute(
                tables.tables["session_snapshots"].insert(),
                {
                    **scope,
                    "version": version,
                    "record_json": _record(summary, until),
                    "created_at": when,
                },
            )
        conn.execute(
            tables.tables["session_states"].insert(),
            {
                **scope,
                "revision": 1,
                "summary_version": current["summary_version"],
                "state_json": _state(current, covers),
                "updated_at": when,
            },
        )


@pytest.fixture
def upgraded(database_url: str) -> Iterator[tuple[TestClient, dict[str, str], Engine]]:
    """A 0.1 database with two v1 sessions, upgraded to today's heads, and the app on it."""
    engine = create_db_engine(database_url)
    try:
        _migrate_to_v01(engine)
        for session_id in ("s-restore", "s-end"):
            _seed_v1_session(engine, session_id)
        upgrade_database(database_url, engine=engine)
        assert current_heads(engine) == expected_heads()
        key = bearer(make_key(database_url, TENANT, "agent", user=USER))
        with TestClient(create_app(make_settings(database_url))) as client:
            yield client, key, engine
    finally:
        engine.dispose()


def _stored_schemas(engine: Engine, session_id: str) -> dict[int, str]:
    summaries = MetaData()
    summaries.reflect(engine, only=["session_summaries"])
    table = summaries.tables["session_summaries"]
    query = select(table.c.version, table.c.summary_json).where(
        table.c.tenant_id == TENANT, table.c.session_id == session_id
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return {int(v): json.loads(doc)["schema_version"] for v, doc in rows}


def test_v1_versions_are_listed_read_restored_and_sent(
    upgraded: tuple[TestClient, dict[str, str], Engine],
) -> None:
    client, key, engine = upgraded
    base = "/v1/sessions/s-restore"
    r = client.get(f"{base}/summaries", headers=key)
    assert r.status_code == 200, r.text
    items = r.json()["items"]
    assert [(i["version"], i["current"]) for i in items] == [(1, False), (2, True)]
    assert {i["summary"]["schema_version"] for i in items} == {SCHEMA_V1}  # read as stored
    r = client.get(f"{base}/summaries/1", headers=key)
    assert r.status_code == 200, r.text
    detail = r.json()
    assert detail["snapshot"]["schema_version"] == SCHEMA_V1
    assert detail["summary"]["source_message_ids"] == ["m1", "m2", "m3", "m4"]

    r = client.post(f"{base}/summaries/1/restore", headers=key)
    assert r.status_code == 201, r.text
    restored = r.json()
    assert (restored["version"], restored["restored_from"], restored["current"]) == (3, 1, True)
    facts = {f["key"]: f["value"] for f in restored["summary"]["facts"]}
    assert facts["budget.one_way_max"] == "200 CNY"

    r = client.post(f"{base}/context", headers=key, json={})
    assert r.status_code == 200, r.text
    body = r.json()
    sent = json.dumps(body["messages"], ensure_ascii=False)
    assert "<compaction_summary trust='untrusted'" in sent and "200 CNY" in sent
    assert body["report"]["summary_version"] == 3
    assert LATER["content"] in sent
    # the 0.1 rows are read, never rewritten
    assert _stored_schemas(engine, "s-restore")[1] == SCHEMA_V1
    assert _stored_schemas(engine, "s-restore")[2] == SCHEMA_V1


def test_end_promotes_from_a_v1_summary(
    upgraded: tuple[TestClient, dict[str, str], Engine],
) -> None:
    client, key, engine = upgraded
    base = "/v1/sessions/s-end"
    r = client.post(f"{base}/context", headers=key, json={})
    assert r.status_code == 200, r.text
    assert "200 CNY" in json.dumps(r.json()["messages"], ensure_ascii=False)

    r = client.post(f"{base}/end", headers=key, json=END)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["summary_version"] == 2  # the v1 version, current
    by_fact = {c["fact_key"]: c for c in body["candidates"]}
    # the v1 summary's facts are candidates: it was read, not taken for "no summary" (the
    # closing compaction of the turn after it may propose the same keys again)
    v1_only = {"trip.departure_date", "booking.auto_allowed", "train.excluded", "price.g7301"}
    assert v1_only <= set(by_fact)
    budget = next(c for c in body["candidates"] if c["key"] == "travel.budget.one_way_max")
    assert (budget["status"], budget["rule"], budget["consent"]) == (
        "promoted",
        "promote.allow",
        True,
    )
    assert budget["source_ids"] == ["session:s-end", "m1"]
    assert all(c["rule"] != "value.missing" for c in body["candidates"]), body
    # a v1 summary names no speakers: what only the tool said is still no user's word
    for fact in ("price.g7301", "price.g123"):
        assert (by_fact[fact]["status"], by_fact[fact]["rule"]) == ("denied", "promote.source")
    assert set(_stored_schemas(engine, "s-end").values()) == {SCHEMA_V1}
    with engine.connect() as conn:
        stored = conn.execute(
            text("SELECT state_json FROM session_states WHERE tenant_id = :t AND session_id = :s"),
            {"t": TENANT, "s": "s-end"},
        ).scalar_one()
    # the state's embedded summary is still the v1 document (resumed, not rewritten)
    assert json.loads(stored)["summary"]["schema_version"] == SCHEMA_V1
