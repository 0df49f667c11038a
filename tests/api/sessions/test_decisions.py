"""The last ``/context`` decision, stored with the state and read back without compacting
(``api.sessions.decisions``), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from api.sessions import ContextIn, build_context, read_decision, set_pins
from api.sessions.errors import DecisionNotFound
from api.sessions.tables import SessionStateRow
from runtime.tokens import TiktokenCounter
from tests.api._sessions_support import (
    FakeSummarizer,
    append,
    chat_history,
    new_session,
    runtime_with,
)

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)
BUDGET = {
    "context_limit": 6000,
    "max_output_tokens": 500,
    "tool_reserve": 100,
    "safety_margin": 100,
}


def _context(db: Session, sid: str, summarizer: FakeSummarizer | None = None):
    runtime = runtime_with(summarizer)
    return build_context(
        db, tenant_id=T1, session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
    )


def _read(db: Session, sid: str):
    return read_decision(
        db, tenant_id=T1, session_id=sid, user_scope=None, counter=TiktokenCounter()
    )


def test_no_call_yet_is_not_found(db: Session) -> None:
    sid = new_session(db, **BUDGET)
    append(db, sid, chat_history(2))
    with pytest.raises(DecisionNotFound):
        _read(db, sid)


def test_every_message_gets_a_status_and_the_breakdown_adds_up(db: Session) -> None:
    sid = new_session(db, **BUDGET)
    stored = append(db, sid, chat_history(80))
    pinned = stored.ids[1]  # the first user question, long evicted otherwise
    set_pins(db, tenant_id=T1, session_id=sid, user_scope=None, message_ids=[pinned], now=None)
    out = _context(db, sid, FakeSummarizer())
    report = out.report
    decision = _read(db, sid)
    assert decision.strategy == report.strategy == "summary"
    assert [m.id for m in decision.messages] == stored.ids
    status = {m.id: m.status for m in decision.messages}
    assert status[pinned] == "pinned"
    assert status[stored.ids[0]] == "kept" and decision.messages[0].prefix
    summarized = [m for m in decision.messages if m.status == "summarized"]
    assert summarized and all(m.id not in out.ids for m in summarized)
    assert set(report.summarized_ids) <= {m.id for m in summarized}
    sent = {m.id for m in decision.messages if m.status in ("kept", "pinned", "recalled")}
    assert sent == set(out.ids) - {f"summary-v{report.summary_version}"}
    assert decision.sent_ids == out.ids
    b = decision.breakdown
    assert b.compacted == report.compacted_tokens and b.usable == report.usable_tokens
    assert b.summary == report.summary_tokens > 0
    assert b.prefix + b.summary + b.pins + b.recall + b.recent == b.compacted
    assert b.free == b.usable - b.compacted and b.pins > 0 and b.recent > 0
    assert decision.recalled_ids == [] and b.recall == 0
    assert all(m.tokens and m.tokens > 0 for m in decision.messages)
    assert sum(decision.counts.values()) == len(stored.ids)
    assert decision.summary_version == report.summary_version and decision.summary_sent


def test_window_only_drops_and_unchanged_calls_write_nothing(db: Session) -> None:
    sid = new_session(db, **BUDGET)
    append(db, sid, chat_history(80))
    _context(db, sid)
    first = _read(db, sid)
    assert first.strategy == "window" and first.counts["dropped"] > 0
    assert first.counts["summarized"] == 0 and not first.summary_sent
    _context(db, sid)  # sends what the state implies: strategy none, the same messages
    second = _read(db, sid)
    assert second.strategy == "none" and second.counts == first.counts
    query = select(SessionStateRow.revision).where(SessionStateRow.session_id == sid)
    before = db.exec(query).one()
    _context(db, sid)  # the same decision again: nothing is rewritten
    db.expire_all()
    assert db.exec(query).one() == before
    assert _read(db, sid).decided_at == second.decided_at


def test_messages_appended_after_the_call_are_counted_not_decided(db: Session) -> None:
    sid = new_session(db, **BUDGET)
    append(db, sid, chat_history(3))
    _context(db, sid)
    append(db, sid, chat_history(2, start=3))
    decision = _read(db, sid)
    assert decision.history_messages == 13 and decision.appended_since == 8
    assert len(decision.messages) == 13 and decision.counts["kept"] == 13
    assert decision.strategy == "none" and decision.breakdown.summary == 0
