"""The last ``/context`` call's decision: what was sent, why, and where the tokens went.

``/context`` stores one ``DecisionRecord`` beside the state it produced (column
``session_states.decision_json``), in the same write; ``GET /v1/sessions/{id}/context/last``
reads it back as a ``ContextDecision`` without compacting again, which is what the inspector
page shows.

The record is kept small on purpose (it is rewritten by every call that changes something): the
ids sent and their tokens (bounded by the budget), the pins and recalled ids, the summary's
coverage and the token breakdown. Each message's status is derived from it when read:

- ``pinned``: sent because of a pin (a pinned message, or its group held before the cut);
- ``recalled``: sent back by recall after it had been evicted;
- ``kept``: sent otherwise (the prefix, the recent window);
- ``summarized``: not sent, covered by the summary that was sent;
- ``dropped``: not sent and not in a sent summary.

A call that decides exactly what the stored record says (only the time differs) writes nothing,
like the rest of ``/context``: ``decided_at`` is when that decision was first made.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlmodel import Session, col, select

from api.sessions.errors import DecisionNotFound
from api.sessions.store import load_session, load_state
from api.sessions.tables import SessionMessageRow
from runtime import CompactionResult
from runtime.compaction.report import CompactionReport, Strategy
from runtime.errors import FormatError, ProtocolError
from runtime.formats import read_history
from runtime.tokens import TokenCounter

__all__ = [
    "DECISION_SCHEMA",
    "ContextDecision",
    "DecidedMessage",
    "DecisionRecord",
    "MessageStatus",
    "TokenBreakdown",
    "build_decision",
    "decision_changed",
    "decision_json",
    "read_decision",
]

DECISION_SCHEMA = "tiermem.context_decision.v1"
SUMMARY_PREFIX = "summary-v"
RECALL_PREFIX = "recall-"
MessageStatus = Literal["kept", "pinned", "summarized", "recalled", "dropped"]
_SENT_STATUS: dict[str, MessageStatus] = {
    "prefix": "kept",
    "kept": "kept",
    "pinned": "pinned",
    "recalled": "recalled",
}


class TokenBreakdown(BaseModel):
    """Where the usable tokens of the context went; the first five add up to ``compacted``."""

    model_config = ConfigDict(frozen=True)

    prefix: int = Field(
        description="The system/developer prefix with the tool definitions, Anthropic's system "
        "and the reply priming (what is sent whatever the history holds)."
    )
    summary: int = Field(description="The injected summary message (0 without one).")
    pins: int = Field(description="Messages sent because of a pin, before the cut.")
    recall: int = Field(description="Evicted messages sent back by recall.")
    recent: int = Field(description="The recent window: every other message sent.")
    free: int = Field(description="Usable tokens left: usable minus compacted (never below 0).")
    usable: int = Field(description="The budget's usable tokens for this call (calibrated).")
    compacted: int = Field(description="Tokens of the whole context sent (the report's).")


class DecisionRecord(BaseModel):
    """The stored form of one decision (``session_states.decision_json``)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    schema_: str = Field(default=DECISION_SCHEMA, alias="schema")
    decided_at: datetime
    strategy: Strategy
    format: str
    summary_version: int
    triggered: bool
    over_budget: bool
    history_messages: int
    summary_until_index: int | None
    summary_sent: bool
    sent_ids: list[str]
    sent_tokens: list[int | None]
    sent_kinds: list[str]
    pinned_ids: list[str]
    recalled_ids: list[str]
    breakdown: TokenBreakdown

    def same_decision(self, other: DecisionRecord) -> bool:
        """Equal but for the time it was made."""
        mine = self.model_dump(exclude={"decided_at"})
        return mine == other.model_dump(exclude={"decided_at"})


class DecidedMessage(BaseModel):
    """One history message and what the last ``/context`` call did with it."""

    id: str = Field(description="The message id (its own, or the one tiermem derived).")
    position: int = Field(description="Its position in the session's history (0-based).")
    role: str = Field(description="Its role as stored (user, assistant, tool, system, ...).")
    status: MessageStatus = Field(
        description="kept, pinned or recalled (sent), summarized (not sent, covered by the sent "
        "summary) or dropped (neither)."
    )
    prefix: bool = Field(description="Part of the system/developer prefix.")
    tokens: int | None = Field(
        description="Its tokens as sent (cleared tool results counted as sent), or as stored "
        "when not sent; null when it cannot be read (a purged message)."
    )


