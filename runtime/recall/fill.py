"""Filling the recall block: the best-scoring groups that fit the room, and the block's tokens.

Greedy by score: each hit is taken when its line, and the time items its place in history
order adds or saves (``runtime.recall.render.block_items``: a time is said once per run of
groups said at it), fit what is left once the names item of the best hits' speakers is set
aside. While choosing, a group's times are taken to be its ``at`` (no line is made from a
body that is not chosen); the chosen block is then counted exactly, and the weakest group
dropped until it fits.

With a ``TiktokenCounter`` the block's tokens are the empty block's plus each item's
(``render_recall_block`` says why that is exact), so a call never tokenizes the block:

* a group line costs the group's ``tokens``, counted when it was indexed. A group indexed
  before block lines stored its rows' cost instead, more than its line costs unless the line
  holds a time string or a turn's own name (``BlockLine.counted``); such a line is counted
  (``line_tokens``, memoized by digest);
* a time or names item costs what its JSON and ``",\\n"`` cost, counted once per call.

Any other counter, and a block with superseded marks, is counted whole.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from runtime.blocks import render_json_body
from runtime.messages import JSON, Format, Message
from runtime.recall.groups import still_in_history
from runtime.recall.index import ScoredGroup
from runtime.recall.indexing import line_tokens
from runtime.recall.render import (
    block_items,
    mark_superseded,
    recall_message,
    render_recall_block,
    superseded_values,
)
from runtime.recall.rows import BlockLine, block_line
from runtime.summary.schema import CompactionSummary
from runtime.tokens import TiktokenCounter, TokenCounter

__all__ = ["Filled", "Unfilled", "fill_block"]


@dataclass(frozen=True, slots=True)
class Filled:
    """The chosen groups (history order), the block message and its tokens."""

    chosen: tuple[ScoredGroup, ...]
    message: Message
    tokens: int


Unfilled = Literal["too_large", "not_in_history"]
"""Why there is no block: no hit fits, or none is still in the history."""


class _Items:
    """What each time or names item costs (its JSON and ``",\\n"``), counted once per call."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        self.known: dict[str, int] = {}
        self.times: dict[str | None, int] = {}

    def __call__(self, item: str) -> int:
        tokens = self.known.get(item)
        if tokens is None:
            tokens = self.counter.count_text(item + ",\n")
            self.known[item] = tokens
        return tokens

    def time(self, at: str | None) -> int:
        """What saying ``at`` costs."""
        tokens = self.times.get(at)
        if tokens is None:
            tokens = self.times[at] = self(render_json_body(at))
        return tokens


def _added(chosen: Sequence[ScoredGroup], slot: int, hit: ScoredGroup, items: _Items) -> int:
    """What inserting ``hit`` at ``slot`` of ``chosen`` adds: its tokens and the time items
    it needs, less the one the group after it no longer needs (times taken as ``at``)."""
    before = chosen[slot - 1].group.at if slot else None
    after = chosen[slot].group.at if slot < len(chosen) else None
    at = hit.group.at
    cost = hit.group.tokens + (items.time(at) if at != before else 0)
    if slot < len(chosen):
        cost += (items.time(after) if after != at else 0) - (
            items.time(after) if after != before else 0
        )
    return cost


def _choose(
    hits: Sequence[ScoredGroup],
    entries: Sequence[JSON],
    room: int,
    items: _Items,
    max_groups: int,
) -> tuple[list[ScoredGroup], list[ScoredGroup], bool]:
    """Greedy by score: the chosen groups in history order and in the order taken, and
    whether a hit was passed over for its size."""
    chosen: list[ScoredGroup] = []
    starts: list[int] = []
    taken: list[ScoredGroup] = []
    spent, seen = 0, False
    for hit in hits:
        if len(taken) == max_groups:
            break
        slot = bisect.bisect_left(starts, hit.group.start)
        cost = _added(chosen, slot, hit, items)
        if spent + cost > room:
            seen = True
            continue
        if not still_in_history(entries, hit.group):
            continue
        spent += cost
        chosen.insert(slot, hit)
        starts.insert(slot, hit.group.start)
        taken.append(hit)
    return chosen, taken, seen


def _block_tokens(
    chosen: Sequence[ScoredGroup], lines: Sequence[BlockLine], items: _Items, counter: TokenCounter
) -> int:
    """The chosen groups' items in a block (module docstring): each line, time and names."""
    costs = iter(
        line_tokens(line.text, counter) if line.counted else hit.group.tokens
        for hit, line in zip(chosen, lines, strict=True)
    )
    return sum(items(item) if isinstance(item, str) else next(costs) for item in block_items(lines))


_RESERVE_HITS = 8
"""How many of the best hits' speakers the names reserve covers."""


def _names_reserve(hits: Sequence[ScoredGroup], items: _Items) -> int:
    """What the names item of the best hits' speakers costs (each role's first name among
    them): kept aside while choosing, since groups of one conversation mostly share their
    speakers and the block then says them once."""
    named: dict[str, str] = {}
    for hit in hits[:_RESERVE_HITS]:
        for role, name in hit.group.line.speakers:
            if name is not None:
                named.setdefault(role, name)
    return items(render_json_body(named)) if named else 0


def fill_block(
    hits: Sequence[ScoredGroup],
    entries: Sequence[JSON],
    fmt: Format,
    budget: int,
    counter: TokenCounter,
    summary: CompactionSummary | None,
    max_groups: int,
) -> Filled | Unfilled:
    """The block of the best ``hits`` (best first) within ``budget`` tokens, or why there is
    none (``Unfilled``)."""
    base = counter.count_messages([recall_message(fmt, render_recall_block([]))])[0]
    items = _Items(counter)
    room = budget - base - _names_reserve(hits, items)
    chosen, taken, seen = _choose(hits, entries, room, items, max_groups)
    if not chosen:
        return "too_large" if seen else "not_in_history"
    superseded = superseded_values(summary)
    additive = isinstance(counter, TiktokenCounter)
    while chosen:
        bodies = [mark_superseded(c.group.body, superseded) for c in chosen]
        plain = all(b is c.group.body for b, c in zip(bodies, chosen, strict=True))
        lines = [
            c.group.line if b is c.group.body else block_line(b)
            for b, c in zip(bodies, chosen, strict=True)
        ]
        message = recall_message(fmt, render_recall_block(lines))
        if additive and plain:
            tokens = base + _block_tokens(chosen, lines, items, counter)
        else:
            tokens = counter.count_messages([message])[0]
        if tokens <= budget:
            return Filled(tuple(chosen), message, tokens)
        chosen.remove(taken.pop())  # marks, items or another counter cost more: drop the weakest
    return "too_large"
