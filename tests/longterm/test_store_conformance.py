"""One conformance suite for ``longterm.store.LongtermStore``, run against SQLite, PostgreSQL and
the in-memory fake: CRUD with If-Match versions, history, trust order, events, search, expiry
with an injected ``now``, purge, erasure, export, tenant and user isolation, permission
filtering inside the store, and the audit rows every mutation leaves."""

from __future__ import annotations

from datetime import timedelta

import pytest

from longterm.errors import (
    InvalidRequest,
    InvalidValue,
    NotFound,
    StalePrecondition,
    SupersedeNotAllowed,
)
from longterm.gate import GateDecision, Principal
from longterm.models import EventWrite, PreferenceConsent, PreferenceWrite
from longterm.store import LongtermStore
from tests.longterm.backends import Backend
from tests.longterm.conftest import ADMIN, AGENT, CONSOLIDATOR, T0, Clock

BUDGET = "travel.budget.one_way_max"


def put(
    store: LongtermStore,
    subject: Principal,
    value,
    *,
    source="user_stated",
    now=T0,
    user="u1",
    **kw,
):
    return store.put_preference(
        principal=subject,
        tenant_id=subject.tenant_id,
        write=PreferenceWrite(user, kw.pop("key", BUDGET), value, source, **kw),
        now=now,
    )


def add_event(store: LongtermStore, subject: Principal, write: EventWrite, now=T0):
    return store.add_event(principal=subject, tenant_id=subject.tenant_id, write=write, now=now)


def get(store: LongtermStore, user: str = "u1", key: str = BUDGET, now=T0, who=AGENT):
    return store.get_preference(
        principal=who, tenant_id=who.tenant_id, user_id=user, key=key, now=now
    )


def prefs(store: LongtermStore, user: str = "u1", now=T0, who=AGENT, **kw):
    return store.list_preferences(
        principal=who, tenant_id=who.tenant_id, user_id=user, now=now, **kw
    )


def history(store: LongtermStore, user: str = "u1", key: str = BUDGET, now=T0, who=AGENT, **kw):
    return store.preference_history(
        principal=who, tenant_id=who.tenant_id, user_id=user, key=key, now=now, **kw
    )


def events(store: LongtermStore, user: str = "u1", now=T0, who=AGENT, **kw):
    return store.list_events(principal=who, tenant_id=who.tenant_id, user_id=user, now=now, **kw)


def search(store: LongtermStore, query: str, user: str = "u1", now=T0, who=AGENT):
    return store.search_events(
        principal=who, tenant_id=who.tenant_id, user_id=user, query=query, now=now
    )


def audit_rows(store: LongtermStore, who=ADMIN, **kw):
    return store.list_audit(principal=who, tenant_id=who.tenant_id, **kw).items


def delete(store: LongtermStore, user: str = "u1", key: str = BUDGET, now=T0, who=AGENT, **kw):
    return store.delete_preference(
        principal=who, tenant_id=who.tenant_id, user_id=user, key=key, now=now, **kw
    )


def test_create_read_update_delete(backend: Backend) -> None:
    store = backend.store
    created = put(store, AGENT, "200 cny", confidence=0.9, source_ids=("s1:m3",))
    assert created.status == "created" and created.preference is not None
    pref = get(store)
    assert pref.value == {"amount": "200", "currency": "CNY"}
    assert (pref.version, pref.category, pref.scope, pref.source) == (
        1,
        "travel",
        "durable",
        "user_stated",
    )
    assert pref.source_ids == ("s1:m3",) and pref.confidence == 0.9
    updated = put(store, AGENT, {"amount": 180.5, "currency": "cny"}, now=T0 + timedelta(minutes=1))
    assert updated.status == "updated" and updated.preference is not None
    assert updated.preference.version == 2 and updated.preference.etag != created.preference.etag
    assert updated.preference.created_at == created.preference.created_at
    listed = prefs(store)
    assert [p.value["amount"] for p in listed.items] == ["180.5"]
    deleted = delete(store)
    backend.commit()
    assert deleted.version == 2
    with pytest.raises(NotFound):
        get(store)
    with pytest.raises(NotFound):
        delete(store)


