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
from fastapi import APIRouter, FastAPI, Request
from prometheus_client import CollectorRegistry, Counter
from pydantic import BaseModel

from api.deps import AdminDep, EngineDep, SettingsDep
from api.jobs.scheduler import JobRunner, start_scheduler
from api.problems import PROBLEM_RESPONSES
from api.routes.policy import PolicyGateDep
from api.settings import Settings
from policy.gate import CasbinGate

__all__ = ["JobMetrics", "JobResult", "job_metrics", "router", "scheduler_lifespan"]

router = APIRouter(prefix="/v1/admin/jobs", tags=["admin"])


class JobMetrics:
    """The jobs' Prometheus metrics, on the app's registry (exported by ``GET /metrics``)."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.runs = Counter(
            "tiermem_job_runs",
            "Background job runs by job and result.",
            ["job", "result"],
            registry=registry,
        )
        self.outcomes = Counter(
            "tiermem_consolidation_candidates",
            "Consolidation candidates by outcome (written, merged, denied, skipped, events).",
            ["outcome"],
            registry=registry,
        )
        self.denials = Counter(
            "tiermem_consolidation_denials",
            "Consolidation writes the policy denied, by rule.",
            ["rule"],
            registry=registry,
        )
        self.purged = Counter(
            "tiermem_expired_rows_purged",
            "Expired long-term rows purged, by kind.",
            ["kind"],
            registry=registry,
        )

    def observe(self, job: str, result: dict[str, Any] | None) -> None:
        """Record one run (``None``: it failed)."""
        self.runs.labels(job=job, result="error" if result is None else "ok").inc()
        if result is None:
            return
        for outcome in ("written", "merged", "denied", "skipped", "events"):
            if job == "consolidate" and result.get(outcome):
                self.outcomes.labels(outcome=outcome).inc(result[outcome])
        for rule, count in (result.get("denials") or {}).items():
            self.denials.labels(rule=rule).inc(count)
        for kind, count in (result.get("purged") or {}).items():
            self.purged.labels(kind=kind).inc(count)


def job_metrics(app: FastAPI) -> JobMetrics:
    """The app's job metrics, registered on first use."""
    metrics: JobMetrics | None = getattr(app.state, "job_metrics", None)
    if metrics is None:
        metrics = JobMetrics(app.state.metrics.registry)
        app.state.job_metrics = metrics
    return metrics


class JobResult(BaseModel):
    """What the run did: counts per outcome, never values."""

    job: Literal["consolidate", "expire"]
    tenant_id: str
    result: dict[str, Any]


@router.post("/{name}/run", summary="Run a background job now (admin)", responses=PROBLEM_RESPONSES)
def run_job(
    name: str,
    request: Request,
    caller: AdminDep,
    engine: EngineDep,
    settings: SettingsDep,
    gate: PolicyGateDep,
) -> JobResult:
    """Run ``consolidate`` or ``expire`` once, limited to the caller's tenant."""
    observe = job_metrics(request.app).observe
    runner = JobRunner(engine, gate, timedelta(minutes=settings.idle_minutes), observe=observe)
    result = runner.run(name, tenant_id=caller.tenant_id)  # UnknownJob: 404 (api.problems)
    return JobResult(job=result.pop("job"), tenant_id=caller.tenant_id, result=result)


def consolidate_interval(settings: Settings) -> timedelta:
    """How often the scheduler looks for idle sessions: half the idle time, 1 to 15 minutes."""
    return timedelta(minutes=min(15.0, max(1.0, settings.idle_minutes / 2)))


@asynccontextmanager
async def scheduler_lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Build the app's policy gate; start the job scheduler when ``scheduler_enabled``."""
    settings: Settings = app.state.settings
    app.state.policy_gate = CasbinGate(
        engine=app.state.engine, check_interval=settings.policy_check_seconds
    )
    if not settings.scheduler_enabled:
        yield
        return
    idle = timedelta(minutes=settings.idle_minutes)
    observe = job_metrics(app).observe
    runner = JobRunner(app.state.engine, app.state.policy_gate, idle, observe=observe)
    scheduler = start_scheduler(runner, consolidate_every=consolidate_interval(settings))
    app.state.scheduler = scheduler
    try:
        yield
    finally:
        await anyio.to_thread.run_sync(lambda: scheduler.shutdown(wait=True))
