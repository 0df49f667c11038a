"""Helpers shared by the three format readers (private to ``runtime.formats``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from runtime.errors import FormatError
from runtime.messages import JSON, derive_message_id

__all__ = [
    "count_parts",
    "entry_id",
    "entry_timestamp",
    "fail",
    "join_text",
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


def entry_id(index: int, entry: dict[str, Any]) -> tuple[str, bool]:
    """The own non-empty string ``id`` (and True), else the derived stable id (and False)."""
    own = entry.get("id")
    if isinstance(own, str) and own:
        return own, True
    return derive_message_id(index, entry), False


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
            if part.get("type") in text_types and isinstance(part.get("text"), str):
                pieces.append(part["text"])
            elif nested is not None:
                pieces.append(nested(part))
    return join_text(pieces)


def count_parts(content: JSON, types: frozenset[str]) -> int:
    """Number of parts in a content list whose ``type`` is one of ``types``."""
    if not isinstance(content, list):
        return 0
    return sum(1 for part in content if isinstance(part, dict) and part.get("type") in types)
