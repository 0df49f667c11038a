"""Protocol check of an append that reads the tail of the stored history, not all of it.

The stored history was checked when it was appended, so only what a batch can affect needs
reading again: the tool-call pairing from the last plain user message before the batch on. The
window (``start``..end, at most ``TAIL_WINDOW`` stored entries before the boundary search) plus
the batch is read and grouped; the history before ``start`` is only searched, in SQL, for the
call ids the batch mentions. The whole history is read and grouped as before when that
shortcut cannot decide:

* no plain user message in the last ``TAIL_WINDOW`` stored entries (a long tool chain);
* the window plus the batch fails the check (a result for a call made before the window, or
  a real protocol error: the full read then names the right message and position);
* a call id of the batch occurs in the history before the window (it might be a duplicate of
  an open call there, or answer one);
* a Responses ``item_reference`` in the batch (it may point before the window).

So an append costs O(window + batch) instead of O(history): no JSON parsing, hashing or
grouping of the older entries. Fresh messages get the ids a full read would give them
(their own ``id``, else ``derive_message_id(position, entry)``).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import or_
from sqlmodel import Session, col, select

from api.sessions.store import load_history
from api.sessions.tables import SessionMessageRow
from runtime.errors import FormatError, ProtocolError
from runtime.formats import read_history
from runtime.grouping import group_messages
from runtime.messages import Format, Message, derive_message_id

__all__ = ["TAIL_WINDOW", "check_append"]

TAIL_WINDOW = 64
_MAX_SEARCHED_IDS = 64


def check_append(
    db: Session, *, tenant_id: str, session_id: str, stored_count: int, new: list[Any], fmt: Format
) -> list[Message]:
    """Check stored + ``new`` in ``fmt``; return the messages of ``new`` with their ids.

    Raises:
        ProtocolError: the history with the batch breaks the tool-call protocol.
        FormatError: an entry of the batch is malformed for ``fmt``.
    """
    scope = (tenant_id, session_id)
    start = max(0, stored_count - TAIL_WINDOW)
    tail = _raw_from(db, scope, start) if stored_count else []
    boundary = _boundary(tail, fmt)
    if boundary is not None and start + boundary > 0:
        begin = start + boundary
        fresh = _window_check(tail[boundary:], new, fmt)
        if fresh is not None and not _mentioned_before(db, scope, begin, fresh):
            return [_rebase(m, begin) for m in fresh]
    entries = (tail if start == 0 else _raw_from(db, scope, 0)) + new
    messages = read_history(entries, format=fmt).messages
    group_messages(messages)
    return list(messages[stored_count:])


def _raw_from(db: Session, scope: tuple[str, str], start: int) -> list[Any]:
    return load_history(db, tenant_id=scope[0], session_id=scope[1], start=start)


def _boundary(tail: list[Any], fmt: Format) -> int | None:
    """Index in ``tail`` of its last plain user message (no calls, no results), or None."""
    try:
        messages = read_history(tail, format=fmt).messages
    except FormatError:
        return None
    for message in reversed(messages):
        if message.role == "user" and not message.tool_results and not message.tool_calls:
            return message.index
    return None


def _window_check(window: list[Any], new: list[Any], fmt: Format) -> list[Message] | None:
    """The batch's messages (ids relative to the window) if window + batch pass, else None."""
    if fmt == "openai-responses" and any(
        isinstance(e, dict) and e.get("type") == "item_reference" for e in new
    ):
        return None
    try:
        messages = read_history(window + new, format=fmt).messages
        group_messages(messages)
    except (ProtocolError, FormatError):
        return None
    return list(messages[len(window) :])


def _call_ids(messages: Sequence[Message]) -> set[str]:
    ids = {call.call_id for m in messages for call in m.tool_calls}
    ids.update(result.call_id for m in messages for result in m.tool_results)
    return ids


def _like(call_id: str) -> str:
    quoted = json.dumps(call_id, ensure_ascii=False)  # as stored by ``dump_json``
    escaped = quoted.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _mentioned_before(
    db: Session, scope: tuple[str, str], begin: int, fresh: Sequence[Message]
) -> bool:
    """Whether a call id of the batch occurs in a stored entry before ``begin``."""
    ids = _call_ids(fresh)
    if not ids:
        return False
    if len(ids) > _MAX_SEARCHED_IDS:
        return True
    raw = col(SessionMessageRow.raw_json)
    hit = db.exec(
        select(SessionMessageRow.position)
        .where(
            SessionMessageRow.tenant_id == scope[0],
            SessionMessageRow.session_id == scope[1],
            col(SessionMessageRow.position) < begin,
            or_(*(raw.like(_like(i), escape="\\") for i in sorted(ids))),
        )
        .limit(1)
    ).first()
    return hit is not None


def _rebase(message: Message, offset: int) -> Message:
    index = message.index + offset
    ident = message.id if message.own_id else derive_message_id(index, message.raw)
    return dataclasses.replace(message, index=index, id=ident)
