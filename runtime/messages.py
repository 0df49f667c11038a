"""The canonical, format-independent view of a history.

Every reader in ``runtime.formats`` turns the caller's wire format into a ``Transcript`` of
``Message`` values; every writer emits ``Message.raw`` unchanged, which is what makes the round
trip lossless. The canonical fields only exist so that grouping, counting and summarizing do not
need to know which provider the history came from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from runtime.canonical import canonical_json

__all__ = [
    "JSON",
    "Format",
    "Message",
    "Role",
    "ToolCall",
    "ToolResult",
    "Transcript",
    "content_digest",
    "derive_message_id",
]

JSON: TypeAlias = Any
Format = Literal["openai-chat", "openai-responses", "anthropic"]
Role = Literal["system", "developer", "user", "assistant", "tool", "other"]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A call an assistant message makes (Chat ``tool_calls``, Responses ``function_call``,
    Anthropic ``tool_use``). ``arguments`` is the argument JSON as text."""

    call_id: str
    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class ToolResult:
    """The answer to one call (Chat ``role: tool``, Responses ``function_call_output``,
    Anthropic ``tool_result`` block)."""

    call_id: str
    text: str
    is_error: bool = False


@dataclass(frozen=True, slots=True)
class Message:
    """One entry of the caller's history.

    Attributes:
        id: the entry's own ``id`` when it has one, else ``derive_message_id(index, raw)``.
        index: position in the history (0-based, the Anthropic ``system`` field excluded).
        role: normalized role; Responses items that are not messages use ``assistant`` for
            model-produced items (function calls, reasoning) and ``tool`` for outputs,
            ``other`` for item types tiermem does not know.
        text: the readable text of the entry, for counting and summarizing.
        raw: the original JSON value. Writers emit exactly this.
        item_type: ``message`` for plain messages; the Responses item type or ``opaque`` for
            entries tiermem passes through without understanding.
        tool_calls: calls made by this entry.
        tool_results: results carried by this entry (an Anthropic user message may carry several).
        image_count: images in the content, counted by estimate.
        own_id: whether ``id`` came from the entry itself.
        timestamp: an ISO 8601 time found on the entry (``timestamp``/``created_at``), if any;
            summarizers resolve relative dates against it.
    """

    id: str
    index: int
    role: Role
    text: str
    raw: JSON
    item_type: str = "message"
    tool_calls: tuple[ToolCall, ...] = ()
    tool_results: tuple[ToolResult, ...] = ()
    image_count: int = 0
    own_id: bool = False
    timestamp: str | None = None
    # (the raw object, its ``content_digest``, its canonical bytes) when a reader already hashed
    # it to derive the id, so counting and snapshots do not serialize every message again, and
    # the next read tells an unchanged entry by its bytes without hashing them
    # (``runtime.formats.reuse``). Used only while ``raw`` is that very object:
    # ``dataclasses.replace(m, raw=other)`` falls back to hashing ``other``.
    digest_hint: tuple[JSON, str, bytes] | None = field(default=None, repr=False, compare=False)

    @property
    def digest(self) -> str:
        """sha256 of the canonical JSON: the token-count cache key and snapshot hash input."""
        hint = self.digest_hint
        if hint is not None and hint[0] is self.raw:
            return hint[1]
        return content_digest(self.raw)


@dataclass(frozen=True, slots=True)
class Transcript:
    """A whole history read from one wire format.

    ``system`` is Anthropic's top-level field (left untouched), ``tools`` the tool definitions
    when the input carried them.
    """

    format: Format
    messages: tuple[Message, ...]
    system: JSON | None = None
    tools: JSON | None = None


def _canonical_json(value: JSON) -> bytes:
    # ``json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))`` as
    # UTF-8, built with orjson where that gives the same bytes (see ``runtime.canonical``):
    # every message is hashed on every read.
    return canonical_json(value)


def content_digest(value: JSON) -> str:
    """Hex sha256 of a JSON value in canonical form (sorted keys, no whitespace)."""
    return hashlib.sha256(_canonical_json(value)).hexdigest()


def derive_message_id(index: int, raw: JSON) -> str:
    """Stable id for an entry without one: its position plus a hash of its content.

    The same history always yields the same ids, and editing an entry changes its id, so a pin
    never silently moves to different content.
    """
    return f"m{index}-{content_digest(raw)[:12]}"
