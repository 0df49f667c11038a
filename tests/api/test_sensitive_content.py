"""Sensitive by content, not only by key (issue 12, item 7), over HTTP on both backends.

An agent key's ``PUT .../preferences/payments.card {"value": "4111 1111 1111 1111"}`` was a 201;
look-alike keys and events in category ``healthcare`` or with a card number in their text were
kept as ``other``. Now each is classified before the gate: denied to the agent
(``sensitive.category``), and an admin's write is stored as sensitive and hidden from agents.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import bearer, make_key
from tests.longterm.test_sensitivity import LOOK_ALIKE_KEYS

PREFS = "/v1/users/u1/preferences"
EVENTS = "/v1/users/u1/events"
CARD = "4111 1111 1111 1111"


def _event(kind: str, text: str, **extra: str) -> dict[str, str]:
    return {"kind": kind, "text": text, "source": "user_stated",
            "occurred_at": "2026-09-10T08:00:00+08:00", **extra}  # fmt: skip


def test_the_issues_card_under_a_payments_key(app_client: TestClient, database_url: str) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    r = app_client.put(
        f"{PREFS}/payments.card", json={"value": CARD, "source": "user_stated"}, headers=agent
    )
    assert r.status_code == 403, r.text
    assert r.json()["rule"] == "sensitive.category"
    assert CARD not in r.text
    # an admin may keep it, as sensitive: agents never read it back
    r = app_client.put(
        f"{PREFS}/payments.card", json={"value": CARD, "source": "user_stated"}, headers=admin
    )
    assert r.status_code == 201, r.text
    assert r.json()["category"] == "payment"
    assert app_client.get(f"{PREFS}/payments.card", headers=agent).status_code in (403, 404)
    listed = app_client.get(PREFS, headers=agent)
    assert listed.status_code == 200 and CARD not in listed.text


def test_look_alike_keys_are_never_other(app_client: TestClient, database_url: str) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    accepted = []
    for key in LOOK_ALIKE_KEYS:
        r = app_client.put(
            f"{PREFS}/{key}", json={"value": "yes", "source": "user_stated"}, headers=agent
        )
        if r.status_code != 403 or not r.json()["rule"].startswith("sensitive."):
            accepted.append((key, r.status_code))
    assert accepted == [], f"{len(accepted)}/{len(LOOK_ALIKE_KEYS)} accepted"


@pytest.mark.parametrize(
    "value",
    [
        "４１１１ １１１１ １１１１ １１１１",
        "IBAN DE89 3704 0044 0532 0130 00",
        "my password is Tr0ub4dor&3x",
        "diagnosed with diabetes",
        "我有糖尿病",
    ],
)
def test_sensitive_values_under_a_plain_key(
    app_client: TestClient, database_url: str, value: str
) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    r = app_client.put(
        f"{PREFS}/misc.note", json={"value": value, "source": "user_stated"}, headers=agent
    )
    assert r.status_code == 403, r.text
    assert r.json()["rule"] == "sensitive.category"


def test_sensitive_events(app_client: TestClient, database_url: str) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    cases = [
        _event("visit.booked", "booked a check-up", category="healthcare"),
        _event("trip.paid", f"paid with card {CARD}"),
        _event("healthcare.visit", "saw a specialist"),
        _event("note.added", "确诊高血压"),
    ]
    for body in cases:
        r = app_client.post(EVENTS, json=body, headers=agent)
        assert r.status_code == 403, (body, r.text)
    r = app_client.post(EVENTS, json=cases[0], headers=admin)
    assert r.status_code == 201 and r.json()["category"] == "health", r.text
    # a plain event stays plain
    r = app_client.post(EVENTS, json=_event("trip.booked", "G7301 at 08:05"), headers=agent)
    assert r.status_code == 201 and r.json()["category"] == "travel", r.text
