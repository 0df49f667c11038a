"""How fast the long-term store is: ``python -m bench.longterm_store [--users 100] [--reps 200]``.

On SQLite (a temporary file) and PostgreSQL (a temporary database on 127.0.0.1), with the real
migrations and the allow-all gate: every LoCoMo turn (``../shared/data/locomo``; 5,882 turns)
becomes an event of one of ``--users`` users, each user gets 8 typed preferences, and then it
times, per operation, p50/p95 in milliseconds (CPU time and wall time):

* ``put``: one preference write through ``write_path.submit`` (gate, audit, history, CAS, commit);
* ``search``: ``SqlLongtermStore.search_events`` for a query of 2 words drawn from the corpus
  (FTS5 bm25 / GIN ``tsvector`` + ``ts_rank``);
* ``profile``: the profile route's work: list preferences, search events, shape within 1,000
  tokens (cl100k);
* ``erase``: ``erasure.erase_user`` for one user with its events, preferences and history,
  then ``finalize_erasure`` (WAL checkpoint on SQLite).

Bounded: ``--reps`` operations per kind, erasures limited to ``--users`` / 2.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
from sqlalchemy import Engine
from sqlmodel import Session

from api.sessions.profile import profile_items
from api.storage.migrate import upgrade_database
from longterm.erasure import erase_user, finalize_erasure
from longterm.gate import Principal
from longterm.models import EventWrite, PreferenceWrite
from longterm.sql_store import SqlLongtermStore
from longterm.testing import AllowAllGate
from longterm.write_path import submit
from runtime.profile import rank_profile, render_profile
from runtime.tokens import DEFAULT_ENCODING, load_encoding
from storage.engine import create_db_engine

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "locomo" / "locomo10.json"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"
NOW = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
ADMIN = Principal("admin", "bench", key_id="bench")
GATE = AllowAllGate()
PREFS = {
    "travel.budget.one_way_max": "200 CNY",
    "travel.seat.preference": "window",
    "travel.train.direct_preferred": True,
    "food.diet": "vegetarian",
    "language.preferred": "en",
    "travel.layovers.max": 1,
    "travel.airlines.preferred": ["MU", "CA"],
    "other.note": "prefers quiet carriages",
}


def turns() -> list[str]:
    if not DATA.exists():
        raise SystemExit(
            f"{DATA} is absent (../shared/data only exists in the developers' checkout)"
        )
    texts: list[str] = []
    for sample in json.loads(DATA.read_text()):
        conv = sample["conversation"]
        for name, value in conv.items():
            if name.startswith("session_") and isinstance(value, list):
                texts += [turn["text"] for turn in value if turn.get("text")]
    return texts


@contextmanager
def sqlite_db() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as tmp:
        yield f"sqlite:///{tmp}/bench.db"


@contextmanager
def postgres_db() -> Iterator[str]:
    name = f"tiermem_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def timed(fn: Callable[[], object], reps: int) -> dict[str, float]:
    cpu, wall = [], []
    for _ in range(reps):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)

    def pct(xs: list[float], q: float) -> float:
        return round(statistics.quantiles(xs, n=100)[int(q) - 1], 2) if len(xs) > 1 else xs[0]

    return {
        "cpu_p50": pct(cpu, 50),
        "cpu_p95": pct(cpu, 95),
        "wall_p50": pct(wall, 50),
        "wall_p95": pct(wall, 95),
    }


def seed(engine: Engine, texts: list[str], users: int) -> None:
    with Session(engine) as db:
        for n, text in enumerate(texts):
            write = EventWrite(
                f"u{n % users}", "chat.turn", text[:4000], NOW - timedelta(minutes=n), "user_stated"
            )
            submit(db, write=write, subject=ADMIN, gate=GATE, now=NOW)
            if n % 500 == 0:
                db.commit()
        for u in range(users):
            for key, value in PREFS.items():
                submit(
                    db,
                    write=PreferenceWrite(f"u{u}", key, value, "user_stated"),
                    subject=ADMIN,
                    gate=GATE,
                    now=NOW,
                )
        db.commit()


def run(url: str, texts: list[str], users: int, reps: int) -> dict[str, object]:
    engine = create_db_engine(url)
    upgrade_database(url, engine=engine)
    rng = random.Random(7)
    words = [w for t in texts for w in t.split() if w.isalpha() and len(w) > 4]
    enc = load_encoding(DEFAULT_ENCODING)
    started = time.perf_counter()
    seed(engine, texts, users)
    result: dict[str, object] = {
        "seed_s": round(time.perf_counter() - started, 1),
        "events": len(texts),
        "users": users,
    }
    db = Session(engine)
    store = SqlLongtermStore(db, gate=GATE)

    def put() -> None:
        user = f"u{rng.randrange(users)}"
        value = f"{rng.randrange(50, 500)} CNY"
        submit(
            db,
            write=PreferenceWrite(user, "travel.budget.one_way_max", value, "user_stated"),
            subject=ADMIN,
            gate=GATE,
            now=NOW,
        )
        db.commit()

    def search() -> None:
        query = f"{rng.choice(words)} {rng.choice(words)}"
        store.search_events(
            principal=ADMIN,
            tenant_id="bench",
            user_id=f"u{rng.randrange(users)}",
            query=query,
            now=NOW,
            limit=20,
        )
        db.commit()

    def profile() -> None:
        user = f"u{rng.randrange(users)}"
        prefs = store.list_preferences(
            principal=ADMIN, tenant_id="bench", user_id=user, now=NOW, limit=200
        )
        events = store.search_events(
            principal=ADMIN,
            tenant_id="bench",
            user_id=user,
            query=f"{rng.choice(words)} trip",
            now=NOW,
            limit=50,
        )
        query = f"{rng.choice(words)} trip"
        items = profile_items(prefs.items, events)
        render_profile(
            rank_profile(items, query),
            format="openai-chat",
            room=1000,
            count_message=lambda m: len(enc.encode(str(m["content"]), disallowed_special=())) + 4,
            allow_empty=True,
        )
        db.commit()

    erased = iter(range(users))

    def erase() -> None:
        erase_user(db, subject=ADMIN, user_id=f"u{next(erased)}", now=NOW, scope="longterm")
        db.commit()
        finalize_erasure(engine)

    result["put"] = timed(put, reps)
    result["search"] = timed(search, reps)
    result["profile"] = timed(profile, reps)
    result["erase"] = timed(erase, max(2, users // 2))
    db.close()
    engine.dispose()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--reps", type=int, default=200)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    texts = turns()
    results = {}
    for name, database in (("sqlite", sqlite_db), ("postgresql", postgres_db)):
        with database() as url:
            results[name] = run(url, texts, args.users, args.reps)
        print(name, json.dumps(results[name]))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
