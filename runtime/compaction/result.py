"""The plan a compaction settles on, and what ``Compactor.compact`` returns for it.

The strategies (``runtime.compaction.strategies``) each settle on a ``Plan`` (with ``RollInfo``,
what the summary step reported); ``assemble_result`` lays out the entries to send (prefix,
summary message, kept groups with cleared results replaced), finishes the state on a full read
(``finish_state``) and builds the typed report (``build_report``,
``runtime.compaction.report.CompactionReport``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from runtime.budget import Budget
from runtime.compaction.clearing import ClearedEntry
from runtime.compaction.reading import View
from runtime.compaction.report import (
    BudgetReport,
    CompactionReport,
    RecallReport,
    SanitizeReport,
    SnapshotReport,
    Strategy,
    SummaryDiffReport,
    SummaryValidationReport,
)
from runtime.compaction.resume import StateReset, finish_state
from runtime.compaction.summary_fit import SummarySent
from runtime.compaction.window import WindowFit
from runtime.formats import write_messages
from runtime.messages import JSON, Message
from runtime.recall import Recall, place_block
from runtime.state import CompactionState
from runtime.summary.rolling import Fallback
from runtime.summary.schema import CompactionSummary

__all__ = ["CompactionResult", "Plan", "RollInfo", "assemble_result", "build_report"]


@dataclass(frozen=True, slots=True)
class CompactionResult:
    """What one ``compact`` call returns.

    Attributes:
        messages: the entries to send, in the input's format: the raw objects of the kept
            messages (byte-identical to the input's) with the summary message injected right
            after the prefix when a summary is active. For Anthropic, the list of messages.
        ids: the id of each entry in ``messages`` (``summary-v{N}`` for the summary).
        report: figures and decisions, typed (``CompactionReport``).
        state: pass it back as ``state=`` on the next call of the same session.
        system: Anthropic's top-level ``system`` field, untouched (``None`` otherwise).
    """

    messages: list[JSON]
    ids: list[str]
    report: CompactionReport
    state: CompactionState
    system: JSON | None = None


@dataclass(frozen=True, slots=True)
class RollInfo:
    """What the summary step reported, copied into the report as is."""

    fallback: Fallback | None = None
    summary: CompactionSummary | None = None
    validation: SummaryValidationReport | None = None
    diff: SummaryDiffReport | None = None
    snapshot: SnapshotReport | None = None
    rolled_back: bool = False
    tokens_in: int = 0
    tokens_out: int = 0
    summarized_ids: tuple[str, ...] = ()
    error: str | None = None
    sanitized: SanitizeReport | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """The decision of one compaction: which groups, which summary message, the new state."""

    fit: WindowFit
    strategy: Strategy
    triggered: bool
    context_tokens: int
    state: CompactionState
    context_kept: tuple[int, ...] = ()
    summary_message: Message | None = None
    summary_tokens: int = 0
    summary_sent: SummarySent | None = None
    """How the summary went out, when one did or was withheld (``summary_fit``)."""
    reset: StateReset | None = None
    roll: RollInfo = field(default_factory=RollInfo)
    replaced: Mapping[int, Message] = field(default_factory=dict)
    """Messages sent cleared, by index (``clear_tool_results``)."""
    cleared: tuple[ClearedEntry, ...] = ()
    recall: Recall = field(default_factory=Recall)
    """The recall step's block for this call (``runtime.compaction.recalling``)."""


def build_report(
    plan: Plan,
    *,
    budget: Budget,
    encoding: str,
    ids: Sequence[str],
    kept_ids: Sequence[str],
    dropped_ids: Sequence[str],
    view: View,
    groups_kept: int,
    elapsed_ms: float,
    recall: RecallReport,
    trigger_tokens: int | None = None,
) -> CompactionReport:
    """The report of one compaction (``trigger_tokens``: the trigger the call applied, when
    recall lowered the budget's; see ``runtime.compaction.recalling.trigger_tokens``)."""
    roll = plan.roll
    return CompactionReport(
        format=plan.state.format,
        encoding=encoding,
        input_tokens=view.input_tokens,
        context_tokens=plan.context_tokens,
        compacted_tokens=plan.fit.tokens + plan.recall.tokens,
        usable_tokens=budget.usable,
        trigger_tokens=budget.trigger_tokens if trigger_tokens is None else trigger_tokens,
        target_tokens=budget.target_tokens,
        budget=BudgetReport.of(budget),
        triggered=plan.triggered,
        strategy=plan.strategy,
        over_budget=plan.fit.over_budget,
        over_budget_reason=plan.fit.over_budget_reason,
        history_messages=view.entries,
        groups_total=view.groups_total,
        groups_kept=groups_kept,
        ids=list(ids),
        kept_ids=list(kept_ids),
        dropped_ids=list(dropped_ids),
        pinned_ids=list(view.pinned_ids),
        unknown_pinned_ids=list(view.unknown_pins),
        cut_id=plan.state.cut_id,
        state_reset=plan.reset,
        incremental=view.incremental,
        fallback=roll.fallback,
        summary=roll.summary,
        summary_validation=roll.validation,
        summary_tokens=plan.summary_tokens,
        summary_sent=plan.summary_sent,
        summary_version=plan.state.summary_version,
        summarized_ids=list(roll.summarized_ids),
        summary_diff=roll.diff,
        snapshot=roll.snapshot,
        rolled_back=roll.rolled_back,
        summarizer_tokens_in=roll.tokens_in,
        summarizer_tokens_out=roll.tokens_out,
        summarizer_error=roll.error,
        sanitized=roll.sanitized,
        cleared=list(plan.cleared),
        recall=recall,
        elapsed_ms=round(elapsed_ms, 3),
    )


def assemble_result(
    view: View,
    plan: Plan,
    *,
    budget: Budget,
    encoding: str,
    elapsed_ms: float,
    recall: RecallReport,
    trigger_tokens: int | None = None,
) -> CompactionResult:
    """The result of ``plan`` on ``view``: entries, ids, state and report (the recall block
        goes right before the kept group at ``plan.recall.position``, or inside it right before its
    user message when only pass-through items lead it: ``runtime.recall.place_block``)."""
    out: list[Message] = list(view.prefix)
    if plan.summary_message is not None:
        out.append(plan.summary_message)
    replaced = plan.replaced
    block = plan.recall
    for position, i in enumerate(plan.fit.kept):
        group = [replaced.get(m.index, m) for m in view.groups[i].messages]
        if position == block.position and block.message is not None:
            out.extend(place_block(group, block.message))
        else:
            out.extend(group)
    ids = [m.id for m in out]
    kept = set(plan.fit.kept)
    dropped = [m.id for i in plan.context_kept if i not in kept for m in view.groups[i].messages]
    has_prefix = 1 if view.prefix else 0
    # an incremental read keeps the state's skip counts; a full read recomputes them
    state = plan.state if view.incremental else finish_state(view, plan.state, kept=plan.fit.kept)
    report = build_report(
        plan,
        budget=budget,
        encoding=encoding,
        ids=ids,
        kept_ids=[m.id for m in out if m is not plan.summary_message and m is not block.message],
        dropped_ids=dropped,
        view=view,
        groups_kept=len(kept) + has_prefix,
        elapsed_ms=elapsed_ms,
        recall=recall,
        trigger_tokens=trigger_tokens,
    )
    return CompactionResult(
        messages=write_messages(out),
        ids=ids,
        report=report,
        state=state,
        system=view.transcript.system,
    )
