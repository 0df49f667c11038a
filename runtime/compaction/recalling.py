"""Recall as a step of the compactor: the reserve, the index update, the block of one call.

At compaction the target splits three ways: the summary reserve (``summary_budget`` x target),
the recall reserve (``RecallConfig.share`` x target, ``recall_reserve``) and the window (the
rest). A triggered call adds the groups it evicts (from the previous cut to the new one) to the
state's ``RecallIndex`` (``index_plan``); an untriggered call leaves the index as it is, so a
warm call never touches the part before the cut. On every call, compacting or not,
``recall_plan`` runs ``runtime.recall.recall`` with ``min(recall reserve, usable - context
sent)`` tokens, so the request stays within ``usable`` with the block included.

The block lives for one call (it is not part of the state): it answers the latest user
message, and the next call asks again. What that costs a provider's prompt cache is measured
in ``bench/recall.py`` and discussed in ``docs/runtime.md``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from runtime.budget import Budget
from runtime.compaction.reading import View
from runtime.compaction.report import RecalledGroupReport, RecallReport
from runtime.compaction.result import Plan
from runtime.errors import BudgetError
from runtime.messages import JSON, Message
from runtime.recall import (
    Recall,
    RecallConfig,
    RecallIndex,
    history_entries,
    index_evicted,
    recall,
    reusable_part,
)
from runtime.tokens import TokenCounter

__all__ = [
    "check_shares",
    "default_recall",
    "index_plan",
    "recall_plan",
    "recall_report",
    "recall_reserve",
    "trigger_tokens",
]


def check_shares(summary_share: float, config: RecallConfig) -> None:
    """Refuse a split that leaves the window less than a tenth of the target.

    Raises:
        BudgetError: ``summary_share + share > 0.9`` with recall enabled.
    """
    share = config.share if config.enabled else 0.0
    if summary_share + share > 0.9 + 1e-9:
        raise BudgetError(
            f"summary share ({summary_share}) + recall share ({share}) must be at most 0.9"
        )


def default_recall(summary_share: float) -> RecallConfig:
    """The recall a ``Compactor`` gets when none is passed: on, within what the summary leaves.

    ``RecallConfig()``'s share, shrunk to ``0.9 - summary_share`` when the summary reserve is
    larger than 0.4 (so a default always validates: ``summary_budget=0.75`` leaves recall
    0.15); a summary share of 0.9 leaves recall enabled with no reserve (its reason is then
    ``no_room`` on every call). A recall config passed explicitly is never shrunk:
    ``check_shares`` refuses it instead, naming both shares.
    """
    config = RecallConfig()
    room = max(0.0, round(0.9 - summary_share, 6))
    if config.share <= room:
        return config
    return replace(config, share=room)


def recall_reserve(budget: Budget, config: RecallConfig) -> int:
    """Tokens of the target kept for the recall block (0 when recall is off)."""
    if not config.enabled:
        return 0
    return math.floor(config.share * budget.target_tokens)


def trigger_tokens(budget: Budget, config: RecallConfig, *, indexed: int) -> int:
    """Compaction starts above this many tokens: the budget's trigger, lowered, once there is
    something to recall (``indexed`` groups), so that the window never eats the recall reserve.

    With the trigger at (or near) ``usable``, the context grows back to the cap between
    compactions and the block's room, ``usable - context``, falls towards nothing exactly
    when the session is long enough for recall to matter (LoCoMo at 16k: a conversation's
    questions asked with about 1,300 tokens of room out of a 5,120-token reserve). So, once a
    compaction has evicted something, the context without the block compacts when it would
    leave recall less than its reserve: ``min(trigger x usable, usable - reserve)``. Before
    the first eviction there is nothing to recall and the budget's own trigger applies (a
    session that fits is never compacted early). A compaction leaves at most ``target -
    reserve`` (the window's part of the target excludes the reserve), which is below this, so
    a compaction is followed by calls that do not compact.
    """
    if not indexed:
        return budget.trigger_tokens
    return min(budget.trigger_tokens, budget.usable - recall_reserve(budget, config))


def index_plan(
    view: View,
    plan: Plan,
    *,
    start: int,
    counter: TokenCounter,
    config: RecallConfig,
    seed: tuple[RecallIndex, str | None] | None = None,
) -> Plan:
    """``plan`` whose state's index holds the groups evicted from ``start`` to the new cut.

    Only triggered plans on a full read evict; every other plan is returned as is. ``seed``
    (a call without a state: the compactor's index of its last such call and the digest of
    the message after it) lends the entries that still index the same units
    (``runtime.recall.reusable_part``), so the call indexes only what was evicted since.
    """
    if not config.enabled or not plan.triggered or view.incremental:
        return plan
    stop = plan.fit.cut
    index = plan.state.recall_index
    if seed is not None and not len(index) and start == 0:
        index = reusable_part(seed[0], view.groups, stop=stop, after=seed[1])
    updated = index_evicted(
        index,
        view.groups,
        start=min(start, stop),
        stop=stop,
        counter=counter,
        max_chars=config.max_chars,
    )
    if updated is plan.state.recall_index:
        return plan
    return replace(plan, state=replace(plan.state, recall_index=updated))


def _context(view: View, plan: Plan) -> list[tuple[Message, ...]]:
    replaced = plan.replaced
    return [tuple(replaced.get(m.index, m) for m in view.groups[i].messages) for i in plan.fit.kept]


def recall_plan(
    view: View,
    plan: Plan,
    payload: JSON,
    *,
    budget: Budget,
    counter: TokenCounter,
    config: RecallConfig,
) -> Recall:
    """The recall step of one call: what to insert before the latest user message."""
    room = min(recall_reserve(budget, config), budget.usable - plan.fit.tokens)
    if not config.enabled:
        return Recall(reason="disabled", budget_tokens=0)
    summary = plan.roll.summary if plan.summary_message is not None else None
    pinned: Sequence[str] = view.pinned_ids
    return recall(
        plan.state.recall_index,
        context=_context(view, plan),
        entries=history_entries(payload),
        fmt=view.transcript.format,
        budget_tokens=room,
        counter=counter,
        summary=summary,
        exclude_ids=pinned,
        config=config,
    )


def recall_report(
    outcome: Recall, *, budget: Budget, config: RecallConfig, indexed: int
) -> RecallReport:
    """The report of one recall step."""
    return RecallReport(
        enabled=config.enabled,
        recalled=[
            RecalledGroupReport(ids=list(h.ids), score=round(h.score, 3), tokens=h.tokens, at=h.at)
            for h in outcome.hits
        ],
        recalled_ids=list(outcome.ids),
        tokens=outcome.tokens,
        budget_tokens=outcome.budget_tokens,
        reserve_tokens=recall_reserve(budget, config),
        indexed_groups=indexed,
        reason=outcome.reason,
    )
