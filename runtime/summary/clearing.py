"""Opt-in tool-result clearing: an old, huge tool result gives way to a pointer to its digest.

When one old tool result alone would blow the budget, keeping its group verbatim starves
everything else, and dropping the group loses the call. Like Anthropic's tool-result clearing,
the result's content is replaced by a short marker naming the digest of that call in the
current summary; the call, its id and the pairing stay intact, so the protocol is unchanged.
Off by default, because it changes a kept message; each clearing is reported per message.
A result is only cleared when the summary holds a digest for its call: otherwise its content
would be lost rather than summarized.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from runtime.formats import read_history
from runtime.messages import JSON, Format, Message
from runtime.summary.schema import CompactionSummary

__all__ = [
    "ClearedEntry",
    "ClearingOutcome",
    "clear_tool_result",
    "clear_tool_results",
    "clearing_marker",
]

_CLEARABLE_OUTPUTS = frozenset({"function_call_output", "custom_tool_call_output"})


@dataclass(frozen=True)
class ClearedEntry:
    """One report entry: which message and calls were cleared, and what it saved.

    ``tokens_before``/``tokens_after`` count the message's text with ``count_tokens``.
    """

    message_id: str
    tool_call_ids: tuple[str, ...]
    tokens_before: int
    tokens_after: int
    summary_version: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for the compaction report."""
        return {
            "message_id": self.message_id,
            "tool_call_ids": list(self.tool_call_ids),
            "tokens_before": self.tokens_before,
            "tokens_after": self.tokens_after,
            "summary_version": self.summary_version,
        }


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
