"""The recency window over message groups: by group, never by message.

``View`` is a history as the window sees it (prefix, the groups after it, each group's tokens,
which groups are pinned). ``fit_window`` and ``keep_from`` only look at the token cost of each
group, the fixed cost that is always sent (prefix, injected summary, tool definitions, reply
priming), the pinned positions and a limit; the compactor turns their answer back into messages.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from runtime.grouping import Group
from runtime.messages import Message, Transcript
from runtime.state import Mark

__all__ = ["View", "WindowFit", "fit_window", "keep_from", "resolve_pins"]


@dataclass(frozen=True, slots=True)
class WindowFit:
    """Which groups a window keeps.

    Attributes:
        kept: positions of the kept groups, ascending (pinned ones below ``cut`` included).
        cut: position of the first group of the recency run; every group from ``cut`` on is
            kept. Equals the number of groups when there are none.
        tokens: ``base`` plus the cost of the kept groups.
        over_budget: the mandatory part (base, pinned groups, last group) exceeds ``usable``.
        over_budget_reason: why, in words, when ``over_budget``.
    """

    kept: tuple[int, ...]
    cut: int
    tokens: int
    over_budget: bool
    over_budget_reason: str | None = None


def keep_from(
    costs: Sequence[int], *, base: int, cut: int, pinned: AbstractSet[int] = frozenset()
) -> WindowFit:
    """The window that keeps every group from ``cut`` on plus the pinned ones before it.

    This is the context a compaction state implies; it is never ``over_budget`` by itself
    (the caller compares its tokens with the trigger).
    """
    n = len(costs)
    cut = min(max(cut, 0), n)
    before = sorted(i for i in pinned if 0 <= i < cut)
    kept = (*before, *range(cut, n))
    return WindowFit(
        kept=kept, cut=cut, tokens=base + sum(costs[i] for i in kept), over_budget=False
    )


def fit_window(
    costs: Sequence[int],
    *,
    base: int,
    limit: int,
    usable: int,
    pinned: AbstractSet[int] = frozenset(),
    floor: int = 0,
) -> WindowFit:
    """Keep pinned groups, the last group, and as many most recent groups as fit ``limit``.

    Walking back from the last group, each unpinned group is added while the total stays within
    ``limit``; the walk stops at the first that does not fit, so the window is maximal (the
    next dropped group would not have fit) and contiguous from ``cut`` to the end. Pinned
    groups are kept wherever they are and cost what they cost.

    Args:
        costs: tokens of each group after the prefix, in order.
        base: tokens always sent (prefix, summary, tool definitions, reply priming).
        limit: the target the window must fit in.
        usable: the hard limit; exceeding it with the mandatory part is ``over_budget``.
        pinned: positions of groups holding a pinned message id.
        floor: the walk never goes below this position (groups before it are already covered
            by a summary); pinned groups below it are still kept.

    Returns:
        The fit. Never raises: an impossible budget is reported as ``over_budget``.
    """
    n = len(costs)
    if n == 0:
        return _result((), n, base, usable, mandatory=base, base=base)
    last = n - 1
    mandatory_set = {i for i in pinned if 0 <= i < n} | {last}
    total = base + sum(costs[i] for i in mandatory_set)
    mandatory = total
    cut = last
    for i in range(last - 1, max(floor, 0) - 1, -1):
        if i not in mandatory_set:
            if total + costs[i] > limit:
                break
            total += costs[i]
        cut = i
    kept = tuple(sorted(mandatory_set | set(range(cut, n))))
    return _result(kept, cut, total, usable, mandatory=mandatory, base=base)


def _result(
    kept: tuple[int, ...], cut: int, total: int, usable: int, *, mandatory: int, base: int
) -> WindowFit:
    if mandatory <= usable:
        return WindowFit(kept=kept, cut=cut, tokens=total, over_budget=False)
    reason = (
        f"prefix, summary and request overhead ({base} tokens) plus the pinned groups and the "
        f"last group ({mandatory - base} tokens) need {mandatory} tokens, more than the "
        f"{usable} usable"
    )
    return WindowFit(kept=kept, cut=cut, tokens=total, over_budget=True, over_budget_reason=reason)


@dataclass(frozen=True, slots=True)
class View:
    """One history as the compactor sees it: prefix, groups after it, their costs, pins."""

    transcript: Transcript
    prefix: tuple[Message, ...]
    groups: tuple[Group, ...]
    costs: tuple[int, ...]
    base: int
    input_tokens: int
    pinned: frozenset[int]
    pinned_ids: tuple[str, ...]
    unknown_pins: tuple[str, ...]
    group_of: tuple[int, ...]

    def mark(self, position: int) -> Mark | None:
        """The first message of the group at ``position`` (``None`` past the end)."""
        if position >= len(self.groups):
            return None
        first = self.groups[position].messages[0]
        return Mark(first.index, first.id)

    def locate(self, mark: Mark | None) -> int | None:
        """Group position holding ``mark``: by index while the id matches, else by id."""
        if mark is None:
            return None
        messages = self.transcript.messages
        index: int | None = None
        if mark.index < len(messages) and messages[mark.index].id == mark.id:
            index = mark.index
        else:
            index = next((m.index for m in messages if m.id == mark.id), None)
        if index is None or self.group_of[index] < 0:
            return None
        return self.group_of[index]


def resolve_pins(
    messages: tuple[Message, ...], group_of: Sequence[int], pins: Collection[str]
) -> tuple[frozenset[int], tuple[str, ...], tuple[str, ...]]:
    """Group positions of pinned ids; pins found (prefix included) and pins not found."""
    wanted = set(pins)
    positions: set[int] = set()
    found: list[str] = []
    for message in messages:
        if message.id in wanted:
            found.append(message.id)
            if group_of[message.index] >= 0:
                positions.add(group_of[message.index])
    seen = set(found)
    unknown = tuple(sorted(p for p in wanted if p not in seen))
    return frozenset(positions), tuple(found), unknown
