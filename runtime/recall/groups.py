"""Message groups as recall sees them: what is indexed, what is read back, who wrote what.

A recalled group must come back exactly as it is in the history the caller passes now. The
index stores only positions, ids and a digest of each evicted group (``IndexedGroup``);
``still_in_history`` checks those positions of the raw entries against the digest and answers
``False`` when they changed or an entry is a retention tombstone (``"tiermem_purged": true``,
written by the service's purge): an edited, erased or purged group is never recalled.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

from runtime.messages import JSON, Message, content_digest
from runtime.recall.index import IndexedGroup

__all__ = [
    "PURGED_MARK",
    "authored_text",
    "group_digest",
    "is_purged",
    "still_in_history",
]

PURGED_MARK: Final = "tiermem_purged"
"""The field the retention purge sets on a tombstone entry."""


def is_purged(message: Message) -> bool:
    """Whether ``message`` is a retention tombstone."""
    raw = message.raw
    return isinstance(raw, dict) and raw.get(PURGED_MARK) is True


def authored_text(message: Message) -> str:
    """The text the message's own author wrote: tool results carried inside it excluded.

    An Anthropic user message may carry ``tool_result`` blocks (tool output) beside the user's
    text blocks; a Chat ``tool`` message or a Responses output is tool output only.
    """
    if not message.tool_results:
        return message.text
    content = message.raw.get("content") if isinstance(message.raw, dict) else None
    if not isinstance(content, list):
        return ""
    pieces = [
        block["text"]
        for block in content
        if isinstance(block, dict)
        and block.get("type") == "text"
        and isinstance(block.get("text"), str)
    ]
    return "\n".join(pieces)


def group_digest(messages: Sequence[Message]) -> str:
    """A short digest of the messages' contents (each message's canonical-JSON digest)."""
    hasher = hashlib.blake2b(digest_size=12)
    for message in messages:
        hasher.update(message.digest.encode())
    return hasher.hexdigest()


def still_in_history(entries: Sequence[JSON], group: IndexedGroup) -> bool:
    """Whether the group is still in ``entries`` (the whole history) as it was indexed: same
    positions, same content digest, no retention tombstone.

    Content equal at the same positions means equal ids too (a derived id is the position
    plus the content hash; an own id is part of the content), so nothing is parsed: the check
    costs one canonical-JSON hash per entry. Never raises for bad input.
    """
    if group.end > len(entries):
        return False
    hasher = hashlib.blake2b(digest_size=12)
    for entry in entries[group.start : group.end]:
        if isinstance(entry, dict) and entry.get(PURGED_MARK) is True:
            return False
        try:
            hasher.update(content_digest(entry).encode())
        except (TypeError, ValueError):
            return False
    return hasher.hexdigest() == group.digest
