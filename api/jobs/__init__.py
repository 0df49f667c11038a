"""Background jobs of the service: expiry and consolidation, run once or on a schedule.

* ``api.jobs.expiry``: the one expiry (expired long-term rows, the retention purge of raw
  session messages, reclaiming their space), used by the scheduler, ``tiermem expire`` and
  ``POST /v1/admin/retention/purge``;
* ``api.jobs.consolidation``: the one consolidation runner (due sessions, one unit of work each
  under the user's run-once lock) around ``policy.consolidation.consolidate_session``;
* ``api.jobs.scheduler``: ``JobRunner`` (one run of a job: the admin route, ``tiermem
  consolidate``, the scheduler) and the APScheduler wiring;
* ``api.jobs.locks``: one unit of work under a run-once lock (``storage.locks``);
* ``api.jobs.results``: what a run did, as typed counts; ``api.jobs.errors``: the jobs' errors.
"""

from api.jobs.consolidation import consolidate
from api.jobs.errors import JobError, UnknownJob
from api.jobs.expiry import expire, expire_tenant
from api.jobs.results import ConsolidationCounts, ExpiryCounts, JobCounts, TenantExpiry
from api.jobs.scheduler import JOB_NAMES, JobRunner, start_scheduler

__all__ = [
    "JOB_NAMES",
    "ConsolidationCounts",
    "ExpiryCounts",
    "JobCounts",
    "JobError",
    "JobRunner",
    "TenantExpiry",
    "UnknownJob",
    "consolidate",
    "expire",
    "expire_tenant",
    "start_scheduler",
]
