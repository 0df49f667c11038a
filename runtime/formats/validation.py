"""Which wire formats an entry is valid in, and why it is not valid in the others.

The readers are lenient on purpose (they read whatever a framework produced, losslessly); a
service that stores a history for later requests must be strict instead: an entry of another
format, an unknown role, content that is neither a string nor a list of parts, tool arguments
that are not the JSON string (Chat, Responses) or the object (Anthropic) the API expects would
all be sent back to the provider and refused there, turns later. ``entry_fault`` says why one
entry is not valid in one format (with a JSON pointer into the entry); ``fitting_formats`` is the
set of formats it is valid in; ``narrow_formats`` intersects that set over a batch, so a session
created as ``auto`` stays undecided while its entries fit several formats (a plain-string user
message fits all three) and is decided by the first entry only one format accepts.

Unknown part, block and item types are accepted by every format that has typed parts (new
provider features must not be refused); types that belong to another format are not.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from runtime.errors import EntryFormatError, FormatError
from runtime.messages import JSON, Format

__all__ = [
    "ALL_FORMATS",
    "EntryFault",
    "entry_fault",
    "fitting_formats",
    "narrow_formats",
    "reading_format",
]

ALL_FORMATS: frozenset[Format] = frozenset({"openai-chat", "openai-responses", "anthropic"})
_ORDER: tuple[Format, ...] = ("openai-chat", "openai-responses", "anthropic")

_CHAT_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})
_RESPONSES_ROLES = frozenset({"system", "developer", "user", "assistant"})
_ANTHROPIC_ROLES = frozenset({"user", "assistant"})
_CHAT_ONLY_PARTS = frozenset({"image_url", "input_audio", "file"})
_RESPONSES_ONLY_PARTS = frozenset({"input_text", "output_text", "input_image", "input_file"})
_ANTHROPIC_ONLY_BLOCKS = frozenset(
    {
        "tool_use",
        "tool_result",
        "thinking",
        "redacted_thinking",
        "image",
        "document",
        "server_tool_use",
        "web_search_tool_result",
        "search_result",
        "mcp_tool_use",
        "mcp_tool_result",
        "container_upload",
    }
)
_FOREIGN_PARTS: dict[Format, frozenset[str]] = {
    "openai-chat": _RESPONSES_ONLY_PARTS | _ANTHROPIC_ONLY_BLOCKS,
    "openai-responses": _CHAT_ONLY_PARTS | _ANTHROPIC_ONLY_BLOCKS,
    "anthropic": _CHAT_ONLY_PARTS | _RESPONSES_ONLY_PARTS | frozenset({"refusal"}),
}
_CHAT_KEYS = ("tool_calls", "tool_call_id", "function_call")


@dataclass(frozen=True, slots=True)
class EntryFault:
    """Why one entry is not valid in one format.

    Attributes:
        index: the entry's position in the list checked (plus the caller's ``start``).
        pointer: RFC 6901 JSON pointer inside the entry to the offending value ("" for the
            entry itself).
        reason: one line, naming no content.
    """

    index: int
    pointer: str
    reason: str


_Fault = tuple[str, str] | None  # (pointer, reason)


def _kind(value: object) -> str:
    return "missing" if value is None else f"a {type(value).__name__}"


def _json_text(value: object, pointer: str, what: str) -> _Fault:
    """A tool call's arguments as the OpenAI APIs take them: a string holding JSON ("" too)."""
    if not isinstance(value, str):
        return pointer, f"{what} must be a JSON string, is {_kind(value)}"
    if value.strip():
        try:
            json.loads(value)
        except ValueError:
            return pointer, f"{what} is a string but not valid JSON"
    return None


def _string(value: object, pointer: str, what: str) -> _Fault:
    return (
        None if isinstance(value, str) else (pointer, f"{what} must be a string, is {_kind(value)}")
    )


def _first(faults: Iterable[_Fault]) -> _Fault:
    return next((fault for fault in faults if fault is not None), None)


def _parts(
    content: list[Any], fmt: Format, check: Callable[[int, dict[str, Any]], _Fault]
) -> _Fault:
    foreign = _FOREIGN_PARTS[fmt]
    for i, part in enumerate(content):
        at = f"/content/{i}"
        if not isinstance(part, dict):
            return at, f"a content part must be an object, is {_kind(part)}"
        kind = part.get("type")
        if not isinstance(kind, str):
            return f"{at}/type", f"a content part needs a string type, is {_kind(kind)}"
        if kind in foreign:
            return f"{at}/type", f"a {kind!r} part belongs to another format than {fmt}"
        if kind in ("text", "input_text", "output_text") and not isinstance(part.get("text"), str):
            return f"{at}/text", f"a {kind} part needs a string text"
        fault = check(i, part)
        if fault is not None:
            return fault
    return None