def test_preference_pages(backend: Backend) -> None:
    store = backend.store
    keys = ["food.diet", "language.preferred", "travel.seat.preference"]
    for key, value in zip(keys, ["vegan", "zh-CN", "aisle"], strict=True):
        put(store, AGENT, value, key=key)
    first = prefs(store, limit=2)
    assert [p.key for p in first.items] == keys[:2] and first.next_cursor is not None
    rest = prefs(store, limit=2, cursor=first.next_cursor)
    assert [p.key for p in rest.items] == keys[2:] and rest.next_cursor is None
    assert [p.key for p in prefs(store, category="travel").items] == ["travel.seat.preference"]


def test_history_keeps_every_change_and_delete_scrubs_values(
    backend: Backend, clock: Clock
) -> None:
    store = backend.store
    put(store, AGENT, "200 CNY", now=clock.now)
    put(store, AGENT, "250 CNY", now=clock.advance(seconds=1))
    refused = put(
        store, CONSOLIDATOR, "300 CNY", source="consolidated", now=clock.advance(seconds=1)
    )
    assert refused.status == "refused" and refused.current_source == "user_stated"
    page = history(store)
    outcomes = [(c.outcome, c.version, c.value and c.value["amount"]) for c in page.items]
    assert outcomes == [("refused", None, "300"), ("applied", 2, "250"), ("applied", 1, "200")]
    delete(store, now=clock.advance(seconds=1))
    backend.commit()
    after = history(store).items
    assert [c.outcome for c in after] == ["deleted", "refused", "applied", "applied"]
    assert all(c.value is None and c.consent is None for c in after)


def test_history_pagination(backend: Backend, clock: Clock) -> None:
    store = backend.store
    for amount in range(1, 8):
        put(store, AGENT, f"{amount} CNY", now=clock.advance(seconds=1))
    seen, cursor = [], None
    while True:
        page = history(store, limit=3, cursor=cursor)
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


def test_trust_order(backend: Backend) -> None:
    store = backend.store
    for n, (current, incoming, expected) in enumerate(TRUST_CASES):
        user = f"trust{n}"
        put(store, ADMIN, "100 CNY", source=current, user=user)
        outcome = put(store, ADMIN, "90 CNY", source=incoming, user=user)
        assert outcome.status == expected, (current, incoming)
        kept = get(store, user=user)
        if expected == "refused":
            assert outcome.current_source == current
            assert (kept.value["amount"], kept.source) == ("100", current)
        else:
            assert (kept.value["amount"], kept.source, kept.version) == ("90", incoming, 2)


def test_supersede_only_for_admin_keys_and_user_stated(backend: Backend) -> None:
    store = backend.store
    put(store, ADMIN, "100 CNY", source="admin")
    assert put(store, AGENT, "90 CNY", source="user_stated", supersede=True).status == "updated"
    put(store, ADMIN, "100 CNY", source="admin")
    with pytest.raises(SupersedeNotAllowed):
        put(store, AGENT, "90 CNY", source="user_confirmed", supersede=True)
    assert put(store, ADMIN, "80 CNY", source="consolidated", supersede=True).status == "updated"


def test_values_are_validated_against_the_registry(backend: Backend) -> None:
    store = backend.store
    with pytest.raises(InvalidValue):
        put(store, AGENT, "cheap")
    with pytest.raises(InvalidValue):
        put(store, AGENT, "sideways", key="travel.seat.preference")
    assert put(store, AGENT, "Window", key="travel.seat.preference").preference.value == "window"
    free = put(store, AGENT, "likes quiet carriages", key="travel.train.quiet_car_note").preference
    assert (free.category, free.scope) == ("other", "task")
    with pytest.raises(InvalidRequest):
        put(store, AGENT, "100 CNY", confidence=1.5)
    with pytest.raises(InvalidRequest):
        put(store, AGENT, "100 CNY", ttl_seconds=60, expires_at=T0 + timedelta(days=1))


