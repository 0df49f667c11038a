"""Several replicas at once: two processes, each running the service's APScheduler job
scheduler, against PostgreSQL (advisory locks) and SQLite (lease rows) consolidate the same idle
sessions, and every candidate is written once (none twice, none lost); a unit that dies half way
leaves nothing behind and is picked up by the next run. Each test works in a tenant of its own
on a database shared by the module."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

import policy.consolidation as consolidation
from api.jobs.consolidation import consolidate
from api.sessions.source import SqlSessionSource
from longterm.gate import Principal
from longterm.storage import PreferenceHistoryRow, PreferenceRow
from policy.consent import grant_consent
from policy.consolidation import ConsolidationReport
from policy.gate import CasbinGate
from policy.sessions import DueSession
from policy.storage import ConsolidationMarkRow
from runtime.summary.schema import CompactionSummary, Fact
from storage.locks import DEFAULT_LEASE
from tests.scenarios.trip import T0, seed_session

ROOT = Path(__file__).resolve().parents[3]
NOW = T0 + timedelta(hours=2)
USERS = [f"u{i}" for i in range(10)]
FACTS = {
    "a": [("budget.one_way_max", "200 CNY"), ("travel.home_city", "Shanghai")],
    "b": [("budget.round_trip_max", "380 CNY"), ("seat.preference", "window")],
}


def _summary(part: str) -> CompactionSummary:
    facts = [
        Fact(key=k, value=v, status="preference", confidence=0.8, source_ids=[f"{part}1"])
        for k, v in FACTS[part]
    ]
    return CompactionSummary(summary_version=1, facts=facts, created_at=T0)


def _said(part: str) -> str:
    """The user's message the facts of ``part`` cite."""
    return " ".join(f"My {key} is {value}." for key, value in FACTS[part])


def _seed(engine: Engine, tenant: str, users: list[str]) -> None:
    agent = Principal("agent", tenant, key_id="k")
    with Session(engine) as db:
        for user in users:
            grant_consent(db, subject=agent, user_id=user, category="travel", now=T0)
        db.commit()
    for user in users:
        for part in FACTS:
            seed_session(
                engine,
                tenant=tenant,
                session_id=f"{user}-{part}",
                user=user,
                updated_at=T0,
                summary=_summary(part),
                history=[{"id": f"{part}1", "role": "user", "content": _said(part)}],
            )


def _count(engine: Engine, model: Any, tenant: str, *where: Any) -> int:
    with Session(engine) as db:
        stmt = select(func.count()).select_from(model).where(model.tenant_id == tenant, *where)
        return int(db.exec(stmt).one())


def _assert_each_written_once(engine: Engine, tenant: str, users: list[str]) -> None:
    with Session(engine) as db:
        prefs = db.exec(select(PreferenceRow).where(PreferenceRow.tenant_id == tenant)).all()
        assert len(prefs) == 4 * len(users)
        assert {p.version for p in prefs} == {1}
        assert {p.source for p in prefs} == {"consolidated"}
        marks = db.exec(
            select(ConsolidationMarkRow).where(ConsolidationMarkRow.tenant_id == tenant)
        ).all()
        assert len(marks) == 2 * len(users) and {m.written for m in marks} == {2}
    applied = col(PreferenceHistoryRow.outcome) == "applied"
    assert _count(engine, PreferenceHistoryRow, tenant, applied) == 4 * len(users)


def _url(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=False)


def _run(engine: Engine, tenant: str, *, now: datetime) -> dict[str, Any]:
    """The arguments of one consolidation run over ``tenant``'s idle sessions at ``now``."""
    return {
        "gate": CasbinGate(engine=engine),
        "sessions": SqlSessionSource(),
        "now": now,
        "idle": timedelta(minutes=30),
        "tenant_id": tenant,
    }


