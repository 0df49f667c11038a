"""The typed compaction report: what one ``compact`` call decided and measured.

``CompactionReport`` is what ``CompactionResult.report`` holds: every figure and decision of one
``compact`` call, each field described (the same text is in the service's OpenAPI document).
``report.model_dump(mode="json")`` is the report's JSON form; while callers move to attributes,
``report["key"]`` (and ``get``, ``keys``, ``items``, ``in``) still reads that JSON form, as the
dict it replaces did.

Nested parts are typed too: the budget (``BudgetReport``), the summary step's validation
(``SummaryValidationReport``), diff (``SummaryDiffReport``), snapshot record
(``SnapshotReport``), sanitizing counts (``SanitizeReport``) and each cleared tool result
(``runtime.compaction.clearing.ClearedEntry``) and the recall step (``RecallReport``). A step
that later reports more adds one nested model and one field here.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer

from runtime.budget import Budget
from runtime.compaction.clearing import ClearedEntry
from runtime.compaction.resume import StateReset
from runtime.compaction.summary_fit import SummarySent
from runtime.messages import Format
from runtime.summary.diff import SummaryDiff
from runtime.summary.rolling import Fallback
from runtime.summary.sanitize import SanitizeCounts
from runtime.summary.schema import CompactionSummary
from runtime.summary.snapshots import SnapshotRecord
from runtime.summary.validate import ValidationReport

__all__ = [
    "BudgetReport",
    "CheckReport",
    "CompactionReport",
    "LostConstraintReport",
    "RecallReport",
    "RecalledGroupReport",
    "ReportModel",
    "SanitizeReport",
    "SnapshotReport",
    "Strategy",
    "SummaryDiffReport",
    "SummaryValidationReport",
]

Strategy = Literal["none", "window", "summary"]
"""``none``: sent as the state implies; ``window``: recency window; ``summary``: rolling summary."""

IsoDatetime = Annotated[
    datetime, PlainSerializer(lambda value: value.isoformat(), return_type=str, when_used="json")
]
"""A datetime whose JSON form is ``datetime.isoformat()`` (``+00:00``, as snapshot records)."""


class ReportModel(BaseModel):
    """Base of the report's models: frozen, no unknown fields, and readable as the JSON dict
    they replace, for callers that still index the report: ``report["key"]``, ``get``,
    ``items`` give the field's ``model_dump(mode="json")`` value; ``keys``, ``in``, ``len`` and
    iteration see the field names (iteration yields names, as a dict does, not pydantic's
    ``(name, value)`` pairs)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def __getitem__(self, key: str) -> Any:
        if key not in type(self).model_fields:
            raise KeyError(key)
        return self.model_dump(mode="json", include={key})[key]

    def __contains__(self, key: object) -> bool:
        return key in type(self).model_fields

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        return iter(type(self).model_fields)

    def __len__(self) -> int:
        return len(type(self).model_fields)

    def get(self, key: str, default: Any = None) -> Any:
        """The JSON value of field ``key``, or ``default`` when there is no such field."""
        if key not in type(self).model_fields:
            return default
        return self[key]

    def keys(self) -> list[str]:
        """The field names, in order (so ``dict(report)`` is the JSON form)."""
        return list(type(self).model_fields)

    def items(self) -> Iterator[tuple[str, Any]]:
        """``(name, JSON value)`` of every field, in order."""
        data = self.model_dump(mode="json")
        return iter(data.items())


class BudgetReport(ReportModel):
    """The budget's parameters and derived figures (``Budget.to_dict()``)."""

    context_limit: int = Field(description="The model's context window in tokens.")
    max_output_tokens: int = Field(description="Tokens reserved for the model's answer.")
    tool_reserve: int = Field(description="Tokens reserved for what the next turn's tools add.")
    safety_margin: int = Field(description="Slack for counting differences with the provider.")
    trigger: float = Field(description="Fraction of usable above which compaction starts.")
    target: float = Field(description="Fraction of usable a compaction shrinks the context to.")
    usable_tokens: int = Field(description="context_limit minus the three reserves.")
    trigger_tokens: int = Field(description="floor(trigger x usable_tokens).")
    target_tokens: int = Field(description="floor(target x usable_tokens).")

    @classmethod
    def of(cls, budget: Budget) -> BudgetReport:
        """The report of ``budget``."""
        return cls.model_validate(budget.to_dict())


class CheckReport(ReportModel):
    """One validation check of a candidate summary."""

    name: str = Field(description="The check (schema, source_ids, quantities, negation, ...).")
    passed: bool = Field(description="Whether the candidate passed it.")
    offending: list[str] = Field(description="The items that failed it, labelled kind:ident.")


class SummaryValidationReport(ReportModel):
    """How a candidate summary fared against the messages it summarizes
    (``runtime.summary.validate.ValidationReport.to_dict()``)."""

    passed: bool = Field(description="Every check passed; otherwise the version is rejected.")
    checks: list[CheckReport] = Field(description="Each check, in the order run.")

    @classmethod
    def of(cls, validation: ValidationReport) -> SummaryValidationReport:
        """The report of ``validation``."""
        return cls.model_validate(validation.to_dict())