@pytest.mark.parametrize("user", ["mia+travel@x.com", "李雷", "a.b_c-d@e:f", "Zoë"])
def test_user_ids_under_the_one_rule(backend: Backend, user: str) -> None:
    store = backend.store
    assert put(store, AGENT, "100 CNY", user=user).status == "created"
    assert get(store, user=user).user_id == user
    receipt = store.erase_user(principal=ADMIN, tenant_id="t1", user_id=user, now=T0)
    assert receipt.counts["preferences"] == 1


@pytest.mark.parametrize("user", ["bad/id", " x", "50%", ".lead", "a b", "e\u0301"])
def test_user_ids_outside_the_rule_are_refused(backend: Backend, user: str) -> None:
    with pytest.raises(InvalidRequest):
        put(backend.store, AGENT, "100 CNY", user=user)


def test_if_match(backend: Backend) -> None:
    store = backend.store
    first = put(store, AGENT, "100 CNY").preference
    assert put(store, AGENT, "90 CNY", if_match='"nope.1"').status == "stale"
    second = put(store, AGENT, "90 CNY", if_match=first.etag)
    assert second.status == "updated"
    stale = put(store, AGENT, "80 CNY", if_match=first.etag)
    assert stale.status == "stale" and stale.current_etag == second.preference.etag
    assert put(store, AGENT, "vegan", key="food.diet", if_match="*").status == "stale"
    assert put(store, AGENT, "70 CNY", if_match="*").status == "updated"
    with pytest.raises(StalePrecondition) as caught:
        delete(store, if_match=first.etag)
    assert caught.value.current_etag == get(store).etag
    assert delete(store, if_match=get(store).etag).version == 3


def test_expiry_is_enforced_at_read(backend: Backend, clock: Clock) -> None:
    store = backend.store
    put(store, AGENT, "100 CNY", ttl_seconds=60, now=clock.now)
    write = EventWrite(
        "u1", "trip.booked", "booked G7301", clock.now, "user_stated", ttl_seconds=60
    )
    event = add_event(store, AGENT, write, now=clock.now).event
    backend.commit()
    found = store.get_event(
        principal=AGENT, tenant_id="t1", user_id="u1", event_id=event.id, now=clock.now
    )
    assert found == event
    assert get(store, now=clock.advance(seconds=59)).expires_at == T0 + timedelta(seconds=60)
    clock.advance(seconds=1)
    with pytest.raises(NotFound):
        get(store, now=clock.now)
    with pytest.raises(NotFound):
        store.get_event(
            principal=AGENT, tenant_id="t1", user_id="u1", event_id=event.id, now=clock.now
        )
    assert prefs(store, now=clock.now).items == []
    assert events(store, now=clock.now).items == []
    assert search(store, "G7301", now=clock.now) == []
    assert history(store, now=clock.now).items == []
    # an expired value does not block a new write, even from a less trusted source
    again = put(store, CONSOLIDATOR, "120 CNY", source="consolidated", now=clock.now)
    assert again.status == "updated" and again.preference.version == 2


