"""The closing pass at task end: facts from the messages no summary has covered yet.

A session's current summary only covers what compaction dropped; the recent tail (and the whole
of a short session that never compacted) is still raw. Promotion would miss what the user said
last, so the end runs the offline extractive summarizer once over that tail, with the current
summary as its previous state, exactly as a compaction would, but keeps the result in memory
only: no summary version is stored and the session's compaction state is untouched.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Final

from sqlmodel import Session

from policy.sessions import SessionInfo, SessionSource
from runtime.errors import RuntimeTierError
from runtime.formats import read_history
from runtime.grouping import group_messages
from runtime.messages import Message
from runtime.summary.protocol import Summarizer, SummaryRequest
from runtime.summary.provenance import attribute_speakers
from runtime.summary.sanitize import sanitize_messages
from runtime.summary.schema import CompactionSummary

__all__ = ["CLOSING_BUDGET_TOKENS", "closing_summary", "uncovered_messages"]

CLOSING_BUDGET_TOKENS: Final = 4000
"""Room for the closing summary: generous, it is never sent to a model."""
_SKIPPED_ROLES: Final = frozenset({"system", "developer"})
_KNOWN_FORMATS: Final = ("openai-chat", "openai-responses", "anthropic")


def uncovered_messages(
    messages: Sequence[Message],
    *,
    until: int,
    pins: Collection[str],
    held_out: Collection[str] = (),
) -> list[Message]:
    """The messages the current summary does not cover, in order (system/developer excepted).

    The summary covers the groups before ``until`` except those the compactor held out of it:
    a group holding a pinned id (kept verbatim instead), and a group recorded in the state's
    ``held_out`` (pinned when the summary rolled over it; if its pin was removed since, no roll
    has summarized it yet). Groups are the compactor's (``runtime.grouping``), so a pinned tool
    call is read with its results; a history that does not group (a protocol error) is read
    message by message.
    """
    try:
        groups: Sequence[Sequence[Message]] = [g.messages for g in group_messages(messages)]
    except RuntimeTierError:
        groups = [[m] for m in messages]
    pinned, held = frozenset(pins), frozenset(held_out)
    tail: list[Message] = []
    for group in groups:
        ids = {m.id for m in group}
        if group[0].index >= until or ids & pinned or group[0].id in held:
            tail.extend(m for m in group if m.role not in _SKIPPED_ROLES)
    return tail


def closing_summary(
    db: Session,
    session: SessionInfo,
    summary: CompactionSummary | None,
    *,
    sessions: SessionSource,
    summarizer: Summarizer,
    now: datetime,
) -> tuple[CompactionSummary | None, int]:
    """``summary`` extended with the facts of the messages it does not cover yet.

    The history, pins and compaction state are read through ``sessions`` in ``db``.

    Returns:
        The extended summary (``summary`` itself when nothing is uncovered or the pass fails:
        the end must not fail because a best-effort extraction did) and how many messages
        the pass read.
    """
    where = {"tenant_id": session.tenant_id, "session_id": session.session_id}
    history = sessions.history(db, **where)
    if not history:
        return summary, 0
    fmt = session.format if session.format in _KNOWN_FORMATS else "auto"
    try:
        transcript = read_history(history, format=fmt)  # type: ignore[arg-type]
    except RuntimeTierError:
        return summary, 0
    state = sessions.state(db, **where) if summary is not None else None
    pins = sessions.pins(db, **where)
    tail = uncovered_messages(
        transcript.messages,
        until=(state.summary_until_index or 0) if state else 0,
        pins=pins,
        held_out=[ident for _index, ident in state.held_out] if state else (),
    )
    if not tail:
        return summary, 0
    clean, _counts = sanitize_messages(tail)
    request = SummaryRequest(
        previous=summary,
        messages=clean,
        pinned_ids=pins,
        now=now,
        next_version=(summary.summary_version + 1) if summary else 1,
        budget_tokens=CLOSING_BUDGET_TOKENS,
    )
    try:
        closed = summarizer.summarize(request).summary
    except (RuntimeTierError, ValueError):
        return summary, 0
    # Who wrote each source is derived from the messages, never taken from the summarizer.
    return attribute_speakers(closed, messages=clean, previous=summary), len(tail)
