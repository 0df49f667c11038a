"""The recency window over message groups: by group, never by message.

``fit_window`` and ``keep_from`` only look at the token cost of each group, the fixed cost that
is always sent (prefix, injected summary, tool definitions, reply priming), the pinned positions
and a limit; the strategies (``runtime.compaction.strategies``) turn their answer back into
messages. Nothing here knows about formats, states or summaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

__all__ = [
    "WindowFit",
    "fit_window",
    "keep_from",
    "user_anchor",
    "with_extra",
]


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
    costs: Sequence[int],
    *,
    base: int,
    cut: int,
    pinned: AbstractSet[int] = frozenset(),
    user_led: AbstractSet[int] | None = None,
) -> WindowFit:
    """The window that keeps every group from ``cut`` on plus the pinned ones before it.

    This is the context a compaction state implies; it is never ``over_budget`` by itself
    (the caller compares its tokens with the trigger). With ``user_led`` (Anthropic, no summary
    injected) the user turn before a leading assistant-led pinned group is kept too (see
    ``user_anchor``).
    """
    n = len(costs)
    cut = min(max(cut, 0), n)
    before = {i for i in pinned if 0 <= i < cut}
    anchor = user_anchor(before, cut=cut, user_led=user_led)
    if user_led is not None and cut < n and cut not in user_led:
        # a cut inside a tool loop: its prompt comes back, pinned groups before it or not
        prompt = user_anchor({cut}, cut=cut + 1, user_led=user_led)
        if prompt is not None:
            before.add(prompt)
    if anchor is not None:
        before.add(anchor)
    kept = (*sorted(before), *range(cut, n))
    return WindowFit(
        kept=kept, cut=cut, tokens=base + sum(costs[i] for i in kept), over_budget=False
    )


def user_anchor(
    pinned: AbstractSet[int], *, cut: int, user_led: AbstractSet[int] | None
) -> int | None:
    """The user-led group kept in front of a leading assistant-led pinned group, if needed.

    Anthropic rejects a conversation whose first message is not a ``user`` message. When the
    earliest kept group is a pinned group before ``cut`` that starts with an assistant turn,
    the nearest user-led group before it is kept with it (the question it answers); ``None``
    when no anchor is needed or none exists (a history that itself starts with an assistant
    turn cannot be repaired by dropping or keeping groups).
    """
    if user_led is None:
        return None
    before = [i for i in pinned if 0 <= i < cut]
    if not before or min(before) in user_led:
        return None
    first = min(before)
    return max((i for i in user_led if i < first), default=None)


def fit_window(
    costs: Sequence[int],
    *,
    base: int,
    limit: int,
    usable: int,
    pinned: AbstractSet[int] = frozenset(),
    floor: int = 0,
    user_led: AbstractSet[int] | None = None,
) -> WindowFit:
    """Keep pinned groups, the last group, and as many most recent groups as fit ``limit``.

    Walking back from the last group, each unpinned group is added while the total stays within
    ``limit``; the walk stops at the first that does not fit, so the window is maximal (the
    next dropped group would not have fit) and contiguous from ``cut`` to the end. Pinned
    groups are kept wherever they are and cost what they cost.

    With ``user_led`` (the positions of groups whose first message is a ``user`` message; given
    for Anthropic when no summary is injected in front) the kept groups must start with a user
    turn: the mandatory tail runs from the last user-led group on, the recency run starts at
    the first user-led group the walk reached (leading assistant-only groups are dropped rather
    than an older group kept beyond the limit: maximal under the constraint), and a leading
    pinned group that starts with an assistant turn keeps its user turn (``user_anchor``).
    When the tail alone is over ``limit`` (a long tool loop under one user prompt), the window
    keeps that prompt's group and the latest groups that fit instead (``_prompt_and_latest``).

    Args:
        costs: tokens of each group after the prefix, in order.
        base: tokens always sent (prefix, summary, tool definitions, reply priming).
        limit: the target the window must fit in.
        usable: the hard limit; exceeding it with the mandatory part is ``over_budget``.
        pinned: positions of groups holding a pinned message id.
        floor: the walk never goes below this position (groups before it are already covered
            by a summary); pinned groups below it are still kept.
        user_led: positions of user-led groups, or ``None`` for no first-message constraint.

    Returns:
        The fit. Never raises: an impossible budget is reported as ``over_budget``.
    """
    n = len(costs)
    if n == 0:
        return _result((), n, base, usable, mandatory=base, base=base)
    tail = max(user_led) if user_led else n - 1
    mandatory_set = {i for i in pinned if 0 <= i < n} | set(range(tail, n))
    if user_led and tail < n - 1 and base + sum(costs[i] for i in mandatory_set) > limit:
        loop = _prompt_and_latest(costs, base=base, limit=limit, usable=usable, pinned=pinned,
                                  floor=floor, prompt=tail, user_led=user_led)  # fmt: skip
        if loop is not None:
            return loop
    cut = _walk(costs, mandatory_set, base=base, start=tail, floor=floor, limit=limit)
    if user_led:
        cut = min(i for i in user_led if i >= cut)
        anchor = user_anchor(mandatory_set, cut=cut, user_led=user_led)
        if anchor is not None:
            mandatory_set.add(anchor)
            cut = _walk(costs, mandatory_set, base=base, start=tail, floor=floor, limit=limit)
            cut = min(i for i in user_led if i >= cut)
    kept = tuple(sorted(mandatory_set | set(range(cut, n))))
    mandatory = base + sum(costs[i] for i in mandatory_set)
    total = base + sum(costs[i] for i in kept)
    return _result(kept, cut, total, usable, mandatory=mandatory, base=base)


def _prompt_and_latest(
    costs: Sequence[int],
    *,
    base: int,
    limit: int,
    usable: int,
    pinned: AbstractSet[int],
    floor: int,
    prompt: int,
    user_led: AbstractSet[int],
) -> WindowFit | None:
    """Anthropic, a long tool loop under one user prompt: the prompt's group, the pinned ones
    and the latest groups that fit ``limit``; ``None`` when even that is over ``usable``.

    Every group after the last user-led one starts with an assistant turn (a call and the user
    message carrying its results), so the prompt followed by any run of them is a valid
    conversation: dropping the middle of the loop keeps user and assistant turns alternating
    and every result beside its call.
    """
    n = len(costs)
    mandatory = {i for i in pinned if 0 <= i < n} | {prompt, n - 1}
    anchor = user_anchor(mandatory, cut=n, user_led=user_led)  # a leading pinned answer
    if anchor is not None:
        mandatory.add(anchor)
    cut = _walk(costs, mandatory, base=base, start=n - 1, floor=max(floor, prompt + 1), limit=limit)
    kept = tuple(sorted(mandatory | set(range(cut, n))))
    must = base + sum(costs[i] for i in mandatory)
    if must > usable:
        return None
    return _result(kept, cut, base + sum(costs[i] for i in kept), usable, mandatory=must, base=base)


def _walk(
    costs: Sequence[int],
    mandatory: AbstractSet[int],
    *,
    base: int,
    start: int,
    floor: int,
    limit: int,
) -> int:
    """First position of the longest run ending at ``start`` that fits ``limit``."""
    total = base + sum(costs[i] for i in mandatory)
    cut = start
    for i in range(start - 1, max(floor, 0) - 1, -1):
        if i not in mandatory:
            if total + costs[i] > limit:
                break
            total += costs[i]
        cut = i
    return cut


def with_extra(fit: WindowFit, extra: int, *, usable: int) -> WindowFit:
    """``fit`` plus ``extra`` tokens sent beside it (an injected summary), re-checked on usable."""
    tokens = fit.tokens + extra
    if fit.over_budget or tokens <= usable:
        return WindowFit(fit.kept, fit.cut, tokens, fit.over_budget, fit.over_budget_reason)
    reason = f"the window ({fit.tokens} tokens) plus {extra} more exceed the {usable} usable"
    return WindowFit(fit.kept, fit.cut, tokens, True, reason)


def _result(
    kept: tuple[int, ...], cut: int, total: int, usable: int, *, mandatory: int, base: int
) -> WindowFit:
    if mandatory <= usable:
        return WindowFit(kept=kept, cut=cut, tokens=total, over_budget=False)
    reason = (
        f"prefix, summary and request overhead ({base} tokens) plus the pinned groups and the "
        f"last group (Anthropic: from the last user turn on) ({mandatory - base} tokens) need "
        f"{mandatory} tokens, more than the {usable} usable"
    )
    return WindowFit(kept=kept, cut=cut, tokens=total, over_budget=True, over_budget_reason=reason)
