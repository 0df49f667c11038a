"""``POST /v1/admin/jobs/{name}/run`` (admin; ``consolidate`` or ``expire``, caller's tenant
only) and the lifespan hook that runs both jobs on a schedule when
``settings.scheduler_enabled``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any, Literal

import anyio
from fastapi import APIRouter, FastAPI
from pydantic import BaseModel

from api.deps import AdminDep, EngineDep, SettingsDep
from api.errors import NotFound
from api.problems import PROBLEM_RESPONSES
from api.routes.policy import PolicyGateDep
from api.settings import Settings
from policy.errors import UnknownJob
from policy.gate import CasbinGate
from policy.scheduler import JobRunner, start_scheduler

__all__ = ["JobResult", "router", "scheduler_lifespan"]

router = APIRouter(prefix="/v1/admin/jobs", tags=["admin"])


class JobResult(BaseModel):
    """What the run did: counts per outcome, never values."""

    job: Literal["consolidate", "expire"]
    tenant_id: str
    result: dict[str, Any]


@router.post("/{name}/run", summary="Run a background job now (admin)", responses=PROBLEM_RESPONSES)
def run_job(
    name: str, caller: AdminDep, engine: EngineDep, settings: SettingsDep, gate: PolicyGateDep
) -> JobResult:
    """Run ``consolidate`` or ``expire`` once, limited to the caller's tenant."""
    runner = JobRunner(engine, gate, timedelta(minutes=settings.idle_minutes))
    try:
        result = runner.run(name, tenant_id=caller.tenant_id)
    except UnknownJob as exc:
        raise NotFound(str(exc)) from None
    return JobResult(job=result.pop("job"), tenant_id=caller.tenant_id, result=result)


def consolidate_interval(settings: Settings) -> timedelta:
    """How often the scheduler looks for idle sessions: half the idle time, 1 to 15 minutes."""
    return timedelta(minutes=min(15.0, max(1.0, settings.idle_minutes / 2)))


@asynccontextmanager
async def scheduler_lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Build the app's policy gate; start the job scheduler when ``scheduler_enabled``."""
    settings: Settings = app.state.settings
    app.state.policy_gate = CasbinGate(engine=app.state.engine)
    if not settings.scheduler_enabled:
        yield
        return
    runner = JobRunner(
        app.state.engine, app.state.policy_gate, timedelta(minutes=settings.idle_minutes)
    )
    scheduler = start_scheduler(runner, consolidate_every=consolidate_interval(settings))
    app.state.scheduler = scheduler
    try:
        yield
    finally:
        await anyio.to_thread.run_sync(lambda: scheduler.shutdown(wait=True))
