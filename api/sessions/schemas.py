"""Request and response bodies of the sessions API (the Create/Public split of the house style)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictFloat, StrictInt

from api.pagination import Page
from api.params import MESSAGE_ID_MAX_LENGTH, WHOLE_FLOAT_AS_INT
from longterm.vocabulary import UserId
from runtime import CompactionReport, RecallConfig
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
    "ProfileReport",
    "RecallSettings",
    "RecallSpec",
    "SessionCreate",
    "SessionList",
    "SessionPublic",
    "SummaryDetail",
    "SummaryList",
    "SummaryPublic",
    "UsageIn",
    "UsageOut",
    "recall_config",
    "recall_settings",
]

DEFAULT_CONTEXT_LIMIT = 128_000
DEFAULT_SUMMARY_SHARE = 0.25  # the Compactor's default share of the target kept for the summary
MIN_SUMMARY_SHARE, MAX_SUMMARY_SHARE = 0.05, 0.75
DEFAULT_RECALL_SHARE = RecallConfig().share
"""The service's share of the compaction target kept for the recall block when none is given:
the library's default, read from it so the two never drift (``recall_settings`` still clips it
to what the summary share leaves under ``MAX_RESERVED_SHARE``)."""
MAX_RECALL_SHARE = 0.9
MAX_RESERVED_SHARE = 0.9  # summary_share + recall_share: the window keeps a tenth at least
DEFAULT_PROFILE_SHARE = 0.1  # share of the usable budget the user's profile block may take
MIN_PROFILE_SHARE, MAX_PROFILE_SHARE = 0.01, 0.5
MAX_INT = 2_000_000_000  # fits a 32-bit INTEGER column on every backend
MAX_MS = 86_400_000.0  # a day
MAX_TOKENS = 100_000_000  # no model's window is larger; keeps budget arithmetic sane

_WindowTokens = Annotated[StrictInt, Field(gt=0, le=MAX_TOKENS), WHOLE_FLOAT_AS_INT]
"""A context window in tokens (``5.0`` is ``5``; never a bool or a string)."""

_Tokens = Annotated[StrictInt, Field(ge=0, le=MAX_TOKENS), WHOLE_FLOAT_AS_INT]
"""A token reserve."""

_Count = Annotated[StrictInt, Field(ge=0, le=MAX_INT), WHOLE_FLOAT_AS_INT]
"""A count or position a 32-bit column holds."""
FormatName = Literal["auto", "openai-chat", "openai-responses", "anthropic"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BudgetSpec(_Body):
    """A token budget, every part optional: a session fills the gaps with the defaults of
    ``runtime.Budget``, a per-call override with the session's own values."""

    context_limit: _WindowTokens | None = Field(
        description="The model's context window in tokens (null: the session's, else 128000).",
        default=None,
    )
    max_output_tokens: _Tokens | None = Field(
        description="Tokens reserved for the model's answer (null: the session's, else 4096).",
        default=None,
    )
    tool_reserve: _Tokens | None = Field(
        description="Tokens reserved for tool definitions and results the next turn may add "
        "(null: the session's, else 1000).",
        default=None,
    )
    safety_margin: _Tokens | None = Field(
        description="Slack for counting differences between tiktoken and the provider, in tokens "
        "(null: the session's, else 500).",
        default=None,
    )
    trigger: StrictFloat | None = Field(
        description="Fraction of the usable tokens above which compaction starts (null: the "
        "session's, else 0.8).",
        default=None,
        gt=0,
        le=1,
    )
    target: StrictFloat | None = Field(
        description="Fraction of the usable tokens a compaction shrinks the context to; at most "
        "trigger (null: the session's, else 0.6).",
        default=None,
        gt=0,
        le=1,
    )
    summary_share: StrictFloat | None = Field(
        description="Share of the compaction target kept for the summary, 0.05 to 0.75 (null: the "
        "session's, else 0.25).",
        default=None,
        ge=MIN_SUMMARY_SHARE,
        le=MAX_SUMMARY_SHARE,
    )  # share of the compaction target kept for the summary; not a ``runtime.Budget`` field
    profile_share: StrictFloat | None = Field(
        description="Share of the usable tokens the user's profile block may take when /context "
        "is called with include_profile, 0.01 to 0.5 (null: the session's, else 0.1); the "
        "compaction target is reduced by what the block takes.",
        default=None,
        ge=MIN_PROFILE_SHARE,
        le=MAX_PROFILE_SHARE,
    )  # not a ``runtime.Budget`` field either
    recall_share: StrictFloat | None = Field(
        description="Share of the compaction target kept for the recall block, 0 to 0.9 (null: "
        f"the session's, else {DEFAULT_RECALL_SHARE:g} or 0.9 - summary_share when smaller); "
        "summary_share + recall_share must be at most 0.9 while recall is on. Same as "
        "recall.share (give one, or both equal).",
        default=None,
        ge=0,
        le=MAX_RECALL_SHARE,
    )  # not a ``runtime.Budget`` field either

    def apply(self, base: dict[str, Any]) -> Budget:
        """Merge over ``base`` (a budget dict) and validate (``summary_share`` is left out:
        see ``summary_share_over``).

        Raises:
            BudgetError: the merged budget is impossible (no usable tokens, target > trigger).
        """
        merged = dict(base) | self.model_dump(exclude_none=True)
        merged.pop("summary_share", None)
        merged.pop("profile_share", None)
        merged.pop("recall_share", None)
        merged.pop("recall_enabled", None)
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

    def profile_share_over(self, base: dict[str, Any]) -> float:
        """The profile share: this spec's, else ``base``'s (a stored budget dict), else 0.1.

        Raises:
            BudgetError: ``base`` holds a share outside [0.01, 0.5] (a hand-edited row).
        """
        share = self.profile_share
        if share is None:
            share = base.get("profile_share", DEFAULT_PROFILE_SHARE)
        if isinstance(share, bool) or not isinstance(share, int | float):
            raise BudgetError(f"profile_share must be a number, got {share!r}")
        if not MIN_PROFILE_SHARE <= share <= MAX_PROFILE_SHARE:
            raise BudgetError(
                f"profile_share must be in [{MIN_PROFILE_SHARE}, {MAX_PROFILE_SHARE}], got {share}"
            )
        return float(share)


