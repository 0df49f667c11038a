"""Request and response bodies of the sessions API (the Create/Public split of the house style)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from longterm.vocabulary import UserId
from runtime import CompactionReport
from runtime.budget import Budget
from runtime.compaction import BudgetReport
from runtime.compaction.report import ReportModel
from runtime.errors import BudgetError

__all__ = [
    "DEFAULT_CONTEXT_LIMIT",
    "DEFAULT_SUMMARY_SHARE",
    "AdaptiveTriggerReport",
    "AppendIn",
    "AppendOut",
    "BudgetSpec",
    "CalibrationReport",
    "ContextIn",
    "ContextOut",
    "ContextReport",
    "HistoryOut",
    "PinsIn",
    "PinsOut",
    "SessionCreate",
    "SessionList",
    "SessionPublic",
    "SummaryDetail",
    "SummaryList",
    "SummaryPublic",
    "UsageIn",
    "UsageOut",
]

DEFAULT_CONTEXT_LIMIT = 128_000
DEFAULT_SUMMARY_SHARE = 0.25  # the Compactor's default share of the target kept for the summary
MIN_SUMMARY_SHARE, MAX_SUMMARY_SHARE = 0.05, 0.75
MAX_INT = 2_000_000_000  # fits a 32-bit INTEGER column on every backend
MAX_MS = 86_400_000.0  # a day
MAX_TOKENS = 100_000_000  # no model's window is larger; keeps budget arithmetic sane
FormatName = Literal["auto", "openai-chat", "openai-responses", "anthropic"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BudgetSpec(_Body):
    """A token budget, every part optional: a session fills the gaps with the defaults of
    ``runtime.Budget``, a per-call override with the session's own values."""

    context_limit: int | None = Field(default=None, gt=0, le=MAX_TOKENS)
    max_output_tokens: int | None = Field(default=None, ge=0, le=MAX_TOKENS)
    tool_reserve: int | None = Field(default=None, ge=0, le=MAX_TOKENS)
    safety_margin: int | None = Field(default=None, ge=0, le=MAX_TOKENS)
    trigger: float | None = Field(default=None, gt=0, le=1)
    target: float | None = Field(default=None, gt=0, le=1)
    summary_share: float | None = Field(
        default=None, ge=MIN_SUMMARY_SHARE, le=MAX_SUMMARY_SHARE
    )  # share of the compaction target kept for the summary; not a ``runtime.Budget`` field

    def apply(self, base: dict[str, Any]) -> Budget:
        """Merge over ``base`` (a budget dict) and validate (``summary_share`` is left out:
        see ``summary_share_over``).

        Raises:
            BudgetError: the merged budget is impossible (no usable tokens, target > trigger).
        """
        merged = dict(base) | self.model_dump(exclude_none=True)
        merged.pop("summary_share", None)
        context_limit = merged.pop("context_limit", DEFAULT_CONTEXT_LIMIT)
        if not isinstance(context_limit, int):
            raise BudgetError("context_limit must be an integer")
        return Budget(context_limit, **merged)

    def summary_share_over(self, base: dict[str, Any]) -> float:
        """The summary share: this spec's, else ``base``'s (a stored budget dict), else the
        default 0.25 (sessions stored before the field existed have none).

        Raises:
            BudgetError: ``base`` holds a share outside [0.05, 0.75] (a hand-edited row).
        """
        share = self.summary_share
        if share is None:
            share = base.get("summary_share", DEFAULT_SUMMARY_SHARE)
        if isinstance(share, bool) or not isinstance(share, int | float):
            raise BudgetError(f"summary_share must be a number, got {share!r}")
        if not MIN_SUMMARY_SHARE <= share <= MAX_SUMMARY_SHARE:
            raise BudgetError(
                f"summary_share must be in [{MIN_SUMMARY_SHARE}, {MAX_SUMMARY_SHARE}], got {share}"
            )
        return float(share)


def budget_params(budget: Budget, *, summary_share: float | None = None) -> dict[str, Any]:
    """The six parameters of ``budget`` (what a session stores), plus ``summary_share`` when
    the session was created with one (left out otherwise, as before the field existed)."""
    params: dict[str, Any] = {
        "context_limit": budget.context_limit,
        "max_output_tokens": budget.max_output_tokens,
        "tool_reserve": budget.tool_reserve,
        "safety_margin": budget.safety_margin,
        "trigger": budget.trigger,
        "target": budget.target,
    }
    if summary_share is not None:
        params["summary_share"] = summary_share
    return params


class SessionCreate(_Body):
    """``POST /v1/sessions``. ``system`` is Anthropic's top-level system field (Chat and
    Responses carry their system/developer prefix as messages); ``tools`` the tool definitions
    the agent sends, counted against the budget."""

    user_id: UserId
    format: FormatName = "auto"
    budget: BudgetSpec | None = None
    system: Any | None = None
    tools: list[Any] | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)


class SessionPublic(BaseModel):
    """A session as the API shows it: owner, format, budget, counts, calibration, and the
    totals of the provider usage reports (``usage``: reports, input, cached input and output
    tokens, cache hit rate)."""

    id: str
    tenant_id: str
    user_id: str
    format: str | None
    budget: dict[str, Any]
    system: Any | None
    tools: list[Any] | None
    metadata: dict[str, Any]
    message_count: int
    pinned_ids: list[str]
    summary_version: int
    summary_count: int
    usage_reports: int
    usage: dict[str, Any]
    calibration_factor: float
    created_at: datetime
    updated_at: datetime


