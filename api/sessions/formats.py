"""A session's wire format as stored: decided, or ``auto`` with the formats still possible.

``agent_sessions.format`` holds one of three things:

* a format name (``openai-chat``, ``openai-responses``, ``anthropic``): decided, at creation or
  by the first entry only that format accepts;
* ``NULL``: ``auto`` with every format still possible (a new session, or one whose entries all
  fit the three, such as plain-string user and assistant messages);
* ``auto:<a>+<b>``: ``auto`` narrowed to two formats (e.g. a system message fits Chat and
  Responses, not Anthropic; text blocks fit Chat and Anthropic, not Responses).

Keeping the narrowed set in the row makes an append check its batch alone, never the stored
history again. The API shows ``auto`` until the format is decided (``shown_format``) and the
formats still possible (``format_candidates``); everything that reads stored entries reads them
in ``reading_format``, which for undecided entries reads exactly as any candidate would.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any, Literal

from sqlmodel import Session, select

from api.sessions.errors import InvalidHistory
from api.sessions.store import load_state
from api.sessions.tables import SessionSummaryRow
from runtime.errors import FormatError
from runtime.formats.validation import ALL_FORMATS, reading_format
from runtime.messages import Format
from runtime.state import CompactionState

__all__ = [
    "AUTO",
    "decided_format",
    "encode_candidates",
    "format_candidates",
    "initial_format",
    "read_format",
    "retag_state",
    "shown_format",
]

AUTO = "auto"
_PREFIX = "auto:"
_SHORT: dict[Format, str] = {
    "openai-chat": "chat",
    "openai-responses": "responses",
    "anthropic": "anthropic",
}
_LONG: dict[str, Format] = {short: long for long, short in _SHORT.items()}
ShownFormat = Literal["auto", "openai-chat", "openai-responses", "anthropic"]


def format_candidates(stored: str | None) -> frozenset[Format]:
    """The formats still possible for a stored value (one: decided)."""
    if stored is None or stored == AUTO:
        return ALL_FORMATS
    if stored.startswith(_PREFIX):
        names = stored[len(_PREFIX) :].split("+")
        found = frozenset(_LONG[name] for name in names if name in _LONG)
        return found or ALL_FORMATS
    for fmt in ALL_FORMATS:
        if stored == fmt:
            return frozenset({fmt})
    return ALL_FORMATS  # an unknown stored value: nothing decided


def encode_candidates(candidates: frozenset[Format]) -> str | None:
    """The stored value for ``candidates`` (the inverse of ``format_candidates``)."""
    if len(candidates) == 1:
        return next(iter(candidates))
    if not candidates or candidates == ALL_FORMATS:
        return None
    return _PREFIX + "+".join(sorted(_SHORT[fmt] for fmt in candidates))


def decided_format(stored: str | None) -> Format | None:
    """The session's format once decided, else None."""
    candidates = format_candidates(stored)
    return next(iter(candidates)) if len(candidates) == 1 else None


def shown_format(stored: str | None) -> ShownFormat:
    """What the API shows: the decided format, or ``auto``."""
    return decided_format(stored) or "auto"


def read_format(stored: str | None) -> Format:
    """The format to read the stored entries in (the decided one, else a candidate)."""
    return reading_format(format_candidates(stored))


def initial_format(requested: str, *, system: Any | None) -> str | None:
    """The stored value of a new session: the requested format, or ``auto`` (decided as
    Anthropic at once when the session carries Anthropic's top-level ``system``).

    Raises:
        InvalidHistory: a Chat or Responses session given Anthropic's top-level ``system``
            (those formats carry their system prompt as a message; storing it would send a
            field their APIs do not take, or silently drop it).
    """
    if requested != AUTO:
        if system is not None and requested != "anthropic":
            raise InvalidHistory(
                f"system is Anthropic's top-level field; a {requested} session carries its "
                "system prompt as a message (role system or developer)"
            )
        return requested
    return "anthropic" if system is not None else None


def retag_state(
    db: Session, *, tenant_id: str, session_id: str, fmt: Format, now: datetime
) -> None:
    """Give the session's compaction states (the current one and each summary version's) the
    format an append just decided.

    They were made while the format was undecided, from entries that read alike in every
    candidate format, so their cut, counts and summary hold as they are; only the format they
    name must match, or the next ``/context`` would discard them as made for another format.
    The state's ``revision`` moves on, so a ``/context`` racing this append retries on it.
    """
    state_row = load_state(db, tenant_id=tenant_id, session_id=session_id)
    retagged = _retagged(state_row.state_json, fmt)
    if retagged is not None:
        state_row.state_json = retagged
        state_row.revision += 1
        state_row.updated_at = now
        db.add(state_row)
    summaries = db.exec(
        select(SessionSummaryRow).where(
            SessionSummaryRow.tenant_id == tenant_id, SessionSummaryRow.session_id == session_id
        )
    ).all()
    for summary_row in summaries:
        retagged = _retagged(summary_row.state_json, fmt)
        if retagged is not None:
            summary_row.state_json = retagged
            db.add(summary_row)


def _retagged(state_json: str | None, fmt: Format) -> str | None:
    """``state_json`` naming ``fmt``, or None when there is nothing to change (or to read)."""
    if state_json is None:
        return None
    try:
        state = CompactionState.from_json(state_json)
    except FormatError:
        return None  # an unreadable state only costs a fresh start, as in /context
    if state.format == fmt:
        return None
    return replace(state, format=fmt).to_json()
