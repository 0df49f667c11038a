"""Preferences over HTTP on both backends: PUT/GET/DELETE, ETag/If-Match, trust order (409),
history, pagination, idempotency, user restriction and expiry at read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tests.api.conftest import bearer, make_key

BASE = "/v1/users/u1/preferences"
KEY = "travel.budget.one_way_max"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_put_get_delete_with_etags(app_client, database_url) -> None:
    h = bearer(make_key(database_url, "t1", "agent"))
    body = {"value": "200 CNY", "source": "user_stated", "source_ids": ["s1:m2"], "confidence": 0.9}
    created = app_client.put(f"{BASE}/{KEY}", json=body, headers=h)
    assert created.status_code == 201, created.text
    etag = created.headers["ETag"]
    assert created.json()["value"] == {"amount": "200", "currency": "CNY"}
    got = app_client.get(f"{BASE}/{KEY}", headers=h)
    assert got.status_code == 200 and got.headers["ETag"] == etag
    stale = app_client.put(f"{BASE}/{KEY}", json=body, headers={**h, "If-Match": '"x.9"'})
    assert stale.status_code == 412
    assert stale.headers["content-type"].startswith("application/problem+json")
    updated = app_client.put(f"{BASE}/{KEY}", json=body, headers={**h, "If-Match": etag})
    assert updated.status_code == 200 and updated.json()["version"] == 2
    assert app_client.delete(f"{BASE}/{KEY}", headers={**h, "If-Match": etag}).status_code == 412
    assert app_client.delete(f"{BASE}/{KEY}", headers=h).status_code == 204
    assert app_client.get(f"{BASE}/{KEY}", headers=h).status_code == 404


def test_trust_order_conflict_and_supersede(app_client, database_url) -> None:
    agent = bearer(make_key(database_url, "t1", "agent"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    url = f"{BASE}/travel.seat.preference"
    assert (
        app_client.put(url, json={"value": "window", "source": "admin"}, headers=admin).status_code
        == 201
    )
    refused = app_client.put(
        url, json={"value": "aisle", "source": "user_confirmed"}, headers=agent
    )
    assert refused.status_code == 409 and refused.json()["current_source"] == "admin"
    forbidden = app_client.put(
        url, json={"value": "aisle", "source": "user_confirmed", "supersede": True}, headers=agent
    )
    assert forbidden.status_code == 403
    ok = app_client.put(
        url, json={"value": "aisle", "source": "user_stated", "supersede": True}, headers=agent
    )
    assert ok.status_code == 200 and ok.json()["source"] == "user_stated"
    history = app_client.get(f"{url}/history", headers=agent).json()["items"]
    assert [c["outcome"] for c in history] == ["applied", "refused", "applied"]


def test_validation_errors_are_problem_details(app_client, database_url) -> None:
    h = bearer(make_key(database_url, "t1", "agent"))
    for key, body in [
        (KEY, {"value": "cheap", "source": "user_stated"}),
        (KEY, {"value": "1 CNY", "source": "rumour"}),
        (
            KEY,
            {
                "value": "1 CNY",
                "source": "user_stated",
                "ttl_seconds": 5,
                "expires_at": "2030-01-01T00:00:00Z",
            },
        ),
        ("Not A Key", {"value": "x", "source": "user_stated"}),
        (KEY, {"value": "1 CNY", "source": "user_stated", "extra": 1}),
    ]:
        r = app_client.put(f"{BASE}/{key}", json=body, headers=h)
        assert r.status_code == 422, (key, body, r.text)
        assert r.headers["content-type"].startswith("application/problem+json")


def test_list_category_filter_and_pagination(app_client, database_url) -> None:
    h = bearer(make_key(database_url, "t1", "agent"))
    values = {
        "travel.seat.preference": "window",
        "travel.train.direct_preferred": True,
        "food.diet": "vegetarian",
        "language.preferred": "zh-CN",
        "travel.layovers.max": 1,
    }
    for key, value in values.items():
        r = app_client.put(
            f"{BASE}/{key}", json={"value": value, "source": "user_stated"}, headers=h
        )
        assert r.status_code == 201, r.text
    travel = app_client.get(BASE, params={"category": "travel"}, headers=h).json()["items"]
    assert [p["key"] for p in travel] == sorted(k for k in values if k.startswith("travel."))
    keys, cursor = [], None
    for _ in range(10):
        params = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = app_client.get(BASE, params=params, headers=h).json()
        keys += [p["key"] for p in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert keys == sorted(values)
    assert app_client.get(BASE, params={"cursor": "garbage!"}, headers=h).status_code == 422
    assert app_client.get(BASE, params={"limit": 5000}, headers=h).status_code == 200


def test_idempotency_key(app_client, database_url) -> None:
    h = bearer(make_key(database_url, "t1", "agent"))
    body = {"value": "200 CNY", "source": "user_stated"}
    first = app_client.put(f"{BASE}/{KEY}", json=body, headers={**h, "Idempotency-Key": "k1"})
    again = app_client.put(f"{BASE}/{KEY}", json=body, headers={**h, "Idempotency-Key": "k1"})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json() and again.headers["ETag"] == first.headers["ETag"]
    assert again.headers["Idempotent-Replayed"] == "true"
    other = app_client.put(
        f"{BASE}/{KEY}", json={**body, "value": "300 CNY"}, headers={**h, "Idempotency-Key": "k1"}
    )
    assert other.status_code == 422
    assert app_client.get(f"{BASE}/{KEY}", headers=h).json()["version"] == 1


def test_user_restricted_key_sees_404_for_other_users(app_client, database_url) -> None:
    admin = bearer(make_key(database_url, "t1", "admin"))
    mine = bearer(make_key(database_url, "t1", "agent", user="u2"))
    other_tenant = bearer(make_key(database_url, "t2", "admin"))
    body = {"value": "200 CNY", "source": "user_stated"}
    assert app_client.put(f"{BASE}/{KEY}", json=body, headers=admin).status_code == 201
    for method, url in [
        ("GET", f"{BASE}/{KEY}"),
        ("GET", BASE),
        ("GET", f"{BASE}/{KEY}/history"),
        ("DELETE", f"{BASE}/{KEY}"),
        ("PUT", f"{BASE}/{KEY}"),
        ("GET", "/v1/users/u1/events"),
        ("GET", "/v1/users/u1/profile"),
    ]:
        r = app_client.request(method, url, headers=mine, json=body if method == "PUT" else None)
        assert r.status_code == 404, (method, url, r.status_code)
    assert app_client.get(f"{BASE}/{KEY}", headers=other_tenant).status_code == 404
    assert app_client.get(BASE, headers=other_tenant).json()["items"] == []
    assert app_client.get(BASE, headers=bearer("nope")).status_code == 401
    consolidator = bearer(make_key(database_url, "t1", "consolidator"))
    assert app_client.get(BASE, headers=consolidator).status_code == 403


def test_expiry_at_read_with_injected_clock(client_with, database_url) -> None:
    clock = Clock()
    app_client = client_with(clock=clock)
    h = bearer(make_key(database_url, "t1", "agent"))
    body = {"value": "200 CNY", "source": "user_stated", "ttl_seconds": 60}
    assert app_client.put(f"{BASE}/{KEY}", json=body, headers=h).status_code == 201
    assert (
        app_client.get(f"{BASE}/{KEY}", headers=h)
        .json()["expires_at"]
        .startswith("2026-11-30T09:01")
    )
    clock.now += timedelta(seconds=61)
    assert app_client.get(f"{BASE}/{KEY}", headers=h).status_code == 404
    assert app_client.get(BASE, headers=h).json()["items"] == []
    profile = app_client.get("/v1/users/u1/profile", headers=h).json()
    assert profile["preference_keys"] == [] and "200" not in profile["text"]


def test_concurrent_if_match_over_http_loses_nothing(app_client, database_url) -> None:
    import threading
    from collections import Counter

    h = bearer(make_key(database_url, "t1", "agent"))
    url = f"{BASE}/travel.layovers.max"
    assert (
        app_client.put(url, json={"value": 0, "source": "user_stated"}, headers=h).status_code
        == 201
    )
    codes: Counter[int] = Counter()
    unexpected: list[str] = []
    lock = threading.Lock()

    def writer(n: int) -> None:
        for i in range(10):
            got = app_client.get(url, headers=h)
            if got.status_code != 200:
                with lock:
                    unexpected.append(f"GET {got.status_code} {got.text[:300]}")
                continue
            body = {"value": (n + i) % 5, "source": "user_stated"}
            r = app_client.put(url, json=body, headers={**h, "If-Match": got.headers["ETag"]})
            with lock:
                codes[r.status_code] += 1
                if r.status_code not in (200, 412):
                    unexpected.append(f"PUT {r.status_code} {r.text[:300]}")

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert unexpected == []
    assert set(codes) <= {200, 412} and sum(codes.values()) == 80
    assert app_client.get(url, headers=h).json()["version"] == 1 + codes[200]