def _no_check(_index: int, _part: dict[str, Any]) -> _Fault:
    return None


def _content(entry: dict[str, Any], fmt: Format, *, optional: bool) -> _Fault:
    content = entry.get("content")
    if content is None and optional:
        return None
    if isinstance(content, str):
        return None
    if isinstance(content, list):
        return _parts(content, fmt, _no_check)
    return "/content", f"content must be a string or a list of parts, is {_kind(content)}"


def _role(entry: dict[str, Any], roles: frozenset[str], fmt: Format) -> _Fault:
    role = entry.get("role")
    if not isinstance(role, str):
        return "/role", f"role must be a string, is {_kind(role)}"
    if role not in roles:
        return "/role", f"unknown role {role!r} in {fmt} (expected {', '.join(sorted(roles))})"
    return None


def _chat_call(i: int, call: object) -> _Fault:
    at = f"/tool_calls/{i}"
    if not isinstance(call, dict):
        return at, f"a tool call must be an object, is {_kind(call)}"
    if call.get("type") == "custom":
        custom = call.get("custom")
        if not isinstance(custom, dict):
            return f"{at}/custom", "a custom tool call needs a custom object"
        return _first(
            (
                _string(call.get("id"), f"{at}/id", "a tool call id"),
                _string(custom.get("name"), f"{at}/custom/name", "a tool name"),
                _string(custom.get("input"), f"{at}/custom/input", "a custom tool input"),
            )
        )
    function = call.get("function")
    if not isinstance(function, dict):
        return f"{at}/function", "a tool call needs a function object"
    return _first(
        (
            _string(call.get("id"), f"{at}/id", "a tool call id"),
            _string(function.get("name"), f"{at}/function/name", "a function name"),
            _json_text(function.get("arguments"), f"{at}/function/arguments", "arguments"),
        )
    )


def _chat_assistant(entry: dict[str, Any]) -> _Fault:
    calls = entry.get("tool_calls")
    if calls is not None:
        if not isinstance(calls, list):
            return "/tool_calls", f"tool_calls must be a list, is {_kind(calls)}"
        fault = _first(_chat_call(i, call) for i, call in enumerate(calls))
        if fault is not None:
            return fault
    legacy = entry.get("function_call")
    if legacy is not None:
        if not isinstance(legacy, dict):
            return "/function_call", "function_call must be an object"
        return _first(
            (
                _string(legacy.get("name"), "/function_call/name", "a function name"),
                _json_text(legacy.get("arguments"), "/function_call/arguments", "arguments"),
            )
        )
    return None


def _chat(entry: dict[str, Any]) -> _Fault:
    if "type" in entry:
        return "/type", "a Chat Completions message has no type (Responses items do)"
    fault = _role(entry, _CHAT_ROLES, "openai-chat")
    if fault is not None:
        return fault
    role = entry["role"]
    if role != "assistant":
        for key in ("tool_calls", "function_call"):
            if key in entry:
                return f"/{key}", f"only assistant messages carry {key}"
    if role == "tool":
        fault = _string(entry.get("tool_call_id"), "/tool_call_id", "tool_call_id")
    elif role == "assistant":
        fault = _chat_assistant(entry)
    return fault or _content(entry, "openai-chat", optional=role in ("assistant", "function"))


def _responses_item(entry: dict[str, Any], kind: str) -> _Fault:
    if kind == "function_call":
        return _first(
            (
                _string(entry.get("call_id"), "/call_id", "call_id"),
                _string(entry.get("name"), "/name", "a function name"),
                _json_text(entry.get("arguments"), "/arguments", "arguments"),
            )
        )
    if kind == "custom_tool_call":
        return _first(
            (
                _string(entry.get("call_id"), "/call_id", "call_id"),
                _string(entry.get("name"), "/name", "a tool name"),
                _string(entry.get("input"), "/input", "a custom tool input"),
            )
        )
    if kind in ("function_call_output", "custom_tool_call_output"):
        output = entry.get("output")
        if not isinstance(output, str | list):
            return "/output", f"output must be a string or a list of parts, is {_kind(output)}"
        return _string(entry.get("call_id"), "/call_id", "call_id")
    return None


def _responses(entry: dict[str, Any]) -> _Fault:
    for key in _CHAT_KEYS:
        if key in entry:
            return f"/{key}", f"{key} belongs to Chat Completions, not Responses"
    kind = entry.get("type")
    if kind is None or kind == "message":
        return _role(entry, _RESPONSES_ROLES, "openai-responses") or _content(
            entry, "openai-responses", optional=False
        )
    if not isinstance(kind, str):
        return "/type", f"an item type must be a string, is {_kind(kind)}"
    return _responses_item(entry, kind)


