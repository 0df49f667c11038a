"""Shape-based detection of the wire format (private to ``runtime.formats``).

Each entry votes by the marks only one format uses: a top-level ``type`` or ``input_*`` /
``output_text`` parts mean Responses; ``tool_use``/``tool_result``/``thinking``/``image`` blocks
mean Anthropic; ``tool_calls``, ``tool_call_id``, the ``tool``/``function`` roles or
``image_url``/``input_audio`` parts mean Chat. A list of plain ``{"role", "content": str}``
messages carries no mark: it is read as Chat (it is valid Chat, and valid Anthropic only when it
has no system role). The format with the most votes wins; ties prefer Responses, then Anthropic,
whose marks are the rarer and more specific ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from runtime.errors import FormatError
from runtime.formats.entries import kind_of
from runtime.messages import JSON, Format

__all__ = ["detect_entries", "split_payload"]

_RESPONSES_PARTS = frozenset({"input_text", "output_text", "input_image", "input_file"})
_ANTHROPIC_BLOCKS = frozenset(
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
_CHAT_PARTS = frozenset({"image_url", "input_audio", "file"})
# ``messages_to_dict`` / ``model_dump`` of LangChain messages: no Responses item has these types
_LANGCHAIN_TYPES = frozenset({"human", "ai", "AIMessageChunk", "HumanMessageChunk"})
_ORDER: tuple[Format, ...] = ("openai-responses", "anthropic", "openai-chat")


def _part_vote(content: JSON) -> Format | None:
    if not isinstance(content, list):
        return None
    for part in content:
        kind = kind_of(part) if isinstance(part, dict) else None
        if kind in _RESPONSES_PARTS:
            return "openai-responses"
        if kind in _ANTHROPIC_BLOCKS:
            return "anthropic"
        if kind in _CHAT_PARTS:
            return "openai-chat"
    return None


def _entry_vote(index: int, entry: JSON) -> Format | None:
    if not isinstance(entry, dict):
        raise FormatError(
            f"entry {index}: a {type(entry).__name__} fits no format (entries are JSON objects)"
        )
    kind = entry.get("type")
    if isinstance(kind, str) and kind in _LANGCHAIN_TYPES and "role" not in entry:
        raise FormatError(
            f"entry {index}: a LangChain message dict (type {kind!r}), not a wire format; "
            "convert it with langchain_core.messages.convert_to_openai_messages"
        )
    if isinstance(kind, str):
        return "openai-responses"
    if "role" not in entry:
        raise FormatError(f"entry {index}: an object with neither 'role' nor 'type' fits no format")
    # spelled out: a generator over the keys was half of detection's cost on a warm call
    if (
        "tool_calls" in entry
        or "tool_call_id" in entry
        or "function_call" in entry
        or entry.get("role") in ("tool", "function")
    ):
        return "openai-chat"
    return _part_vote(entry.get("content"))


def detect_entries(entries: Sequence[JSON], *, has_system: bool = False) -> Format:
    """The format of a list of entries (see the module docstring for the rules).

    Raises:
        FormatError: an entry that is not an object or has neither ``role`` nor ``type``.
    """
    votes: dict[Format, int] = {"openai-responses": 0, "anthropic": 0, "openai-chat": 0}
    if has_system:
        votes["anthropic"] += 1
    for index, entry in enumerate(entries):
        vote = _entry_vote(index, entry)
        if vote is not None:
            votes[vote] += 1
    best = max(_ORDER, key=lambda name: votes[name])
    return best if votes[best] else "openai-chat"


def split_payload(payload: JSON) -> tuple[list[JSON], dict[str, Any]]:
    """The entry list and the enclosing object (empty for a bare list).

    A Responses ``input`` that is a plain string is one user message, as the API reads it.

    Raises:
        FormatError: the top level is neither a list nor an object with a list under
            ``messages`` or ``input``.
    """
    if isinstance(payload, list):
        return payload, {}
    if isinstance(payload, tuple):  # a Python caller's sequence of entries
        return list(payload), {}
    if not isinstance(payload, dict):
        raise FormatError(
            f"a top-level {type(payload).__name__} fits no format: expected a list of messages "
            "or an object with 'messages' or 'input'"
        )
    for key in ("messages", "input"):
        if key in payload:
            entries = payload[key]
            if key == "input" and isinstance(entries, str):
                return [{"role": "user", "content": entries}], payload
            if not isinstance(entries, list):
                raise FormatError(f"'{key}' must be a list, got {type(entries).__name__}")
            return entries, payload
    raise FormatError("a top-level object fits no format: it has neither 'messages' nor 'input'")