class SummaryDiffReport(ReportModel):
    """What a summary version changed against the previous one, as ``kind:ident`` labels
    (``runtime.summary.diff.SummaryDiff.to_dict()``)."""

    added: list[str] = Field(description="Items new in this version.")
    changed: list[str] = Field(description="Items whose content changed.")
    superseded: list[str] = Field(description="Facts replaced by a newer value with the same key.")
    evicted: list[str] = Field(description="Items dropped to fit the summary budget.")
    removed: list[str] = Field(description="Items gone for another reason (answered, merged).")

    @classmethod
    def of(cls, diff: SummaryDiff) -> SummaryDiffReport:
        """The report of ``diff``."""
        return cls.model_validate(diff.to_dict())


class LostConstraintReport(ReportModel):
    """A user constraint neither in the summary nor sent (``runtime.summary.coverage``)."""

    source_id: str = Field(description="The user message that stated it.")
    clause: str = Field(description="The user's clause, as the summarizer read it.")
    reason: str = Field(
        description="truncated (cut before summarizing), no_room, or superseded (replaced)."
    )


class SnapshotReport(ReportModel):
    """The snapshot record of the summary version this call adopted
    (``runtime.summary.snapshots.SnapshotRecord.to_dict()``): what a rollback restores."""

    version: int = Field(description="The summary version recorded.")
    previous_version: int | None = Field(description="The version it was merged from.")
    restored_from: int | None = Field(description="Set when a rollback made this version.")
    first_message_id: str | None = Field(description="First message the version covers.")
    last_message_id: str | None = Field(description="Last message it covers.")
    message_count: int = Field(description="How many messages it covers.")
    messages_sha256: str = Field(description="Digest of those messages, to detect an edit.")
    cut_index: int = Field(description="Index of the first message not covered.")
    schema_version: str = Field(description="The summary's schema, compaction_summary.v1.")
    summarizer: str = Field(description="The summarizer's name (rollback for restored ones).")
    model: str | None = Field(description="The model that produced it, if any.")
    created_at: IsoDatetime = Field(description="When it was produced (the caller's clock).")
    diff: SummaryDiffReport = Field(description="Its diff against the previous version.")
    validation: SummaryValidationReport = Field(description="Its validation.")
    summary: CompactionSummary = Field(description="The version itself.")
    lost: list[LostConstraintReport] = Field(
        default_factory=list,
        description="User constraints this version could not keep (runtime.summary.coverage).",
    )

    @classmethod
    def of(cls, record: SnapshotRecord, summary: CompactionSummary) -> SnapshotReport:
        """The report of ``record``, whose ``summary`` is given already parsed."""
        return cls(
            version=record.version,
            previous_version=record.previous_version,
            restored_from=record.restored_from,
            first_message_id=record.first_message_id,
            last_message_id=record.last_message_id,
            message_count=record.message_count,
            messages_sha256=record.messages_sha256,
            cut_index=record.cut_index,
            schema_version=record.schema_version,
            summarizer=record.summarizer,
            model=record.model,
            created_at=record.created_at,
            diff=SummaryDiffReport.model_validate(record.diff),
            validation=SummaryValidationReport.model_validate(record.validation),
            summary=summary,
            lost=[LostConstraintReport.model_validate(entry) for entry in record.lost],
        )


class SanitizeReport(ReportModel):
    """What sanitizing the summarizer's input changed, counts only (no text)."""

    redacted: dict[str, int] = Field(description="Kind (email, phone, ...) -> values replaced.")
    injection_flags: int = Field(description="Injection attempts replaced by a flag.")
    invisible_removed: int = Field(description="Invisible characters removed.")
    truncated_texts: int = Field(description="Texts cut to the length limit.")

    @classmethod
    def of(cls, counts: SanitizeCounts) -> SanitizeReport:
        """The report of ``counts``."""
        return cls(
            redacted=dict(counts.redacted),
            injection_flags=counts.injection_flags,
            invisible_removed=counts.invisible_removed,
            truncated_texts=counts.truncated_texts,
        )


class RecalledGroupReport(ReportModel):
    """One group the recall step brought back verbatim (``runtime.recall.RecallHit``)."""

    ids: list[str] = Field(description="The group's message ids, in history order.")
    score: float = Field(description="Its BM25 score against the query (3 decimals).")
    tokens: int = Field(description="What its turns cost in the recall block.")
    at: str | None = Field(description="The first timestamp of its messages, if any.")


class RecallReport(ReportModel):
    """What the recall step decided on this call (``runtime.compaction.recalling``).

    Field names are stable: the service stores them with each context decision.
    """

    enabled: bool = Field(description="Whether recall ran on this call.")
    recalled: list[RecalledGroupReport] = Field(
        description="The recalled groups, in history order (empty: no block)."
    )
    recalled_ids: list[str] = Field(description="Every recalled message id, in history order.")
    tokens: int = Field(description="Tokens of the recall block message (0: no block).")
    budget_tokens: int = Field(
        description="The room the step had: min(reserve_tokens, usable - context sent)."
    )
    reserve_tokens: int = Field(description="floor(recall share x target_tokens).")
    indexed_groups: int = Field(description="Groups in the state's recall index after this call.")
    reason: str | None = Field(
        description="Why nothing was recalled (disabled, no_user_message, no_query_terms, "
        "no_room, empty_index, below_floor, not_in_history, too_large), else null."
    )