def _anthropic_block(role: str) -> Callable[[int, dict[str, Any]], _Fault]:
    def check(i: int, block: dict[str, Any]) -> _Fault:
        at, kind = f"/content/{i}", block["type"]
        if kind == "tool_use":
            if role != "assistant":
                return f"{at}/type", "a tool_use block belongs in an assistant message"
            arguments = block.get("input")
            if not isinstance(arguments, dict):
                return f"{at}/input", f"tool_use input must be an object, is {_kind(arguments)}"
            return _string(block.get("id"), f"{at}/id", "a tool_use id") or _string(
                block.get("name"), f"{at}/name", "a tool name"
            )
        if kind == "tool_result":
            if role != "user":
                return f"{at}/type", "a tool_result block belongs in a user message"
            result = block.get("content")
            if result is not None and not isinstance(result, str | list):
                return (
                    f"{at}/content",
                    f"tool_result content must be a string or blocks, is {_kind(result)}",
                )
            return _string(block.get("tool_use_id"), f"{at}/tool_use_id", "tool_use_id")
        return None

    return check


def _anthropic(entry: dict[str, Any]) -> _Fault:
    if "type" in entry:
        return "/type", "an Anthropic message has no type (Responses items do)"
    for key in _CHAT_KEYS:
        if key in entry:
            return f"/{key}", f"{key} belongs to Chat Completions, not Anthropic Messages"
    fault = _role(entry, _ANTHROPIC_ROLES, "anthropic")
    if fault is not None:
        return fault
    content = entry.get("content")
    if isinstance(content, str):
        return None
    if isinstance(content, list):
        return _parts(content, "anthropic", _anthropic_block(entry["role"]))
    return "/content", f"content must be a string or a list of blocks, is {_kind(content)}"


_CHECKS: dict[Format, Callable[[dict[str, Any]], _Fault]] = {
    "openai-chat": _chat,
    "openai-responses": _responses,
    "anthropic": _anthropic,
}


def entry_fault(entry: JSON, fmt: Format, *, index: int = 0) -> EntryFault | None:
    """Why ``entry`` is not a valid entry of ``fmt``, or None when it is."""
    if not isinstance(entry, dict):
        return EntryFault(index, "", f"an entry must be a JSON object, is {_kind(entry)}")
    fault = _CHECKS[fmt](entry)
    return None if fault is None else EntryFault(index, fault[0], fault[1])


def fitting_formats(entry: JSON) -> frozenset[Format]:
    """The formats ``entry`` is valid in (empty: none)."""
    return frozenset(f for f in _ORDER if entry_fault(entry, f) is None)


def narrow_formats(
    entries: Sequence[JSON], candidates: frozenset[Format] = ALL_FORMATS, *, start: int = 0
) -> frozenset[Format]:
    """The formats of ``candidates`` every entry is valid in (never empty).

    Args:
        entries: the entries, in order.
        candidates: the formats still possible before them (one format: it is decided).
        start: the index of the first entry, for the faults reported.

    Raises:
        EntryFormatError: the first entry no candidate accepts (its fault, in the first
            candidate format, and every reason when several were still possible).
    """
    for offset, entry in enumerate(entries):
        index = start + offset
        faults = {f: entry_fault(entry, f, index=index) for f in _ORDER if f in candidates}
        left = frozenset(f for f, fault in faults.items() if fault is None)
        if not left:
            raise _no_fit(index, faults)
        candidates = left
    return candidates


def _no_fit(index: int, faults: dict[Format, EntryFault | None]) -> EntryFormatError:
    found = [(f, fault) for f, fault in faults.items() if fault is not None]
    first = found[0][1]
    if len(found) == 1:
        reason = f"not valid {found[0][0]}: {first.reason}"
    else:
        reason = (
            "fits none of the formats still possible ("
            + "; ".join(f"as {f}: {fault.pointer or '/'} {fault.reason}" for f, fault in found)
            + ")"
        )
    formats = tuple(f for f in _ORDER if f in faults)
    return EntryFormatError(reason, index=index, pointer=first.pointer, formats=formats)


def reading_format(candidates: frozenset[Format]) -> Format:
    """The format to read entries in while ``candidates`` are still possible.

    Entries valid in several formats read the same in each (same roles, texts and ids, no tool
    calls), so any candidate serves; the first in a fixed order keeps it deterministic.

    Raises:
        FormatError: ``candidates`` is empty.
    """
    for fmt in _ORDER:
        if fmt in candidates:
            return fmt
    raise FormatError("no format is possible")
