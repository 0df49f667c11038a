"""A hypothesis state machine over the service against a plain in-memory model (issue 12).

The service is the app through ``TestClient`` on one migrated database per backend (SQLite and
PostgreSQL), with an injected clock; every example takes two fresh tenants of two users each
(``alice`` and ``bob`` in both, so a leak across tenants would show), an admin key per tenant and
a user-restricted agent key per user. Rules: set and delete preferences (agent or admin, with or
without a lifetime), add and delete events, advance the clock, run the expiry sweep, create
sessions, append, ``/context`` (compaction), restore a summary version, ``/end`` with promotion
(consents with values), grant standing consent, run the consolidation job, erase a user (admin
or the user's own key, ``scope=all`` or ``longterm``) and give an erased user a new key.

Checked after every step (``stateful_model`` says what the model knows):

- what each user's data looks like through the admin key and the user's own key equals the
  model (so deleted or expired data is never visible, and another tenant's same-named user's
  data never appears); the other user's key and the other tenant's keys get 404;
- an erased user's key gets 401; an erased session stays 404, restore included; nothing comes
  back into long-term memory from a restore;
- every session's summary versions are 1..N, contiguous, and grow by at most one per call;
- the audit rows of each tenant, counted per action, are exactly the model's.

CI profile: 4 examples of up to 12 steps per backend; ``TIERMEM_FULL=1`` (``scripts/check
--full``): 100 examples of up to 40 steps.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import Engine, func, select
from sqlmodel import col

from api.app import create_app
from api.storage.keys import KeyStore
from longterm.storage import AuditRow
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_settings, unique_tenant
from tests.api.stateful_model import KEYS, TRUST, EventModel, Model, PrefModel, SessionModel
from tests.suite_profile import FULL

PROFILE = settings(
    max_examples=100 if FULL else 4,
    stateful_step_count=40 if FULL else 12,
    deadline=None,
    derandomize=not FULL,
    suppress_health_check=list(HealthCheck),
)
T0 = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
USERS = ("alice", "bob")
BUDGET = {"context_limit": 1200, "max_output_tokens": 100, "tool_reserve": 0, "safety_margin": 0}
IDLE = timedelta(minutes=31)  # past settings.idle_minutes (30): sessions are due

tenant_ix = st.integers(0, 1)
user_ix = st.integers(0, 1)
keys = st.sampled_from(sorted(KEYS))
BUDGET_KEY = "travel.budget.one_way_max"  # what consolidation keeps of a session's first message
deletable = st.sampled_from([*sorted(KEYS), BUDGET_KEY])
vias = st.sampled_from(["agent", "admin"])
ttls = st.sampled_from([None, None, 60, 3600, 86400])


class Clock:
    """The app's clock: the machine moves it, the model reads the same value."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Target:
    """One backend's app, engine and clock, shared by the examples of a test."""

    client: TestClient
    engine: Engine
    clock: Clock


@pytest.fixture(scope="module")
def target(shared_database_url: str) -> Iterator[Target]:
    clock = Clock()
    app = create_app(make_settings(shared_database_url), clock=clock)
    engine = create_db_engine(shared_database_url)
    try:
        with TestClient(app) as client:
            yield Target(client, engine, clock)
    finally:
        engine.dispose()