def budget_params(
    budget: Budget,
    *,
    summary_share: float | None = None,
    profile_share: float | None = None,
    recall_share: float | None = None,
    recall_enabled: bool | None = None,
) -> dict[str, Any]:
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
    if profile_share is not None:
        params["profile_share"] = profile_share
    if recall_share is not None:
        params["recall_share"] = recall_share
    if recall_enabled is not None:
        params["recall_enabled"] = recall_enabled
    return params


class RecallSpec(_Body):
    """Recall of evicted turns: the best-matching evicted groups of this session come back
    verbatim, as one untrusted data block before the latest user message."""

    enabled: StrictBool | None = Field(
        default=None,
        description="Whether /context recalls evicted turns (null: the session's, else true).",
    )
    share: StrictFloat | None = Field(
        default=None,
        ge=0,
        le=MAX_RECALL_SHARE,
        description="Share of the compaction target kept for the recall block, 0 to 0.9 (null: "
        f"the session's, else {DEFAULT_RECALL_SHARE:g} or 0.9 - summary_share when smaller); "
        "between compactions the block gets min(share x target, usable - context). "
        "summary_share + share must be at most 0.9 while recall is on.",
    )


class RecallSettings(BaseModel):
    """The recall settings in force."""

    model_config = ConfigDict(frozen=True)

    enabled: bool = Field(description="Whether /context recalls evicted turns.")
    share: float = Field(description="Share of the compaction target kept for the recall block.")