def _start_worker(module: str, *args: str) -> subprocess.Popen[str]:
    """``python -m tests.api.jobs.<module> ARGS`` in its own process, output captured."""
    return subprocess.Popen(
        [sys.executable, "-m", f"tests.api.jobs.{module}", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_write_every_candidate_exactly_once(
    shared_engine: Engine, tenant: str, tmp_path: Path
) -> None:
    _seed(shared_engine, tenant, USERS)
    go = tmp_path / "go"
    args = (_url(shared_engine), str(go), NOW.isoformat())
    workers = [_start_worker("consolidate_worker", *args) for _ in range(2)]
    go.touch()
    reports = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        reports.append(json.loads(out.strip().splitlines()[-1]))
    print("replica reports:", reports)
    assert sum(r["written"] for r in reports) == 4 * len(USERS), reports
    assert sum(r["consolidated"] for r in reports) == 2 * len(USERS), reports
    assert all(r["denied"] == 0 and r["merged"] == 0 for r in reports), reports
    _assert_each_written_once(shared_engine, tenant, USERS)
    gate = CasbinGate(engine=shared_engine)
    again = consolidate(
        shared_engine,
        gate=gate,
        sessions=SqlSessionSource(),
        now=NOW,
        idle=timedelta(minutes=30),
        tenant_id=tenant,
    )
    assert again.due == 0


def test_a_unit_killed_half_way_leaves_nothing_and_is_picked_up(
    shared_engine: Engine, tenant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    users = USERS[:4]
    _seed(shared_engine, tenant, users)
    real = consolidation._task_event
    calls = {"n": 0}

    def dies_on_third_unit(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("killed")  # after this unit's preference writes were flushed
        real(*args, **kwargs)

    monkeypatch.setattr(consolidation, "_task_event", dies_on_third_unit)
    run = _run(shared_engine, tenant, now=NOW)
    with pytest.raises(RuntimeError):
        consolidate(shared_engine, **run)
    assert _count(shared_engine, ConsolidationMarkRow, tenant) == 2
    assert _count(shared_engine, PreferenceRow, tenant) == 4  # two whole units, no half
    monkeypatch.setattr(consolidation, "_task_event", real)
    report = consolidate(shared_engine, **run)
    assert report.due == 2 * len(users) - 2
    _assert_each_written_once(shared_engine, tenant, users)


def test_a_runner_interleaved_between_units_consolidates_nothing_twice(
    shared_engine: Engine, tenant: str
) -> None:
    """``on_unit`` interleaves a second runner deterministically: it consolidates every due
    session before the first runner's first unit, and the first runner's mark re-check inside
    the lock then finds each one done (no second write, no second mark)."""
    users = USERS[:3]
    _seed(shared_engine, tenant, users)
    run = _run(shared_engine, tenant, now=NOW)
    inner: list[ConsolidationReport] = []
    seen: list[str] = []

    def interleave(due: DueSession) -> None:
        seen.append(due.session_id)
        if not inner:
            inner.append(consolidate(shared_engine, **run))

    outer = consolidate(shared_engine, on_unit=interleave, **run)
    assert inner[0].consolidated == 2 * len(users) and inner[0].written == 4 * len(users)
    assert outer.due == 2 * len(users) and len(seen) == outer.due
    assert (outer.consolidated, outer.written, outer.locked) == (0, 0, 0)
    _assert_each_written_once(shared_engine, tenant, users)


def test_a_replica_sigkilled_mid_unit_leaves_nothing_and_the_next_run_does_it_once(
    shared_engine: Engine, tenant: str, tmp_path: Path
) -> None:
    """A real kill, not an exception: the process dies inside the third unit's transaction
    (its preference writes sent, not committed), so no rollback or lock release of ours runs.
    The database drops the half-written unit; the next run (another replica) takes over the
    lock or lease and writes every remaining candidate exactly once."""
    users = USERS[:4]
    _seed(shared_engine, tenant, users)
    ready = tmp_path / "ready"
    args = (_url(shared_engine), tenant, NOW.isoformat(), str(ready))
    worker = _start_worker("killed_worker", *args)
    try:
        for _ in range(1200):  # bounded: 120 s
            if ready.exists() or worker.poll() is not None:
                break
            time.sleep(0.1)
        assert ready.exists(), worker.communicate(timeout=5)[1]
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.communicate(timeout=30)
    assert worker.returncode == -signal.SIGKILL
    assert _count(shared_engine, ConsolidationMarkRow, tenant) == 2
    assert _count(shared_engine, PreferenceRow, tenant) == 4  # two whole units, no half
    # The restarted scheduler runs after the dead replica's lock is gone: on PostgreSQL its
    # backend's advisory lock goes with the dead connection (the server may take a moment to
    # notice: bounded retries); on SQLite its lease lapses after DEFAULT_LEASE, so the next
    # run is dated after that (the job's clock dates leases).
    later = NOW + DEFAULT_LEASE + timedelta(minutes=1)
    run = _run(shared_engine, tenant, now=later)
    total = ConsolidationReport()
    for _ in range(60):  # bounded: 30 s
        report = consolidate(shared_engine, **run)
        total.add(report)
        if report.locked == 0:
            break
        time.sleep(0.5)
    assert report.locked == 0, "the dead replica's lock never went away"
    assert total.written == 4 * len(users) - 4 and total.failed == 0
    _assert_each_written_once(shared_engine, tenant, users)
