"""Reader for OpenAI Responses input items.

Items: ``message`` (also the EasyInputMessage form: ``role`` + ``content`` without ``type``),
``function_call``/``function_call_output`` paired by ``call_id``, and the other call/output pairs
that also pair by ``call_id`` (``custom_tool_call``, ``computer_call``, ``shell_call``,
``apply_patch_call``), ``mcp_approval_request``/``mcp_approval_response`` (paired by the request's
``id``, so an approval still pending at the tail keeps its group), and ``reasoning`` (role
``assistant``; grouping attaches it to the item after it). Every other type (``compaction``,
``web_search_call``, ``item_reference``, ``mcp_call``, unknown future types) is passed through
with ``item_type`` = its type and role ``other``.
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
    kind_of,
    parts_text,
    require_dict,
    require_str,
)
from runtime.formats.reuse import ReadMemo, reused
from runtime.messages import JSON, Message, Role, ToolCall, ToolResult

__all__ = ["CALL_TYPES", "OUTPUT_TYPES", "read_responses"]

# call item type -> field holding the call's arguments
CALL_TYPES: dict[str, str] = {
    "function_call": "arguments",
    "custom_tool_call": "input",
    "computer_call": "action",
    "shell_call": "action",
    "apply_patch_call": "operation",
    "mcp_approval_request": "arguments",
}
OUTPUT_TYPES = frozenset(
    {
        "function_call_output",
        "custom_tool_call_output",
        "computer_call_output",
        "shell_call_output",
        "apply_patch_call_output",
        "mcp_approval_response",
    }
)
_ROLES: dict[str, Role] = {
    "system": "system",
    "developer": "developer",
    "user": "user",
    "assistant": "assistant",
}
_TEXT_PARTS = frozenset({"input_text", "output_text", "text", "summary_text", "reasoning_text"})
_IMAGE_PARTS = frozenset({"input_image"})
_IMAGE_OUTPUTS = frozenset({"computer_screenshot", "input_image"})


def _refusal(part: dict[str, Any]) -> str:
    value = part.get("refusal") if part.get("type") == "refusal" else None
    return value if isinstance(value, str) else ""


def _output_text(output: JSON) -> str:
    """Readable text of an output: a string, typed parts, shell streams, or a typed object.

    Images (``input_image`` parts, ``computer_screenshot`` objects) are counted, not inlined:
    a base64 screenshot is not text to count or summarize.
    """
    if isinstance(output, list):
        pieces = [parts_text([part], text_types=_TEXT_PARTS) for part in output]
        for part in output:
            if isinstance(part, dict):
                pieces.extend(str(part[key]) for key in ("stdout", "stderr") if part.get(key))
        return join_text(pieces)
    if output is None or isinstance(output, str):
        return output or ""
    if isinstance(output, dict):
        text = output.get("text")
        if isinstance(text, str):
            return text
        if kind_of(output) in _IMAGE_OUTPUTS:
            return ""
    return json.dumps(output)


def _output_images(output: JSON) -> int:
    if isinstance(output, dict):
        return 1 if kind_of(output) in _IMAGE_OUTPUTS else 0
    return count_parts(output, _IMAGE_PARTS)


def _call_id(index: int, item: dict[str, Any], item_type: str) -> str:
    field = "id" if item_type == "mcp_approval_request" else "call_id"
    return require_str(index, item.get(field), f"{item_type}.{field}")


def _result_id(index: int, item: dict[str, Any], item_type: str) -> str:
    field = "approval_request_id" if item_type == "mcp_approval_response" else "call_id"
    return require_str(index, item.get(field), f"{item_type}.{field}")


def _read_message(index: int, item: dict[str, Any]) -> Message:
    role_name = item.get("role")
    if not isinstance(role_name, str):
        raise fail(index, "a Responses message item needs a string role")
    content = item.get("content")
    text = parts_text(content, text_types=_TEXT_PARTS, nested=_refusal)
    images = count_parts(content, _IMAGE_PARTS)
    role = _ROLES.get(role_name, "other")
    return build_message(index, item, role, text, "message", (), (), images)


def _read_call(index: int, item: dict[str, Any], item_type: str) -> Message:
    arguments = item.get(CALL_TYPES[item_type], "")
    name = item.get("name")
    call = ToolCall(
        _call_id(index, item, item_type),
        name if isinstance(name, str) else item_type,
        arguments if isinstance(arguments, str) else json.dumps(arguments),
    )
    return build_message(index, item, "assistant", "", item_type, (call,), (), 0)


def _read_output(index: int, item: dict[str, Any], item_type: str) -> Message:
    output = item.get("output")
    text = _output_text(output)
    if item_type == "mcp_approval_response":
        text = "approved" if item.get("approve") else "denied"
    result = ToolResult(_result_id(index, item, item_type), text)
    return build_message(
        index, item, "tool", text, item_type, (), (result,), _output_images(output)
    )


def _read_item(index: int, raw: JSON) -> Message:
    item = require_dict(index, raw)
    item_type = item.get("type")
    if item_type is None and "role" in item:
        return _read_message(index, item)
    if not isinstance(item_type, str):
        raise fail(index, "a Responses item needs a string type (or role + content)")
    if item_type == "message":
        return _read_message(index, item)
    if item_type in CALL_TYPES:
        return _read_call(index, item, item_type)
    if item_type in OUTPUT_TYPES:
        return _read_output(index, item, item_type)
    if item_type == "reasoning":
        text = parts_text(item.get("summary"), text_types=_TEXT_PARTS)
        return build_message(index, item, "assistant", text, item_type, (), (), 0)
    return build_message(index, item, "other", "", item_type, (), (), 0)


def read_responses(
    entries: Sequence[JSON], start: int = 0, memo: ReadMemo | None = None
) -> tuple[Message, ...]:
    """Read a list of Responses input items into canonical messages. ``start`` is the position of
    the first entry in the whole history (a slice read keeps its absolute positions and ids);
    ``memo`` an earlier read's messages, reused where provably the same (``runtime.formats.reuse``).

    Raises:
        FormatError: an item that is not an object, has neither ``type`` nor ``role``, or a
            call/output item without its ``call_id`` (names the position).
    """
    if memo is None:
        return tuple(_read_item(index, raw) for index, raw in enumerate(entries, start))
    return tuple(
        reused(memo, index, raw) or _read_item(index, raw)
        for index, raw in enumerate(entries, start)
    )