def _share(value: Any, *, name: str, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= high:
        raise BudgetError(f"{name} must be a number in [0, {high}], got {value!r}")
    return float(value)


def recall_settings(
    budget: BudgetSpec | None, recall: RecallSpec | None, base: dict[str, Any]
) -> RecallSettings:
    """The recall settings: the given parts over ``base`` (a stored budget dict) over the
    defaults (on; the library's share, ``DEFAULT_RECALL_SHARE``, or what a larger summary share
    leaves under 0.9 when no share was given anywhere), with the summary share checked against
    them.

    Raises:
        BudgetError: ``recall.share`` and ``budget.recall_share`` disagree, a stored value is
            out of range, or ``summary_share + recall_share > 0.9`` with recall on.
    """
    spec, asked = budget or BudgetSpec(), recall or RecallSpec()
    if None not in (spec.recall_share, asked.share) and spec.recall_share != asked.share:
        raise BudgetError(
            f"recall.share ({asked.share}) and budget.recall_share ({spec.recall_share}) differ"
        )
    summary = spec.summary_share_over(base)
    share = asked.share if asked.share is not None else spec.recall_share
    if share is None:
        share = base.get("recall_share")
    if share is None:
        share = round(min(DEFAULT_RECALL_SHARE, MAX_RESERVED_SHARE - summary), 6)
    enabled = asked.enabled if asked.enabled is not None else base.get("recall_enabled", True)
    if not isinstance(enabled, bool):
        raise BudgetError(f"recall enabled must be a boolean, got {enabled!r}")
    settings = RecallSettings(
        enabled=enabled, share=_share(share, name="recall share", high=MAX_RECALL_SHARE)
    )
    if settings.enabled and summary + settings.share > MAX_RESERVED_SHARE + 1e-9:
        raise BudgetError(
            f"summary_share ({summary}) + recall share ({settings.share}) must be at most "
            f"{MAX_RESERVED_SHARE}"
        )
    return settings


def recall_config(body: ContextIn, base: dict[str, Any]) -> RecallConfig:
    """The run-time recall settings of one ``/context`` call (see ``recall_settings``).

    Raises:
        BudgetError: as ``recall_settings``.
    """
    settings = recall_settings(body.budget, body.recall, base)
    return RecallConfig(enabled=settings.enabled, share=settings.share)


class SessionCreate(_Body):
    """``POST /v1/sessions``. ``system`` is Anthropic's top-level system field (Chat and
    Responses carry their system/developer prefix as messages); ``tools`` the tool definitions
    the agent sends, counted against the budget."""

    user_id: UserId = Field(
        description="The end user the session belongs to (a key restricted to a user may only "
        "name that user)."
    )
    format: FormatName = Field(
        default="auto",
        description="The wire format of the history. 'auto' (the default) leaves it undecided "
        "while the entries fit several formats and fixes it by the first entry only one format "
        "accepts (Anthropic system, content blocks, tool_use, function_call items, role tool); "
        "every append is validated against it.",
    )
    budget: BudgetSpec | None = Field(
        default=None,
        description="The session's token budget; parts left out take the defaults of "
        "runtime.Budget.",
    )
    recall: RecallSpec | None = Field(
        default=None,
        description=f"Recall of evicted turns (null: on, share {DEFAULT_RECALL_SHARE:g} or "
        "0.9 - summary_share when smaller).",
    )
    system: Any | None = Field(
        default=None,
        description="Anthropic's top-level system field (a string or text blocks); Chat and "
        "Responses carry their system prompt as messages.",
    )
    tools: list[Any] | None = Field(
        default=None,
        description="The tool definitions the agent sends with each request, counted against the "
        "budget.",
    )
    metadata: dict[str, Any] = Field(
        description="Free-form JSON kept with the session and shown back; tiermem does not read "
        "it.",
        default_factory=dict,
    )


class SessionPublic(BaseModel):
    """A session as the API shows it: owner, format, budget, counts, calibration, and the
    totals of the provider usage reports (``usage``: reports, input, cached input and output
    tokens, cache hit rate)."""

    id: str = Field(description="The session's id.")
    tenant_id: str = Field(description="The tenant that owns the session (the API key's).")
    user_id: str = Field(description="The end user the session belongs to.")
    format: FormatName = Field(
        description="The session's wire format: the one set at creation, or 'auto' until the "
        "first entry only one format accepts decides it (then that format)."
    )
    format_candidates: list[Literal["openai-chat", "openai-responses", "anthropic"]] = Field(
        description="The formats still possible: the decided one alone, or several while "
        "'auto' is undecided (e.g. all three while every entry is a plain-string message)."
    )
    budget: dict[str, Any] = Field(
        description="The session's stored budget parameters (context_limit, max_output_tokens, "
        "tool_reserve, safety_margin, trigger, target and, when set, summary_share, "
        "profile_share, recall_share and recall_enabled)."
    )
    recall: RecallSettings = Field(
        description="Recall of evicted turns as /context applies it by default."
    )
    system: Any | None = Field(
        description="Anthropic's top-level system field, as given at creation (null for the other "
        "formats)."
    )
    tools: list[Any] | None = Field(
        description="The tool definitions given at creation, counted against the budget."
    )
    metadata: dict[str, Any] = Field(description="The free-form JSON given at creation.")
    message_count: int = Field(description="Entries in the stored history.")
    pinned_ids: list[str] = Field(
        description="Ids of the messages pinned now, sorted (kept verbatim by every compaction)."
    )
    summary_version: int = Field(description="The current summary version (0: none yet).")
    summary_count: int = Field(description="Summary versions stored (restores included).")
    usage_reports: int = Field(description="Provider usage reports received (POST /usage).")
    usage: dict[str, Any] = Field(
        description="Totals of the usage reports: reports, input_tokens, cached_input_tokens, "
        "output_tokens, cache_hit_rate (cached / input, null without input)."
    )
    calibration_factor: float = Field(
        description="Provider tokens per tiktoken token, learned from the usage reports (1.0 "
        "until the first report); scales the usable budget."
    )
    created_at: datetime = Field(description="When the session was created (UTC, RFC 3339).")
    updated_at: datetime = Field(
        description="The session's last activity: an append, a pin change, a compaction, a usage "
        "report (UTC, RFC 3339)."
    )


class SessionList(Page[SessionPublic]):
    """``GET /v1/sessions``: a page of the caller's tenant's sessions, newest first."""


class AppendIn(_Body):
    """``POST /v1/sessions/{id}/messages``.

    ``offset`` is the position of the first entry in the session's history. Leave it out to
    append; pass it (e.g. 0 with the whole history) to make a retry or a full resend idempotent
    for entries without their own ``id``: entries already stored at their positions are no-ops.
    """

    messages: list[Any] = Field(
        description="Entries to store, in the session's format, exactly as they will be sent (at "
        "most 10000 per call).",
        max_length=10_000,
    )
    offset: _Count | None = Field(
        description="Position of the first entry in the history (null: append at the end); "
        "entries already stored at their positions are no-ops.",
        default=None,
    )


class AppendOut(BaseModel):
    """The id of every entry of the batch (own or derived), and what was stored."""

    session_id: str = Field(description="The session appended to.")
    ids: list[str] = Field(
        description="The id of each entry of the batch, in order: its own id, else one derived "
        "from its position and content."
    )
    appended: int = Field(description="Entries newly stored.")
    unchanged: int = Field(
        description="Entries already stored at their positions (a retry or a resend)."
    )
    message_count: int = Field(description="Entries in the history after this call.")


class HistoryOut(Page[Any]):
    """A page of the stored history: ``items`` are the entries exactly as appended, in order,
    ``ids`` their ids (one per item)."""

    session_id: str = Field(description="The session read.")
    format: FormatName = Field(description="The session's wire format, or 'auto' while undecided.")
    total: int = Field(description="Entries in the whole history.")
    ids: list[str] = Field(description="The id of each entry of items, in the same order.")
    purged_ids: list[str] = Field(
        default_factory=list,
        description="ids on this page whose raw content the tenant's retention purged "
        "(their entries are tombstones marked tiermem_purged)",
    )


class PinsIn(_Body):
    """``PUT /v1/sessions/{id}/pins``: the complete set of pinned message ids."""

    message_ids: list[Annotated[str, Field(max_length=MESSAGE_ID_MAX_LENGTH)]] = Field(
        description="The complete set of message ids to pin (replaces the previous set; at most "
        "1000).",
        max_length=1000,
    )


class PinsOut(BaseModel):
    """The pins now in force."""

    session_id: str = Field(description="The session.")
    message_ids: list[str] = Field(description="The message ids pinned now.")


class ContextIn(_Body):
    """``POST /v1/sessions/{id}/context``: an optional per-call budget override."""

    budget: BudgetSpec | None = Field(
        default=None,
        description="Overrides of the session's budget for this call only (null: the session's "
        "budget).",
    )
    include_profile: StrictBool = Field(
        default=False,
        description="Also send the user's long-term profile: current preferences and recent "
        "events the key may read, ranked by the latest user message, as one "
        "<user_profile trust='untrusted'> block after the prefix, within profile_share of the "
        "usable tokens (report.profile says what went in).",
    )
    recall: RecallSpec | None = Field(
        default=None,
        description="Overrides of the session's recall settings for this call only (null: the "
        "session's). report.recall lists what was recalled, with scores and tokens.",
    )


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


class ProfileReport(ReportModel):
    """What of the user's long-term profile went into this context."""

    included_ids: list[str] = Field(
        description="Ids of the preferences and events in the block, in the block's order."
    )
    omitted: int = Field(description="Readable, unexpired items left out for room.")
    tokens: int = Field(description="Tokens of the injected profile message (0: none sent).")
    room_tokens: int = Field(description="floor(profile_share x usable tokens).")
    profile_share: float = Field(description="The share of the usable tokens allowed.")
    query_terms: int = Field(description="Terms of the latest user message used for ranking.")


class ContextReport(CompactionReport):
    """The run-time tier's compaction report (``runtime.CompactionReport``) and what the
    service adds: the session, its budget and calibration, the trigger used, the summarizer."""

    session_id: str = Field(description="The session compacted.")
    session_budget: BudgetReport = Field(description="The session's budget, before calibration.")
    calibration: CalibrationReport = Field(description="The usage calibration applied.")
    adaptive_trigger: AdaptiveTriggerReport = Field(description="The trigger used, and why.")
    summary_share: float = Field(description="The share of the target kept for the summary.")
    recall_share: float = Field(
        description="The share of the target kept for the recall block (report.recall.enabled "
        "says whether recall ran)."
    )
    summary_budget_tokens: int = Field(description="What the summary strategy reserves.")
    summarizer: str | None = Field(description="The configured summarizer, if any.")
    summarizer_busy: bool = Field(
        description="Every remote-summarizer slot was taken: this call used the window alone."
    )
    service_elapsed_ms: float = Field(description="The service's time for the compaction.")
    profile: ProfileReport | None = Field(
        default=None,
        description="The profile block sent (include_profile), or null when not asked for.",
    )

    @classmethod
    def of(cls, report: CompactionReport, **service: Any) -> ContextReport:
        """``report`` with the service's fields (``session_id`` ... ``service_elapsed_ms``)."""
        fields = {name: getattr(report, name) for name in CompactionReport.model_fields}
        return cls(**fields, **service)


class ContextOut(BaseModel):
    """Exactly what to send to the model next, in the session's format."""

    messages: list[Any] = Field(
        description="The messages to send, in the session's format: kept entries byte for byte "
        "plus at most one summary message."
    )
    system: Any | None = Field(
        default=None,
        description="Anthropic's top-level system field to send with them (null for the other "
        "formats).",
    )
    ids: list[str] = Field(
        description="The id of each returned message (summary-vN for the summary message)."
    )
    report: ContextReport = Field(description="What this compaction measured and decided.")


class UsageIn(_Body):
    """``POST /v1/sessions/{id}/usage``: what the provider reported for the last call.

    ``input_tokens`` is the whole prompt as the provider counted it, cached tokens included
    (OpenAI's ``prompt_tokens``; for Anthropic add ``cache_read_input_tokens`` and
    ``cache_creation_input_tokens`` to ``input_tokens``).
    """

    input_tokens: _Count = Field(
        description="The whole prompt as the provider counted it, cached tokens included (OpenAI "
        "prompt_tokens; Anthropic input_tokens + cache_read_input_tokens + "
        "cache_creation_input_tokens)."
    )
    cached_input_tokens: _Count = Field(
        description="The part of input_tokens served from the provider's prompt cache.", default=0
    )
    output_tokens: _Count = Field(description="Tokens the model generated.")
    request_bytes: _Count | None = Field(
        description="Size of the request body sent to the provider, in bytes.", default=None
    )
    ttft_ms: StrictFloat | None = Field(
        description="Time to the first output token, in milliseconds.",
        default=None,
        ge=0,
        le=MAX_MS,
    )
    queue_ms: StrictFloat | None = Field(
        description="Time the request waited before the provider started it, in milliseconds.",
        default=None,
        ge=0,
        le=MAX_MS,
    )
    latency_ms: StrictFloat | None = Field(
        description="Time of the whole model call, in milliseconds.", default=None, ge=0, le=MAX_MS
    )


class UsageOut(BaseModel):
    """The calibration after this report."""

    session_id: str = Field(description="The session.")
    own_tokens: int | None = Field(
        description="tiermem's count of the last context /context returned (null: no context yet, "
        "the factor did not move)."
    )
    ratio: float | None = Field(
        description="input_tokens / own_tokens for this report (null without own_tokens)."
    )
    calibration_factor: float = Field(description="The calibration factor after this report.")
    samples: int = Field(description="Usage reports the factor has learned from.")
    cache_hit_rate: float | None = Field(
        description="cached_input_tokens / input_tokens for this report (null when input_tokens "
        "is 0)."
    )


class SummaryPublic(BaseModel):
    """One summary version of a session."""

    version: int = Field(description="The summary version (1, 2, ...).")
    previous_version: int | None = Field(
        description="The version this one rolled forward from (null for the first)."
    )
    restored_from: int | None = Field(
        description="The version this one restores (null unless made by a restore)."
    )
    summarizer: str | None = Field(
        description="The summarizer that wrote it (extractive, openai, ...)."
    )
    model: str | None = Field(description="The model the summarizer used, when it is an LLM.")
    current: bool = Field(description="Whether this is the version compaction uses now.")
    created_at: datetime = Field(description="When the version was written (UTC, RFC 3339).")
    summary: dict[str, Any] = Field(
        description="The compaction_summary document (see the CompactionSummary schema)."
    )


class SummaryList(Page[SummaryPublic]):
    """A page of a session's summary versions, oldest first."""

    session_id: str = Field(description="The session.")
    current_version: int = Field(description="The version compaction uses now (0: none).")


class SummaryDetail(SummaryPublic):
    """A version with the snapshot record written before it replaced its predecessor."""

    snapshot: dict[str, Any] | None = Field(
        description="The snapshot record written before this version replaced its predecessor "
        "(the SnapshotReport of that call); null when none was stored."
    )
    diff: dict[str, Any] | None = Field(
        description="What changed against the previous version (the SummaryDiffReport of that "
        "call); null when the snapshot holds none."
    )
