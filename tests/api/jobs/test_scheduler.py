"""``api.jobs.scheduler``: one run of each job with typed counts, every scheduled run logged as
one JSON line of counts (never a value), one frozen clock across a whole flow (SQLite and
PostgreSQL), and the scheduler started and stopped with the app."""

from __future__ import annotations

import io
import json
import logging
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session, select

from api.app import create_app
from api.jobs.results import ConsolidationCounts, ExpiryCounts
from api.jobs.scheduler import JobRunner
from api.logging import JsonFormatter
from api.services import services_of
from longterm.gate import Principal
from longterm.storage import AuditRow, PreferenceRow
from policy.consent import grant_consent
from policy.consolidation import DEFAULT_CONSOLIDATED_TTL_SECONDS
from policy.gate import CasbinGate
from policy.storage import ConsolidationMarkRow
from storage.engine import create_db_engine
from storage.types import as_utc
from tests.api.conftest import make_settings
from tests.scenarios.trip import T0, seed_session, trip_summary

NOW = T0 + timedelta(hours=2)
IDLE = timedelta(minutes=30)


def _seed(engine: Engine, tenant: str) -> None:
    seed_session(
        engine, tenant=tenant, session_id="s1", user="u1", updated_at=T0, summary=trip_summary()
    )
    with Session(engine) as db:
        agent = Principal("agent", tenant, key_id="k-agent")
        grant_consent(db, subject=agent, user_id="u1", category="travel", now=T0)
        db.commit()


def _rows(engine: Engine, tenant: str) -> list[PreferenceRow]:
    with Session(engine) as db:
        return list(db.exec(select(PreferenceRow).where(PreferenceRow.tenant_id == tenant)))


def test_job_runner_runs_both_jobs(shared_engine: Engine, tenant: str) -> None:
    _seed(shared_engine, tenant)
    gate = CasbinGate(engine=shared_engine)
    runner = JobRunner(shared_engine, gate, IDLE, clock=lambda: NOW)
    consolidated = runner.run("consolidate", tenant_id=tenant)
    assert isinstance(consolidated, ConsolidationCounts)
    assert consolidated.written == 3
    later = JobRunner(shared_engine, gate, IDLE, clock=lambda: NOW + timedelta(days=400))
    expired = later.run("expire", tenant_id=tenant)
    assert isinstance(expired, ExpiryCounts)
    assert expired.purged["preferences"] == 3
    assert _rows(shared_engine, tenant) == []
    with pytest.raises(LookupError):
        runner.run("nope")


@pytest.fixture
def job_log() -> io.StringIO:
    """The ``tiermem.jobs`` records as the service writes them (JSON lines)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("tiermem.jobs")
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield stream
    logger.removeHandler(handler)
    logger.setLevel(old_level)


def test_every_scheduled_run_is_logged_with_its_counts(
    shared_engine: Engine, tenant: str, job_log: io.StringIO
) -> None:
    _seed(shared_engine, tenant)
    observed: list[object] = []
    runner = JobRunner(
        shared_engine,
        CasbinGate(engine=shared_engine),
        IDLE,
        clock=lambda: NOW,
        observe=lambda job, result: observed.append((job, result)),
    )
    runner.tick("consolidate")
    runner.tick("expire")
    lines = [json.loads(line) for line in job_log.getvalue().splitlines()]
    runs = [line for line in lines if line.get("event") == "job.run"]
    assert [(r["job"], r["outcome"]) for r in runs] == [("consolidate", "ok"), ("expire", "ok")]
    consolidated = runs[0]["result"]
    assert consolidated["written"] == 3 and consolidated["denials"] == {
        "consolidate.consent": 3,
        "consolidate.source": 3,
    }
    assert set(runs[1]["result"]) == {"tenants", "locked", "purged"}
    assert [job for job, _ in observed] == ["consolidate", "expire"]
    # counts only: none of the session's values reach the log
    text = job_log.getvalue()
    for value in ("200", "CNY", "G7301", "Hangzhou", "u1"):
        assert value not in text, value


def test_a_failed_scheduled_run_is_logged_and_observed(
    tmp_path: Path, job_log: io.StringIO
) -> None:
    engine = create_db_engine(f"sqlite:///{tmp_path / 'missing' / 'nowhere.db'}")
    observed: list[object] = []
    runner = JobRunner(
        engine,
        CasbinGate(),
        IDLE,
        clock=lambda: NOW,
        observe=lambda job, result: observed.append((job, result)),
    )
    try:
        runner.tick("expire")  # never raises into the scheduler
    finally:
        engine.dispose()
    (line,) = [json.loads(x) for x in job_log.getvalue().splitlines()]
    assert (line["event"], line["job"], line["outcome"]) == ("job.run", "expire", "error")
    assert line["error"] == "OperationalError" and line["level"] == "warning"
    assert observed == [("expire", None)]


class FrozenClock:
    """One "now" for a whole flow, moved only by the test."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += timedelta(**delta)


def test_one_frozen_clock_across_consolidation_and_expiry(
    shared_engine: Engine, tenant: str
) -> None:
    """Idleness, the consolidated rows' times and expiry, the mark, the audit and the expiry
    all read the runner's clock: the flow behaves the same whatever the wall clock says."""
    _seed(shared_engine, tenant)  # idle since T0
    clock = FrozenClock(T0 + IDLE - timedelta(seconds=1))
    runner = JobRunner(shared_engine, CasbinGate(engine=shared_engine), IDLE, clock=clock)
    assert runner.run("consolidate", tenant_id=tenant).due == 0  # not idle yet at that time
    clock.advance(seconds=1)
    consolidated_at = clock()
    assert runner.run("consolidate", tenant_id=tenant).written == 3
    rows = _rows(shared_engine, tenant)
    lifetime = timedelta(seconds=DEFAULT_CONSOLIDATED_TTL_SECONDS)
    assert {(as_utc(r.updated_at), as_utc(r.expires_at)) for r in rows if r.expires_at} == {
        (consolidated_at, consolidated_at + lifetime)
    }
    with Session(shared_engine) as db:
        mark = db.get(ConsolidationMarkRow, (tenant, "s1"))
        assert mark is not None and as_utc(mark.consolidated_at) == consolidated_at
        audited = {
            as_utc(r.at) for r in db.exec(select(AuditRow).where(AuditRow.tenant_id == tenant))
        }
    assert consolidated_at in audited

    clock.advance(seconds=lifetime.total_seconds() - 1)
    assert runner.run("expire", tenant_id=tenant).purged["preferences"] == 0
    clock.advance(seconds=1)
    assert runner.run("expire", tenant_id=tenant).purged["preferences"] == 3
    assert _rows(shared_engine, tenant) == []
    with Session(shared_engine) as db:
        purges = db.exec(
            select(AuditRow).where(AuditRow.tenant_id == tenant, AuditRow.action == "expire.purge")
        ).all()
    assert [as_utc(p.at) for p in purges] == [clock()]


def test_scheduler_runs_in_the_lifespan(sqlite_url: str) -> None:
    application = create_app(make_settings(sqlite_url, scheduler_enabled=True, idle_minutes=4))
    with TestClient(application):
        scheduler = services_of(application).background.scheduler
        assert scheduler.running
        jobs = {job.id: job for job in scheduler.get_jobs()}
        assert set(jobs) == {"tiermem.consolidate", "tiermem.expire"}
        assert jobs["tiermem.consolidate"].trigger.interval.total_seconds() == 120
    assert not scheduler.running
