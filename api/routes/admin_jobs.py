"""``POST /v1/admin/jobs/{name}/run``: run ``consolidate`` or ``expire`` now (admin keys, the
caller's tenant only). The schedule itself is ``api.jobs.scheduler.scheduler_lifespan``'s."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import AdminDep, ServicesDep
from api.jobs.results import ConsolidationCounts, JobCounts, JobName
from api.jobs.scheduler import runner_for
from api.problems import PROBLEM_RESPONSES

__all__ = ["JobResult", "router"]

router = APIRouter(prefix="/v1/admin/jobs", tags=["admin"])


class JobResult(BaseModel):
    """What the run did: counts per outcome, never values."""

    job: JobName = Field(description="The job run: consolidate or expire.")
    tenant_id: str = Field(description="The tenant it ran for (the admin key's).")
    result: JobCounts = Field(description="What the run did: counts per outcome, never a value.")


@router.post("/{name}/run", summary="Run a background job now (admin)", responses=PROBLEM_RESPONSES)
def run_job(name: str, caller: AdminDep, services: ServicesDep) -> JobResult:
    """Run ``consolidate`` or ``expire`` once, limited to the caller's tenant."""
    result = runner_for(services).run(name, tenant_id=caller.tenant_id)  # UnknownJob: a 404
    job: JobName = "consolidate" if isinstance(result, ConsolidationCounts) else "expire"
    return JobResult(job=job, tenant_id=caller.tenant_id, result=result)
