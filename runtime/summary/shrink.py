"""Fit a summary into its token budget: the room goes to the most important items first.

Priority, highest first (issue 10): pinned items (never evicted: items from pinned messages,
facts marked ``pinned``); user constraints and preferences, decisions with their reasons; the
options they chose or excluded (``chosen``/``excluded`` facts) and constraints that only state
a figure (``req.*``); open questions; tool-result digests;
observed facts (verbatim notes, the most valuable first as the summarizer lists them);
superseded values. Within a
tier, constraints and decisions go in the order they were said (the task's setup comes
first), questions, digests and notes the newest first (notes: the most valuable first).

The shrink works against measured tokens and in linear time, whatever the size of the
candidate: every item is measured once with the counter (its JSON as rendered), the fixed part
of the block once, and items are taken in priority order while they fit (one that does not fit
is skipped, a smaller one after it may still fit). The result is counted exactly; the rare
excess that token boundaries add is taken from the least important kept items. Nothing is
evicted while the budget still has room for it, so a large chunk can never leave an empty
skeleton behind. Every eviction is recorded by its diff label so that validation can tell an
eviction from a silent loss; ``source_message_ids`` is cut to the ids the kept items cite (the
snapshot records the whole covered range).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from runtime.blocks import escape_block_body
from runtime.summary.diff import item_label
from runtime.summary.envelope import render_summary_block
from runtime.summary.schema import (
    SCHEMA_V1,
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    ToolResultDigest,
)

__all__ = ["ShrinkResult", "said_first", "shrink_summary"]

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


def _tier(item: Item) -> int:
    """0 constraints and decisions, 1 softer user statements, 2 questions, 3 digests, 4
    observed, 5 superseded (lower is kept first)."""
    if isinstance(item, Decision):
        return 0
    if isinstance(item, OpenQuestion):
        return 2
    if isinstance(item, ToolResultDigest):
        return 3
    if item.status in {"excluded", "chosen"}:
        return 1  # the decision beside it holds the reason
    if item.status == "constraint":
        return 1 if item.key.startswith("req.") else 0
    return {"preference": 0, "open": 2, "observed": 4}.get(item.status, 5)


def _keep_order(summary: CompactionSummary, pinned_ids: frozenset[str]) -> list[Item]:
    """Unpinned items, the first to keep first."""
    items: list[Item] = [
        *summary.facts,
        *summary.decisions,
        *summary.open_questions,
        *summary.tool_result_digests,
    ]
    tiers: dict[int, list[Item]] = {}
    for item in items:
        if not _is_pinned(item, pinned_ids):
            tiers.setdefault(_tier(item), []).append(item)
    # constraints and decisions in the order they were said (facts and decisions interleaved)
    said = said_first(summary)
    ordered: list[Item] = []
    for tier in sorted(tiers):
        group = tiers[tier]
        # ties (items of one message) by label, so the order never depends on list order
        ordered += (
            sorted(group, key=lambda item: (said(item), _eviction_label(item)))
            if tier <= 1
            else group[::-1]
        )
    return ordered


def said_first(summary: CompactionSummary) -> Callable[[Item], int]:
    """An item's place in the order its messages were said (``summary.source_message_ids``):
    where the earliest message it cites stands (the shrink's order within a tier)."""
    position = {ident: i for i, ident in enumerate(summary.source_message_ids)}

    def said(item: Item) -> int:
        return min((position.get(i, len(position)) for i in item.source_ids), default=0)

    return said


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


def _text(item: Item, *, v1: bool) -> str:
    """An item as the block renders it: v1's sorted JSON object, or v2's row (positional
    columns, ``speaker:index`` sources; see ``runtime.summary.envelope``)."""
    if v1:
        data: Any = item.model_dump(mode="json")
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    sources = " ".join(f"{item.speakers.get(i, '?')}:{n}" for n, i in enumerate(item.source_ids))
    row: list[Any]
    if isinstance(item, Fact):
        row = [item.status, item.key, item.value, item.confidence, sources]
        quote: str | bool | None = True if item.quote == item.value else item.quote
        if item.pinned:
            row += [quote, True]
        elif quote is not None:
            row.append(quote)
    elif isinstance(item, Decision):
        row = [item.text, item.reason, sources]
    elif isinstance(item, OpenQuestion):
        row = [item.text, sources]
    else:
        row = [item.tool_call_id, item.tool_name, item.digest, sources]
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"))


def _cost(item: Item, count_tokens: Callable[[str], int], *, v1: bool) -> int:
    """An item's tokens as rendered, with the separator after it."""
    return count_tokens(escape_block_body(_text(item, v1=v1))) + 1


def _rough(text: str) -> int:
    """A cheap, low token estimate (rendered JSON runs about 3-4 characters per token, a
    Chinese character about one): an item estimated at twice the room left cannot fit."""
    return len(text) // 6


def _id_cost(ident: str, count_tokens: Callable[[str], int]) -> int:
    return count_tokens(json.dumps(ident, ensure_ascii=False)) + 1


# The fewest tokens any item renders in (a fact with one-character key, value and source id is
# about 30 with cl100k): below this much room nothing more fits.
_SMALLEST_ITEM = 12


@dataclass
class _Packer:
    """Items taken in priority order while the measured total stays within the budget."""

    count_tokens: Callable[[str], int]
    room: int
    ids: set[str]
    v1: bool

    def take(self, item: Item) -> bool:
        if self.room < _SMALLEST_ITEM:
            return False  # full: no item renders in fewer tokens, measuring the rest is waste
        text = _text(item, v1=self.v1)
        if _rough(text) > 2 * self.room:
            return False  # far over the room left: not worth a count
        new_ids = [i for i in dict.fromkeys(item.source_ids) if i not in self.ids]
        cost = self.count_tokens(escape_block_body(text)) + 1
        cost += sum(_id_cost(i, self.count_tokens) for i in new_ids)
        if cost > self.room:
            return False
        self.room -= cost
        self.ids.update(new_ids)
        return True


def shrink_summary(
    summary: CompactionSummary,
    *,
    budget_tokens: int,
    count_tokens: Callable[[str], int],
    pinned_ids: frozenset[str] = frozenset(),
    count_summary: Callable[[CompactionSummary], int] | None = None,
) -> ShrinkResult:
    """Keep the most important items that fit ``budget_tokens`` (see the module docstring).

    Args:
        summary: the candidate.
        budget_tokens: what the rendered block may cost.
        count_tokens: token counter for a text (each item is measured with it once).
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
    order = _keep_order(summary, pinned_ids)
    unpinned = {id(item) for item in order}
    mandatory = [item for item in _all(summary) if id(item) not in unpinned]
    base = _without(summary, order)
    v1 = summary.schema_version == SCHEMA_V1
    room = budget_tokens - total(_widest_versions(base))
    packer = _Packer(count_tokens, room, set(base.source_message_ids), v1)
    kept = [item for item in order if packer.take(item)]
    current, tokens = _counted(summary, mandatory, kept, total)
    while tokens > budget_tokens and kept:
        # Token boundaries made the whole a little dearer than its parts: drop from the end.
        excess = tokens - budget_tokens
        while kept and excess > 0:
            excess -= _cost(kept.pop(), count_tokens, v1=v1)
        current, tokens = _counted(summary, mandatory, kept, total)
    gone = {id(item) for item in kept}
    dropped = [item for item in order if id(item) not in gone]
    evicted = tuple(_eviction_label(item) for item in dropped)
    return ShrinkResult(current, evicted, tokens, tokens <= budget_tokens)


_VERSION_WIDTH = 10**6
"""Version numbers are counted at this width while items are chosen (see ``_widest_versions``)."""


def _widest_versions(base: CompactionSummary) -> CompactionSummary:
    """``base`` with its version numbers (the first version's ``null`` previous one included)
    seven digits wide: the room left for items then does not depend on how many versions came
    before (the 30th version's head costs a few tokens more than the first's), so compacting a
    history at once and turn by turn choose the same items. The few tokens this leaves unused
    are the price."""
    widest = {"summary_version": _VERSION_WIDTH + 1, "previous_version": _VERSION_WIDTH}
    if base.restored_from is not None:
        widest["restored_from"] = _VERSION_WIDTH
    return base.model_copy(update=widest)


def _all(summary: CompactionSummary) -> list[Item]:
    return [
        *summary.facts,
        *summary.decisions,
        *summary.open_questions,
        *summary.tool_result_digests,
    ]


def _counted(
    summary: CompactionSummary,
    mandatory: list[Item],
    kept: list[Item],
    total: Callable[[CompactionSummary], int],
) -> tuple[CompactionSummary, int]:
    keep = {id(item) for item in [*mandatory, *kept]}
    current = _without(summary, [item for item in _all(summary) if id(item) not in keep])
    return current, total(current)
