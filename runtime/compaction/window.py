"""The recency window over message groups: by group, never by message.

``View`` is a history as the window sees it (prefix, the groups after it, each group's tokens,
which groups are pinned). ``fit_window`` and ``keep_from`` only look at the token cost of each
group, the fixed cost that is always sent (prefix, injected summary, tool definitions, reply
priming), the pinned positions and a limit; the compactor turns their answer back into messages.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from typing import Any

from pydantic import ValidationError

from runtime.errors import FormatError
from runtime.grouping import Group
from runtime.messages import Message, Transcript
from runtime.state import CompactionState, Mark, PinnedSpan
from runtime.summary.schema import CompactionSummary

__all__ = [
    "Resumed",
    "View",
    "WindowFit",
    "finish_state",
    "fit_window",
    "held_marks",
    "keep_from",
    "load_summary",
    "locate_held",
    "pinned_spans",
    "resolve_pins",
    "resume",
    "user_anchor",
    "user_led_positions",
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
    if anchor is not None:
        before.add(anchor)
    kept = (*sorted(before), *range(cut, n))
    return WindowFit(
        kept=kept, cut=cut, tokens=base + sum(costs[i] for i in kept), over_budget=False
    )


def user_led_positions(groups: Sequence[Group]) -> frozenset[int]:
    """Positions of the groups whose first message is a ``user`` message."""
    return frozenset(i for i, g in enumerate(groups) if g.messages[0].role == "user")


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


@dataclass(frozen=True, slots=True)
class View:
    """A history as the compactor sees it: prefix, groups after it, their costs, pins.

    On a full read ``groups`` are all groups after the prefix; on an incremental read (see
    ``runtime.incremental``) only the pinned groups before the cut and the groups from the cut
    on, and the totals come from the state.

    Attributes:
        transcript: the messages read.
        prefix: the system/developer prefix.
        groups: the groups after the prefix that were read, in order.
        costs: tokens of each group.
        base: tokens always sent: prefix, tool definitions, system field, reply priming.
        input_tokens: tokens of the whole history as passed (with the same overhead).
        pinned: positions of groups holding a pinned id.
        pinned_ids: the pins found; unknown_pins: the pins not found.
        group_of: message index -> group position.
        groups_total: groups in the whole history (the prefix counts as one).
        entries: entries in the whole history.
        incremental: whether only the slices the state implies were read.
        user_led: Anthropic: positions of the groups that start with a ``user`` message (the
            kept part must start with one unless a summary is injected); ``None`` otherwise.
    """

    transcript: Transcript
    prefix: tuple[Message, ...]
    groups: tuple[Group, ...]
    costs: tuple[int, ...]
    base: int
    input_tokens: int
    pinned: frozenset[int]
    pinned_ids: tuple[str, ...]
    unknown_pins: tuple[str, ...]
    group_of: Mapping[int, int]
    groups_total: int
    entries: int
    incremental: bool = False
    user_led: frozenset[int] | None = None

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
        position = self.group_of.get(mark.index)
        if position is not None and mark.id in self.groups[position].ids:
            return position
        for message in self.transcript.messages:
            if message.id == mark.id:
                return self.group_of.get(message.index)
        return None


def resolve_pins(
    messages: Sequence[Message], group_of: Mapping[int, int], pins: Collection[str]
) -> tuple[frozenset[int], tuple[str, ...], tuple[str, ...]]:
    """Group positions of pinned ids; pins found (prefix included) and pins not found."""
    wanted = set(pins)
    positions: set[int] = set()
    found: list[str] = []
    for message in messages:
        if message.id in wanted:
            found.append(message.id)
            if message.index in group_of:
                positions.add(group_of[message.index])
    seen = set(found)
    unknown = tuple(sorted(p for p in wanted if p not in seen))
    return frozenset(positions), tuple(found), unknown


@dataclass(frozen=True, slots=True)
class Resumed:
    """The caller's state resolved against this history."""

    cut: int | None
    floor: int
    summary: CompactionSummary | None
    active: bool
    reset: str | None
    state: CompactionState
    held: frozenset[int] = frozenset()
    """Positions of the groups held out of the summary (``CompactionState.held_out``)."""


