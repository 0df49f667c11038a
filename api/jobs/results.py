"""What a job run did, as typed models: counts per outcome and kind, never a value.

``ConsolidationCounts`` and ``ExpiryCounts`` are what ``JobRunner.run`` returns, what
``POST /v1/admin/jobs/{name}/run`` answers in ``result``, what ``tiermem consolidate`` prints and
what every scheduled run logs. ``TenantExpiry`` is one tenant's share of an expiry run (one line
of ``tiermem expire``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from policy.consolidation import ConsolidationReport

__all__ = [
    "ConsolidationCounts",
    "ExpiryCounts",
    "JobCounts",
    "JobName",
    "RetentionCounts",
    "TenantExpiry",
]

JobName = Literal["consolidate", "expire"]


class ConsolidationCounts(BaseModel):
    """One consolidation run: sessions due, consolidated and left locked; candidates written,
    merged, denied (per rule in ``denials``) and skipped; task events written; units failed."""

    model_config = ConfigDict(frozen=True, json_schema_serialization_defaults_required=True)

    due: int = Field(default=0, description="Idle sessions due for consolidation.")
    consolidated: int = Field(default=0, description="Sessions consolidated in this run.")
    locked: int = Field(
        default=0, description="Sessions another process was consolidating (left alone)."
    )
    written: int = Field(default=0, description="Long-term candidates written.")
    merged: int = Field(
        default=0,
        description="Candidates that matched the user's current value (its confidence raised, or "
        "already counted).",
    )
    denied: int = Field(default=0, description="Candidates the policy denied.")
    skipped: int = Field(
        default=0,
        description="Candidates skipped: a value the key does not accept, or a request the "
        "long-term tier refused.",
    )
    events: int = Field(default=0, description="Task events written to the timeline.")
    failed: int = Field(
        default=0,
        description="Sessions whose consolidation failed (logged; tried again on the next run).",
    )
    denials: dict[str, int] = Field(
        description="Denied candidates per policy rule.", default_factory=dict
    )

    @classmethod
    def from_report(cls, report: ConsolidationReport) -> ConsolidationCounts:
        """The counts of the policy tier's report (denials sorted by rule)."""
        return cls(
            due=report.due,
            consolidated=report.consolidated,
            locked=report.locked,
            written=report.written,
            merged=report.merged,
            denied=report.denied,
            skipped=report.skipped,
            events=report.events,
            failed=report.failed,
            denials=dict(sorted(report.denials.items())),
        )


class RetentionCounts(BaseModel):
    """Raw session messages tombstoned by the retention purge, and the sessions they were in."""

    model_config = ConfigDict(frozen=True, json_schema_serialization_defaults_required=True)

    sessions: int = Field(default=0, description="Sessions whose messages were tombstoned.")
    messages: int = Field(
        default=0, description="Raw session messages tombstoned by the retention purge."
    )


class TenantExpiry(BaseModel):
    """One tenant's expiry: expired long-term rows deleted per kind, the retention purge, and
    (after a restore, when asked) the erasures re-applied. ``locked``: another process was
    expiring this tenant, so nothing was done here."""

    model_config = ConfigDict(frozen=True, json_schema_serialization_defaults_required=True)

    tenant_id: str = Field(description="The tenant.")
    locked: bool = Field(
        default=False,
        description="Another process was expiring this tenant, so nothing was done here.",
    )
    purged: dict[str, int] = Field(
        description="Expired long-term rows deleted, per kind.", default_factory=dict
    )
    session_retention: RetentionCounts = Field(
        description="What the tenant's session retention purged.", default_factory=RetentionCounts
    )
    reapplied: dict[str, int] | None = Field(
        default=None,
        description="Erasures re-applied per kind after a restore, when asked (null otherwise).",
    )


class ExpiryCounts(BaseModel):
    """One expiry run: tenants looked at, tenants another process held, and rows purged per
    kind (long-term kinds and ``session_messages``) over all of them."""

    model_config = ConfigDict(frozen=True, json_schema_serialization_defaults_required=True)

    tenants: int = Field(default=0, description="Tenants looked at.")
    locked: int = Field(default=0, description="Tenants another process was expiring.")
    purged: dict[str, int] = Field(
        description="Rows purged per kind over every tenant (long-term kinds and "
        "session_messages).",
        default_factory=dict,
    )

    @classmethod
    def from_tenants(cls, runs: list[TenantExpiry]) -> ExpiryCounts:
        """The totals of the tenants' expiries."""
        totals: dict[str, int] = {}
        for run in runs:
            if run.locked:
                continue
            for kind, count in run.purged.items():
                totals[kind] = totals.get(kind, 0) + count
            totals["session_messages"] = (
                totals.get("session_messages", 0) + run.session_retention.messages
            )
        return cls(tenants=len(runs), locked=sum(1 for r in runs if r.locked), purged=totals)


JobCounts = ConsolidationCounts | ExpiryCounts
"""What one run of either job did."""
