"""16 concurrent writers x 50 attempts on one key with If-Match: no update is ever lost.

Each attempt reads the current ETag and writes with ``If-Match``. The compare-and-swap on
``version`` lets exactly one writer win per version; every loser gets ``stale`` (HTTP 412).
So the final version must equal the number of successful writes (plus the initial one).
"""

from __future__ import annotations

import threading
from collections import Counter

from sqlalchemy import Engine
from sqlmodel import Session

from longterm import queries
from longterm.models import PreferenceWrite
from longterm.testing import AllowAllGate
from longterm.write_path import submit
from tests.longterm.conftest import AGENT, T0

WRITERS = 16
ATTEMPTS = 50
KEY = "travel.layovers.max"


def test_no_lost_updates_with_if_match(engine: Engine) -> None:
    gate = AllowAllGate()
    with Session(engine) as db:
        assert (
            submit(
                db,
                write=PreferenceWrite("u1", KEY, 0, "user_stated"),
                subject=AGENT,
                gate=gate,
                now=T0,
            ).status
            == "created"
        )
        db.commit()
    outcomes: Counter[str] = Counter()
    failures: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(WRITERS)

    def writer(n: int) -> None:
        try:
            start.wait(timeout=30)
            with Session(engine, expire_on_commit=False) as db:
                for attempt in range(ATTEMPTS):
                    etag = queries.get_preference(
                        db, tenant_id="t1", user_id="u1", key=KEY, now=T0
                    ).etag
                    db.rollback()  # end the read; the write re-reads under its own check
                    write = PreferenceWrite(
                        "u1", KEY, (n + attempt) % 6, "user_stated", if_match=etag
                    )
                    outcome = submit(db, write=write, subject=AGENT, gate=gate, now=T0)
                    db.commit()
                    with lock:
                        outcomes[outcome.status] += 1
        except Exception as exc:  # reported by the assertion below
            with lock:
                failures.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []
    assert sum(outcomes.values()) == WRITERS * ATTEMPTS
    assert set(outcomes) <= {"updated", "stale"}
    with Session(engine) as db:
        final = queries.get_preference(db, tenant_id="t1", user_id="u1", key=KEY, now=T0)
        history = queries.preference_history(
            db, tenant_id="t1", user_id="u1", key=KEY, now=T0, limit=200
        )
    print(
        f"\n[{engine.dialect.name}] {WRITERS}x{ATTEMPTS}: {dict(outcomes)}, final v{final.version}"
    )
    assert final.version == 1 + outcomes["updated"]
    assert outcomes["updated"] >= 1
    # every applied version appears once in the history: no two writers won the same version
    applied: list[int] = []
    with Session(engine) as db:
        cursor = None
        while True:
            page = queries.preference_history(
                db, tenant_id="t1", user_id="u1", key=KEY, now=T0, limit=200, cursor=cursor
            )
            applied += [c.version for c in page.items if c.outcome == "applied" and c.version]
            cursor = page.next_cursor
            if cursor is None:
                break
    assert sorted(applied) == list(range(1, final.version + 1))
    assert len(history.items) == min(200, final.version)