def resume(view: View, state: CompactionState | None) -> Resumed:
    """Resolve the caller's state against this history.

    The cut and the summary's end are found by index while the id there matches, else by id
    (a history trimmed at the front); when either cannot be found, or the format changed, the
    state is discarded and ``reset`` says why: the call then starts afresh.

    Raises:
        FormatError: the state holds a summary that is not a valid ``compaction_summary.v1``.
    """
    fmt = view.transcript.format
    fresh = CompactionState(format=fmt)
    if state is None:
        return Resumed(None, 0, None, False, None, fresh)
    if state.format != fmt:
        return Resumed(None, 0, None, False, "format_changed", fresh)
    cut = view.locate(state.cut)
    if state.cut is not None and cut is None:
        return Resumed(None, 0, None, False, "history_changed", fresh)
    floor = view.locate(state.summary_until)
    if state.summary_until is not None and floor is None:
        return Resumed(None, 0, None, False, "history_changed", fresh)
    held = locate_held(view, state)
    if held is None:
        return Resumed(None, 0, None, False, "history_changed", fresh)
    summary = load_summary(state.summary)
    resolved = state.with_cut(view.mark(cut) if cut is not None else None)
    until = view.mark(floor) if floor is not None else None
    resolved = replace(
        resolved,
        summary_until_index=until.index if until else None,
        summary_until_id=until.id if until else None,
        held_out=held_marks(view, held),
    )
    active = state.summary_active and summary is not None
    return Resumed(cut, floor or 0, summary, active, None, resolved, frozenset(held))


def locate_held(view: View, state: CompactionState) -> tuple[int, ...] | None:
    """Positions of the state's held-out groups, or ``None`` when one cannot be found."""
    positions = []
    for index, ident in state.held_out:
        position = view.locate(Mark(index, ident))
        if position is None:
            return None
        positions.append(position)
    return tuple(positions)


def held_marks(view: View, positions: Collection[int]) -> tuple[tuple[int, str], ...]:
    """``held_out`` marks of the groups at ``positions``."""
    marks = (view.mark(p) for p in sorted(set(positions)))
    return tuple((m.index, m.id) for m in marks if m is not None)


def load_summary(data: dict[str, Any] | None) -> CompactionSummary | None:
    """The state's summary as a model.

    Raises:
        FormatError: it is not a valid ``compaction_summary.v1``.
    """
    if data is None:
        return None
    try:
        return CompactionSummary.model_validate(data)
    except ValidationError as exc:
        raise FormatError(f"compaction state holds an invalid summary: {exc}") from exc


def pinned_spans(view: View, cut: int, kept: Collection[int] = ()) -> tuple[PinnedSpan, ...]:
    """The groups kept before group position ``cut`` (pinned ones and those in ``kept``):
    entry range and pinned ids in each (none for a user turn kept for a pinned answer)."""
    pins = set(view.pinned_ids)
    spans: list[PinnedSpan] = []
    for position in sorted({p for p in (*view.pinned, *kept) if p < cut}):
        group = view.groups[position]
        ids = tuple(i for i in group.ids if i in pins)
        spans.append((group.messages[0].index, group.messages[-1].index + 1, ids))
    return tuple(spans)


def finish_state(
    view: View, state: CompactionState, *, kept: Collection[int] = ()
) -> CompactionState:
    """``state`` with what the next call needs to read only from the cut (full reads only).

    ``kept``: the group positions the result keeps (the groups kept before the cut are
    recorded as spans, so an incremental read finds them).
    """
    cut = view.locate(state.cut)
    if cut is None:
        return replace(
            state,
            prefix_length=len(view.prefix),
            skipped_messages=0,
            skipped_groups=0,
            skipped_tokens=0,
            pinned_spans=(),
        )
    return replace(
        state,
        prefix_length=len(view.prefix),
        skipped_messages=sum(len(g.messages) for g in view.groups[:cut]),
        skipped_groups=cut,
        skipped_tokens=sum(view.costs[:cut]),
        pinned_spans=pinned_spans(view, cut, kept),
    )