def _at(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00"))


def _filler(session_id: str, start: int, count: int) -> list[dict[str, Any]]:
    """Messages that compact without stating any preference of the model's keys."""
    tag = session_id[-6:]
    return [
        {
            "id": f"m{tag}-{i}",
            "role": "user" if i % 2 == 0 else "assistant",
            "content": f"note {i}: the tea fields near the lake are worth a walk. " * 6,
        }
        for i in range(start, start + count)
    ]


class ServiceMachine(RuleBasedStateMachine):
    """The service and the model, driven by the same rules."""

    target: Target

    @initialize()
    def setup(self) -> None:
        self.clock = self.target.clock
        self.clock.now = T0
        self.c = self.target.client
        tenants = (unique_tenant("sa"), unique_tenant("sb"))
        self.model = Model(tenants=tenants, users=USERS, now=T0)
        store = KeyStore(self.target.engine)
        self.admin: dict[str, dict[str, str]] = {}
        self.agent: dict[tuple[str, str], dict[str, str]] = {}
        self.revoked: dict[tuple[str, str], list[dict[str, str]]] = {}
        for tenant in tenants:
            self.admin[tenant] = bearer(store.create(tenant_id=tenant, role="admin")[1])
            for user in USERS:
                secret = store.create(tenant_id=tenant, role="agent", user_id=user)[1]
                self.agent[(tenant, user)] = bearer(secret)
                self.revoked[(tenant, user)] = []
        self.touched: set[tuple[str, str]] = set()  # users whose memory to compare next
        self.sessions_touched: set[tuple[str, str]] = set()  # users whose sessions to compare
        for tenant in tenants:  # one compacted session to start from, for the session rules
            self._new_session((tenant, USERS[0]), "agent", 300)
            session_id = next(iter(self.model.user(tenant, USERS[0]).sessions))
            self._compact((tenant, USERS[0]), session_id, "agent")
            self._append((tenant, USERS[0]), session_id, 10)  # a second version: restorable
            self._compact((tenant, USERS[0]), session_id, "agent")

    # --- helpers -----------------------------------------------------------------------------

    def _pick(self, t: int, u: int) -> tuple[str, str]:
        pair = (self.model.tenants[t], USERS[u])
        self.touched.add(pair)
        return pair

    def _key(self, pair: tuple[str, str], via: str) -> dict[str, str]:
        return self.admin[pair[0]] if via == "admin" else self.agent[pair]

    def _revoked_key(self, pair: tuple[str, str], via: str) -> bool:
        return via == "agent" and self.model.user(*pair).key_revoked

    def _audit_by_tenant(self) -> dict[str, Counter[str]]:
        """The audit rows of both tenants, counted per action, in one query."""
        query = (
            select(AuditRow.tenant_id, AuditRow.action, func.count())  # type: ignore[call-overload]
            .where(col(AuditRow.tenant_id).in_(self.model.tenants))
            .group_by(AuditRow.tenant_id, AuditRow.action)
        )
        rows: dict[str, Counter[str]] = {t: Counter() for t in self.model.tenants}
        with self.target.engine.connect() as connection:
            for tenant, action, count in connection.execute(query).all():
                rows[str(tenant)][str(action)] = int(count)
        return rows

    def _audit_rows(self, tenant: str) -> Counter[str]:
        query = (
            select(AuditRow.action, func.count())  # type: ignore[call-overload]
            .where(AuditRow.tenant_id == tenant)
            .group_by(AuditRow.action)
        )
        with self.target.engine.connect() as connection:
            return Counter({str(a): int(n) for a, n in connection.execute(query).all()})

    # --- preferences -------------------------------------------------------------------------

    @rule(t=tenant_ix, u=user_ix, key=keys, choice=st.integers(0, 2), via=vias, ttl=ttls)
    def put_preference(self, t: int, u: int, key: str, choice: int, via: str, ttl: int | None):
        pair = self._pick(t, u)
        value = KEYS[key][choice % len(KEYS[key])]
        source = "admin" if via == "admin" else "user_stated"
        body: dict[str, Any] = {"value": value, "source": source}
        if ttl is not None:
            body["ttl_seconds"] = ttl
        r = self.c.put(f"/v1/users/{pair[1]}/preferences/{key}", headers=self._key(pair, via),
                       json=body)  # fmt: skip
        if self._revoked_key(pair, via):
            assert r.status_code == 401, r.text
            return
        expected = self.model.expect_put(*pair, key, source)
        assert r.status_code == expected.status, (r.text, expected)
        self.model.audit[pair[0]].update(expected.audit)
        if expected.stored:
            self.model.put(*pair, key, PrefModel(value, source, self.model.expiry(ttl)))
        else:
            self.model.refused(*pair, self.model.expiry(ttl))

    @rule(t=tenant_ix, u=user_ix, key=deletable, via=vias)
    def delete_preference(self, t: int, u: int, key: str, via: str) -> None:
        pair = self._pick(t, u)
        r = self.c.delete(f"/v1/users/{pair[1]}/preferences/{key}", headers=self._key(pair, via))
        if self._revoked_key(pair, via):
            assert r.status_code == 401, r.text
            return
        assert r.status_code == (204 if self.model.delete(*pair, key) else 404), r.text

    # --- events ------------------------------------------------------------------------------

    @rule(t=tenant_ix, u=user_ix, via=vias, ttl=ttls, n=st.integers(0, 99))
    def add_event(self, t: int, u: int, via: str, ttl: int | None, n: int) -> None:
        pair = self._pick(t, u)
        source = "admin" if via == "admin" else "user_stated"
        body: dict[str, Any] = {
            "kind": "trip.booked",
            "text": f"booked train number {n} to the lake",
            "occurred_at": self.clock.now.isoformat(),
            "source": source,
        }
        if ttl is not None:
            body["ttl_seconds"] = ttl
        r = self.c.post(f"/v1/users/{pair[1]}/events", headers=self._key(pair, via), json=body)
        if self._revoked_key(pair, via):
            assert r.status_code == 401, r.text
            return
        assert r.status_code == 201, r.text
        event_id = r.json()["id"]
        self.model.user(*pair).events[event_id] = EventModel(
            "trip.booked", body["text"], self.model.expiry(ttl)
        )
        self.model.audit[pair[0]].update(("policy.write", "event.create"))

    @rule(t=tenant_ix, u=user_ix, via=vias, data=st.data())
    def delete_event(self, t: int, u: int, via: str, data: st.DataObject) -> None:
        pair = self._pick(t, u)
        state = self.model.user(*pair)
        if not state.events:
            return
        event_id = data.draw(st.sampled_from(list(state.events)))  # creation order
        r = self.c.delete(f"/v1/users/{pair[1]}/events/{event_id}", headers=self._key(pair, via))
        if self._revoked_key(pair, via):
            assert r.status_code == 401, r.text
            return
        live = state.events[event_id].live(self.model.now)
        assert r.status_code == (204 if live else 404), r.text
        if live:
            del state.events[event_id]
            self.model.audit[pair[0]]["event.delete"] += 1

    # --- the clock and expiry ----------------------------------------------------------------

    @rule(seconds=st.sampled_from([30, 3600, 86400, 40 * 86400]))
    def advance_clock(self, seconds: int) -> None:
        self.clock.now += timedelta(seconds=seconds)
        self.model.now = self.clock.now
        self.touched.update(self.model.data)  # whatever expired must disappear everywhere

    @rule(t=tenant_ix)
    def run_expiry(self, t: int) -> None:
        tenant = self.model.tenants[t]
        r = self.c.post("/v1/admin/jobs/expire/run", headers=self.admin[tenant])
        assert r.status_code == 200, r.text
        self.model.purge(tenant)
        self.touched.update(p for p in self.model.data if p[0] == tenant)

    # --- sessions ----------------------------------------------------------------------------

    @rule(t=tenant_ix, u=user_ix, via=vias, budget=st.integers(100, 999))
    def new_session(self, t: int, u: int, via: str, budget: int) -> None:
        pair = self._pick(t, u)
        self._new_session(pair, via, budget)

    def _new_session(self, pair: tuple[str, str], via: str, budget: int) -> None:
        state = self.model.user(*pair)
        if len(state.sessions) >= 2:
            return
        body = {"user_id": pair[1], "format": "openai-chat", "budget": BUDGET}
        r = self.c.post("/v1/sessions", headers=self._key(pair, via), json=body)
        if self._revoked_key(pair, via):
            assert r.status_code == 401, r.text
            return
        assert r.status_code == 201, r.text
        session_id = r.json()["id"]
        state.sessions[session_id] = SessionModel(budget=budget)
        self.sessions_touched.add(pair)
        said = {"id": f"u{session_id[-6:]}", "role": "user",
                "content": f"My one-way budget is at most {budget} CNY."}  # fmt: skip
        self._append(pair, session_id, 12, first=said)

    def _append(
        self,
        pair: tuple[str, str],
        session_id: str,
        count: int,
        first: dict[str, Any] | None = None,
    ) -> None:
        session = self.model.user(*pair).sessions[session_id]
        messages = ([first] if first else []) + _filler(session_id, session.messages, count)
        r = self.c.post(f"/v1/sessions/{session_id}/messages", headers=self.admin[pair[0]],
                        json={"messages": messages})  # fmt: skip
        assert r.status_code == 200, r.text
        assert r.json()["message_count"] == session.messages + len(messages)
        session.messages += len(messages)

    def _all_sessions(self) -> list[tuple[tuple[str, str], str]]:
        """Every live session, in creation order (ids are random: never sort by them, or a
        replayed example would pick another session)."""
        if not hasattr(self, "model"):
            return []
        return [(pair, sid) for pair, state in self.model.data.items() for sid in state.sessions]

    def _summarized(self) -> list[tuple[tuple[str, str], str]]:
        return [(p, s) for p, s in self._all_sessions() if self.model.user(*p).sessions[s].versions]

    def _open(self) -> list[tuple[tuple[str, str], str]]:
        return [
            (p, s) for p, s in self._all_sessions() if not self.model.user(*p).sessions[s].ended
        ]

    @precondition(lambda self: self._all_sessions())
    @rule(data=st.data(), count=st.integers(1, 6))
    def append(self, data: st.DataObject, count: int) -> None:
        pair, session_id = data.draw(st.sampled_from(self._all_sessions()))
        self.touched.add(pair)
        self.sessions_touched.add(pair)
        self._append(pair, session_id, count)

    @precondition(lambda self: self._all_sessions())
    @rule(data=st.data(), via=vias)
    def compact(self, data: st.DataObject, via: str) -> None:
        pair, session_id = data.draw(st.sampled_from(self._all_sessions()))
        self.touched.add(pair)
        self.sessions_touched.add(pair)
        self._compact(pair, session_id, via)

    def _compact(self, pair: tuple[str, str], session_id: str, via: str) -> None:
        r = self.c.post(f"/v1/sessions/{session_id}/context", headers=self._key(pair, via),
                        json={})  # fmt: skip
        if self._revoked_key(pair, via):
            assert r.status_code == 401, r.text
            return
        assert r.status_code == 200, r.text
        session = self.model.user(*pair).sessions[session_id]
        versions = self._versions(pair, session_id)
        assert len(versions) in (session.versions, session.versions + 1), versions
        session.versions = len(versions)

    @precondition(lambda self: self._summarized())
    @rule(data=st.data())
    def restore(self, data: st.DataObject) -> None:
        pair, session_id = data.draw(st.sampled_from(self._summarized()))
        self.touched.add(pair)
        self.sessions_touched.add(pair)
        session = self.model.user(*pair).sessions[session_id]
        version = data.draw(st.integers(1, session.versions))
        r = self.c.post(f"/v1/sessions/{session_id}/summaries/{version}/restore",
                        headers=self.admin[pair[0]])  # fmt: skip
        if version == session.versions:
            assert r.status_code == 409, r.text  # already the current one: nothing written
            return
        assert r.status_code == 201, r.text
        assert (r.json()["version"], r.json()["restored_from"]) == (session.versions + 1, version)
        session.versions += 1
        self.model.audit[pair[0]]["restore"] += 1

    def _versions(self, pair: tuple[str, str], session_id: str) -> list[int]:
        r = self.c.get(f"/v1/sessions/{session_id}/summaries", headers=self.admin[pair[0]],
                       params={"limit": 200})  # fmt: skip
        assert r.status_code == 200, r.text
        return [item["version"] for item in r.json()["items"]]

    # --- promotion, consent, consolidation ---------------------------------------------------

    @precondition(lambda self: self._open())
    @rule(data=st.data(), picks=st.sets(keys, max_size=2))
    def end_session(self, data: st.DataObject, picks: set[str]) -> None:
        pair, session_id = data.draw(st.sampled_from(self._open()))
        self.touched.add(pair)
        self.sessions_touched.add(pair)
        state = self.model.user(*pair)
        consents = [{"key": k, "value": data.draw(st.sampled_from(KEYS[k]))} for k in sorted(picks)]
        r = self.c.post(f"/v1/sessions/{session_id}/end", headers=self.admin[pair[0]],
                        json={"consents": consents})  # fmt: skip
        assert r.status_code == 200, r.text
        state.sessions[session_id].ended = True
        self._expect_end(pair, r.json(), {c["key"]: c["value"] for c in consents})

    def _expect_end(self, pair: tuple[str, str], body: dict[str, Any], given: dict[str, Any]):
        """The consents with values are promoted unless a more trusted value is live; the
        summary's own candidates (filler: no key of the model) are all denied."""
        audit = self.model.audit[pair[0]]
        audit["session.end"] += 1
        by_key = {c["key"]: c for c in body["candidates"]}
        for candidate in body["candidates"]:
            if candidate["policy_version"] is not None:
                audit["policy.promote"] += 1
            if candidate["key"] not in given:
                assert candidate["status"] == "denied", candidate
        for key, value in given.items():
            candidate = by_key[key]
            expected = self.model.expect_put(*pair, key, "promoted")
            if not expected.stored:
                assert candidate["status"] == "denied", candidate
                audit["preference.write"] += 1
                self.model.refused(*pair, self.model.now + timedelta(days=365))
                continue
            assert candidate["status"] == "promoted", candidate
            audit[expected.audit[1]] += 1
            pref = self._read_pref(pair, key)
            assert (pref["value"], pref["source"]) == (value, "promoted")
            self.model.put(*pair, key, PrefModel(value, "promoted", _at(pref["expires_at"])))
        assert body["promoted"] == sum(c["status"] == "promoted" for c in body["candidates"])

    def _read_pref(self, pair: tuple[str, str], key: str) -> dict[str, Any]:
        r = self.c.get(f"/v1/users/{pair[1]}/preferences/{key}", headers=self.admin[pair[0]])
        assert r.status_code == 200, r.text
        return dict(r.json())

    @rule(t=tenant_ix, u=user_ix, category=st.sampled_from(["travel", "travel", "food"]))
    def grant_consent(self, t: int, u: int, category: str) -> None:
        pair = self._pick(t, u)
        r = self.c.put(f"/v1/users/{pair[1]}/consents/{category}", headers=self.admin[pair[0]])
        state = self.model.user(*pair)
        assert r.status_code == (200 if category in state.consents else 201), r.text
        if category not in state.consents:
            state.consents.add(category)
            self.model.audit[pair[0]]["consent.grant"] += 1

    @precondition(lambda self: self._summarized())
    @rule(t=tenant_ix)
    def consolidate(self, t: int) -> None:
        tenant = self.model.tenants[t]
        self.clock.now += IDLE
        self.model.now = self.clock.now
        before = self._audit_rows(tenant)
        r = self.c.post("/v1/admin/jobs/consolidate/run", headers=self.admin[tenant])
        assert r.status_code == 200, r.text
        result = r.json()["result"]
        assert result["failed"] == 0, result
        delta = self._audit_rows(tenant) - before
        assert delta["event.create"] >= result["events"], (delta, result)
        assert set(delta) <= {"policy.consolidate.write", "preference.create",
                              "preference.update", "event.create"}, delta  # fmt: skip
        assert delta["preference.create"] + delta["preference.update"] >= result["written"]
        self.model.audit[tenant].update(delta)
        self.touched.update(p for p in self.model.data if p[0] == tenant)
        for user in USERS:
            if result["written"]:
                self._absorb_consolidated((tenant, user))
            if result["events"]:
                self._absorb_task_events((tenant, user))

    def _absorb_task_events(self, pair: tuple[str, str]) -> None:
        """Consolidation of an ended session writes one ``<category>.task_completed`` event per
        consented category: new events may be only those."""
        state = self.model.user(*pair)
        r = self.c.get(f"/v1/users/{pair[1]}/events", headers=self.admin[pair[0]],
                       params={"limit": 200})  # fmt: skip
        assert r.status_code == 200, r.text
        for event in r.json()["items"]:
            if event["id"] in state.events:
                continue
            assert event["kind"].endswith(".task_completed"), event
            assert event["source"] == "consolidated", event
            assert event["category"] in state.consents, (event, state.consents)
            state.events[event["id"]] = EventModel(
                event["kind"], event["text"], _at(event["expires_at"])
            )

    def _absorb_consolidated(self, pair: tuple[str, str]) -> None:
        """What consolidation wrote: a session's budget, in a consented category, where no value
        or only a consolidated one was live."""
        state = self.model.user(*pair)
        budgets = {str(session.budget) for session in state.sessions.values()}
        for key, (value, source) in self._listed(pair, self.admin[pair[0]]).items():
            if state.live_prefs(self.model.now).get(key) == (value, source):
                continue
            assert (key, source) == (BUDGET_KEY, "consolidated"), (key, source)
            assert "travel" in state.consents and value["amount"] in budgets, (value, state)
            current = state.prefs.get(key)
            assert (
                current is None
                or not current.live(self.model.now)
                or (TRUST[current.source] <= TRUST["consolidated"])
            ), (key, current)
            expires = _at(self._read_pref(pair, key)["expires_at"])
            self.model.put(*pair, key, PrefModel(value, source, expires))

    # --- erasure and keys --------------------------------------------------------------------

    @rule(t=tenant_ix, u=user_ix, via=vias, scope=st.sampled_from(["all", "longterm"]),
          reissue=st.booleans())  # fmt: skip
    def erase(self, t: int, u: int, via: str, scope: str, reissue: bool) -> None:
        pair = self._pick(t, u)
        r = self.c.delete(f"/v1/users/{pair[1]}/memories", headers=self._key(pair, via),
                          params={"scope": scope})  # fmt: skip
        if self._revoked_key(pair, via):
            assert r.status_code == 401, r.text
            return
        assert r.status_code == 200, r.text
        self.model.erase(*pair, scope=scope)
        self.revoked[pair].append(self.agent[pair])
        self.sessions_touched.add(pair)
        for old in self.revoked[pair]:
            assert self.c.get("/v1/me", headers=old).status_code == 401
        if reissue:
            self.new_key(t, u)

    @rule(t=tenant_ix, u=user_ix)
    def new_key(self, t: int, u: int) -> None:
        """An erased user's agent key comes back only as a new key (the old one stays 401)."""
        pair = self._pick(t, u)
        state = self.model.user(*pair)
        if not state.key_revoked:
            return
        r = self.c.post("/v1/keys", headers=self.admin[pair[0]],
                        json={"role": "agent", "user_id": pair[1]})  # fmt: skip
        assert r.status_code == 201, r.text
        self.agent[pair] = bearer(r.json()["secret"])
        state.key_revoked = False
        for old in self.revoked[pair]:
            assert self.c.get("/v1/me", headers=old).status_code == 401

    # --- invariants --------------------------------------------------------------------------

    def _listed(self, pair: tuple[str, str], key: dict[str, str]) -> dict[str, tuple[Any, str]]:
        r = self.c.get(f"/v1/users/{pair[1]}/preferences", headers=key, params={"limit": 200})
        assert r.status_code == 200, r.text
        return {p["key"]: (p["value"], p["source"]) for p in r.json()["items"]}

    @invariant()
    def service_matches_model(self) -> None:
        if not hasattr(self, "model"):
            return
        for pair in sorted(self.touched | self.sessions_touched):
            self._check_user(pair)
            if pair in self.sessions_touched:
                self._check_sessions(pair)
        self.touched.clear()
        self.sessions_touched.clear()
        rows = self._audit_by_tenant()
        for tenant in self.model.tenants:
            assert rows[tenant] == +self.model.audit[tenant], (tenant, rows, self.model.audit)

    def _check_user(self, pair: tuple[str, str]) -> None:
        tenant, user = pair
        state = self.model.user(*pair)
        now = self.model.now
        admin = self.admin[tenant]
        assert self._listed(pair, admin) == state.live_prefs(now)
        r = self.c.get(f"/v1/users/{user}/events", headers=admin, params={"limit": 200})
        assert r.status_code == 200, r.text
        assert {e["id"] for e in r.json()["items"]} == state.live_events(now)
        own = self.agent[pair]
        if state.key_revoked:
            assert self.c.get("/v1/me", headers=own).status_code == 401
        else:
            assert self._listed(pair, own) == state.live_prefs(now)
        other_user = self.agent[(tenant, USERS[1 - USERS.index(user)])]
        r = self.c.get(f"/v1/users/{user}/preferences", headers=other_user)
        assert r.status_code in (404, 401), r.text

    def _check_sessions(self, pair: tuple[str, str]) -> None:
        tenant, user = pair
        state = self.model.user(*pair)
        other_tenant = self.admin[next(t for t in self.model.tenants if t != tenant)]
        r = self.c.get("/v1/sessions", headers=self.admin[tenant],
                       params={"user_id": user, "limit": 200})  # fmt: skip
        assert r.status_code == 200, r.text
        assert {s["id"] for s in r.json()["items"]} == set(state.sessions)
        for session_id, session in state.sessions.items():
            assert self._versions(pair, session_id) == list(range(1, session.versions + 1))
            assert self.c.get(f"/v1/sessions/{session_id}", headers=other_tenant).status_code == 404
        for session_id in state.erased_sessions:
            r = self.c.get(f"/v1/sessions/{session_id}/summaries", headers=self.admin[tenant])
            assert r.status_code == 404, r.text
            r = self.c.post(f"/v1/sessions/{session_id}/summaries/1/restore",
                            headers=self.admin[tenant])  # fmt: skip
            assert r.status_code == 404, r.text


def test_service_against_model(target: Target) -> None:
    ServiceMachine.target = target
    run_state_machine_as_test(ServiceMachine, settings=PROFILE)
