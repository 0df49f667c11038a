"""``POST /v1/sessions/{id}/end`` with the source document's example, on SQLite and PostgreSQL.

At the end of the Shanghai-to-Hangzhou trip, with consent to "usually keeps one-way budget
under 200 CNY", that preference is promoted; the departure date, G7301, G123 and the ticket
prices are not, and the response says why for each. Ending twice is idempotent.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlmodel import Session, col, select

from longterm.queries import get_preference
from longterm.storage import AuditRow
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key
from tests.scenarios.trip import TRIP_MESSAGES, install_summary, trip_summary

END = {"consents": [{"key": "travel.budget.one_way_max"}, {"key": "travel.train.direct_preferred"}]}


def _start_trip(client: TestClient, key: dict[str, str], database_url: str) -> str:
    r = client.post("/v1/sessions", headers=key, json={"user_id": "u1", "format": "openai-chat"})
    assert r.status_code == 201, r.text
    session_id = str(r.json()["id"])
    r = client.post(
        f"/v1/sessions/{session_id}/messages", headers=key, json={"messages": TRIP_MESSAGES}
    )
    assert r.status_code in (200, 201), r.text
    engine = create_db_engine(database_url)
    try:
        install_summary(
            engine, tenant="t1", session_id=session_id, user="u1", summary=trip_summary()
        )
    finally:
        engine.dispose()
    return session_id


def test_trip_end_promotes_only_the_consented_durable_budget(
    app_client: TestClient, database_url: str
) -> None:
    agent = bearer(make_key(database_url, "t1", "agent", user="u1"))
    session_id = _start_trip(app_client, agent, database_url)

    r = app_client.post(f"/v1/sessions/{session_id}/end", headers=agent, json=END)
    assert r.status_code == 200, r.text
    body = r.json()
    by_fact = {c["fact_key"]: c for c in body["candidates"]}
    assert (body["promoted"], body["denied"]) == (1, 8)

    budget = by_fact["budget.one_way_max"]
    assert budget["key"] == "travel.budget.one_way_max"
    assert {c["read_from"] for c in body["candidates"]} == {"summary"}  # the stored summary
    assert (budget["status"], budget["rule"], budget["consent"]) == (
        "promoted",
        "promote.allow",
        True,
    )
    assert budget["source_ids"] == [f"session:{session_id}", "m1"]

    # the user's task facts: each denied because it is task-scoped, whatever else holds
    for fact in ("trip.departure_date", "trip.return_deadline", "train.chosen"):
        c = by_fact[fact]
        assert (c["status"], c["rule"]) == ("denied", "promote.durable"), c
        assert "task-scoped" in c["reason"]
    # what only the assistant (the exclusion) or the tool (the prices) said is no user's word
    for fact in ("train.excluded", "price.g7301", "price.g123"):
        c = by_fact[fact]
        assert (c["status"], c["rule"]) == ("denied", "promote.source"), c
    # durable but not consented to
    auto = by_fact["booking.auto_allowed"]
    assert (auto["key"], auto["status"], auto["rule"]) == (
        "travel.booking.auto_allowed",
        "denied",
        "promote.consent",
    )
    # consented but the summary is not confident enough about it
    direct = by_fact["train.direct_preferred"]
    assert (direct["status"], direct["rule"], direct["consent"]) == (
        "denied",
        "promote.confidence",
        True,
    )
    assert "0.60" in direct["reason"] and "0.7" in direct["reason"]
    # nothing in the answer carries a value
    assert "G7301" not in str([c["reason"] for c in body["candidates"]])

    engine = create_db_engine(database_url)
    try:
        with Session(engine) as db:
            now = datetime.now(UTC)
            pref = get_preference(
                db, tenant_id="t1", user_id="u1", key="travel.budget.one_way_max", now=now
            )
            assert pref.value == {"amount": "200", "currency": "CNY"}
            assert pref.source == "promoted" and pref.consent is not None
            assert pref.source_ids == (f"session:{session_id}", "m1")
            assert pref.expires_at is not None and pref.expires_at > now + timedelta(days=300)
            decisions = db.exec(
                select(AuditRow).where(
                    col(AuditRow.tenant_id) == "t1", col(AuditRow.action) == "policy.promote"
                )
            ).all()
            assert len(decisions) == 9
            assert sorted(d.outcome for d in decisions).count("allow") == 1
    finally:
        engine.dispose()

    # ending again: same answer, nothing written twice
    again = app_client.post(f"/v1/sessions/{session_id}/end", headers=agent, json=END)
    assert again.status_code == 200
    assert again.json()["replayed"] is True
    assert again.json()["candidates"] == body["candidates"]
    assert (
        app_client.post(
            f"/v1/sessions/{session_id}/end", headers=agent, json={"consents": []}
        ).status_code
        == 409
    )


def test_a_budget_the_crowded_summary_set_aside_is_still_promoted(
    app_client: TestClient, database_url: str
) -> None:
    """The summary had no room for the budget, so it is on the version's lost list (the
    state's set-aside items): the end reads it there, the consent keeps it, and the answer
    says where it was read."""
    agent = bearer(make_key(database_url, "t1", "agent", user="u1"))
    r = app_client.post(
        "/v1/sessions", headers=agent, json={"user_id": "u1", "format": "openai-chat"}
    )
    session_id = str(r.json()["id"])
    r = app_client.post(
        f"/v1/sessions/{session_id}/messages", headers=agent, json={"messages": TRIP_MESSAGES}
    )
    assert r.status_code in (200, 201), r.text
    full = trip_summary()
    crowded = full.model_copy(update={"facts": full.facts[1:]})
    engine = create_db_engine(database_url)
    try:
        install_summary(
            engine,
            tenant="t1",
            session_id=session_id,
            user="u1",
            summary=crowded,
            set_aside=[full.facts[0]],
        )
    finally:
        engine.dispose()
    r = app_client.post(f"/v1/sessions/{session_id}/end", headers=agent, json=END)
    assert r.status_code == 200, r.text
    budget = {c["key"]: c for c in r.json()["candidates"]}["travel.budget.one_way_max"]
    assert (budget["status"], budget["read_from"]) == ("promoted", "lost")
    r = app_client.get("/v1/users/u1/preferences/travel.budget.one_way_max", headers=agent)
    assert r.status_code == 200, r.text


def test_end_is_tenant_and_user_scoped(app_client: TestClient, database_url: str) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    session_id = _start_trip(app_client, agent, database_url)
    other_user = bearer(make_key(database_url, "t1", "agent", user="u2"))
    other_tenant = bearer(make_key(database_url, "t10", "agent"))
    consolidator = bearer(make_key(database_url, "t1", "consolidator"))
    for key, status in ((other_user, 404), (other_tenant, 404), (consolidator, 403)):
        r = app_client.post(f"/v1/sessions/{session_id}/end", headers=key, json=END)
        assert r.status_code == status, r.text
    assert app_client.post("/v1/sessions/nope/end", headers=agent, json=END).status_code == 404


def test_end_without_promotion_and_with_consent_values(
    app_client: TestClient, database_url: str
) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    session_id = _start_trip(app_client, agent, database_url)
    body = {
        "consents": [
            {"key": "food.diet", "value": "vegetarian"},
            {"key": "travel.home_city"},
            {"key": "health.allergies", "value": ["peanuts"]},
            {"key": "Travel Budget", "value": "200 CNY"},
            {"key": "travel.seat.preference", "value": "on the roof"},
        ]
    }
    r = app_client.post(f"/v1/sessions/{session_id}/end", headers=agent, json=body)
    assert r.status_code == 200, r.text
    by_key = {c["key"]: c for c in r.json()["candidates"]}
    assert by_key["food.diet"]["status"] == "promoted"
    assert by_key["food.diet"]["read_from"] == by_key["travel.home_city"]["read_from"] == "consent"
    assert (by_key["travel.home_city"]["status"], by_key["travel.home_city"]["rule"]) == (
        "denied",
        "value.missing",
    )
    assert by_key["health.allergies"]["rule"] == "sensitive.category"
    assert by_key["Travel Budget"]["rule"] == "key.invalid"
    seat = by_key["travel.seat.preference"]
    assert seat["rule"] == "value.invalid" and "roof" not in seat["reason"]

    session2 = _start_trip(app_client, agent, database_url)
    r = app_client.post(
        f"/v1/sessions/{session2}/end", headers=agent, json={"promote": False, **END}
    )
    assert r.status_code == 200 and r.json()["candidates"] == [] and r.json()["promote"] is False


FILLER = [
    {
        "id": f"f{i}",
        "role": "user" if i % 2 == 0 else "assistant",
        "content": "West Lake is beautiful in autumn; the tea fields are worth a walk. " * 5,
    }
    for i in range(30)
]


def _end_extracted(
    client: TestClient,
    key: dict[str, str],
    *,
    compact: bool,
    extra: tuple[dict[str, Any], ...] = (),
    said: tuple[dict[str, Any], ...] = (),
) -> dict[str, Any]:
    budget = {
        "context_limit": 2400,
        "max_output_tokens": 200,
        "tool_reserve": 0,
        "safety_margin": 0,
    }
    r = client.post(
        "/v1/sessions",
        headers=key,
        json={"user_id": "u1", "format": "openai-chat", "budget": budget},
    )
    session_id = r.json()["id"]
    messages = TRIP_MESSAGES + list(said) + (FILLER if compact else [])
    client.post(f"/v1/sessions/{session_id}/messages", headers=key, json={"messages": messages})
    if compact:
        context = client.post(f"/v1/sessions/{session_id}/context", headers=key, json={})
        report = context.json()["report"]
        assert report["summary_version"] == 1, report["strategy"]
    r = client.post(
        f"/v1/sessions/{session_id}/end",
        headers=key,
        json={"consents": [{"key": "travel.budget.one_way_max"}, *extra]},
    )
    assert r.status_code == 200, r.text
    result: dict[str, Any] = r.json()
    result["_session_id"] = session_id
    return result


def test_trip_end_with_the_extractive_summarizer(app_client: TestClient, database_url: str):
    """The whole pipeline: compaction's extractive summary, the closing pass, the gate."""
    agent = bearer(make_key(database_url, "t1", "agent"))
    for compact in (True, False):
        body = _end_extracted(app_client, agent, compact=compact)
        promoted = [c for c in body["candidates"] if c["status"] == "promoted"]
        assert [c["key"] for c in promoted] == ["travel.budget.one_way_max"], body
        assert promoted[0]["source_ids"][1:] == ["m1"]
        by_key = {c["key"]: c for c in body["candidates"]}
        # the dates are task facts; the G123 exclusion is a decision of this task only
        assert by_key["depart.date"]["rule"] == "promote.durable"
        assert by_key["return.deadline"]["rule"] == "promote.durable"
        decision = by_key["task.decision"]
        assert (decision["kind"], decision["status"]) == ("event", "denied")
        assert "m4" in decision["source_ids"]
        total = len(TRIP_MESSAGES) + (len(FILLER) if compact else 0)
        # only what no summary covers is read again at the end (everything, without one)
        assert (
            body["closing_messages"] == total
            if not compact
            else 0 < body["closing_messages"] < total
        )


