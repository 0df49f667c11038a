"""Opt-in tool-result clearing: an old, huge tool result gives way to a pointer to its digest.

When one old tool result alone would blow the budget, keeping its group verbatim starves
everything else, and dropping the group loses the call. With ``Compactor(clear_tool_results=
True)`` (the summary strategy only), like Anthropic's tool-result clearing, the result's content
is replaced by a short marker naming the digest of that call in the injected summary, so the
content is summarized rather than lost; the call, its ids and its place in the group stay, so
the tool protocol is unchanged. Off by default, because it changes a kept message; each
clearing is reported per message. It only applies when the window cannot fit as it stands:

* a single old result alone exceeds what the window may hold (``limit``: the target minus the
  summary's reserve); such a group could never be in the window, and keeping it verbatim when
  it is mandatory (pinned) starves everything else;
* the mandatory part (prefix, pinned groups, last group) exceeds ``usable`` minus the
  summary's reserve: results in pinned groups are cleared, largest first, until it fits.

Never cleared: a message whose own id is pinned, and anything in the last group (the model
is acting on it now). A candidate's whole group joins the summarizer's chunk (the digest
needs the call's name and arguments too); after the roll only results whose call has a digest
in the adopted summary are cleared (``clear_tool_result``), the others stay verbatim: otherwise
their content would be lost rather than summarized. ``CompactionState.cleared`` remembers the
cleared messages so later calls clear the same ones, with the same marker while the summary
version is the same.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from runtime.compaction.reading import View
from runtime.formats import read_history
from runtime.messages import JSON, Format, Message
from runtime.summary.schema import CompactionSummary, ToolResultDigest

__all__ = [
    "NO_CLEARING",
    "ClearedEntry",
    "Clearing",
    "ClearingOutcome",
    "apply_clearing",
    "clear_tool_result",
    "clear_tool_results",
    "clearing_candidates",
    "clearing_marker",
    "clearing_marks",
    "clearing_targets",
    "estimate_clearing",
    "marked_messages",
]

_CLEARABLE_OUTPUTS = frozenset({"function_call_output", "custom_tool_call_output"})


class ClearedEntry(BaseModel):
    """One report entry (``CompactionReport.cleared``): which message and calls were cleared,
    and what it saved.

    ``tokens_before``/``tokens_after`` count the message's text with ``count_tokens``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    message_id: str = Field(description="The message sent with its tool results cleared.")
    tool_call_ids: tuple[str, ...] = Field(description="The calls whose results were cleared.")
    tokens_before: int = Field(description="Tokens of the message's text before clearing.")
    tokens_after: int = Field(description="Tokens of its text once cleared.")
    summary_version: int = Field(description="The summary version holding the digests.")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, as in the compaction report."""
        return self.model_dump(mode="json")


@dataclass(frozen=True)
class ClearingOutcome:
    """The messages with the chosen results cleared, and the per-message report."""

    messages: tuple[Message, ...]
    cleared: tuple[ClearedEntry, ...]

    @property
    def raw(self) -> list[JSON]:
        """The entries to send, in the input's format."""
        return [m.raw for m in self.messages]


def clearing_marker(tool_call_id: str, *, summary_version: int, tokens: int) -> str:
    """The text that replaces a cleared result (no angle brackets: it is plain data)."""
    return (
        f"[tiermem: tool result cleared ({tokens} tokens) to fit the context budget; its digest "
        f"is tool_result_digests[tool_call_id={tool_call_id}] in compaction_summary "
        f"v{summary_version}]"
    )


def _clear_raw(
    raw: JSON, fmt: Format, digests: set[str], marker: Callable[[str], str]
) -> tuple[JSON, tuple[str, ...]]:
    """A copy of ``raw`` with each result that has a digest replaced by its marker."""
    if not isinstance(raw, dict):
        return raw, ()
    new = copy.deepcopy(raw)
    if fmt == "openai-chat" and new.get("role") == "tool":
        call_id = new.get("tool_call_id")
        if isinstance(call_id, str) and call_id in digests:
            new["content"] = marker(call_id)
            return new, (call_id,)
    elif fmt == "openai-responses" and new.get("type") in _CLEARABLE_OUTPUTS:
        call_id = new.get("call_id")
        if isinstance(call_id, str) and call_id in digests:
            new["output"] = marker(call_id)
            return new, (call_id,)
    elif fmt == "anthropic" and isinstance(new.get("content"), list):
        cleared: list[str] = []
        for block in new["content"]:
            is_result = isinstance(block, dict) and block.get("type") == "tool_result"
            call_id = block.get("tool_use_id") if is_result else None
            if isinstance(call_id, str) and call_id in digests:
                block["content"] = marker(call_id)
                cleared.append(call_id)
        return new, tuple(cleared)
    return raw, ()


def clear_tool_result(
    message: Message,
    *,
    format: Format,
    summary: CompactionSummary,
    count_tokens: Callable[[str], int],
) -> tuple[Message, ClearedEntry] | None:
    """Clear the results ``message`` carries that have a digest in ``summary``.

    Args:
        message: a tool-result entry (Chat ``role: tool``, Responses ``function_call_output``,
            Anthropic user message with ``tool_result`` blocks).
        format: the history's wire format.
        summary: the current summary; only calls with a digest in it are cleared.
        count_tokens: token counter for the report.

    Returns:
        The modified message (same ``id`` and ``index``; ``raw`` is a modified copy, the caller's
        object is untouched) and its report entry, or ``None`` when nothing could be cleared.
    """
    digests = {d.tool_call_id for d in summary.tool_result_digests}
    before = count_tokens(message.text)

    def marker(call_id: str) -> str:
        return clearing_marker(call_id, summary_version=summary.summary_version, tokens=before)

    raw, call_ids = _clear_raw(message.raw, format, digests, marker)
    if not call_ids:
        return None
    reread = read_history([raw], format=format).messages[0]
    cleared = replace(
        message,
        raw=raw,
        text=reread.text,
        tool_results=reread.tool_results,
        image_count=reread.image_count,
    )
    entry = ClearedEntry(
        message_id=message.id,
        tool_call_ids=call_ids,
        tokens_before=before,
        tokens_after=count_tokens(cleared.text),
        summary_version=summary.summary_version,
    )
    return cleared, entry


def clear_tool_results(
    messages: Sequence[Message],
    *,
    format: Format,
    summary: CompactionSummary,
    count_tokens: Callable[[str], int],
    limit_tokens: int,
    protected_ids: frozenset[str] = frozenset(),
) -> ClearingOutcome:
    """Clear every tool result that alone exceeds ``limit_tokens`` and has a digest.

    Args:
        messages: the kept messages, in order.
        format: their wire format.
        summary: the current summary (the digests the markers point at).
        count_tokens: token counter for a text.
        limit_tokens: a result larger than this alone would blow the budget.
        protected_ids: never cleared (pinned messages, the most recent group).

    Returns:
        All messages in order, the cleared ones replaced, and one report entry per cleared one.
    """
    out: list[Message] = []
    report: list[ClearedEntry] = []
    for message in messages:
        if (
            message.tool_results
            and message.id not in protected_ids
            and count_tokens(message.text) > limit_tokens
        ):
            done = clear_tool_result(
                message, format=format, summary=summary, count_tokens=count_tokens
            )
            if done is not None:
                message = done[0]
                report.append(done[1])
        out.append(message)
    return ClearingOutcome(tuple(out), tuple(report))


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
