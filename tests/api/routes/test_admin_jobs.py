"""``POST /v1/admin/jobs/{name}/run``: admin keys only, the caller's tenant only, typed counts
in the answer, the runs counted in the metrics."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.conftest import bearer, make_key
from tests.api.jobs.seeding import is_marked, seed_idle_trip


def test_admin_runs_jobs_for_its_own_tenant(app_client: TestClient, database_url: str) -> None:
    seed_idle_trip(database_url, ("t1", "t10"))
    admin = bearer(make_key(database_url, "t1", "admin"))
    agent = bearer(make_key(database_url, "t1", "agent"))
    assert app_client.post("/v1/admin/jobs/consolidate/run", headers=agent).status_code == 403
    assert app_client.post("/v1/admin/jobs/reboot/run", headers=admin).status_code == 404

    r = app_client.post("/v1/admin/jobs/consolidate/run", headers=admin)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["job"], body["tenant_id"]) == ("consolidate", "t1")
    assert body["result"]["consolidated"] == 1 and body["result"]["written"] == 3
    assert is_marked(database_url, "t1") and not is_marked(database_url, "t10")

    r = app_client.post("/v1/admin/jobs/expire/run", headers=admin)
    assert r.status_code == 200 and r.json()["result"]["tenants"] == 1

    metrics = app_client.get("/metrics").text
    assert 'tiermem_job_runs_total{job="consolidate",result="ok"} 1.0' in metrics
    assert 'tiermem_consolidation_candidates_total{outcome="written"} 3.0' in metrics
    assert 'tiermem_consolidation_denials_total{rule="consolidate.consent"} 3.0' in metrics
    assert 'tiermem_consolidation_denials_total{rule="consolidate.source"} 3.0' in metrics
