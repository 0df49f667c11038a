"""``POST /v1/admin/jobs/{name}/run``: run ``consolidate`` or ``expire`` now (admin keys, the
caller's tenant only). The schedule itself is ``api.jobs.scheduler.scheduler_lifespan``'s."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import AdminDep, ServicesDep
from api.jobs.results import ConsolidationCounts, JobName
from api.jobs.scheduler import runner_for
from api.problems import PROBLEM_RESPONSES
from api.schemas.jobs import JobResult

__all__ = ["JobResult", "router"]

router = APIRouter(prefix="/v1/admin/jobs", tags=["admin"])


@router.post("/{name}/run", summary="Run a background job now (admin)", responses=PROBLEM_RESPONSES)
def run_job(name: str, caller: AdminDep, services: ServicesDep) -> JobResult:
    """Run ``consolidate`` or ``expire`` once, limited to the caller's tenant."""
    result = runner_for(services).run(name, tenant_id=caller.tenant_id)  # UnknownJob: a 404
    job: JobName = "consolidate" if isinstance(result, ConsolidationCounts) else "expire"
    return JobResult(job=job, tenant_id=caller.tenant_id, result=result)
