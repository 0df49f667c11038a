"""The three wire formats: detect, read into canonical messages, write back losslessly.

Readers never modify an entry: ``Message.raw`` is the caller's object, and ``write_messages``
emits exactly those objects, so ``json.dumps(write_messages(read_history(x).messages))`` equals
``json.dumps(x)`` byte for byte, unknown fields and unknown item or block types included.
Message ids are reported beside the messages (``Message.id``), never written into them, and are
unique within a history: an own ``id`` seen a second time falls back to the derived id.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Literal

from runtime.errors import FormatError
from runtime.formats._detect import detect_entries, split_payload
from runtime.formats.anthropic import read_anthropic
from runtime.formats.openai_chat import read_chat
from runtime.formats.openai_responses import read_responses
from runtime.formats.reuse import ReadMemo
from runtime.messages import JSON, Format, Message, Transcript, derive_message_id

__all__ = [
    "FORMATS",
    "detect_format",
    "make_data_message",
    "read_history",
    "write_messages",
]

FORMATS: tuple[Format, ...] = ("openai-chat", "openai-responses", "anthropic")
_READERS: dict[Format, Callable[[Sequence[JSON], int, ReadMemo | None], tuple[Message, ...]]] = {
    "openai-chat": read_chat,
    "openai-responses": read_responses,
    "anthropic": read_anthropic,
}


def detect_format(payload: JSON) -> Format:
    """Decide the wire format of a history by its shape.

    ``payload`` is a list of entries or an object with ``messages`` (Chat, Anthropic; a top-level
    ``system`` counts for Anthropic) or ``input`` (Responses). An empty list, and a list of plain
    ``{"role", "content": str}`` messages, are read as ``openai-chat``: both are valid Chat.

    Raises:
        FormatError: the top-level shape, or one of its entries, fits no format (the message
            names what and where).
    """
    entries, envelope = split_payload(payload)
    if "input" in envelope and "messages" not in envelope:
        return "openai-responses"
    has_system = envelope.get("system") is not None
    return detect_entries(entries, has_system=has_system)


def _check_format(format: str) -> Format:
    for known in FORMATS:
        if format == known:
            return known
    raise FormatError(f"unknown format {format!r}: expected auto, {', '.join(FORMATS)}")


def read_history(
    payload: JSON,
    *,
    format: Format | Literal["auto"] = "auto",
    start: int = 0,
    memo: ReadMemo | None = None,
) -> Transcript:
    """Read a history into a ``Transcript`` of canonical messages.

    Args:
        payload: a list of entries, or an object with ``messages`` (Chat/Anthropic) or ``input``
            (Responses), plus optional ``system`` (Anthropic's top-level field, kept untouched in
            ``Transcript.system``) and ``tools``.
        format: one of ``FORMATS``, or ``auto`` to use ``detect_format``.
        start: the position of the payload's first entry in a longer history: a slice is read
            with its absolute positions (and the derived ids they give), as in the whole.
        memo: the messages of an earlier read (``runtime.formats.reuse.memo_of``), reused for
            entries passed again unchanged; the result is the same as without it.

    Raises:
        FormatError: unknown format name, a top-level shape that fits nothing, or a malformed
            entry (one line naming its position).
    """
    entries, envelope = split_payload(payload)
    chosen = detect_format(payload) if format == "auto" else _check_format(format)
    messages = _unique_ids(_READERS[chosen](entries, start, memo))
    system = envelope.get("system") if chosen == "anthropic" else None
    return Transcript(format=chosen, messages=messages, system=system, tools=envelope.get("tools"))


def _unique_ids(messages: tuple[Message, ...]) -> tuple[Message, ...]:
    """Give a repeated own ``id`` to its first entry only; later ones get their derived id.

    Pins, source ids and the window's "no duplicates" all key on ids, so they must be unique
    within a history; an own id used twice (e.g. an ``item_reference`` beside the item it
    names) would make a pin ambiguous.
    """
    seen = {message.id for message in messages}
    if len(seen) == len(messages):
        return messages
    used: set[str] = set()
    unique = []
    for message in messages:
        if message.id in used:
            fresh = derive_message_id(message.index, message.raw)
            message = dataclasses.replace(message, id=fresh, own_id=False)
        used.add(message.id)
        unique.append(message)
    return tuple(unique)


def write_messages(messages: Sequence[Message]) -> list[JSON]:
    """The entries to send, in order: each message's ``raw`` object, unchanged (lossless)."""
    return [message.raw for message in messages]


def make_data_message(format: Format, text: str) -> JSON:
    """A new user-role entry carrying ``text`` as plain data, in ``format``.

    Used to inject a compaction summary after the prefix. It is deliberately never a system or
    developer message: data must not gain instruction authority.

    Raises:
        FormatError: unknown format name.
    """
    chosen = _check_format(format)
    if chosen == "openai-responses":
        return {
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": text}],
        }
    if chosen == "anthropic":
        return {"role": "user", "content": [{"type": "text", "text": text}]}
    return {"role": "user", "content": text}
