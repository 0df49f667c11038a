"""Reader for OpenAI Chat Completions messages.

Roles ``system``, ``developer``, ``user``, ``assistant`` (with ``tool_calls``), ``tool`` (answering
by ``tool_call_id``) and the legacy ``function`` role. Content may be null, a string or a list of
parts (``text``, ``refusal``, ``image_url``, ``input_audio``, ``file``).

Legacy functions (documented choice): an assistant message with the deprecated ``function_call``
field makes one call whose id is synthesized as ``legacy-function:<position>``; a ``function``
role message directly after it with the same ``name`` is its result, so the pair groups together
like a modern call. A ``function`` message anywhere else is read as a plain ``tool``-role message
without a result (it pairs with nothing, so it is never reported as an orphan). Unknown roles are
passed through as role ``other``, item type ``opaque``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from runtime.formats.entries import (
    build_message,
    count_parts,
    fail,
    join_text,
    parts_text,
    require_dict,
    require_str,
)
from runtime.formats.reuse import ReadMemo, reused
from runtime.messages import JSON, Message, Role, ToolCall, ToolResult

__all__ = ["LEGACY_CALL_PREFIX", "read_chat"]

LEGACY_CALL_PREFIX = "legacy-function:"
_ROLES: dict[str, Role] = {
    "system": "system",
    "developer": "developer",
    "user": "user",
    "assistant": "assistant",
    "tool": "tool",
    "function": "tool",
}
_TEXT_PARTS = frozenset({"text"})
_IMAGE_PARTS = frozenset({"image_url"})


def _refusal(part: dict[str, Any]) -> str:
    value = part.get("refusal") if part.get("type") == "refusal" else None
    return value if isinstance(value, str) else ""


def _content_text(content: JSON) -> str:
    return parts_text(content, text_types=_TEXT_PARTS, nested=_refusal)


def _arguments(value: JSON) -> str:
    # Some frameworks store parsed arguments; keep them countable as JSON text.
    return value if isinstance(value, str) else json.dumps(value)


def _tool_call(index: int, call: JSON) -> ToolCall:
    if not isinstance(call, dict):
        raise fail(index, "tool_calls must hold objects")
    call_id = require_str(index, call.get("id"), "tool_calls[].id")
    if call.get("type") == "custom":
        custom = call.get("custom")
        if not isinstance(custom, dict):
            raise fail(index, f"custom tool call {call_id!r} has no custom object")
        name = custom.get("name", "")
        return ToolCall(
            call_id, name if isinstance(name, str) else "", _arguments(custom.get("input", ""))
        )
    function = call.get("function")
    if not isinstance(function, dict):
        raise fail(index, f"tool call {call_id!r} has no function object")
    name = require_str(index, function.get("name"), "tool_calls[].function.name")
    return ToolCall(call_id, name, _arguments(function.get("arguments", "")))


def _calls(index: int, entry: dict[str, Any]) -> tuple[ToolCall, ...]:
    raw_calls = entry.get("tool_calls")
    calls: list[ToolCall] = []
    if raw_calls is not None:
        if not isinstance(raw_calls, list):
            raise fail(index, "tool_calls must be a list")
        calls.extend(_tool_call(index, call) for call in raw_calls)
    legacy = entry.get("function_call")
    if isinstance(legacy, dict) and isinstance(legacy.get("name"), str):
        calls.append(
            ToolCall(
                f"{LEGACY_CALL_PREFIX}{index}",
                legacy["name"],
                _arguments(legacy.get("arguments", "")),
            )
        )
    return tuple(calls)


def _legacy_result(
    index: int, entry: dict[str, Any], previous: Message | None, text: str
) -> tuple[ToolResult, ...]:
    """The result of the legacy call directly before, when names match; else none."""
    if previous is None or previous.role != "assistant":
        return ()
    for call in previous.tool_calls:
        if call.call_id.startswith(LEGACY_CALL_PREFIX) and call.name == entry.get("name"):
            return (ToolResult(call.call_id, text),)
    return ()


def _read_entry(index: int, raw: JSON, previous: Message | None) -> Message:
    entry = require_dict(index, raw)
    role_name = entry.get("role")
    if not isinstance(role_name, str):
        raise fail(index, "a Chat Completions message needs a string role")
    role = _ROLES.get(role_name, "other")
    content = entry.get("content")
    text = _content_text(content)
    calls: tuple[ToolCall, ...] = ()
    results: tuple[ToolResult, ...] = ()
    if role_name == "assistant":
        calls = _calls(index, entry)
        refusal = entry.get("refusal")
        if isinstance(refusal, str):
            text = join_text((text, refusal))
    elif role_name == "tool":
        call_id = require_str(index, entry.get("tool_call_id"), "tool_call_id")
        results = (ToolResult(call_id, text),)
    elif role_name == "function":
        results = _legacy_result(index, entry, previous, text)
    item_type = "message" if role != "other" else "opaque"
    images = count_parts(content, _IMAGE_PARTS)
    return build_message(index, entry, role, text, item_type, calls, results, images)


def read_chat(
    entries: Sequence[JSON], start: int = 0, memo: ReadMemo | None = None
) -> tuple[Message, ...]:
    """Read a list of Chat Completions messages into canonical messages. ``start`` is the
    position of the first entry in the whole history (a slice read keeps its absolute positions
    and ids); ``memo`` an earlier read's messages, reused where provably the same
    (``runtime.formats.reuse``).

    Raises:
        FormatError: an entry that is not an object, lacks a role, has a tool message without
            ``tool_call_id``, or a tool call without ``id``/``function.name`` (names the position).
    """
    messages: list[Message] = []
    previous: Message | None = None
    for index, raw in enumerate(entries, start):
        # a legacy function result pairs with the entry before it: always read afresh
        again = None
        if memo is not None and isinstance(raw, dict) and raw.get("role") != "function":
            again = reused(memo, index, raw)
        previous = again or _read_entry(index, raw, previous)
        messages.append(previous)
    return tuple(messages)
