"""The closing pass at task end: facts from the messages no summary has covered yet.

A session's current summary only covers what compaction dropped; the recent tail (and the whole
of a short session that never compacted) is still raw. Promotion would miss what the user said
last, so the end runs the offline extractive summarizer once over that tail, with the current
summary as its previous state, exactly as a compaction would, but keeps the result in memory
only: no summary version is stored and the session's compaction state is untouched.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Final

from sqlmodel import Session, col, select

from api.storage.sessions import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionStateRow,
)
from runtime.errors import RuntimeTierError
from runtime.formats import read_history
from runtime.state import CompactionState
from runtime.summary.protocol import Summarizer, SummaryRequest
from runtime.summary.sanitize import sanitize_messages
from runtime.summary.schema import CompactionSummary

__all__ = ["CLOSING_BUDGET_TOKENS", "closing_summary"]

CLOSING_BUDGET_TOKENS: Final = 4000
"""Room for the closing summary: generous, it is never sent to a model."""


def _history(db: Session, session: AgentSessionRow) -> list[object]:
    rows = db.exec(
        select(SessionMessageRow.raw_json)
        .where(col(SessionMessageRow.tenant_id) == session.tenant_id)
        .where(col(SessionMessageRow.session_id) == session.id)
        .order_by(col(SessionMessageRow.position))
    ).all()
    return [json.loads(raw) for raw in rows]


def _pins(db: Session, session: AgentSessionRow) -> frozenset[str]:
    rows = db.exec(
        select(SessionPinRow.message_id)
        .where(col(SessionPinRow.tenant_id) == session.tenant_id)
        .where(col(SessionPinRow.session_id) == session.id)
    ).all()
    return frozenset(rows)


def _covered_until(db: Session, session: AgentSessionRow) -> int:
    """Index of the first message the current summary does not cover (0: none covered)."""
    row = db.get(SessionStateRow, (session.tenant_id, session.id))
    if row is None or not row.state_json:
        return 0
    try:
        state = CompactionState.from_json(row.state_json)
    except (RuntimeTierError, ValueError, TypeError):
        return 0
    return state.summary_until_index or 0


def closing_summary(
    db: Session,
    session: AgentSessionRow,
    summary: CompactionSummary | None,
    *,
    summarizer: Summarizer,
    now: datetime,
) -> tuple[CompactionSummary | None, int]:
    """``summary`` extended with the facts of the messages it does not cover yet.

    Returns:
        The extended summary (``summary`` itself when nothing is uncovered or the pass fails:
        the end must not fail because a best-effort extraction did) and how many messages
        the pass read.
    """
    history = _history(db, session)
    if not history:
        return summary, 0
    known = ("openai-chat", "openai-responses", "anthropic")
    fmt = session.format if session.format in known else "auto"
    try:
        transcript = read_history(history, format=fmt)  # type: ignore[arg-type]
    except RuntimeTierError:
        return summary, 0
    until = _covered_until(db, session) if summary is not None else 0
    skip = ("system", "developer")
    pins = _pins(db, session)
    # Pinned groups are held out of the summary (kept verbatim in the context), so a pinned
    # message before ``until`` is not covered by it either: read it too.
    tail = [
        m for m in transcript.messages if (m.index >= until or m.id in pins) and m.role not in skip
    ]
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
        return summarizer.summarize(request).summary, len(tail)
    except (RuntimeTierError, ValueError):
        return summary, 0
