"""``POST /v1/admin/jobs/{name}/run`` (admin; ``consolidate`` or ``expire``, caller's tenant
only) and the lifespan hook that runs both jobs on a schedule when
``settings.scheduler_enabled``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

import anyio
from fastapi import APIRouter
from pydantic import BaseModel

from api.deps import AdminDep, ClockDep, EngineDep, GateDep, JobMetricsDep, SettingsDep
from api.jobs.results import ConsolidationCounts, JobCounts, JobName
from api.jobs.scheduler import JobRunner, start_scheduler
from api.problems import PROBLEM_RESPONSES
from api.services import Services
from api.settings import Settings

__all__ = ["JobResult", "router", "scheduler_lifespan"]

router = APIRouter(prefix="/v1/admin/jobs", tags=["admin"])


class JobResult(BaseModel):
    """What the run did: counts per outcome, never values."""

    job: JobName
    tenant_id: str
    result: JobCounts


@router.post("/{name}/run", summary="Run a background job now (admin)", responses=PROBLEM_RESPONSES)
def run_job(
    name: str,
    caller: AdminDep,
    engine: EngineDep,
    settings: SettingsDep,
    gate: GateDep,
    clock: ClockDep,
    job_metrics: JobMetricsDep,
) -> JobResult:
    """Run ``consolidate`` or ``expire`` once, limited to the caller's tenant."""
    idle = timedelta(minutes=settings.idle_minutes)
    runner = JobRunner(engine, gate, idle, clock=clock, observe=job_metrics.observe)
    result = runner.run(name, tenant_id=caller.tenant_id)  # UnknownJob: 404 (api.problems)
    job: JobName = "consolidate" if isinstance(result, ConsolidationCounts) else "expire"
    return JobResult(job=job, tenant_id=caller.tenant_id, result=result)


def consolidate_interval(settings: Settings) -> timedelta:
    """How often the scheduler looks for idle sessions: half the idle time, 1 to 15 minutes."""
    return timedelta(minutes=min(15.0, max(1.0, settings.idle_minutes / 2)))


@asynccontextmanager
async def scheduler_lifespan(services: Services) -> AsyncIterator[None]:
    """Start the job scheduler (on the app's gate and clock) when ``scheduler_enabled``."""
    settings = services.settings
    if not settings.scheduler_enabled:
        yield
        return
    runner = JobRunner(
        services.engine,
        services.gate,
        timedelta(minutes=settings.idle_minutes),
        clock=services.clock,
        observe=services.job_metrics.observe,
    )
    scheduler = start_scheduler(runner, consolidate_every=consolidate_interval(settings))
    services.background.scheduler = scheduler
    try:
        yield
    finally:
        await anyio.to_thread.run_sync(lambda: scheduler.shutdown(wait=True))