def test_purge_removes_what_expired_and_audits(backend: Backend, clock: Clock) -> None:
    store = backend.store
    put(store, AGENT, "100 CNY", ttl_seconds=60, now=clock.now)
    put(store, AGENT, "vegan", key="food.diet", now=clock.now)
    write = EventWrite("u1", "trip.booked", "G7301", clock.now, "user_stated", ttl_seconds=60)
    add_event(store, AGENT, write, now=clock.now)
    put(store, AGENT, "aisle", key="travel.seat.preference", user="u2", ttl_seconds=600)
    nothing = store.purge_expired(principal=ADMIN, tenant_id="t1", now=clock.now)
    assert nothing == {
        "preferences": 0,
        "preference_history": 0,
        "events": 0,
        "idempotency_keys": 0,
    }
    counts = store.purge_expired(principal=ADMIN, tenant_id="t1", now=clock.advance(minutes=2))
    backend.commit()
    assert counts == {"preferences": 1, "preference_history": 1, "events": 1, "idempotency_keys": 0}
    assert [p.key for p in prefs(store, now=clock.now).items] == ["food.diet"]
    assert [p.key for p in prefs(store, user="u2", now=clock.now).items] == [
        "travel.seat.preference"
    ]
    rows = audit_rows(store, action="expire.purge")
    assert [(r.user_id, r.detail) for r in rows] == [
        ("u1", {"preferences": 1, "preference_history": 1, "events": 1})
    ]


def test_erasure_removes_the_user_and_leaves_a_receipt(backend: Backend, clock: Clock) -> None:
    store = backend.store
    for user in ("u1", "u2"):
        put(store, AGENT, "100 CNY", user=user)
        put(store, AGENT, "vegan", key="food.diet", user=user)
        add_event(
            store, AGENT, EventWrite(user, "trip.booked", "G7301 Hangzhou", T0, "user_stated")
        )
    receipt = store.erase_user(
        principal=ADMIN,
        tenant_id="t1",
        user_id="u1",
        now=clock.advance(seconds=1),
        scope="longterm",
    )
    backend.commit()
    assert (receipt.user_id, receipt.scope, receipt.actor_key_id) == ("u1", "longterm", "key_admin")
    assert receipt.counts == {
        "preferences": 2,
        "preference_history": 2,
        "events": 1,
        "idempotency_keys": 0,
    }
    assert prefs(store).items == [] and events(store).items == []
    assert search(store, "hangzhou") == []
    assert len(prefs(store, user="u2").items) == 2 and len(events(store, user="u2").items) == 1
    export = store.export_user(principal=ADMIN, tenant_id="t1", user_id="u1", now=clock.now)
    assert (export.preferences, export.history, export.events) == ([], [], [])
    assert [r.id for r in export.receipts] == [receipt.id]
    erased = audit_rows(store, action="user.erase")
    assert [(r.object_id, r.detail["preferences"]) for r in erased] == [(receipt.id, 2)]
    # What stays names the user by a keyed reference (HMAC under the tenant's secret), not "u1".
    assert erased[0].user_id is not None and erased[0].user_id.startswith("user:hmac:")
    assert [r.user_id for r in export.receipts] == [erased[0].user_id]
    assert audit_rows(store, user_id="u1") == []
    assert {r.user_id for r in audit_rows(store, user_id=erased[0].user_id)} == {erased[0].user_id}


def test_export_holds_what_the_store_holds_about_the_user(backend: Backend) -> None:
    store = backend.store
    put(store, AGENT, "100 CNY")
    put(store, AGENT, "90 CNY", now=T0 + timedelta(seconds=1))
    add_event(store, AGENT, EventWrite("u1", "trip.booked", "G7301", T0, "user_stated"))
    put(store, AGENT, "vegan", key="food.diet", user="u2")
    export = store.export_user(principal=ADMIN, tenant_id="t1", user_id="u1", now=T0)
    assert (export.tenant_id, export.user_id, export.exported_at) == ("t1", "u1", T0)
    assert [p.value["amount"] for p in export.preferences] == ["90"]
    assert [c.version for c in export.history] == [2, 1]
    assert [e.text for e in export.events] == ["G7301"]
    assert {r.user_id for r in export.audit} == {"u1"} and len(export.audit) == 6
    assert export.receipts == []


def test_tenant_and_user_isolation(backend: Backend) -> None:
    store = backend.store
    put(store, AGENT, "100 CNY")
    other = Principal(role="agent", tenant_id="t10", key_id="k2")
    with pytest.raises(NotFound):
        get(store, who=other)
    with pytest.raises(NotFound):
        get(store, user="u2")
    assert put(store, other, "5 EUR").status == "created"  # same user id, other tenant: separate
    assert get(store).value["amount"] == "100"
    assert get(store, who=other).value["amount"] == "5"
    restricted = Principal(role="agent", tenant_id="t1", key_id="k3", user_id="u2")
    with pytest.raises(NotFound):
        put(store, restricted, "1 CNY")


