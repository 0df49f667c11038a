"""The body of ``POST /v1/admin/jobs/{name}/run``."""

from __future__ import annotations

from pydantic import BaseModel, Field

from api.jobs.results import JobCounts, JobName

__all__ = ["JobResult"]


class JobResult(BaseModel):
    """What the run did: counts per outcome, never values."""

    job: JobName = Field(description="The job run: consolidate or expire.")
    tenant_id: str = Field(description="The tenant it ran for (the admin key's).")
    result: JobCounts = Field(description="What the run did: counts per outcome, never a value.")
