"""Background jobs: ``consolidate`` and ``expire``, run now or on an APScheduler 3.x schedule.

``JobRunner`` runs a job once (the CLI, ``POST /v1/admin/jobs/{name}/run``, the scheduler);
``start_scheduler`` starts a ``BackgroundScheduler`` that calls it periodically. Each job
serializes its units across processes (advisory locks or leases, see ``storage.locks``), so any
number of replicas may run the scheduler. A failing run is logged and counted; the next tick
tries again, and a job never overlaps with itself in one process (``max_instances=1``).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from api.jobs.errors import UnknownJob
from api.sessions.retention import (
    purge_session_messages,
    reclaim_purged_space,
    tenants_with_retention,
)
from api.sessions.source import SqlSessionSource
from longterm.expiry import purge_expired, tenants_with_expired
from longterm.gate import PolicyGate, Principal
from policy.consolidation import consolidate
from policy.sessions import SessionSource
from storage.locks import acquire_lease, release_lease, try_advisory_xact_lock, uses_leases

__all__ = ["JOB_NAMES", "JobRunner", "start_scheduler"]

JOB_NAMES: Final = ("consolidate", "expire")
_log = logging.getLogger("tiermem.jobs")


def _utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass
class JobRunner:
    """Runs the background jobs against one database.

    Args:
        engine: the database.
        gate: the policy gate every consolidation write is decided by.
        idle: how long a session must be idle before it is consolidated.
        clock: current time (injectable for tests).
        sessions: how consolidation reads the sessions.
    """

    engine: Engine
    gate: PolicyGate
    idle: timedelta
    clock: Callable[[], datetime] = _utcnow
    observe: Callable[[str, dict[str, Any] | None], None] | None = None
    """Called with each run's result (None for a failed run), e.g. to export metrics."""
    sessions: SessionSource = field(default_factory=SqlSessionSource)

    def run(self, name: str, *, tenant_id: str | None = None) -> dict[str, Any]:
        """Run job ``name`` once (for one tenant, or all); returns what it did.

        Raises:
            UnknownJob: ``name`` is not a job.
            sqlalchemy.exc.SQLAlchemyError: the database failed.
        """
        if name == "consolidate":
            report = consolidate(
                self.engine,
                gate=self.gate,
                sessions=self.sessions,
                now=self.clock(),
                idle=self.idle,
                tenant_id=tenant_id,
            )
            result = {"job": name, **report.as_dict()}
        elif name == "expire":
            result = {"job": name, **self.expire(tenant_id=tenant_id)}
        else:
            raise UnknownJob(f"no job named {name!r}; jobs: {', '.join(JOB_NAMES)}")
        if self.observe is not None:
            self.observe(name, result)
        return result

    def expire(self, *, tenant_id: str | None = None) -> dict[str, Any]:
        """Purge expired long-term rows, one tenant per transaction under a run-once lock."""
        now = self.clock()
        if tenant_id is None:
            with Session(self.engine) as db:
                tenants = sorted(
                    set(tenants_with_expired(db, now=now)) | set(tenants_with_retention(db))
                )
        else:
            tenants = [tenant_id]
        totals: dict[str, int] = {}
        locked = 0
        for tenant in tenants:
            counts = self._expire_tenant(tenant, now=now)
            if counts is None:
                locked += 1
                continue
            for kind, count in counts.items():
                totals[kind] = totals.get(kind, 0) + count
        return {"tenants": len(tenants), "locked": locked, "purged": totals}

    def _expire_tenant(self, tenant_id: str, *, now: datetime) -> dict[str, int] | None:
        subject = Principal("consolidator", tenant_id, key_id="job:expire")
        leased = uses_leases(self.engine)
        holder = uuid.uuid4().hex[:16]
        if leased and not acquire_lease(
            self.engine, tenant_id=tenant_id, name="expire", now=now, holder=holder
        ):
            return None
        try:
            with Session(self.engine) as db:
                if not leased and not try_advisory_xact_lock(
                    db, tenant_id=tenant_id, name="expire"
                ):
                    return None
                counts = purge_expired(db, subject=subject, now=now)
                db.commit()
                # raw session messages past the tenant's retention, once summarized
                retained = purge_session_messages(db, subject=subject, now=now)
            if retained["messages"]:
                reclaim_purged_space(self.engine)  # the purged text leaves WAL / dead tuples
            return {**counts, "session_messages": retained["messages"]}
        finally:
            if leased:
                release_lease(self.engine, tenant_id=tenant_id, name="expire", holder=holder)

    def tick(self, name: str) -> None:
        """A scheduled run: logs the outcome and never raises into the scheduler."""
        try:
            result = self.run(name)
        except SQLAlchemyError as exc:
            _log.warning("job %s failed: %s", name, type(exc).__name__)
            if self.observe is not None:
                self.observe(name, None)
            return
        _log.info("job %s done", name, extra={"job_result": result})


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