def test_a_principal_of_another_tenant_reaches_nothing(backend: Backend) -> None:
    store = backend.store
    put(store, AGENT, "100 CNY")
    event = add_event(store, AGENT, EventWrite("u1", "trip.booked", "G7301", T0, "user_stated"))
    stranger = Principal(role="admin", tenant_id="t2", key_id="k9")
    scoped = {"principal": stranger, "tenant_id": "t1"}
    user = {**scoped, "user_id": "u1", "now": T0}
    calls = [
        lambda: store.get_preference(**user, key=BUDGET),
        lambda: store.list_preferences(**user),
        lambda: store.preference_history(**user, key=BUDGET),
        lambda: store.delete_preference(**user, key=BUDGET),
        lambda: store.get_event(**user, event_id=event.event.id),
        lambda: store.list_events(**user),
        lambda: store.search_events(**user, query="G7301"),
        lambda: store.delete_event(**user, event_id=event.event.id),
        lambda: store.erase_user(**user),
        lambda: store.export_user(**user),
        lambda: store.purge_expired(**scoped, now=T0),
        lambda: store.list_audit(**scoped),
        lambda: store.put_preference(
            **scoped, now=T0, write=PreferenceWrite("u1", BUDGET, "1 CNY", "admin")
        ),
        lambda: store.add_event(
            **scoped, now=T0, write=EventWrite("u1", "trip.booked", "x", T0, "admin")
        ),
    ]
    for call in calls:
        with pytest.raises(NotFound):
            call()
    assert get(store).version == 1 and len(events(store).items) == 1


def test_a_user_restricted_principal_sees_only_its_user(backend: Backend) -> None:
    store = backend.store
    for user in ("u1", "u2"):
        put(store, AGENT, "100 CNY", user=user)
        add_event(store, AGENT, EventWrite(user, "trip.booked", "G7301", T0, "user_stated"))
    mine = Principal(role="agent", tenant_id="t1", key_id="k_u1", user_id="u1")
    assert get(store, who=mine).user_id == "u1"
    assert [e.user_id for e in events(store, who=mine).items] == ["u1"]
    for call in (get, prefs, history, events):
        with pytest.raises(NotFound):
            call(store, user="u2", who=mine)
    with pytest.raises(NotFound):
        search(store, "G7301", user="u2", who=mine)
    # Its audit listing is its user's, whatever it asks for.
    assert {r.user_id for r in audit_rows(store, who=mine)} == {"u1"}
    with pytest.raises(NotFound):
        audit_rows(store, who=mine, user_id="u2")


class SensitiveHidden:
    """Like the default policy: sensitive values are not readable by agent keys."""

    def decide(self, *, subject, action, obj):
        hidden = obj.sensitive and subject.role != "admin"
        return GateDecision(not hidden, "sensitive" if hidden else "ok", "v1", "test gate")


