"""The plan a compaction settles on, and the report built from it.

Report keys (all always present):

``format``, ``encoding``; ``input_tokens`` (the raw history as passed, with tools, system and
reply priming), ``context_tokens`` (what the state implied before this call),
``compacted_tokens`` (what is returned); ``usable_tokens``, ``trigger_tokens``,
``target_tokens``, ``budget`` (all parameters); ``triggered``; ``strategy`` (``none``, ``window``
or ``summary``); ``over_budget`` and ``over_budget_reason``; ``groups_total`` and ``groups_kept``
(the prefix counts as one group when present), ``history_messages``; ``ids`` (parallel to the
returned messages), ``kept_ids`` (history messages returned), ``dropped_ids`` (messages of the
context the state implied that this call dropped: without a state, every history message not
returned; between compactions, none), ``pinned_ids`` (pins found), ``unknown_pinned_ids``;
``cut_id`` (first kept message after the prefix); ``state_reset`` (why the passed state was
discarded, else ``None``); ``incremental`` (only the slices the state implies were read);
``fallback``, ``summary``,
``summary_validation``, ``summary_tokens``, ``summary_version``, ``summarized_ids``,
``summary_diff``, ``snapshot``, ``rolled_back``, ``summarizer_tokens_in``,
``summarizer_tokens_out``, ``summarizer_error``, ``sanitized`` (what sanitizing the chunk
redacted or flagged, counts only) for the summary strategy, ``None``/empty otherwise;
``cleared`` (one entry per message sent with its tool results cleared: ``message_id``,
``tool_call_ids``, ``tokens_before``, ``tokens_after``, ``summary_version``; empty unless
``clear_tool_results``); ``elapsed_ms``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from runtime.budget import Budget
from runtime.compaction.reading import View
from runtime.compaction.window import WindowFit
from runtime.messages import Message
from runtime.state import CompactionState

__all__ = ["Plan", "RollInfo", "build_report"]

Strategy = Literal["none", "window", "summary"]


@dataclass(frozen=True, slots=True)
class RollInfo:
    """What the summary step reported, copied into the report as is."""

    fallback: str | None = None
    summary: dict[str, Any] | None = None
    validation: dict[str, Any] | None = None
    diff: dict[str, Any] | None = None
    snapshot: dict[str, Any] | None = None
    rolled_back: bool = False
    tokens_in: int = 0
    tokens_out: int = 0
    summarized_ids: tuple[str, ...] = ()
    error: str | None = None
    sanitized: dict[str, Any] | None = None


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
    reset: str | None = None
    roll: RollInfo = field(default_factory=RollInfo)
    replaced: Mapping[int, Message] = field(default_factory=dict)
    """Messages sent cleared, by index (``clear_tool_results``)."""
    cleared: tuple[dict[str, Any], ...] = ()


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
) -> dict[str, Any]:
    """The report dict of one compaction (see the module docstring for the keys)."""
    roll = plan.roll
    return {
        "format": plan.state.format,
        "encoding": encoding,
        "input_tokens": view.input_tokens,
        "context_tokens": plan.context_tokens,
        "compacted_tokens": plan.fit.tokens,
        "usable_tokens": budget.usable,
        "trigger_tokens": budget.trigger_tokens,
        "target_tokens": budget.target_tokens,
        "budget": budget.to_dict(),
        "triggered": plan.triggered,
        "strategy": plan.strategy,
        "over_budget": plan.fit.over_budget,
        "over_budget_reason": plan.fit.over_budget_reason,
        "history_messages": view.entries,
        "groups_total": view.groups_total,
        "groups_kept": groups_kept,
        "ids": list(ids),
        "kept_ids": list(kept_ids),
        "dropped_ids": list(dropped_ids),
        "pinned_ids": list(view.pinned_ids),
        "unknown_pinned_ids": list(view.unknown_pins),
        "cut_id": plan.state.cut_id,
        "state_reset": plan.reset,
        "incremental": view.incremental,
        "fallback": roll.fallback,
        "summary": roll.summary,
        "summary_validation": roll.validation,
        "summary_tokens": plan.summary_tokens,
        "summary_version": plan.state.summary_version,
        "summarized_ids": list(roll.summarized_ids),
        "summary_diff": roll.diff,
        "snapshot": roll.snapshot,
        "rolled_back": roll.rolled_back,
        "summarizer_tokens_in": roll.tokens_in,
        "summarizer_tokens_out": roll.tokens_out,
        "summarizer_error": roll.error,
        "sanitized": roll.sanitized,
        "cleared": list(plan.cleared),
        "elapsed_ms": round(elapsed_ms, 3),
    }