class ContextDecision(BaseModel):
    """``GET /v1/sessions/{id}/context/last``: the last ``/context`` decision, read back."""

    session_id: str = Field(description="The session.")
    decided_at: datetime = Field(
        description="When this decision was first made (identical later calls do not rewrite it)."
    )
    strategy: Strategy = Field(description="none, window or summary (the report's strategy).")
    format: str = Field(description="The history's wire format.")
    summary_version: int = Field(description="The state's summary version (0: none yet).")
    summary_sent: bool = Field(description="Whether a summary message was in the context.")
    triggered: bool = Field(description="Whether the context exceeded the trigger.")
    over_budget: bool = Field(description="Whether the mandatory part exceeded usable.")
    history_messages: int = Field(description="History entries the call saw.")
    appended_since: int = Field(description="Entries appended after the call (not decided yet).")
    breakdown: TokenBreakdown = Field(description="Where the tokens of the context went.")
    sent_ids: list[str] = Field(
        description="The id of each entry sent, in order (summary-vN for the summary)."
    )
    recalled_ids: list[str] = Field(description="Evicted messages that recall sent back.")
    counts: dict[str, int] = Field(description="Messages per status.")
    messages: list[DecidedMessage] = Field(
        description="Every message the call saw, in history order, with its status and tokens."
    )


def _recall_of(report: CompactionReport) -> tuple[list[str], int | None]:
    """Recalled ids and tokens from the report, once recall reports them (empty until then)."""
    data = report.model_dump(mode="json")
    ids = data.get("recalled_ids")
    tokens = data.get("recall_tokens")
    recall = data.get("recall")
    if isinstance(recall, dict):
        ids = ids if ids is not None else recall.get("recalled_ids", recall.get("ids"))
        tokens = tokens if tokens is not None else recall.get("tokens")
    clean = [str(i) for i in ids] if isinstance(ids, list) else []
    return clean, tokens if isinstance(tokens, int) else None


def _sent_tokens(result: CompactionResult, counter: TokenCounter) -> list[int | None]:
    """Tokens of each entry as sent (read back in the result's own format)."""
    try:
        messages = read_history(result.messages, format=result.report.format).messages
    except (FormatError, ProtocolError):
        return [None] * len(result.ids)
    if len(messages) != len(result.ids):
        return [None] * len(result.ids)
    return list(counter.count_messages(messages))


def _statuses_sent(
    ids: list[str], *, prefix_length: int, cut_id: str | None, pinned: set[str], recalled: set[str]
) -> list[str]:
    """``prefix``, ``summary``, ``pinned``, ``recalled`` or ``kept`` for each sent entry."""
    out: list[str] = []
    before_cut = cut_id is not None
    for index, mid in enumerate(ids):
        if mid == cut_id:
            before_cut = False
        if index < prefix_length:
            out.append("prefix")
        elif mid.startswith(SUMMARY_PREFIX):
            out.append("summary")
        elif mid in recalled or mid.startswith(RECALL_PREFIX):
            out.append("recalled")
        elif mid in pinned or before_cut:
            out.append("pinned")  # after the summary and before the cut: held by a pin
        else:
            out.append("kept")
    return out


def build_decision(
    result: CompactionResult, report: CompactionReport, *, counter: TokenCounter, now: datetime
) -> DecisionRecord:
    """The record of what ``result`` sends: statuses' inputs and the token breakdown."""
    state, ids = result.state, list(result.ids)
    tokens = _sent_tokens(result, counter)
    recalled, recall_tokens = _recall_of(report)
    pinned = set(report.pinned_ids)
    kinds = _statuses_sent(
        ids,
        prefix_length=min(state.prefix_length, len(ids)),
        cut_id=state.cut_id,
        pinned=pinned,
        recalled=set(recalled),
    )
    sums = {"pinned": 0, "recalled": 0, "kept": 0}
    for kind, count in zip(kinds, tokens, strict=True):
        if kind in sums:
            sums[kind] += count or 0
    recall = recall_tokens if recall_tokens is not None else sums["recalled"]
    summary = report.summary_tokens if "summary" in kinds else 0
    compacted = report.compacted_tokens
    prefix = max(0, compacted - summary - sums["pinned"] - recall - sums["kept"])
    breakdown = TokenBreakdown(
        prefix=prefix,
        summary=summary,
        pins=sums["pinned"],
        recall=recall,
        recent=sums["kept"],
        free=max(0, report.usable_tokens - compacted),
        usable=report.usable_tokens,
        compacted=compacted,
    )
    return DecisionRecord(
        decided_at=now,
        strategy=report.strategy,
        format=report.format,
        summary_version=report.summary_version,
        triggered=report.triggered,
        over_budget=report.over_budget,
        history_messages=report.history_messages,
        summary_until_index=state.summary_until_index,
        summary_sent="summary" in kinds,
        sent_ids=ids,
        sent_tokens=tokens,
        sent_kinds=kinds,
        pinned_ids=sorted(pinned & set(ids)),
        recalled_ids=recalled,
        breakdown=breakdown,
    )


