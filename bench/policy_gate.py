"""How fast the policy gate decides: ``python -m bench.policy_gate [--n 2000]``.

Measures ``CasbinGate.decide`` with the file defaults only, and with per-tenant rules in SQLite
and PostgreSQL (127.0.0.1) where every decision reads the tenant's policy version (the
"every process sees a change without restart" check). Bounded: ``--n`` decisions per setup.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from sqlalchemy import Engine
from sqlmodel import Session

from api.storage.migrate import upgrade_database
from longterm.gate import ObjectAttributes, Principal
from policy.gate import CasbinGate
from policy.rules import validate_tenant_rules
from policy.storage import save_tenant_rules
from storage.engine import create_db_engine

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"
SUBJECT = Principal("agent", "t1", key_id="k")
OBJ = ObjectAttributes(
    kind="preference",
    tenant_id="t1",
    user_id="u1",
    category="travel",
    scope="durable",
    source="promoted",
    key="travel.budget.one_way_max",
    confidence=0.9,
    consent=True,
)
RULE = {
    "role": "agent",
    "action": "promote",
    "category": "shopping",
    "effect": "deny",
    "name": "tenant.no-shopping",
}


def _measure(gate: CasbinGate, n: int) -> dict[str, float]:
    objs = [OBJ, dataclasses.replace(OBJ, consent=False), dataclasses.replace(OBJ, scope="task")]
    samples = []
    for i in range(n):
        start = time.perf_counter()
        gate.decide(subject=SUBJECT, action="promote", obj=objs[i % 3])
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return {
        "per_s": n / (sum(samples) / 1000),
        "p50_ms": statistics.median(samples),
        "p95_ms": samples[int(0.95 * n) - 1],
    }


@contextmanager
def _sqlite() -> Iterator[Engine]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.db'}"
        engine = create_db_engine(url)
        upgrade_database(url, engine=engine)
        yield engine
        engine.dispose()


@contextmanager
def _postgres() -> Iterator[Engine]:
    name = f"tiermem_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    engine = create_db_engine(url)
    try:
        upgrade_database(url, engine=engine)
        yield engine
    finally:
        engine.dispose()
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _with_rules(engine: Engine, n: int, interval: float) -> dict[str, float]:
    with Session(engine) as db:
        rules = validate_tenant_rules([RULE], tenant_id="t1")
        save_tenant_rules(db, tenant_id="t1", rules=rules, actor_key_id="bench")
        db.commit()
    return _measure(CasbinGate(engine=engine, check_interval=interval), n)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000)
    n = min(parser.parse_args().n, 100_000)
    rows = {"file defaults only": _measure(CasbinGate(), n)}
    with _sqlite() as engine:
        rows["sqlite, version read per decision"] = _with_rules(engine, n, 0.0)
        rows["sqlite, version cached 1 s"] = _with_rules(engine, n, 1.0)
    with _postgres() as engine:
        rows["postgresql, version read per decision"] = _with_rules(engine, n, 0.0)
        rows["postgresql, version cached 1 s"] = _with_rules(engine, n, 1.0)
    print(f"{'setup':40} {'decisions/s':>12} {'p50 ms':>8} {'p95 ms':>8}")
    for name, row in rows.items():
        print(f"{name:40} {row['per_s']:12.0f} {row['p50_ms']:8.3f} {row['p95_ms']:8.3f}")


if __name__ == "__main__":
    main()
