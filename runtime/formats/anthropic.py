"""Reader for Anthropic Messages.

``{"role": "user"|"assistant", "content": str | [blocks]}``. Assistant ``tool_use`` blocks are
calls (``input`` dict -> ``ToolCall.arguments`` as JSON text); ``tool_result`` blocks (by
``tool_use_id``, content a string or blocks, ``is_error``) in a user message are results. Other
blocks (``thinking``, ``redacted_thinking``, ``server_tool_use``, ``web_search_tool_result``,
``image``, ``document``, unknown ones) stay inside their message untouched; images are counted,
also inside tool results. Thinking text is not part of ``Message.text``: it is the model's
private reasoning, not conversation a summary should carry. The top-level ``system`` field is
not a message; ``read_history`` keeps it in ``Transcript.system``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from runtime.formats.entries import (
    build_message,
    fail,
    join_text,
    parts_text,
    require_dict,
    require_str,
)
from runtime.formats.reuse import ReadMemo, reused
from runtime.messages import JSON, Message, Role, ToolCall, ToolResult

__all__ = ["read_anthropic"]

_ROLES: dict[str, Role] = {"user": "user", "assistant": "assistant", "system": "system"}
_TEXT_BLOCKS = frozenset({"text"})


def _images(content: JSON) -> int:
    if not isinstance(content, list):
        return 0
    count = 0
    for block in content:
        if isinstance(block, dict):
            if block.get("type") == "image":
                count += 1
            elif block.get("type") == "tool_result":
                count += _images(block.get("content"))
    return count


def _tool_use(index: int, block: dict[str, Any]) -> ToolCall:
    call_id = require_str(index, block.get("id"), "tool_use.id")
    name = require_str(index, block.get("name"), "tool_use.name")
    arguments = block.get("input", {})
    return ToolCall(
        call_id, name, arguments if isinstance(arguments, str) else json.dumps(arguments)
    )


def _tool_result(index: int, block: dict[str, Any]) -> ToolResult:
    call_id = require_str(index, block.get("tool_use_id"), "tool_result.tool_use_id")
    text = parts_text(block.get("content"), text_types=_TEXT_BLOCKS)
    return ToolResult(call_id, text, bool(block.get("is_error", False)))


def _blocks(
    index: int, content: list[JSON]
) -> tuple[str, tuple[ToolCall, ...], tuple[ToolResult, ...]]:
    pieces: list[str] = []
    calls: list[ToolCall] = []
    results: list[ToolResult] = []
    for block in content:
        if isinstance(block, str):
            pieces.append(block)
            continue
        if not isinstance(block, dict):
            raise fail(index, f"content blocks must be objects, got {type(block).__name__}")
        kind = block.get("type")
        if kind == "text" and isinstance(block.get("text"), str):
            pieces.append(block["text"])
        elif kind == "tool_use":
            calls.append(_tool_use(index, block))
        elif kind == "tool_result":
            result = _tool_result(index, block)
            results.append(result)
            pieces.append(result.text)
    return join_text(pieces), tuple(calls), tuple(results)


def _read_entry(index: int, raw: JSON) -> Message:
    entry = require_dict(index, raw)
    role_name = entry.get("role")
    if not isinstance(role_name, str):
        raise fail(index, "an Anthropic message needs a string role")
    content = entry.get("content")
    calls: tuple[ToolCall, ...] = ()
    results: tuple[ToolResult, ...] = ()
    if isinstance(content, list):
        text, calls, results = _blocks(index, content)
    elif isinstance(content, str):
        text = content
    else:
        raise fail(index, "an Anthropic message needs content (a string or a list of blocks)")
    role = _ROLES.get(role_name, "other")
    item_type = "message" if role != "other" else "opaque"
    return build_message(index, entry, role, text, item_type, calls, results, _images(content))


def read_anthropic(
    entries: Sequence[JSON], start: int = 0, memo: ReadMemo | None = None
) -> tuple[Message, ...]:
    """Read a list of Anthropic messages into canonical messages. ``start`` is the position of
    the first entry in the whole history (a slice read keeps its absolute positions and ids);
    ``memo`` an earlier read's messages, reused where provably the same (``runtime.formats.reuse``).

    Raises:
        FormatError: an entry that is not an object, lacks a role or content, or a ``tool_use`` /
            ``tool_result`` block without its id (names the position).
    """
    if memo is None:
        return tuple(_read_entry(index, raw) for index, raw in enumerate(entries, start))
    return tuple(
        reused(memo, index, raw) or _read_entry(index, raw)
        for index, raw in enumerate(entries, start)
    )
