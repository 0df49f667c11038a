"""The consolidation job on SQLite and PostgreSQL: only idle, not yet consolidated sessions;
writes only with standing consent; never over user-stated values; same value raises
confidence; denials counted and audited, never retried; expiry sweep."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from longterm.models import PreferenceWrite
from longterm.storage import AuditRow, PreferenceRow
from longterm.store import get_preference
from longterm.write_path import submit
from policy.consent import grant_consent, withdraw_consent
from policy.consolidation import consolidate
from policy.gate import CasbinGate
from policy.scheduler import JobRunner
from policy.storage import ConsolidationMarkRow
from policy.types import Subject
from tests.policy.trip import T0, seed_session, trip_summary

NOW = T0 + timedelta(hours=2)
IDLE = timedelta(minutes=30)
AGENT = Subject("agent", "t1", key_id="k-agent")


def _consent(engine: Engine, user: str, category: str = "travel", *, withdraw: bool = False):
    with Session(engine) as db:
        fn = withdraw_consent if withdraw else grant_consent
        fn(db, subject=AGENT, user_id=user, category=category, now=T0)
        db.commit()


def _pref(engine: Engine, user: str, key: str, tenant: str = "t1"):
    with Session(engine) as db:
        return get_preference(db, tenant_id=tenant, user_id=user, key=key, now=NOW)


def _run(engine: Engine, **kw):
    return consolidate(engine, gate=CasbinGate(engine=engine), now=NOW, idle=IDLE, **kw)


def test_consolidates_idle_sessions_once_within_consent(engine: Engine) -> None:
    seed_session(
        engine, tenant="t1", session_id="s1", user="u1", updated_at=T0, summary=trip_summary()
    )
    seed_session(
        engine,
        tenant="t1",
        session_id="s-busy",
        user="u1",
        updated_at=NOW - timedelta(minutes=5),
        summary=trip_summary(),
    )
    seed_session(engine, tenant="t1", session_id="s-raw", user="u1", updated_at=T0)
    _consent(engine, "u1")

    report = _run(engine)
    assert (report.due, report.consolidated, report.locked) == (1, 1, 0)
    # durable travel keys with standing consent: budget, auto-booking, direct trains (0.6)
    assert report.written == 3, report.as_dict()
    assert report.denied == 6 and report.denials == {"consolidate.consent": 6}
    budget = _pref(engine, "u1", "travel.budget.one_way_max")
    assert budget.source == "consolidated" and budget.source_ids == ("session:s1", "m1")
    assert budget.value == {"amount": "200", "currency": "CNY"}
    assert _pref(engine, "u1", "travel.booking.auto_allowed").value is False

    again = _run(engine)
    assert again.due == 0 and again.written == 0
    with Session(engine) as db:
        mark = db.get(ConsolidationMarkRow, ("t1", "s1"))
        assert mark is not None and (mark.written, mark.denied) == (3, 6)
        denials = db.exec(
            select(AuditRow).where(
                col(AuditRow.action) == "policy.consolidate.write", col(AuditRow.outcome) == "deny"
            )
        ).all()
        assert len(denials) == 6


def test_without_standing_consent_nothing_is_written(engine: Engine) -> None:
    seed_session(
        engine, tenant="t1", session_id="s1", user="u2", updated_at=T0, summary=trip_summary()
    )
    _consent(engine, "u2", "food")
    report = _run(engine)
    assert report.written == 0 and report.denied == 9
    assert report.denials == {"consolidate.consent": 9}
    with Session(engine) as db:
        assert db.exec(select(PreferenceRow)).all() == []
    assert _run(engine).due == 0  # counted and marked: never retried


def test_withdrawn_consent_stops_future_consolidation(engine: Engine) -> None:
    _consent(engine, "u1")
    seed_session(
        engine, tenant="t1", session_id="s1", user="u1", updated_at=T0, summary=trip_summary()
    )
    assert _run(engine).written == 3
    _consent(engine, "u1", withdraw=True)
    seed_session(
        engine,
        tenant="t1",
        session_id="s2",
        user="u1",
        updated_at=T0,
        summary=trip_summary(budget_confidence=0.8),
    )
    report = _run(engine)
    assert report.written == 0 and report.merged == 0
    assert report.denials == {"consolidate.consent": 9}


def test_never_overwrites_user_stated_and_merges_same_values(engine: Engine) -> None:
    with Session(engine) as db:
        write = PreferenceWrite(
            user_id="u1", key="travel.booking.auto_allowed", value=True, source="user_stated"
        )
        assert submit(db, write=write, subject=AGENT, gate=CasbinGate(), now=T0).ok
        db.commit()
    _consent(engine, "u1")
    seed_session(
        engine,
        tenant="t1",
        session_id="s1",
        user="u1",
        updated_at=T0,
        summary=trip_summary(budget_confidence=0.75),
    )
    first = _run(engine)
    assert first.denials.get("consolidate.protected") == 1
    stated = _pref(engine, "u1", "travel.booking.auto_allowed")
    assert (stated.source, stated.value) == ("user_stated", True)

    # the same budget seen again in a later session: confidence raised, not a new value
    seed_session(
        engine,
        tenant="t1",
        session_id="s2",
        user="u1",
        updated_at=T0,
        summary=trip_summary(budget_confidence=0.75),
    )
    second = _run(engine)
    assert second.merged >= 1
    budget = _pref(engine, "u1", "travel.budget.one_way_max")
    assert budget.version == 2 and budget.confidence == pytest.approx(0.85)


def test_tenant_filter_and_other_tenants(engine: Engine) -> None:
    seed_session(
        engine, tenant="t1", session_id="s1", user="u1", updated_at=T0, summary=trip_summary()
    )
    seed_session(
        engine, tenant="t10", session_id="s1", user="u1", updated_at=T0, summary=trip_summary()
    )
    _consent(engine, "u1")  # consent in t1 only
    report = _run(engine, tenant_id="t10")
    assert report.due == 1 and report.written == 0  # t10's user never consented
    with Session(engine) as db:
        assert db.get(ConsolidationMarkRow, ("t1", "s1")) is None
    assert _run(engine).due == 1  # t1's session is still due


def test_job_runner_runs_both_jobs(engine: Engine) -> None:
    _consent(engine, "u1")
    seed_session(
        engine, tenant="t1", session_id="s1", user="u1", updated_at=T0, summary=trip_summary()
    )
    runner = JobRunner(engine, CasbinGate(engine=engine), IDLE, clock=lambda: NOW)
    assert runner.run("consolidate", tenant_id="t1")["written"] == 3
    later = JobRunner(
        engine, CasbinGate(engine=engine), IDLE, clock=lambda: NOW + timedelta(days=400)
    )
    result = later.run("expire")
    assert result["purged"]["preferences"] == 3
    with pytest.raises(LookupError):
        runner.run("nope")


def test_ended_session_becomes_a_task_event_within_consent(engine: Engine) -> None:
    from policy.storage import SessionEndRow

    _consent(engine, "u1")
    seed_session(
        engine, tenant="t1", session_id="s1", user="u1", updated_at=T0, summary=trip_summary()
    )
    with Session(engine) as db:
        db.add(
            SessionEndRow(
                tenant_id="t1",
                session_id="s1",
                user_id="u1",
                request_sha256="x",
                response_json="{}",
                ended_at=T0,
            )
        )
        db.commit()
    report = _run(engine)
    assert report.events == 1, report.as_dict()
    from longterm.storage import EventRow

    with Session(engine) as db:
        (event,) = db.exec(select(EventRow)).all()
        assert (event.kind, event.source, event.user_id) == (
            "travel.task_completed",
            "consolidated",
            "u1",
        )
