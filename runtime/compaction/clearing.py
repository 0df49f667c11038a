"""Which old tool results the compactor clears, and what that does to the window's costs.

Opt-in (``Compactor(clear_tool_results=True)``), with the summary strategy only: a cleared
result's content is replaced by a marker naming its digest in the injected summary
(``runtime.summary.clearing``), so the content is summarized rather than lost; the call, its
ids and its place in the group stay, so the tool protocol is unchanged. Like Anthropic's
tool-result clearing it only applies when the window cannot fit as it stands:

* a single old result alone exceeds what the window may hold (``limit``: the target minus the
  summary's reserve); such a group could never be in the window, and keeping it verbatim when
  it is mandatory (pinned) starves everything else;
* the mandatory part (prefix, pinned groups, last group) exceeds ``usable`` minus the
  summary's reserve: results in pinned groups are cleared, largest first, until it fits.

Never cleared: a message whose own id is pinned, and anything in the last group (the model
is acting on it now). A candidate's whole group joins the summarizer's chunk (the digest
needs the call's name and arguments too); after the roll only results whose call has a digest
in the adopted summary are cleared, the others stay verbatim. ``CompactionState.cleared``
remembers the cleared messages so later calls clear the same ones, with the same marker while
the summary version is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from runtime.messages import Format, Message
from runtime.summary.clearing import ClearedEntry, clear_tool_result
from runtime.summary.schema import CompactionSummary, ToolResultDigest
from runtime.window import View

__all__ = [
    "NO_CLEARING",
    "Clearing",
    "apply_clearing",
    "clearing_candidates",
    "clearing_marks",
    "clearing_targets",
    "estimate_clearing",
    "marked_messages",
]

CountMessage = Callable[[Message], int]


@dataclass(frozen=True, slots=True)
class Clearing:
    """Cleared messages (by index), their report entries, and the cost change per group."""

    replaced: Mapping[int, Message]
    entries: tuple[ClearedEntry, ...]
    deltas: Mapping[int, int]

    def costs(self, costs: Sequence[int]) -> tuple[int, ...]:
        """Group costs with the cleared results' savings applied."""
        return tuple(c + self.deltas.get(i, 0) for i, c in enumerate(costs))


NO_CLEARING = Clearing({}, (), {})


def clearing_candidates(
    view: View,
    *,
    costs: Sequence[int],
    count: CountMessage,
    limit: int,
    room: int,
    keep: Collection[int],
) -> list[Message]:
    """Old results to clear: each one over ``limit``, then pinned-group results until fits.

    Args:
        view: the history.
        costs: group costs.
        count: tokens of one message.
        limit: a result over this alone would blow the window's part of the target.
        room: what the mandatory part may cost (usable minus the summary's reserve).
        keep: positions always kept (pinned groups, held-out ones); the last group is added.
    """
    last = len(view.groups) - 1
    pins = set(view.pinned_ids)
    mandatory = {*keep, last} if last >= 0 else set(keep)
    results = [
        (position, m)
        for position, group in enumerate(view.groups)
        if position != last
        for m in group.messages
        if m.tool_results and m.id not in pins
    ]
    chosen = {m.index: m for _, m in results if count(m) > limit}
    total = view.base + sum(costs[p] for p in mandatory)
    total -= sum(count(m) for p, m in results if m.index in chosen and p in mandatory)
    for _, m in sorted(
        ((p, m) for p, m in results if p in mandatory and m.index not in chosen),
        key=lambda pm: -count(pm[1]),
    ):
        if total <= room:
            break
        chosen[m.index] = m
        total -= count(m)
    return sorted(chosen.values(), key=lambda m: m.index)


def _stub(messages: Sequence[Message], version: int, now: datetime) -> CompactionSummary:
    digests = [
        ToolResultDigest(tool_call_id=r.call_id, tool_name="-", digest="-", source_ids=[m.id])
        for m in messages
        for r in m.tool_results
    ]
    return CompactionSummary(summary_version=version, tool_result_digests=digests, created_at=now)


def estimate_clearing(
    view: View,
    messages: Sequence[Message],
    *,
    version: int,
    now: datetime,
    count: CountMessage,
    count_text: Callable[[str], int],
) -> Clearing:
    """The clearing of ``messages`` if the next summary (``version``) digests every call."""
    return apply_clearing(
        view, messages, _stub(messages, version, now), count=count, count_text=count_text
    )


def apply_clearing(
    view: View,
    messages: Sequence[Message],
    summary: CompactionSummary,
    *,
    count: CountMessage,
    count_text: Callable[[str], int],
) -> Clearing:
    """Clear the results of ``messages`` whose call has a digest in ``summary``."""
    fmt: Format = view.transcript.format
    replaced: dict[int, Message] = {}
    entries: list[ClearedEntry] = []
    deltas: dict[int, int] = {}
    for message in messages:
        done = clear_tool_result(message, format=fmt, summary=summary, count_tokens=count_text)
        if done is None:
            continue
        cleared, entry = done
        replaced[message.index] = cleared
        entries.append(entry)
        position = view.group_of[message.index]
        deltas[position] = deltas.get(position, 0) + count(cleared) - count(message)
    return Clearing(replaced, tuple(entries), deltas)


def clearing_targets(
    view: View,
    *,
    previous: Sequence[Message],
    keep: Collection[int],
    limit: int,
    room: int,
    version: int,
    now: datetime,
    count: CountMessage,
    count_text: Callable[[str], int],
) -> tuple[list[Message], Clearing, list[Message]]:
    """Results to clear (``previous``: the ones cleared so far, kept cleared), the estimated
    clearing if summary ``version`` digests them all, and the newly chosen ones.

    ``keep``, ``limit`` and ``room`` are as in ``clearing_candidates``.
    """
    candidates = clearing_candidates(
        view, costs=view.costs, count=count, limit=limit, room=room, keep=keep
    )
    known = {m.index for m in previous}
    new = [m for m in candidates if m.index not in known]
    targets = sorted([*previous, *new], key=lambda m: m.index)
    estimate = estimate_clearing(
        view, targets, version=version, now=now, count=count, count_text=count_text
    )
    return targets, estimate, new


def marked_messages(view: View, marks: Sequence[tuple[int, str]]) -> list[Message]:
    """The messages of ``view`` at these ``(index, id)`` marks (absent ones skipped)."""
    wanted = dict(marks)
    return [m for m in view.transcript.messages if wanted.get(m.index) == m.id]


def clearing_marks(clearing: Clearing) -> tuple[tuple[int, str], ...]:
    """``CompactionState.cleared`` marks of a clearing."""
    return tuple((i, clearing.replaced[i].id) for i in sorted(clearing.replaced))
