"""PostgreSQL backends terminated under live traffic (``pg_terminate_backend``), over HTTP.

While clients write preferences (each one an acknowledged value) and read them back, another
connection terminates every backend of the test database, again and again. A request whose
connection died answers 503 with ``Retry-After`` (a problem document), never a 500; nothing is
half written (every preference's history has exactly its applied versions); and every write
that was acknowledged is there afterwards. Bounded: a fixed number of rounds.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import psycopg
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url
from sqlmodel import Session, col, func, select

from api.app import create_app
from longterm.storage import PreferenceHistoryRow, PreferenceRow
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key, make_settings

ROUNDS = 40
KILLS = 12


def _terminate_all(url: str, stop: threading.Event, killed: list[int]) -> None:
    """Terminate every other backend on the test database, ``KILLS`` times."""
    parsed = make_url(url)
    dsn = f"host={parsed.host} port={parsed.port or 5432} user={parsed.username} dbname=postgres"
    with psycopg.connect(dsn, autocommit=True) as admin:
        for _ in range(KILLS):
            if stop.wait(0.15):
                return
            rows = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (parsed.database,),
            ).fetchall()
            killed.append(sum(1 for (ok,) in rows if ok))


def test_terminated_backends_give_503_never_500_and_lose_nothing(postgres_url: str) -> None:
    key = bearer(make_key(postgres_url, "t1", "agent"))
    acknowledged: dict[str, Any] = {}
    statuses: list[int] = []
    bad: list[tuple[int, str]] = []
    stop, killed = threading.Event(), list[int]()
    with TestClient(create_app(make_settings(postgres_url))) as client:
        killer = threading.Thread(target=_terminate_all, args=(postgres_url, stop, killed))
        killer.start()
        try:
            for n in range(ROUNDS):
                path = f"/v1/users/u1/preferences/other.note{n % 8}"
                body = {"value": f"value {n}", "source": "user_stated"}
                r = client.put(path, json=body, headers=key)
                statuses.append(r.status_code)
                if r.status_code in (200, 201):
                    acknowledged[path] = body["value"]
                elif r.status_code == 503:
                    if "retry-after" not in r.headers or "problem+json" not in r.headers.get(
                        "content-type", ""
                    ):
                        bad.append((r.status_code, r.text))
                else:
                    bad.append((r.status_code, r.text))
                got = client.get(path, headers=key)
                statuses.append(got.status_code)
                if got.status_code not in (200, 404, 503):
                    bad.append((got.status_code, got.text))
        finally:
            stop.set()
            killer.join(timeout=30)
        print("statuses:", dict(Counter(statuses)), "backends terminated:", sum(killed))
        assert bad == [], bad[:3]
        assert 500 not in statuses
        assert sum(killed) > 0, "no backend was terminated: the test proved nothing"
        for path, value in acknowledged.items():  # the service recovers; nothing acknowledged lost
            r = client.get(path, headers=key)
            assert r.status_code == 200 and r.json()["value"] == value, (path, r.text)
    engine = create_db_engine(postgres_url)
    try:
        with Session(engine) as db:
            for pref in db.exec(select(PreferenceRow)).all():
                applied = db.exec(
                    select(func.count())
                    .select_from(PreferenceHistoryRow)
                    .where(
                        col(PreferenceHistoryRow.tenant_id) == pref.tenant_id,
                        col(PreferenceHistoryRow.user_id) == pref.user_id,
                        col(PreferenceHistoryRow.key) == pref.key,
                        col(PreferenceHistoryRow.outcome) == "applied",
                    )
                ).one()
                assert applied == pref.version, (pref.key, applied, pref.version)
    finally:
        engine.dispose()
