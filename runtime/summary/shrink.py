"""Fit a summary into its token budget by evicting the least important items first.

Order of eviction: facts already superseded (their replacement stays), tool-result digests
(oldest first), unpinned facts (least important status first, then oldest), then unpinned open
questions and unpinned decisions (oldest first) only once nothing else is left. Items that come
from pinned messages (or facts marked ``pinned``) are never evicted. Every eviction is recorded
by its diff label so that validation can tell an eviction from a silent loss. Before any item
goes, ``source_message_ids`` is cut to the ids the items still cite: it would otherwise grow with
the session, and the snapshot records the whole covered range anyway.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from runtime.summary.diff import item_label
from runtime.summary.envelope import render_summary_block
from runtime.summary.merge import fact_priority
from runtime.summary.schema import (
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    ToolResultDigest,
)

__all__ = ["ShrinkResult", "shrink_summary"]

Item = Fact | Decision | OpenQuestion | ToolResultDigest
_FIELDS = {
    Fact: "facts",
    Decision: "decisions",
    OpenQuestion: "open_questions",
    ToolResultDigest: "tool_result_digests",
}


@dataclass(frozen=True)
class ShrinkResult:
    """The shrunk summary, what was evicted, its tokens and whether it now fits."""

    summary: CompactionSummary
    evicted: tuple[str, ...]
    tokens: int
    fits: bool


def _is_pinned(item: Item, pinned_ids: frozenset[str]) -> bool:
    if isinstance(item, Fact) and item.pinned and item.status != "superseded":
        return True
    return bool(pinned_ids.intersection(item.source_ids))


def _eviction_label(item: Item) -> str:
    if isinstance(item, Fact):
        if item.status == "superseded":
            return item_label("fact", f"{item.key}={item.value}")
        return item_label("fact", item.key)
    if isinstance(item, Decision):
        return item_label("decision", item.text)
    if isinstance(item, OpenQuestion):
        return item_label("question", item.text)
    return item_label("digest", item.tool_call_id)


def _candidates(summary: CompactionSummary, pinned_ids: frozenset[str]) -> Iterator[Item]:
    """Evictable items, the first to go first."""
    yield from (f for f in summary.facts if f.status == "superseded")
    yield from (d for d in summary.tool_result_digests if not _is_pinned(d, pinned_ids))
    live = [f for f in summary.facts if f.status != "superseded" and not _is_pinned(f, pinned_ids)]
    # Stable sort by importance, least important first; among equals the oldest (listed first).
    yield from sorted(live, key=lambda f: -fact_priority(f)[1])
    yield from (q for q in summary.open_questions if not _is_pinned(q, pinned_ids))
    yield from (d for d in summary.decisions if not _is_pinned(d, pinned_ids))


def _without(summary: CompactionSummary, dropped: list[Item]) -> CompactionSummary:
    """``summary`` without ``dropped``, its ``source_message_ids`` cut to the ids still cited.

    The full covered range stays on record in the snapshot (first/last id, count, sha256), so
    the list need not grow with the session.
    """
    gone = {id(item) for item in dropped}
    kept: dict[str, list[Item]] = {
        name: [item for item in getattr(summary, name) if id(item) not in gone]
        for name in _FIELDS.values()
    }
    cited = {i for items in kept.values() for item in items for i in item.source_ids}
    ids = [i for i in summary.source_message_ids if i in cited]
    return summary.model_copy(update={**kept, "source_message_ids": ids})


def _estimate(item: Item, count_tokens: Callable[[str], int]) -> int:
    text = json.dumps(item.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))
    return count_tokens(text) + 1


def shrink_summary(
    summary: CompactionSummary,
    *,
    budget_tokens: int,
    count_tokens: Callable[[str], int],
    pinned_ids: frozenset[str] = frozenset(),
    count_summary: Callable[[CompactionSummary], int] | None = None,
) -> ShrinkResult:
    """Evict items by priority until the rendered block fits ``budget_tokens``.

    Items are dropped in batches sized by a per-item token estimate, then the block is counted
    exactly again, so the cost is a handful of full counts rather than one per item.

    Args:
        summary: the candidate.
        budget_tokens: what the rendered block may cost.
        count_tokens: token counter for a text (per-item estimates, and the block by default).
        pinned_ids: pinned message ids; their items are never evicted.
        count_summary: exact cost of the whole summary as injected (e.g. the data message with
            its per-message overhead); defaults to ``count_tokens(render_summary_block(s))``.

    Returns:
        The result; ``fits`` is False when only pinned items are left and it is still over.
    """
    total = count_summary or (lambda s: count_tokens(render_summary_block(s)))
    tokens = total(summary)
    if tokens <= budget_tokens:
        return ShrinkResult(summary, (), tokens, True)
    queue = list(_candidates(summary, pinned_ids))
    dropped: list[Item] = []
    current = _without(summary, dropped)
    tokens = total(current)
    while tokens > budget_tokens and queue:
        excess = tokens - budget_tokens
        batch: list[Item] = []
        while queue and excess > 0:
            item = queue.pop(0)
            batch.append(item)
            excess -= _estimate(item, count_tokens)
        dropped += batch
        current = _without(summary, dropped)
        tokens = total(current)
    evicted = tuple(_eviction_label(item) for item in dropped)
    return ShrinkResult(current, evicted, tokens, tokens <= budget_tokens)