def test_task_decisions_are_kept_as_events_with_the_tasks_consent(
    app_client: TestClient, database_url: str
) -> None:
    """A decision of the completed task is a timeline entry: kept when the ``/end`` body
    consents to ``task.decision`` (no registry scope applies to events), with its sources, and
    only when the user took it: the assistant's exclusion of G123 (m4) is denied."""
    agent = bearer(make_key(database_url, "t1", "agent"))
    choice = {"id": "m6", "role": "user", "content": "We chose G7301 because it arrives early."}
    body = _end_extracted(
        app_client, agent, compact=False, extra=({"key": "task.decision"},), said=(choice,)
    )
    by_source = {c["source_ids"][1]: c for c in body["candidates"] if c["kind"] == "event"}
    assistant = by_source.pop("m4")
    assert (assistant["status"], assistant["rule"]) == ("denied", "promote.source")
    assert "no message it cites is text the user wrote" in assistant["reason"]
    events = list(by_source.values())
    assert [c["source_ids"][1:] for c in events] == [["m6"]]
    assert events and all(
        (c["key"], c["status"], c["rule"], c["consent"])
        == ("task.decision", "promoted", "promote.allow", True)
        for c in events
    ), events
    # the event consent is not a preference candidate (no ``value.missing`` for it)
    assert [
        c for c in body["candidates"] if c["kind"] == "preference" and c["key"] == "task.decision"
    ] == []
    r = app_client.get("/v1/users/u1/events", headers=agent, params={"kind": "task.decision"})
    assert r.status_code == 200, r.text
    stored = r.json()["items"]
    assert len(stored) == len(events)
    # filed under the task's category (its budget is a travel key), not ``other``
    assert all((e["source"], e["category"]) == ("promoted", "travel") for e in stored)
    assert any(f"session:{body['_session_id']}" in e["source_ids"] for e in stored)
