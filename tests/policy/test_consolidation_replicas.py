"""Several runners at once: two scheduler processes against PostgreSQL consolidate the same idle
sessions, and every candidate is written once (none twice, none lost); a unit that dies half
way leaves nothing behind and is picked up by the next run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, func
from sqlmodel import Session, col, select

import policy.consolidation as consolidation
from longterm.storage import PreferenceHistoryRow, PreferenceRow
from policy.consent import grant_consent
from policy.consolidation import consolidate
from policy.gate import CasbinGate
from policy.storage import ConsolidationMarkRow
from policy.types import Subject
from runtime.summary.schema import CompactionSummary, Fact
from tests.policy.trip import T0, seed_session

ROOT = Path(__file__).resolve().parents[2]
NOW = T0 + timedelta(hours=2)
USERS = [f"u{i}" for i in range(12)]
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


def _seed(engine: Engine) -> None:
    agent = Subject("agent", "t1", key_id="k")
    with Session(engine) as db:
        for user in USERS:
            grant_consent(db, subject=agent, user_id=user, category="travel", now=T0)
        db.commit()
    for user in USERS:
        for part in FACTS:
            seed_session(
                engine,
                tenant="t1",
                session_id=f"{user}-{part}",
                user=user,
                updated_at=T0,
                summary=_summary(part),
            )


def _assert_each_written_once(engine: Engine) -> None:
    with Session(engine) as db:
        prefs = db.exec(select(PreferenceRow)).all()
        assert len(prefs) == 4 * len(USERS)
        assert {p.version for p in prefs} == {1}
        assert {p.source for p in prefs} == {"consolidated"}
        applied = db.exec(
            select(func.count())
            .select_from(PreferenceHistoryRow)
            .where(col(PreferenceHistoryRow.outcome) == "applied")
        ).one()
        assert applied == 4 * len(USERS)
        marks = db.exec(select(ConsolidationMarkRow)).all()
        assert len(marks) == 2 * len(USERS) and {m.written for m in marks} == {2}


def test_two_processes_write_every_candidate_exactly_once(
    postgres_url: str, tmp_path: Path, engine_for
) -> None:
    engine = engine_for(postgres_url)
    _seed(engine)
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [
        sys.executable,
        "-m",
        "tests.policy.consolidate_worker",
        postgres_url,
        str(go),
        NOW.isoformat(),
    ]
    workers = [
        subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
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
    _assert_each_written_once(engine)
    assert (
        consolidate(engine, gate=CasbinGate(engine=engine), now=NOW, idle=timedelta(minutes=30)).due
        == 0
    )


def test_a_unit_killed_half_way_leaves_nothing_and_is_picked_up(
    database_url: str, engine_for, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = engine_for(database_url)
    _seed(engine)
    real = consolidation._task_event
    calls = {"n": 0}

    def dies_on_third_unit(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise RuntimeError("killed")  # after this unit's preference writes were flushed
        return real(*args, **kwargs)

    monkeypatch.setattr(consolidation, "_task_event", dies_on_third_unit)
    gate = CasbinGate(engine=engine)
    with pytest.raises(RuntimeError):
        consolidate(engine, gate=gate, now=NOW, idle=timedelta(minutes=30))
    with Session(engine) as db:
        assert len(db.exec(select(ConsolidationMarkRow)).all()) == 2
        assert len(db.exec(select(PreferenceRow)).all()) == 4  # two whole units, no half
    monkeypatch.setattr(consolidation, "_task_event", real)
    report = consolidate(engine, gate=gate, now=NOW, idle=timedelta(minutes=30))
    assert report.due == 2 * len(USERS) - 2
    _assert_each_written_once(engine)
