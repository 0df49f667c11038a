"""Hypothesis strategies: realistic agent histories in the three wire formats.

``conversations(format)`` draws a list of entries (what a caller passes as ``messages`` /
``input``) shaped like a real agent loop: an optional system/developer prefix (Chat and
Responses; Anthropic's system prompt is a top-level field, not an entry), then exchanges of a
user message, zero or more tool rounds (parallel calls included) and an assistant reply. Options
add pass-through material (Responses ``reasoning``/``web_search_call``/``compaction`` items,
Anthropic ``thinking`` and server-tool blocks, images, unknown fields) and a tool round still
pending at the tail (in flight or awaiting approval).

Every generated history is provider-valid (``find_protocol_errors`` reports nothing): call ids
are unique, results follow their calls in the place the format requires. Message ids are not
part of the entries except where the format carries them (Responses item ``id``); read the
entries with ``runtime.formats.read_history`` to get ids for pinning.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from runtime.messages import Format

__all__ = ["FORMATS", "conversations", "formatted_conversations", "payloads"]

FORMATS: tuple[Format, ...] = ("openai-chat", "openai-responses", "anthropic")
_VOCABULARY = (
    "flight budget 200 CNY no auto-booking G7301 2026-09-19 seat window aisle refund cancel "
    "hotel Beijing Shanghai late early yes no maybe 预算 高铁 不要 自动 订票 the a of to"
)
_WORDS = st.sampled_from(_VOCABULARY.split())
_TEXT = st.lists(_WORDS, min_size=1, max_size=12).map(" ".join)
_TOOL_NAMES = st.sampled_from(["search_flights", "get_user", "book", "calculate", "think"])


@dataclass
class _Ids:
    """Unique ids within one drawn history (call ids reused only after their answer, if messy)."""

    counter: int = 0
    answered: list[str] = field(default_factory=list)

    def next(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}_{self.counter:04d}"

    def call(self, draw: st.DrawFn, prefix: str, opts: _Options) -> str:
        if opts.messy and self.answered and draw(st.integers(0, 3)) == 0:
            return self.answered.pop(draw(st.integers(0, len(self.answered) - 1)))
        return self.next(prefix)


@dataclass(frozen=True)
class _Options:
    format: Format
    extras: bool
    messy: bool = False


def _shown(draw: st.DrawFn, opts: _Options, count: int, answered: int | None) -> int:
    """How many of ``count`` calls get results: all, fewer when pending, one less when messy."""
    if answered is not None:
        return min(answered, count - 1)
    if opts.messy and count > 1 and draw(st.integers(0, 3)) == 0:
        return count - 1  # an unanswered call that is not at the tail
    return count


def _interleave(draw: st.DrawFn, opts: _Options, answered: int | None) -> bool:
    """Whether a user message lands between the calls and their results (messy only)."""
    return opts.messy and answered is None and draw(st.integers(0, 3)) == 0


def _args(draw: st.DrawFn) -> str:
    return json.dumps({"q": draw(_WORDS), "n": draw(st.integers(0, 9))})


def _maybe_extra_field(draw: st.DrawFn, entry: dict[str, Any], opts: _Options) -> dict[str, Any]:
    if opts.extras and draw(st.integers(0, 5)) == 0:
        entry["x_meta"] = {"trace": draw(st.integers(0, 999)), "note": draw(_WORDS)}
    return entry


# --- OpenAI Chat Completions -------------------------------------------------------------------


def _chat_user(draw: st.DrawFn, opts: _Options) -> list[Any]:
    text = draw(_TEXT)
    if opts.extras and draw(st.integers(0, 4)) == 0:
        image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
        content: Any = [{"type": "text", "text": text}, image]
    else:
        content = text
    return [_maybe_extra_field(draw, {"role": "user", "content": content}, opts)]


def _chat_round(draw: st.DrawFn, ids: _Ids, opts: _Options, *, answered: int | None) -> list[Any]:
    count = draw(st.integers(1, 3))
    calls: list[dict[str, Any]] = [
        {
            "id": ids.call(draw, "call", opts),
            "type": "function",
            "function": {"name": draw(_TOOL_NAMES), "arguments": _args(draw)},
        }
        for _ in range(count)
    ]
    text = draw(st.one_of(st.none(), _TEXT))
    entries: list[Any] = [{"role": "assistant", "content": text, "tool_calls": calls}]
    if _interleave(draw, opts, answered):
        entries.append({"role": "user", "content": "still there? " + draw(_TEXT)})
    shown = _shown(draw, opts, count, answered)
    ids.answered.extend(call["id"] for call in calls[:shown])
    for call in calls[:shown]:
        result: dict[str, Any] = {
            "role": "tool",
            "tool_call_id": call["id"],
            "content": draw(_TEXT),
        }
        if draw(st.booleans()):
            result["name"] = call["function"]["name"]
        entries.append(result)
    return entries


def _chat_reply(draw: st.DrawFn, opts: _Options) -> list[Any]:
    return [_maybe_extra_field(draw, {"role": "assistant", "content": draw(_TEXT)}, opts)]


def _chat_prefix(draw: st.DrawFn) -> list[Any]:
    roles = draw(st.lists(st.sampled_from(["system", "developer"]), max_size=2))
    return [{"role": role, "content": "Policy: " + draw(_TEXT)} for role in roles]


# --- OpenAI Responses --------------------------------------------------------------------------


def _responses_message(draw: st.DrawFn, ids: _Ids, role: str, opts: _Options) -> dict[str, Any]:
    part = "output_text" if role == "assistant" else "input_text"
    text = draw(_TEXT)
    form = draw(st.integers(0, 2))
    if form == 0:
        return {"role": role, "content": text}
    item: dict[str, Any] = {
        "type": "message",
        "role": role,
        "content": [{"type": part, "text": text}],
    }
    if role == "user" and opts.extras and draw(st.integers(0, 4)) == 0:
        item["content"].append({"type": "input_image", "image_url": "data:image/png;base64,AA"})
    if form == 2:
        item["id"] = ids.next("msg")
    return _maybe_extra_field(draw, item, opts)


def _responses_opaque(draw: st.DrawFn, ids: _Ids) -> dict[str, Any]:
    kind = draw(st.sampled_from(["web_search_call", "compaction", "item_reference"]))
    if kind == "web_search_call":
        return {"type": kind, "id": ids.next("ws"), "status": "completed", "action": {}}
    if kind == "compaction":
        return {"type": kind, "encrypted_content": "gAAAA" + draw(_WORDS)}
    return {"type": kind, "id": ids.next("ref")}


def _reasoning(draw: st.DrawFn, ids: _Ids) -> dict[str, Any]:
    summary = [{"type": "summary_text", "text": draw(_TEXT)}] if draw(st.booleans()) else []
    return {
        "type": "reasoning",
        "id": ids.next("rs"),
        "summary": summary,
        "encrypted_content": "gA",
    }


def _responses_round(
    draw: st.DrawFn, ids: _Ids, opts: _Options, *, answered: int | None
) -> list[Any]:
    entries: list[Any] = []
    if opts.extras and draw(st.booleans()):
        entries.append(_reasoning(draw, ids))
    if answered is not None and opts.extras and draw(st.integers(0, 2)) == 0:
        request = {"type": "mcp_approval_request", "id": ids.next("mcpr"), "name": "book"}
        return [*entries, {**request, "server_label": "travel", "arguments": _args(draw)}]
    count = draw(st.integers(1, 3))
    calls = []
    for _ in range(count):
        call_id = ids.call(draw, "call", opts)
        call = {"type": "function_call", "call_id": call_id, "name": draw(_TOOL_NAMES)}
        call["arguments"] = _args(draw)
        if draw(st.booleans()):
            call["id"] = ids.next("fc")
        calls.append(call)
    entries.extend(calls)
    if _interleave(draw, opts, answered):
        entries.append({"role": "user", "content": "still there? " + draw(_TEXT)})
    shown = _shown(draw, opts, count, answered)
    ids.answered.extend(call["call_id"] for call in calls[:shown])
    for call in draw(st.permutations(calls[:shown])):
        entries.append(
            {"type": "function_call_output", "call_id": call["call_id"], "output": draw(_TEXT)}
        )
    return entries


def _responses_prefix(draw: st.DrawFn, ids: _Ids, opts: _Options) -> list[Any]:
    roles = draw(st.lists(st.sampled_from(["system", "developer"]), max_size=2))
    return [_responses_message(draw, ids, role, opts) for role in roles]


# --- Anthropic Messages ------------------------------------------------------------------------


def _anthropic_user(draw: st.DrawFn, opts: _Options) -> list[Any]:
    text = draw(_TEXT)
    if opts.extras and draw(st.integers(0, 4)) == 0:
        image = {
            "type": "image",
            "source": {"type": "base64", "media_type": "image/png", "data": "AA"},
        }
        return [{"role": "user", "content": [image, {"type": "text", "text": text}]}]
    return [_maybe_extra_field(draw, {"role": "user", "content": text}, opts)]


def _thinking(draw: st.DrawFn) -> dict[str, Any]:
    if draw(st.booleans()):
        return {"type": "thinking", "thinking": draw(_TEXT), "signature": "sig" + draw(_WORDS)}
    return {"type": "redacted_thinking", "data": "enc" + draw(_WORDS)}


def _anthropic_round(
    draw: st.DrawFn, ids: _Ids, opts: _Options, *, answered: int | None
) -> list[Any]:
    blocks: list[Any] = []
    if opts.extras and draw(st.booleans()):
        blocks.append(_thinking(draw))
    if draw(st.booleans()):
        blocks.append({"type": "text", "text": draw(_TEXT)})
    count = draw(st.integers(1, 3))
    uses: list[dict[str, Any]] = [
        {
            "type": "tool_use",
            "id": ids.call(draw, "toolu", opts),
            "name": draw(_TOOL_NAMES),
            "input": {"q": draw(_WORDS)},
        }
        for _ in range(count)
    ]
    blocks.extend(uses)
    entries: list[Any] = [{"role": "assistant", "content": blocks}]
    if answered is not None:
        return entries  # pending: the results message has not been written yet
    if _interleave(draw, opts, answered):
        entries.append({"role": "user", "content": "still there? " + draw(_TEXT)})
    uses = uses[: _shown(draw, opts, count, answered)]
    ids.answered.extend(use["id"] for use in uses)
    results: list[Any] = [
        {
            "type": "tool_result",
            "tool_use_id": use["id"],
            "content": draw(_TEXT),
            "is_error": draw(st.booleans()),
        }
        for use in uses
    ]
    if draw(st.booleans()):
        results.append({"type": "text", "text": draw(_TEXT)})
    entries.append({"role": "user", "content": results})
    return entries


def _anthropic_reply(draw: st.DrawFn, ids: _Ids, opts: _Options) -> list[Any]:
    if opts.extras and draw(st.integers(0, 3)) == 0:
        use_id = ids.next("srvtoolu")
        blocks = [
            {
                "type": "server_tool_use",
                "id": use_id,
                "name": "web_search",
                "input": {"query": "x"},
            },
            {"type": "web_search_tool_result", "tool_use_id": use_id, "content": []},
            {"type": "text", "text": draw(_TEXT)},
        ]
        return [{"role": "assistant", "content": blocks}]
    return [{"role": "assistant", "content": draw(_TEXT)}]


# --- assembly ----------------------------------------------------------------------------------


def _exchange(draw: st.DrawFn, ids: _Ids, opts: _Options, *, pending: bool) -> list[Any]:
    fmt = opts.format
    entries: list[Any] = []
    if fmt == "openai-chat":
        entries += _chat_user(draw, opts)
    elif fmt == "anthropic":
        entries += _anthropic_user(draw, opts)
    else:
        entries.append(_responses_message(draw, ids, "user", opts))
    rounds = draw(st.integers(0, 2))
    for number in range(rounds + (1 if pending else 0)):
        answered = draw(st.integers(0, 2)) if pending and number == rounds else None
        if fmt == "openai-chat":
            entries += _chat_round(draw, ids, opts, answered=answered)
        elif fmt == "anthropic":
            entries += _anthropic_round(draw, ids, opts, answered=answered)
        else:
            if opts.extras and draw(st.integers(0, 4)) == 0:
                entries.append(_responses_opaque(draw, ids))
            entries += _responses_round(draw, ids, opts, answered=answered)
    if pending:
        return entries
    if fmt == "openai-chat":
        entries += _chat_reply(draw, opts)
    elif fmt == "anthropic":
        entries += _anthropic_reply(draw, ids, opts)
    else:
        entries.append(_responses_message(draw, ids, "assistant", opts))
    return entries


@st.composite
def conversations(
    draw: st.DrawFn,
    format: Format = "openai-chat",
    *,
    min_exchanges: int = 1,
    max_exchanges: int = 6,
    extras: bool = True,
    pending_tail: bool | None = None,
    messy: bool = False,
) -> list[Any]:
    """A realistic history in ``format`` (a list of entries), provider-valid unless ``messy``.

    Args:
        format: the wire format of the entries.
        min_exchanges / max_exchanges: bounds on user -> (tool rounds) -> reply exchanges.
        extras: also draw pass-through material (reasoning and unknown items, thinking and
            server-tool blocks, images, unknown fields).
        pending_tail: end in a tool round whose calls are not all answered (True), never
            (False), or either (None).
        messy: also draw what providers reject but grouping must still handle without error:
            a user message between calls and their results, a call left unanswered mid-history,
            call ids reused after their answer.
    """
    ids = _Ids()
    opts = _Options(format, extras, messy)
    entries: list[Any] = []
    if format == "openai-chat":
        entries += _chat_prefix(draw)
    elif format == "openai-responses":
        entries += _responses_prefix(draw, ids, opts)
    count = draw(st.integers(min_exchanges, max_exchanges))
    pending = draw(st.booleans()) if pending_tail is None else pending_tail
    for number in range(count):
        last = number == count - 1
        entries += _exchange(draw, ids, opts, pending=pending and last)
    if format == "openai-responses" and extras and draw(st.integers(0, 4)) == 0:
        entries.insert(len(entries) - 1 if entries else 0, _responses_opaque(draw, ids))
    return entries


@st.composite
def formatted_conversations(draw: st.DrawFn, /, **options: Any) -> tuple[Format, list[Any]]:
    """``(format, entries)`` with the format drawn too; options as for ``conversations``."""
    fmt = draw(st.sampled_from(FORMATS))
    return fmt, draw(conversations(fmt, **options))


@st.composite
def payloads(draw: st.DrawFn, /, format: Format = "openai-chat", **options: Any) -> dict[str, Any]:
    """A request-shaped object: ``messages`` (or ``input``), Anthropic ``system``, ``tools``."""
    entries = draw(conversations(format, **options))
    key = "input" if format == "openai-responses" else "messages"
    payload: dict[str, Any] = {key: entries}
    if format == "anthropic" and draw(st.booleans()):
        payload["system"] = draw(
            st.one_of(_TEXT, _TEXT.map(lambda t: [{"type": "text", "text": t}]))
        )
    if draw(st.booleans()):
        payload["tools"] = [{"type": "function", "name": "search_flights", "parameters": {}}]
    return payload
