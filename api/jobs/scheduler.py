"""Background jobs: ``consolidate`` and ``expire``, run now or on an APScheduler 3.x schedule.

``JobRunner`` runs a job once (``POST /v1/admin/jobs/{name}/run``, ``tiermem consolidate``, the
scheduler) and answers typed counts (``api.jobs.results``); ``start_scheduler`` starts a
``BackgroundScheduler`` that calls ``JobRunner.tick`` periodically. Each job serializes its
units across processes (run-once locks, ``api.jobs.locks``), so any number of replicas may run
the scheduler. Every scheduled run is logged as one JSON line (logger ``tiermem.jobs``, event
``job.run``: the job, ``ok`` with its counts or ``error`` with the error's class; counts only,
never content); a failing run is logged and counted, the next tick tries again, and a job never
overlaps with itself in one process (``max_instances=1``).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Final

import anyio
from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from api.jobs.consolidation import consolidate
from api.jobs.errors import UnknownJob
from api.jobs.expiry import expire
from api.jobs.results import ConsolidationCounts, ExpiryCounts, JobCounts
from api.sessions.source import SqlSessionSource
from longterm.gate import PolicyGate
from policy.sessions import SessionSource

if TYPE_CHECKING:  # api.services builds the metrics that import this package's results
    from api.services import Services
    from api.settings import Settings

__all__ = [
    "EXPIRE_ACTOR",
    "JOB_NAMES",
    "JobRunner",
    "consolidate_interval",
    "runner_for",
    "scheduler_lifespan",
    "start_scheduler",
]

JOB_NAMES: Final = ("consolidate", "expire")
EXPIRE_ACTOR: Final = "job:expire"
"""The key id the expiry job's purges are audited under (role ``consolidator``)."""
_log = logging.getLogger("tiermem.jobs")


@dataclass
class JobRunner:
    """Runs the background jobs against one database.

    Args:
        engine: the database.
        gate: the policy gate every consolidation write is decided by.
        idle: how long a session must be idle before it is consolidated.
        clock: current time (the app's clock; a test freezes it for a whole flow).
        observe: called with each run's counts (None for a failed run), e.g. for metrics.
        sessions: how consolidation reads the sessions.
    """

    engine: Engine
    gate: PolicyGate
    idle: timedelta
    clock: Callable[[], datetime]
    observe: Callable[[str, JobCounts | None], None] | None = None
    sessions: SessionSource = field(default_factory=SqlSessionSource)

    def run(self, name: str, *, tenant_id: str | None = None) -> JobCounts:
        """Run job ``name`` once (for one tenant, or all); returns what it did.

        Raises:
            UnknownJob: ``name`` is not a job.
            sqlalchemy.exc.SQLAlchemyError: the database failed.
        """
        now = self.clock()
        result: JobCounts
        if name == "consolidate":
            report = consolidate(
                self.engine,
                gate=self.gate,
                sessions=self.sessions,
                now=now,
                idle=self.idle,
                tenant_id=tenant_id,
            )
            result = ConsolidationCounts.from_report(report)
        elif name == "expire":
            runs = expire(
                self.engine, now=now, role="consolidator", key_id=EXPIRE_ACTOR, tenant_id=tenant_id
            )
            result = ExpiryCounts.from_tenants(runs)
        else:
            raise UnknownJob(f"no job named {name!r}; jobs: {', '.join(JOB_NAMES)}")
        if self.observe is not None:
            self.observe(name, result)
        return result

    def tick(self, name: str) -> None:
        """A scheduled run: logs its outcome (one JSON line) and never raises into the
        scheduler."""
        fields: dict[str, object] = {"event": "job.run", "job": name}
        try:
            result = self.run(name)
        except SQLAlchemyError as exc:
            fields |= {"outcome": "error", "error": type(exc).__name__}
            _log.warning("job %s failed", name, extra={"fields": fields})
            if self.observe is not None:
                self.observe(name, None)
            return
        fields |= {"outcome": "ok", "result": result.model_dump(mode="json")}
        _log.info("job %s done", name, extra={"fields": fields})


def start_scheduler(
    runner: JobRunner,
    *,
    consolidate_every: timedelta,
    expire_every: timedelta = timedelta(hours=1),
) -> BackgroundScheduler:
    """Start a ``BackgroundScheduler`` running both jobs; the caller shuts it down.

    Jobs are coalesced (a missed tick runs once, not many times) and never overlap in one
    process. The first run happens one interval after start, not at import or start-up.
    """
    scheduler = BackgroundScheduler(timezone=UTC)
    for name, every in (("consolidate", consolidate_every), ("expire", expire_every)):
        scheduler.add_job(
            runner.tick,
            "interval",
            args=[name],
            id=f"tiermem.{name}",
            seconds=max(1.0, every.total_seconds()),
            coalesce=True,
            max_instances=1,
            replace_existing=True,
        )
    scheduler.start()
    return scheduler


def runner_for(services: Services) -> JobRunner:
    """The app's job runner: its engine, gate, clock, idle time and job metrics."""
    return JobRunner(
        services.engine,
        services.gate,
        timedelta(minutes=services.settings.idle_minutes),
        clock=services.clock,
        observe=services.job_metrics.observe,
    )


def consolidate_interval(settings: Settings) -> timedelta:
    """How often the scheduler looks for idle sessions: half the idle time, 1 to 15 minutes."""
    return timedelta(minutes=min(15.0, max(1.0, settings.idle_minutes / 2)))


@asynccontextmanager
async def scheduler_lifespan(services: Services) -> AsyncIterator[None]:
    """The app's lifespan hook: start the job scheduler (on the app's gate and clock) when
    ``scheduler_enabled``, and shut it down, waiting for a running job, at shutdown."""
    settings = services.settings
    if not settings.scheduler_enabled:
        yield
        return
    runner = runner_for(services)
    scheduler = start_scheduler(runner, consolidate_every=consolidate_interval(settings))
    services.background.scheduler = scheduler
    try:
        yield
    finally:
        await anyio.to_thread.run_sync(lambda: scheduler.shutdown(wait=True))
