"""Resuming the caller's ``CompactionState`` on this history, and finishing the next one.

``resume`` finds the state's cut, the summary's end and the held-out groups in the ``View``
(by index while the id there matches, else by id); when one cannot be found, or the format
changed, the state is discarded and the call starts afresh, saying why. ``finish_state``
records in the state a call returns what the next call needs to read only from the cut
(``runtime.compaction.incremental``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import Literal

from runtime.compaction.reading import View
from runtime.state import CompactionState, Mark, PinnedSpan
from runtime.summary.schema import CompactionSummary

__all__ = [
    "Resumed",
    "StateReset",
    "finish_state",
    "held_marks",
    "locate_held",
    "pinned_spans",
    "resume",
]

StateReset = Literal["format_changed", "history_changed"]
"""Why the caller's state was discarded: another wire format, or a history in which the cut,
the summary's end or a held-out group can no longer be found."""


@dataclass(frozen=True, slots=True)
class Resumed:
    """The caller's state resolved against this history."""

    cut: int | None
    floor: int
    summary: CompactionSummary | None
    active: bool
    reset: StateReset | None
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
    summary = state.summary_model
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