def test_permission_filtering_happens_inside_the_store(backend: Backend) -> None:
    backend.gate.inner = SensitiveHidden()
    store = backend.store
    put(store, ADMIN, ["peanuts"], key="health.allergies", source="admin")
    put(store, ADMIN, "100 CNY", source="admin")
    visit = add_event(
        store, ADMIN, EventWrite("u1", "health.visit", "clinic visit", T0, "admin")
    ).event
    add_event(store, ADMIN, EventWrite("u1", "trip.booked", "clinic shuttle", T0, "admin"))
    assert [p.key for p in prefs(store).items] == [BUDGET]
    assert [p.key for p in prefs(store, who=ADMIN).items] == ["health.allergies", BUDGET]
    with pytest.raises(NotFound):
        get(store, key="health.allergies")
    with pytest.raises(NotFound):
        history(store, key="health.allergies")
    with pytest.raises(NotFound):
        store.get_event(principal=AGENT, tenant_id="t1", user_id="u1", event_id=visit.id, now=T0)
    assert [e.kind for e in events(store).items] == ["trip.booked"]
    assert [e.kind for e in search(store, "clinic")] == ["trip.booked"]
    assert len(search(store, "clinic", who=ADMIN)) == 2
    self_service = Principal(role="agent", tenant_id="t1", key_id="k_u1", user_id="u1")
    export = store.export_user(principal=self_service, tenant_id="t1", user_id="u1", now=T0)
    assert [p.key for p in export.preferences] == [BUDGET]
    assert {c.key for c in export.history} == {BUDGET}
    assert [e.kind for e in export.events] == ["trip.booked"]
    full = store.export_user(principal=ADMIN, tenant_id="t1", user_id="u1", now=T0)
    assert len(full.preferences) == 2 and len(full.events) == 2


class DenySensitiveWrites:
    def decide(self, *, subject, action, obj):
        allowed = action == "read" or not obj.sensitive
        rule = "sensitive" if not allowed else "ok"
        return GateDecision(allowed, rule, "v7", "sensitive data")


def test_policy_denial_is_audited_and_kept_without_value(backend: Backend) -> None:
    backend.gate.inner = DenySensitiveWrites()
    store = backend.store
    outcome = put(store, AGENT, ["peanuts"], key="health.allergies")
    backend.commit()
    assert outcome.status == "denied"
    changes = history(store, key="health.allergies")
    assert [(c.outcome, c.value) for c in changes.items] == [("denied", None)]
    rows = audit_rows(store)
    assert [(r.action, r.outcome, r.policy_version, r.rule) for r in rows] == [
        ("policy.write", "deny", "v7", "sensitive")
    ]
    denied = add_event(store, AGENT, EventWrite("u1", "health.visit", "clinic", T0, "user_stated"))
    assert denied.status == "denied" and denied.event is None
    assert events(store).items == []
    newest = audit_rows(store)[0]
    assert (newest.action, newest.object_type) == ("policy.write", "event")


def test_every_mutation_and_decision_is_audited(backend: Backend) -> None:
    store = backend.store
    put(store, AGENT, "100 CNY")
    put(store, CONSOLIDATOR, "90 CNY", source="consolidated")
    delete(store)
    put(store, AGENT, "x", key="other.secret_nickname")
    event = add_event(store, AGENT, EventWrite("u1", "trip.booked", "G7301", T0, "user_stated"))
    store.delete_event(
        principal=AGENT, tenant_id="t1", user_id="u1", event_id=event.event.id, now=T0
    )
    backend.commit()
    rows = audit_rows(store)
    assert [(r.action, r.outcome) for r in reversed(rows)] == [
        ("policy.write", "allow"),
        ("preference.create", "ok"),
        ("policy.write", "allow"),
        ("preference.write", "refused"),
        ("preference.delete", "ok"),
        ("policy.write", "allow"),
        ("preference.create", "ok"),
        ("policy.write", "allow"),
        ("event.create", "ok"),
        ("event.delete", "ok"),
    ]
    assert rows[3].object_id.startswith("key:hmac:")  # unregistered keys only as a keyed ref
    assert all(r.actor_key_id and r.tenant_id == "t1" and r.user_id == "u1" for r in rows)
    assert rows[-2].detail == {"version": 1, "source": "user_stated"}
    assert audit_rows(store, who=Principal("admin", "t2", key_id="k2")) == []
    assert len(audit_rows(store, action="policy.")) == 4
    assert [r.action for r in audit_rows(store, action="event.create")] == ["event.create"]
    page = store.list_audit(principal=ADMIN, tenant_id="t1", limit=4)
    rest = store.list_audit(principal=ADMIN, tenant_id="t1", cursor=page.next_cursor)
    assert [r.id for r in page.items + rest.items] == [r.id for r in rows]
    later = audit_rows(store, since=T0 + timedelta(seconds=1))
    assert later == []


