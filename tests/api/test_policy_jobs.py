"""``POST /v1/admin/jobs/{name}/run`` (admin, caller's tenant only), the scheduler started in
the app's lifespan, and ``tiermem consolidate`` once."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from sqlmodel import Session
from typer.testing import CliRunner

from api.app import create_app
from api.cli import _register, app
from api.services import services_of
from api.storage.migrate import upgrade_database
from longterm.gate import Principal
from policy.consent import grant_consent
from policy.storage import ConsolidationMarkRow
from storage.engine import create_db_engine
from tests.api.conftest import bearer, make_key, make_settings
from tests.scenarios.trip import T0, seed_session, trip_summary


def _seed(url: str, tenants: tuple[str, ...]) -> None:
    engine = create_db_engine(url)
    try:
        upgrade_database(url, engine=engine)
        for tenant in tenants:
            seed_session(
                engine,
                tenant=tenant,
                session_id="s1",
                user="u1",
                updated_at=T0,
                summary=trip_summary(),
            )
            with Session(engine) as db:
                grant_consent(
                    db,
                    subject=Principal("agent", tenant, key_id="k"),
                    user_id="u1",
                    category="travel",
                    now=T0,
                )
                db.commit()
    finally:
        engine.dispose()


def _marked(url: str, tenant: str) -> bool:
    engine = create_db_engine(url)
    try:
        with Session(engine) as db:
            return db.get(ConsolidationMarkRow, (tenant, "s1")) is not None
    finally:
        engine.dispose()


def test_admin_runs_jobs_for_its_own_tenant(app_client: TestClient, database_url: str) -> None:
    _seed(database_url, ("t1", "t10"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    agent = bearer(make_key(database_url, "t1", "agent"))
    assert app_client.post("/v1/admin/jobs/consolidate/run", headers=agent).status_code == 403
    assert app_client.post("/v1/admin/jobs/reboot/run", headers=admin).status_code == 404

    r = app_client.post("/v1/admin/jobs/consolidate/run", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["job"], body["tenant_id"]) == ("consolidate", "t1")
    assert body["result"]["consolidated"] == 1 and body["result"]["written"] == 3
    assert _marked(database_url, "t1") and not _marked(database_url, "t10")

    r = app_client.post("/v1/admin/jobs/expire/run", headers=admin)
    assert r.status_code == 200 and r.json()["result"]["tenants"] == 1

    metrics = app_client.get("/metrics").text
    assert 'tiermem_job_runs_total{job="consolidate",result="ok"} 1.0' in metrics
    assert 'tiermem_consolidation_candidates_total{outcome="written"} 3.0' in metrics
    assert 'tiermem_consolidation_denials_total{rule="consolidate.consent"} 6.0' in metrics


def test_scheduler_runs_in_the_lifespan(sqlite_url: str) -> None:
    application = create_app(make_settings(sqlite_url, scheduler_enabled=True, idle_minutes=4))
    with TestClient(application):
        scheduler = services_of(application).background.scheduler
        assert scheduler.running
        jobs = {job.id: job for job in scheduler.get_jobs()}
        assert set(jobs) == {"tiermem.consolidate", "tiermem.expire"}
        assert jobs["tiermem.consolidate"].trigger.interval.total_seconds() == 120
    assert not scheduler.running


def test_consolidate_cli_once(sqlite_url: str) -> None:
    _seed(sqlite_url, ("t1",))
    _register()
    runner = CliRunner()
    env = {"TIERMEM_DATABASE_URL": sqlite_url, "TIERMEM_IDLE_MINUTES": "30"}
    result = runner.invoke(app, ["consolidate"], env=env)
    assert result.exit_code == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.strip().splitlines()]
    assert lines[0]["job"] == "consolidate" and lines[0]["written"] == 3
    assert lines[1]["job"] == "expire"
    again = runner.invoke(app, ["consolidate", "--no-expire"], env=env)
    assert json.loads(again.stdout)["due"] == 0
    bad = runner.invoke(app, ["consolidate", "--tenant", "t1/../t2"], env=env)
    assert bad.exit_code == 2 and "invalid tenant id" in bad.stderr
