"""Messages of an earlier read, reused for the entries a caller passes again unchanged.

An agent loop passes the same list of entry objects on every call, one or two appended. Parsing
an entry into a ``Message`` costs about twice what hashing it does, so a read may take the
previous read's ``Message`` for an entry that is provably the same: the very same object (the
caller's own, so ``Message.raw`` stays the caller's object), at the same position, with the
same content digest (an entry edited in place hashes differently) and the id the reader would
give it (a repeated own id renamed by ``read_history`` is not reused: its first occurrence may
be gone). Whatever fails a check is read afresh, so a read with reuse returns exactly what a
read without it returns.

The memo (``ReadMemo``: ``id(entry) -> Message``) holds the caller's text, so it lives where
the caller's text already lives: on the ``CompactionState`` a call returns (not serialized, not
part of its value), never in a compactor or a module (``runtime.hygiene``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from runtime.canonical import canonical_json
from runtime.messages import JSON, Message, content_digest

__all__ = ["ReadMemo", "memo_of", "reused"]

ReadMemo = Mapping[int, Message]
"""``id(entry) -> Message`` of an earlier read (``memo_of``)."""


def memo_of(messages: Iterable[Message]) -> dict[int, Message]:
    """The memo of a read's messages."""
    return {id(message.raw): message for message in messages}


def reused(memo: ReadMemo, index: int, raw: JSON) -> Message | None:
    """The earlier ``Message`` of ``raw`` at ``index`` when it is provably the same, else
    ``None`` (read it). Never raises."""
    message = memo.get(id(raw))
    if message is None or message.raw is not raw or message.index != index:
        return None
    own = raw.get("id") if isinstance(raw, dict) else None
    if message.own_id != (isinstance(own, str) and bool(own)):
        return None  # renamed as a repeated own id: whether it still repeats is the read's call
    hint = message.digest_hint
    try:
        if hint is not None and hint[0] is raw:  # the bytes it had: no need to hash them
            return message if canonical_json(raw) == hint[2] else None
        digest = content_digest(raw)
    except (TypeError, ValueError):
        return None
    return message if digest == message.digest else None