def _parse(text: str | None) -> DecisionRecord | None:
    if text is None:
        return None
    try:
        return DecisionRecord.model_validate_json(text)
    except ValidationError:
        return None  # an unreadable record only costs one rewrite


def decision_json(
    result: CompactionResult,
    report: CompactionReport,
    *,
    counter: TokenCounter,
    now: datetime,
    stored: str | None,
) -> str:
    """The JSON to store for this call: ``stored`` itself when the decision is the same (so an
    unchanged call still writes nothing), else the new record."""
    record = build_decision(result, report, counter=counter, now=now)
    previous = _parse(stored)
    if previous is not None and stored is not None and previous.same_decision(record):
        return stored
    return record.model_dump_json(by_alias=True)


def decision_changed(stored: str | None, new: str) -> bool:
    """Whether ``new`` (from ``decision_json``) must be written."""
    return stored != new


def _message_tokens(entries: list[Any], fmt: str | None, counter: TokenCounter) -> list[int | None]:
    """Stored entries' tokens (None for all when the history cannot be read, e.g. purged)."""
    if not entries or fmt is None:
        return [None] * len(entries)
    try:
        messages = read_history(entries, format=fmt).messages  # type: ignore[arg-type]
    except (FormatError, ProtocolError):
        return [None] * len(entries)
    if len(messages) != len(entries):
        return [None] * len(entries)
    return list(counter.count_messages(messages))


def _decided(
    record: DecisionRecord, rows: Sequence[SessionMessageRow], stored: list[int | None]
) -> list[DecidedMessage]:
    """Each history message with the status the record implies for it."""
    sent = {
        mid: (kind, count)
        for mid, kind, count in zip(
            record.sent_ids, record.sent_kinds, record.sent_tokens, strict=False
        )
    }
    until = record.summary_until_index if record.summary_sent else None
    recalled = set(record.recalled_ids)
    out: list[DecidedMessage] = []
    for row, stored_count in zip(rows, stored, strict=True):
        kind, count = sent.get(row.message_id, (None, None))
        status: MessageStatus
        if kind is not None:
            status = _SENT_STATUS.get(kind, "kept")
        elif row.message_id in recalled:
            status = "recalled"  # sent inside the recall block (its id is the block's)
        elif until is not None and row.position < until:
            status = "summarized"
        else:
            status = "dropped"
        out.append(
            DecidedMessage(
                id=row.message_id,
                position=row.position,
                role=row.role,
                status=status,
                prefix=kind == "prefix",
                tokens=count if count is not None else stored_count,
            )
        )
    return out


def read_decision(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    counter: TokenCounter,
) -> ContextDecision:
    """The last ``/context`` decision of the session, with every message's status; reads only.

    Raises:
        SessionNotFound: no such session for this caller.
        DecisionNotFound: no ``/context`` call stored a decision yet.
    """
    row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    record = _parse(load_state(db, tenant_id=tenant_id, session_id=session_id).decision_json)
    if record is None:
        raise DecisionNotFound(f"session {session_id!r} has no /context decision yet")
    rows = db.exec(
        select(SessionMessageRow)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
            col(SessionMessageRow.position) < record.history_messages,
        )
        .order_by(col(SessionMessageRow.position))
    ).all()
    stored_tokens = _message_tokens(
        [json.loads(r.raw_json) for r in rows], row.format or record.format, counter
    )
    messages = _decided(record, rows, stored_tokens)
    counts = {s: 0 for s in ("kept", "pinned", "summarized", "recalled", "dropped")}
    for message in messages:
        counts[message.status] += 1
    return ContextDecision(
        session_id=session_id,
        decided_at=record.decided_at,
        strategy=record.strategy,
        format=record.format,
        summary_version=record.summary_version,
        summary_sent=record.summary_sent,
        triggered=record.triggered,
        over_budget=record.over_budget,
        history_messages=record.history_messages,
        appended_since=max(0, row.message_count - record.history_messages),
        breakdown=record.breakdown,
        sent_ids=record.sent_ids,
        recalled_ids=record.recalled_ids,
        counts=counts,
        messages=messages,
    )
