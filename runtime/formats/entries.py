"""Reading one entry, shared by the three format readers: its checks, id, timestamp, text parts.

``build_message`` turns one raw entry into a ``Message`` (own or derived id, ISO timestamp,
digest hint); the other helpers check an entry's shape (``require_dict``, ``require_str``,
``fail``) and extract readable text from its content parts (``parts_text``, ``count_parts``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from runtime.canonical import canonical_json
from runtime.errors import FormatError
from runtime.messages import JSON, Message, Role, ToolCall, ToolResult

__all__ = [
    "MESSAGE_FIELDS",
    "build_message",
    "count_parts",
    "entry_id",
    "entry_timestamp",
    "fail",
    "join_text",
    "kind_of",
    "parts_text",
    "require_dict",
    "require_str",
]


def fail(index: int, what: str) -> FormatError:
    """A one-line FormatError naming the entry's position (the caller raises it)."""
    return FormatError(f"entry {index}: {what}")


def require_dict(index: int, entry: JSON) -> dict[str, Any]:
    """The entry as a dict, or FormatError naming its position and actual type."""
    if not isinstance(entry, dict):
        raise fail(index, f"expected a JSON object, got {type(entry).__name__}")
    return entry


def require_str(index: int, value: JSON, field: str) -> str:
    """A required string field; FormatError when missing or of another type."""
    if not isinstance(value, str):
        shown = "missing" if value is None else f"a {type(value).__name__}"
        raise fail(index, f"{field} must be a string, is {shown}")
    return value


def entry_id(index: int, entry: dict[str, Any]) -> tuple[str, bool, tuple[JSON, str, bytes]]:
    """The own non-empty string ``id`` (and True), else the derived stable id (and False).

    Also returns the digest hint ``(entry, content_digest(entry), canonical bytes)`` for
    ``Message.digest_hint``:
    deriving the id needs the digest anyway, and callers (token counting, snapshots) need it for
    every message, so it is computed exactly once per read. The derived id is, by construction,
    ``derive_message_id(index, entry)``.
    """
    try:
        canonical = canonical_json(entry)
    except (TypeError, ValueError) as exc:  # not JSON: a set, a datetime, a circular reference
        raise fail(index, f"not a JSON value ({exc})") from exc
    digest = hashlib.sha256(canonical).hexdigest()  # content_digest(entry), from its bytes
    own = entry.get("id")
    if isinstance(own, str) and own:
        return own, True, (entry, digest, canonical)
    return f"m{index}-{digest[:12]}", False, (entry, digest, canonical)


def entry_timestamp(entry: dict[str, Any]) -> str | None:
    """``timestamp`` or ``created_at`` when it is an ISO 8601 string; anything else is ignored."""
    for field in ("timestamp", "created_at"):
        value = entry.get(field)
        if isinstance(value, str) and value:
            try:
                datetime.fromisoformat(value)
            except ValueError:
                continue
            return value
    return None


def kind_of(part: dict[str, Any]) -> str | None:
    """A part's ``type`` when it is a string (anything else, even a list, is no type)."""
    kind = part.get("type")
    return kind if isinstance(kind, str) else None


def join_text(pieces: Iterable[str]) -> str:
    """Readable text of several parts: non-empty pieces separated by newlines."""
    return "\n".join(piece for piece in pieces if piece)


def parts_text(
    content: JSON,
    *,
    text_types: frozenset[str],
    nested: Callable[[dict[str, Any]], str] | None = None,
) -> str:
    """Readable text of a content value: a string, or a list of typed parts.

    Parts whose ``type`` is in ``text_types`` contribute their ``text``; ``nested`` (when given)
    extracts text from other parts (e.g. an Anthropic ``tool_result`` block). Anything else is
    not text (images, files, opaque blocks) and contributes nothing.
    """
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    pieces: list[str] = []
    for part in content:
        if isinstance(part, str):
            pieces.append(part)
        elif isinstance(part, dict):
            if kind_of(part) in text_types and isinstance(part.get("text"), str):
                pieces.append(part["text"])
            elif nested is not None:
                pieces.append(nested(part))
    return join_text(pieces)


def count_parts(content: JSON, types: frozenset[str]) -> int:
    """Number of parts in a content list whose ``type`` is one of ``types``."""
    if not isinstance(content, list):
        return 0
    return sum(1 for part in content if isinstance(part, dict) and kind_of(part) in types)


# ``build_message`` constructs ``Message`` positionally: a frozen dataclass built with twelve
# keyword arguments costs more than twice as much, and reading runs once per entry per compaction.
# tests/runtime/test_formats.py checks this order against ``dataclasses.fields(Message)``.
MESSAGE_FIELDS = (
    "id",
    "index",
    "role",
    "text",
    "raw",
    "item_type",
    "tool_calls",
    "tool_results",
    "image_count",
    "own_id",
    "timestamp",
    "digest_hint",
)


def build_message(
    index: int,
    entry: dict[str, Any],
    role: Role,
    text: str,
    item_type: str,
    calls: tuple[ToolCall, ...],
    results: tuple[ToolResult, ...],
    images: int,
) -> Message:
    """A ``Message`` for ``entry`` with its id, timestamp and digest hint filled in."""
    message_id, own, hint = entry_id(index, entry)
    return Message(
        message_id,
        index,
        role,
        text,
        entry,
        item_type,
        calls,
        results,
        images,
        own,
        entry_timestamp(entry),
        hint,
    )