def test_events_crud_filters_and_pages(backend: Backend, clock: Clock) -> None:
    store = backend.store
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
        ids.append(add_event(store, AGENT, write, now=clock.now).event.id)
    backend.commit()
    page = events(store, now=clock.now, limit=2)
    assert [e.attributes["day"] for e in page.items] == [4, 3]
    rest = events(store, now=clock.now, cursor=page.next_cursor)
    assert [e.attributes["day"] for e in rest.items] == [2, 1, 0] and rest.next_cursor is None
    booked = events(store, now=clock.now, kind="trip.booked")
    assert [e.attributes["day"] for e in booked.items] == [3, 1]
    window = events(
        store, now=clock.now, since=T0 + timedelta(days=1), until=T0 + timedelta(days=3)
    )
    assert [e.attributes["day"] for e in window.items] == [2, 1]
    store.delete_event(
        principal=AGENT, tenant_id="t1", user_id="u1", event_id=ids[0], now=clock.now
    )
    backend.commit()
    with pytest.raises(NotFound):
        store.get_event(
            principal=AGENT, tenant_id="t1", user_id="u1", event_id=ids[0], now=clock.now
        )
    with pytest.raises(NotFound):
        store.get_event(
            principal=AGENT, tenant_id="t1", user_id="u2", event_id=ids[1], now=clock.now
        )
    with pytest.raises(NotFound):
        store.delete_event(
            principal=AGENT, tenant_id="t1", user_id="u1", event_id=ids[0], now=clock.now
        )


def test_full_text_search(backend: Backend) -> None:
    store = backend.store
    texts = [
        "Booked G7301 Shanghai to Hangzhou, second class",
        "Asked for a vegetarian meal on the flight",
        "Hotel in Hangzhou near West Lake, 3 nights",
    ]
    for i, text in enumerate(texts):
        add_event(
            store,
            AGENT,
            EventWrite("u1", "trip.note", text, T0 + timedelta(hours=i), "user_stated"),
        )
    add_event(store, AGENT, EventWrite("u2", "trip.note", "Hangzhou again", T0, "user_stated"))
    backend.commit()
    found = search(store, "hangzhou hotel")
    assert found[0].text == texts[2]
    assert {e.text for e in found} == {texts[0], texts[2]}
    assert search(store, '"; DROP --') == []
    assert search(store, "hangzhou", who=Principal("agent", "t2", key_id="k2")) == []
    assert [e.text for e in search(store, "hangzhou", user="u2")] == ["Hangzhou again"]


def test_consent_round_trips(backend: Backend) -> None:
    consent = PreferenceConsent("user", T0, "keep my usual one-way budget")
    store = backend.store
    pref = put(
        store, AGENT, "200 CNY", source="promoted", consent=consent, confidence=0.8
    ).preference
    assert pref.consent == consent
    assert get(store).consent == consent


def test_stored_values_do_not_follow_the_callers_objects(backend: Backend) -> None:
    store = backend.store
    attributes = {"train": "G7301"}
    write = EventWrite("u1", "trip.booked", "booked", T0, "user_stated", attributes=attributes)
    add_event(store, AGENT, write)
    attributes["train"] = "changed"
    assert events(store).items[0].attributes == {"train": "G7301"}


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
def test_event_category(backend: Backend, kind: str, given: str | None, expected: str) -> None:
    write = EventWrite("u1", kind, "x", T0, "user_stated", category=given)
    event = add_event(backend.store, ADMIN, write).event
    assert event is not None and event.category == expected


def test_sensitive_event_kind_cannot_be_recategorized(backend: Backend) -> None:
    write = EventWrite("u1", "health.visit", "x", T0, "user_stated", category="other")
    with pytest.raises(InvalidRequest):
        add_event(backend.store, AGENT, write)
