"""Continuing a session after a manual rollback of its summary.

``runtime.summary.snapshots.rollback`` restores summary version ``v`` as a new version N+1 and
says where ``v``'s coverage ended (``RollbackOutcome.cut_index``). ``resume_after_rollback``
turns that into the ``CompactionState`` to pass on the next ``Compactor.compact`` call: the cut
and the summary's end rewound to where ``v`` left them, so the messages summarized after ``v``
are sent raw again or summarized again by the next roll, never lost.

The one field a hand-made state gets wrong is ``held_out``: the groups before ``v``'s cut that
``v`` never summarized because they were pinned when it rolled over them. Without them, a pin
removed after the rollback would drop its group from the context with no summary covering it.
The exact set is the ``held_out`` of the state recorded with ``v`` (the service stores one per
version); without that state, every group before the cut that ``v`` cites none of the messages
of is held out (a superset: such a group is kept raw until the next roll summarizes it again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime

from runtime.errors import SnapshotError
from runtime.grouping import group_messages
from runtime.messages import Message
from runtime.state import CompactionState
from runtime.summary.snapshots import RollbackOutcome, SnapshotStore, rollback

__all__ = ["resume_after_rollback", "rollback_session"]


def resume_after_rollback(
    state: CompactionState,
    outcome: RollbackOutcome,
    messages: Sequence[Message],
    *,
    version_state: CompactionState | None = None,
) -> CompactionState:
    """The state to continue from after ``rollback`` restored version ``v`` as N+1.

    Args:
        state: the session's current state (the one of version N).
        outcome: what ``runtime.summary.snapshots.rollback`` returned.
        messages: the session's whole history, read in ``state.format``
            (``read_history(entries, format=state.format).messages``).
        version_state: the state recorded when version ``v`` was made, if the caller kept it;
            its ``held_out`` is then used as is (exact), else it is derived (see the module
            docstring).

    Returns:
        With a restored summary: a state with the summary N+1 active, the cut and the
        summary's end at the first group ``v`` did not cover, ``held_out`` set, nothing cleared
        and no skip counts (so the next call reads the whole history). When the restored
        version failed validation (``outcome.summary is None``), nothing was restored: the
        current state with its summary inactive, so the next call falls back to the window
        while the current summary is kept for the next roll.

    Raises:
        SnapshotError: the history no longer holds the message at ``v``'s cut.
        FormatError: ``messages`` is not a valid history (from grouping).
    """
    if outcome.summary is None:
        return replace(state, summary_active=False)
    groups = [g for g in group_messages(messages) if g.kind != "prefix"]
    cut = next((i for i, g in enumerate(groups) if g.messages[-1].index >= outcome.cut_index), None)
    if cut is None:
        raise SnapshotError(
            f"the history has no message at index {outcome.cut_index}, where summary version "
            f"{outcome.summary.restored_from} ended"
        )
    start = groups[cut].messages[0]
    if version_state is not None:
        held = {mark for mark in version_state.held_out if mark[0] < start.index}
    else:
        cited = set(outcome.summary.source_message_ids)
        earlier = {mark for mark in state.held_out if mark[0] < start.index}
        held = earlier | {
            (g.messages[0].index, g.messages[0].id)
            for g in groups[:cut]
            if not any(m.id in cited for m in g.messages)
        }
    return CompactionState(
        format=state.format,
        cut_index=start.index,
        cut_id=start.id,
        summary_until_index=start.index,
        summary_until_id=start.id,
        summary_active=True,
        held_out=tuple(sorted(held)),
        # what that version had set aside competes again at the next roll (items citing
        # messages past its coverage are never offered: runtime.summary.set_aside)
        set_aside=version_state.set_aside if version_state is not None else None,
    ).with_summary(outcome.summary)


def rollback_session(
    messages: Sequence[Message],
    *,
    state: CompactionState,
    store: SnapshotStore,
    to_version: int,
    now: datetime,
    budget_tokens: int,
    count_text: Callable[[str], int],
    version_state: CompactionState | None = None,
) -> tuple[RollbackOutcome, CompactionState]:
    """Roll a session's summary back to ``to_version`` and return the state to continue from.

    ``rollback`` restores ``to_version`` as ``state.summary_version + 1``, re-validated against
    the messages from the first one it covers (so an edited history is caught), then
    ``resume_after_rollback`` builds the state.

    Args:
        messages: the session's whole history, read in ``state.format``.
        state: the current state; store: the session's snapshot records.
        to_version: the version to restore; now: the caller's clock.
        budget_tokens: the summary budget (``int(summary_budget * target_tokens)`` of the
            compactor that goes on); count_text: its counter's ``count_text``.
        version_state: the state recorded with ``to_version``, if kept (exact ``held_out``).

    Returns:
        The rollback's outcome (``outcome.fallback`` is ``invalid_summary`` when the restored
        version failed validation) and the state for the next ``compact`` call.

    Raises:
        SnapshotError: a version is unknown or ``to_version`` is not older than the current
            one, or the history no longer reaches ``to_version``'s cut.
    """
    record = store.get(to_version)
    first = record.first_message_id if record is not None else None
    start = next((i for i, m in enumerate(messages) if m.id == first), None)
    sources: list[Message] | None = None
    if first is not None:  # a history missing the version's first message fails re-validation
        sources = [] if start is None else list(messages[start:])
    outcome = rollback(
        store=store,
        to_version=to_version,
        current_version=state.summary_version,
        now=now,
        sources=sources,
        budget_tokens=budget_tokens,
        count_tokens=count_text,
    )
    return outcome, resume_after_rollback(state, outcome, messages, version_state=version_state)