class SessionList(BaseModel):
    """``GET /v1/sessions``: the caller's tenant only, newest first."""

    sessions: list[SessionPublic]


class AppendIn(_Body):
    """``POST /v1/sessions/{id}/messages``.

    ``offset`` is the position of the first entry in the session's history. Leave it out to
    append; pass it (e.g. 0 with the whole history) to make a retry or a full resend idempotent
    for entries without their own ``id``: entries already stored at their positions are no-ops.
    """

    messages: list[Any] = Field(max_length=10_000)
    offset: int | None = Field(default=None, ge=0)


class AppendOut(BaseModel):
    """The id of every entry of the batch (own or derived), and what was stored."""

    session_id: str
    ids: list[str]
    appended: int
    unchanged: int
    message_count: int


class HistoryOut(BaseModel):
    """A page of the stored history, entries exactly as appended, with their ids."""

    session_id: str
    format: str | None
    offset: int
    total: int
    ids: list[str]
    messages: list[Any]
    purged_ids: list[str] = Field(
        default_factory=list,
        description="ids on this page whose raw content the tenant's retention purged "
        "(their entries are tombstones marked tiermem_purged)",
    )


class PinsIn(_Body):
    """``PUT /v1/sessions/{id}/pins``: the complete set of pinned message ids."""

    message_ids: list[str] = Field(max_length=1000)


class PinsOut(BaseModel):
    """The pins now in force."""

    session_id: str
    message_ids: list[str]


class ContextIn(_Body):
    """``POST /v1/sessions/{id}/context``: an optional per-call budget override."""

    budget: BudgetSpec | None = None


class CalibrationReport(ReportModel):
    """The session's usage calibration, as applied to this call's budget."""

    factor: float = Field(description="Provider tokens per tiktoken token, learned from usage.")
    samples: int = Field(description="Usage reports the factor was learned from.")
    usable_tokens: int = Field(description="The budget's usable tokens before calibration.")
    calibrated_usable_tokens: int = Field(description="Usable tokens once calibrated.")


class AdaptiveTriggerReport(ReportModel):
    """The trigger fraction actually used, and why it differs from the configured one."""

    base_trigger: float = Field(description="The configured trigger fraction.")
    effective_trigger: float = Field(description="The trigger fraction used for this call.")
    reasons: list[str] = Field(description="Why it was lowered, if it was.")
    recent_tool_result_tokens: int = Field(description="Tokens of the last few tool results.")
    output_share: float = Field(description="The output reserve's share of the context.")


class ContextReport(CompactionReport):
    """The run-time tier's compaction report (``runtime.CompactionReport``) and what the
    service adds: the session, its budget and calibration, the trigger used, the summarizer."""

    session_id: str = Field(description="The session compacted.")
    session_budget: BudgetReport = Field(description="The session's budget, before calibration.")
    calibration: CalibrationReport = Field(description="The usage calibration applied.")
    adaptive_trigger: AdaptiveTriggerReport = Field(description="The trigger used, and why.")
    summary_share: float = Field(description="The share of the target kept for the summary.")
    summary_budget_tokens: int = Field(description="What the summary strategy reserves.")
    summarizer: str | None = Field(description="The configured summarizer, if any.")
    summarizer_busy: bool = Field(
        description="Every remote-summarizer slot was taken: this call used the window alone."
    )
    service_elapsed_ms: float = Field(description="The service's time for the compaction.")

    @classmethod
    def of(cls, report: CompactionReport, **service: Any) -> ContextReport:
        """``report`` with the service's fields (``session_id`` ... ``service_elapsed_ms``)."""
        fields = {name: getattr(report, name) for name in CompactionReport.model_fields}
        return cls(**fields, **service)


class ContextOut(BaseModel):
    """Exactly what to send to the model next, in the session's format."""

    messages: list[Any]
    system: Any | None = None
    ids: list[str]
    report: ContextReport


class UsageIn(_Body):
    """``POST /v1/sessions/{id}/usage``: what the provider reported for the last call.

    ``input_tokens`` is the whole prompt as the provider counted it, cached tokens included
    (OpenAI's ``prompt_tokens``; for Anthropic add ``cache_read_input_tokens`` and
    ``cache_creation_input_tokens`` to ``input_tokens``).
    """

    input_tokens: int = Field(ge=0, le=MAX_INT)
    cached_input_tokens: int = Field(default=0, ge=0, le=MAX_INT)
    output_tokens: int = Field(ge=0, le=MAX_INT)
    request_bytes: int | None = Field(default=None, ge=0, le=MAX_INT)
    ttft_ms: float | None = Field(default=None, ge=0, le=MAX_MS)
    queue_ms: float | None = Field(default=None, ge=0, le=MAX_MS)
    latency_ms: float | None = Field(default=None, ge=0, le=MAX_MS)


class UsageOut(BaseModel):
    """The calibration after this report."""

    session_id: str
    own_tokens: int | None
    ratio: float | None
    calibration_factor: float
    samples: int
    cache_hit_rate: float | None


class SummaryPublic(BaseModel):
    """One summary version of a session."""

    version: int
    previous_version: int | None
    restored_from: int | None
    summarizer: str | None
    model: str | None
    current: bool
    created_at: datetime
    summary: dict[str, Any]


class SummaryList(BaseModel):
    """Every summary version of a session, oldest first."""

    session_id: str
    current_version: int
    summaries: list[SummaryPublic]


class SummaryDetail(SummaryPublic):
    """A version with the snapshot record written before it replaced its predecessor."""

    snapshot: dict[str, Any] | None
    diff: dict[str, Any] | None
