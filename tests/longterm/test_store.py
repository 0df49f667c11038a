"""The long-term store on SQLite and PostgreSQL: CRUD, history, trust order, expiry, search."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session

from longterm import audit, store
from longterm.deletes import delete_event, delete_preference
from longterm.errors import (
    InvalidRequest,
    InvalidValue,
    NotFound,
    StalePrecondition,
    SupersedeNotAllowed,
)
from longterm.gate import GateDecision, Principal
from longterm.models import EventWrite, PreferenceConsent, PreferenceWrite
from longterm.testing import AllowAllGate
from longterm.write_path import submit
from tests.longterm.conftest import ADMIN, AGENT, CONSOLIDATOR, T0, Clock

GATE = AllowAllGate()
BUDGET = "travel.budget.one_way_max"


def put(db: Session, subject: Principal, value, *, source="user_stated", now=T0, user="u1", **kw):
    outcome = submit(
        db,
        write=PreferenceWrite(user, kw.pop("key", BUDGET), value, source, **kw),
        subject=subject,
        gate=GATE,
        now=now,
    )
    db.commit()
    return outcome


def test_create_read_update_delete(db: Session) -> None:
    created = put(db, AGENT, "200 cny", confidence=0.9, source_ids=("s1:m3",))
    assert created.status == "created" and created.preference is not None
    pref = store.get_preference(db, tenant_id="t1", user_id="u1", key=BUDGET, now=T0)
    assert pref.value == {"amount": "200", "currency": "CNY"}
    assert (pref.version, pref.category, pref.scope, pref.source) == (
        1,
        "travel",
        "durable",
        "user_stated",
    )
    assert pref.source_ids == ("s1:m3",) and pref.confidence == 0.9
    updated = put(db, AGENT, {"amount": 180.5, "currency": "cny"}, now=T0 + timedelta(minutes=1))
    assert updated.status == "updated" and updated.preference is not None
    assert updated.preference.version == 2 and updated.preference.etag != created.preference.etag
    listed = store.list_preferences(db, tenant_id="t1", user_id="u1", now=T0)
    assert [p.value["amount"] for p in listed.items] == ["180.5"]
    deleted = delete_preference(db, subject=AGENT, user_id="u1", key=BUDGET, now=T0)
    db.commit()
    assert deleted.version == 2
    with pytest.raises(NotFound):
        store.get_preference(db, tenant_id="t1", user_id="u1", key=BUDGET, now=T0)
    with pytest.raises(NotFound):
        delete_preference(db, subject=AGENT, user_id="u1", key=BUDGET, now=T0)


def test_history_keeps_every_change_and_delete_scrubs_values(db: Session, clock: Clock) -> None:
    put(db, AGENT, "200 CNY", now=clock.now)
    put(db, AGENT, "250 CNY", now=clock.advance(seconds=1))
    refused = put(db, CONSOLIDATOR, "300 CNY", source="consolidated", now=clock.advance(seconds=1))
    assert refused.status == "refused" and refused.current_source == "user_stated"
    page = store.preference_history(db, tenant_id="t1", user_id="u1", key=BUDGET, now=T0)
    outcomes = [(c.outcome, c.version, c.value and c.value["amount"]) for c in page.items]
    assert outcomes == [("refused", None, "300"), ("applied", 2, "250"), ("applied", 1, "200")]
    delete_preference(db, subject=AGENT, user_id="u1", key=BUDGET, now=clock.advance(seconds=1))
    db.commit()
    after = store.preference_history(db, tenant_id="t1", user_id="u1", key=BUDGET, now=T0).items
    assert [c.outcome for c in after] == ["deleted", "refused", "applied", "applied"]
    assert all(c.value is None and c.consent is None for c in after)


def test_history_pagination(db: Session, clock: Clock) -> None:
    for amount in range(1, 8):
        put(db, AGENT, f"{amount} CNY", now=clock.advance(seconds=1))
    seen, cursor = [], None
    while True:
        page = store.preference_history(
            db, tenant_id="t1", user_id="u1", key=BUDGET, now=T0, limit=3, cursor=cursor
        )
        seen += [c.version for c in page.items]
        cursor = page.next_cursor
        if cursor is None:
            break
    assert seen == [7, 6, 5, 4, 3, 2, 1]


TRUST_CASES = [
    ("admin", "user_stated", "refused"),
    ("user_stated", "user_confirmed", "refused"),
    ("user_confirmed", "promoted", "refused"),
    ("promoted", "consolidated", "refused"),
    ("user_stated", "consolidated", "refused"),
    ("consolidated", "consolidated", "updated"),
    ("promoted", "promoted", "updated"),
    ("promoted", "user_confirmed", "updated"),
    ("user_stated", "admin", "updated"),
]


def test_trust_order(db: Session) -> None:
    for n, (current, incoming, expected) in enumerate(TRUST_CASES):
        user = f"trust{n}"
        put(db, ADMIN, "100 CNY", source=current, user=user)
        outcome = put(db, ADMIN, "90 CNY", source=incoming, user=user)
        assert outcome.status == expected, (current, incoming)
        kept = store.get_preference(db, tenant_id="t1", user_id=user, key=BUDGET, now=T0)
        if expected == "refused":
            assert outcome.current_source == current
            assert (kept.value["amount"], kept.source) == ("100", current)
        else:
            assert (kept.value["amount"], kept.source, kept.version) == ("90", incoming, 2)


def test_supersede_only_for_admin_keys_and_user_stated(db: Session) -> None:
    put(db, ADMIN, "100 CNY", source="admin")
    assert put(db, AGENT, "90 CNY", source="user_stated", supersede=True).status == "updated"
    put(db, ADMIN, "100 CNY", source="admin")
    with pytest.raises(SupersedeNotAllowed):
        put(db, AGENT, "90 CNY", source="user_confirmed", supersede=True)
    assert put(db, ADMIN, "80 CNY", source="consolidated", supersede=True).status == "updated"


def test_values_are_validated_against_the_registry(db: Session) -> None:
    with pytest.raises(InvalidValue):
        put(db, AGENT, "cheap")
    with pytest.raises(InvalidValue):
        put(db, AGENT, "sideways", key="travel.seat.preference")
    assert put(db, AGENT, "Window", key="travel.seat.preference").preference.value == "window"
    free = put(db, AGENT, "likes quiet carriages", key="travel.train.quiet_car_note").preference
    assert (free.category, free.scope) == ("other", "task")
    with pytest.raises(InvalidRequest):
        put(db, AGENT, "100 CNY", confidence=1.5)
    with pytest.raises(InvalidRequest):
        put(db, AGENT, "100 CNY", ttl_seconds=60, expires_at=T0 + timedelta(days=1))


def test_if_match(db: Session) -> None:
    first = put(db, AGENT, "100 CNY").preference
    assert put(db, AGENT, "90 CNY", if_match='"nope.1"').status == "stale"
    second = put(db, AGENT, "90 CNY", if_match=first.etag)
    assert second.status == "updated"
    stale = put(db, AGENT, "80 CNY", if_match=first.etag)
    assert stale.status == "stale" and stale.current_etag == second.preference.etag
    assert put(db, AGENT, "vegan", key="food.diet", if_match="*").status == "stale"
    with pytest.raises(StalePrecondition):
        delete_preference(db, subject=AGENT, user_id="u1", key=BUDGET, now=T0, if_match=first.etag)


def test_expiry_is_enforced_at_read(db: Session, clock: Clock) -> None:
    put(db, AGENT, "100 CNY", ttl_seconds=60, now=clock.now)
    event = submit(
        db,
        write=EventWrite(
            "u1", "trip.booked", "booked G7301", clock.now, "user_stated", ttl_seconds=60
        ),
        subject=AGENT,
        gate=GATE,
        now=clock.now,
    ).event
    db.commit()
    assert store.get_event(db, tenant_id="t1", user_id="u1", event_id=event.id, now=clock.now)
    clock.advance(seconds=60)
    with pytest.raises(NotFound):
        store.get_preference(db, tenant_id="t1", user_id="u1", key=BUDGET, now=clock.now)
    with pytest.raises(NotFound):
        store.get_event(db, tenant_id="t1", user_id="u1", event_id=event.id, now=clock.now)
    assert store.list_preferences(db, tenant_id="t1", user_id="u1", now=clock.now).items == []
    assert store.list_events(db, tenant_id="t1", user_id="u1", now=clock.now).items == []
    assert store.search_events(db, tenant_id="t1", user_id="u1", query="G7301", now=clock.now) == []
    # an expired value does not block a new write, even from a less trusted source
    again = put(db, CONSOLIDATOR, "120 CNY", source="consolidated", now=clock.now)
    assert again.status == "updated" and again.preference.version == 2


def test_tenant_and_user_isolation(db: Session) -> None:
    put(db, AGENT, "100 CNY")
    other = Principal(role="agent", tenant_id="t10", key_id="k2")
    for tenant, user in (("t10", "u1"), ("t1", "u2"), ("t", "u1")):
        with pytest.raises(NotFound):
            store.get_preference(db, tenant_id=tenant, user_id=user, key=BUDGET, now=T0)
    assert put(db, other, "5 EUR").status == "created"  # same user id, other tenant: separate
    assert (
        store.get_preference(db, tenant_id="t1", user_id="u1", key=BUDGET, now=T0).value["amount"]
        == "100"
    )
    restricted = Principal(role="agent", tenant_id="t1", key_id="k3", user_id="u2")
    with pytest.raises(NotFound):
        put(db, restricted, "1 CNY")


def test_policy_denial_is_audited_and_kept_without_value(db: Session) -> None:
    class DenySensitive:
        def decide(self, *, subject, action, obj):
            allowed = not obj.sensitive
            return GateDecision(
                allowed, "sensitive" if not allowed else "ok", "v7", "sensitive data"
            )

    outcome = submit(
        db,
        write=PreferenceWrite("u1", "health.allergies", ["peanuts"], "user_stated"),
        subject=AGENT,
        gate=DenySensitive(),
        now=T0,
    )
    db.commit()
    assert outcome.status == "denied"
    history = store.preference_history(
        db, tenant_id="t1", user_id="u1", key="health.allergies", now=T0
    )
    assert [(c.outcome, c.value) for c in history.items] == [("denied", None)]
    rows = audit.list_audit(db, tenant_id="t1").items
    assert [(r.action, r.outcome, r.policy_version, r.rule) for r in rows] == [
        ("policy.write", "deny", "v7", "sensitive")
    ]


def test_every_mutation_and_decision_is_audited(db: Session) -> None:
    put(db, AGENT, "100 CNY")
    put(db, CONSOLIDATOR, "90 CNY", source="consolidated")
    delete_preference(db, subject=AGENT, user_id="u1", key=BUDGET, now=T0)
    put(db, AGENT, "x", key="other.secret_nickname")
    db.commit()
    rows = audit.list_audit(db, tenant_id="t1").items
    assert [(r.action, r.outcome) for r in reversed(rows)] == [
        ("policy.write", "allow"),
        ("preference.create", "ok"),
        ("policy.write", "allow"),
        ("preference.write", "refused"),
        ("preference.delete", "ok"),
        ("policy.write", "allow"),
        ("preference.create", "ok"),
    ]
    assert rows[0].object_id.startswith("key:sha256:")  # unregistered keys only as a hash
    assert all(r.actor_key_id and r.tenant_id == "t1" and r.user_id == "u1" for r in rows)
    assert audit.list_audit(db, tenant_id="t2").items == []
    assert len(audit.list_audit(db, tenant_id="t1", action="policy.").items) == 3


def test_events_crud_filters_and_pages(db: Session, clock: Clock) -> None:
    ids = []
    for day in range(5):
        write = EventWrite(
            "u1",
            "trip.booked" if day % 2 else "trip.searched",
            f"day {day} train",
            T0 + timedelta(days=day),
            "user_stated",
            attributes={"day": day},
        )
        ids.append(submit(db, write=write, subject=AGENT, gate=GATE, now=clock.now).event.id)
    db.commit()
    page = store.list_events(db, tenant_id="t1", user_id="u1", now=clock.now, limit=2)
    assert [e.attributes["day"] for e in page.items] == [4, 3]
    rest = store.list_events(
        db, tenant_id="t1", user_id="u1", now=clock.now, cursor=page.next_cursor
    )
    assert [e.attributes["day"] for e in rest.items] == [2, 1, 0] and rest.next_cursor is None
    booked = store.list_events(db, tenant_id="t1", user_id="u1", now=clock.now, kind="trip.booked")
    assert [e.attributes["day"] for e in booked.items] == [3, 1]
    window = store.list_events(
        db,
        tenant_id="t1",
        user_id="u1",
        now=clock.now,
        since=T0 + timedelta(days=1),
        until=T0 + timedelta(days=3),
    )
    assert [e.attributes["day"] for e in window.items] == [2, 1]
    delete_event(db, subject=AGENT, user_id="u1", event_id=ids[0], now=clock.now)
    db.commit()
    with pytest.raises(NotFound):
        store.get_event(db, tenant_id="t1", user_id="u1", event_id=ids[0], now=clock.now)
    with pytest.raises(NotFound):
        store.get_event(db, tenant_id="t2", user_id="u1", event_id=ids[1], now=clock.now)


def test_full_text_search(db: Session) -> None:
    texts = [
        "Booked G7301 Shanghai to Hangzhou, second class",
        "Asked for a vegetarian meal on the flight",
        "Hotel in Hangzhou near West Lake, 3 nights",
    ]
    for i, text in enumerate(texts):
        submit(
            db,
            write=EventWrite("u1", "trip.note", text, T0 + timedelta(hours=i), "user_stated"),
            subject=AGENT,
            gate=GATE,
            now=T0,
        )
    submit(
        db,
        write=EventWrite("u2", "trip.note", "Hangzhou again", T0, "user_stated"),
        subject=AGENT,
        gate=GATE,
        now=T0,
    )
    db.commit()
    found = store.search_events(db, tenant_id="t1", user_id="u1", query="hangzhou hotel", now=T0)
    assert found[0].text == texts[2]
    assert {e.text for e in found} == {texts[0], texts[2]}
    assert store.search_events(db, tenant_id="t1", user_id="u1", query='"; DROP --', now=T0) == []
    assert store.search_events(db, tenant_id="t2", user_id="u1", query="hangzhou", now=T0) == []


def test_consent_round_trips(db: Session) -> None:
    consent = PreferenceConsent("user", T0, "keep my usual one-way budget")
    pref = put(db, AGENT, "200 CNY", source="promoted", consent=consent, confidence=0.8).preference
    assert pref.consent == consent


@pytest.mark.parametrize(
    ("kind", "given", "expected"),
    [
        ("trip.booked", None, "travel"),
        ("travel.searched", None, "travel"),
        ("meal.ordered", None, "food"),
        ("chat.summary", None, "other"),
        ("chat.summary", "shopping", "shopping"),
        ("health.visit", None, "health"),
        ("health.visit", "health", "health"),
        ("doctor.visit", None, "health"),
    ],
)
def test_event_category(db: Session, kind: str, given: str | None, expected: str) -> None:
    write = EventWrite("u1", kind, "x", T0, "user_stated", category=given)
    event = submit(db, write=write, subject=ADMIN, gate=GATE, now=T0).event
    assert event is not None and event.category == expected


def test_sensitive_event_kind_cannot_be_recategorized(db: Session) -> None:
    write = EventWrite("u1", "health.visit", "x", T0, "user_stated", category="other")
    with pytest.raises(InvalidRequest):
        submit(db, write=write, subject=AGENT, gate=GATE, now=T0)