class CompactionReport(ReportModel):
    """Figures and decisions of one ``Compactor.compact`` call (every field always present).

    The summary step's fields (``fallback`` to ``sanitized``) are ``None``/empty unless the
    summary strategy ran (``summary`` is also set while an active summary is injected).
    """

    format: Format = Field(description="The history's wire format.")
    encoding: str = Field(description="The tokenizer's name.")
    input_tokens: int = Field(
        description="Tokens of the whole history as passed, as if all of it were sent: every "
        "message plus the tool definitions, the system field and the reply priming (on an "
        "incremental read the unread part counts as the state recorded it)."
    )
    context_tokens: int = Field(
        description="Tokens of the context the caller's state implied before this call (prefix, "
        "active summary, pinned groups, every group from the cut on, new messages included, "
        "with the same overhead); without a state, input_tokens. Compared with trigger_tokens."
    )
    compacted_tokens: int = Field(
        description="Tokens of what this call returns (messages, summary message, tool "
        "definitions, system field, reply priming): what the next request costs. At most "
        "target_tokens after a compaction (unless over_budget); context_tokens when nothing was "
        "compacted."
    )
    usable_tokens: int = Field(description="The budget's usable tokens.")
    trigger_tokens: int = Field(description="Compaction starts above this many tokens.")
    target_tokens: int = Field(description="A compaction shrinks the context to at most this.")
    budget: BudgetReport = Field(description="The budget's parameters and derived figures.")
    triggered: bool = Field(description="Whether context_tokens exceeded trigger_tokens.")
    strategy: Strategy = Field(description="none, window or summary.")
    over_budget: bool = Field(
        description="The mandatory part (prefix, pinned groups, last group) exceeds usable."
    )
    over_budget_reason: str | None = Field(description="Why, in words, when over_budget.")
    history_messages: int = Field(description="Entries in the history as passed.")
    groups_total: int = Field(description="Groups in the history (the prefix counts as one).")
    groups_kept: int = Field(description="Groups returned (the prefix counts as one).")
    ids: list[str] = Field(description="The id of each returned entry (summary-vN for a summary).")
    kept_ids: list[str] = Field(description="The history messages returned.")
    dropped_ids: list[str] = Field(
        description="Messages of the context the state implied that this call dropped (without "
        "a state, every history message not returned; between compactions, none)."
    )
    pinned_ids: list[str] = Field(description="The pins found in the history.")
    unknown_pinned_ids: list[str] = Field(description="The pins not found.")
    cut_id: str | None = Field(description="First kept message after the prefix.")
    state_reset: StateReset | None = Field(
        description="Why the passed state was discarded, else null."
    )
    incremental: bool = Field(description="Only the slices the state implies were read.")
    fallback: Fallback | None = Field(
        description="Why the summary strategy fell back to the window, else null: "
        "summarizer_error (the summarizer failed or its endpoint was unreachable; "
        "summarizer_error says which), invalid_summary, summary_over_budget."
    )
    summary: CompactionSummary | None = Field(description="The summary injected, if any.")
    summary_validation: SummaryValidationReport | None = Field(
        description="The new candidate summary's validation."
    )
    summary_tokens: int = Field(description="Tokens of the injected summary message.")
    summary_sent: SummarySent | None = Field(
        default=None,
        description="How the current summary went out on this call: whole; trimmed (a window "
        "larger than its share left less room than the summary takes, so this call sends its "
        "most important items that fit within usable); withheld (not even one item fit). The "
        "state keeps the whole summary either way. None without a summary.",
    )
    summary_version: int = Field(description="The state's summary version (0: none yet).")
    summarized_ids: list[str] = Field(description="Messages rolled into the summary this call.")
    summary_diff: SummaryDiffReport | None = Field(
        description="The candidate's diff against the previous version."
    )
    snapshot: SnapshotReport | None = Field(
        description="The adopted version's snapshot record (store it for rollbacks)."
    )
    rolled_back: bool = Field(
        description="A new version was rejected and the previous one stays current."
    )
    summarizer_tokens_in: int = Field(description="The summarizer's input tokens.")
    summarizer_tokens_out: int = Field(description="The summarizer's output tokens.")
    summarizer_error: str | None = Field(description="The summarizer's error, in one line.")
    sanitized: SanitizeReport | None = Field(
        description="What sanitizing the summarizer's input redacted or flagged (counts only)."
    )
    cleared: list[ClearedEntry] = Field(
        description="One entry per message sent with its tool results cleared (clear_tool_results)."
    )
    recall: RecallReport = Field(
        description="The recall step: the evicted groups brought back for the latest user "
        "message (their block is in ids as 'recall' and counted in compacted_tokens)."
    )
    elapsed_ms: float = Field(description="Wall time of the call, in milliseconds.")
