"""Times the sessions code stores, from a clock at ``+08:00``, on SQLite and PostgreSQL.

The trip transcript is appended, pinned, compacted (a summary version and its snapshot),
reported on and restored with every call's ``now`` at Shanghai time; every timestamp of every
session table reads back as the same instant in UTC, and the session's last activity
(``store.touch_session``) makes it idle for consolidation exactly ``idle`` after that instant,
whatever offset the idle check is computed in.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlmodel import Session, select

from api.sessions import (
    ContextIn,
    UsageIn,
    build_context,
    record_usage,
    restore_summary,
    set_pins,
)
from api.sessions.source import SqlSessionSource
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionSummaryRow,
    SessionUsageRow,
)
from tests.api._sessions_support import FakeSummarizer, append, new_session, runtime_with
from tests.scenarios.trip import transcript

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)
SHANGHAI = timezone(timedelta(hours=8))
AT = datetime(2026, 9, 18, 10, 0, tzinfo=SHANGHAI)  # 02:00 UTC
IDLE = timedelta(minutes=30)
TABLES: tuple[Any, ...] = (
    SessionMessageRow,
    SessionPinRow,
    SessionStateRow,
    SessionSummaryRow,
    SessionSnapshotRow,
    SessionUsageRow,
)


def _trip_session(db: Session) -> str:
    """The English trip transcript in a session whose every call ran at ``AT``: appended in
    chunks, each followed by a ``/context`` (two summary versions at least), pinned, reported
    on, and version 1 restored."""
    sid = new_session(db, now=AT, context_limit=3000, max_output_tokens=300)
    runtime = dataclasses.replace(runtime_with(FakeSummarizer()), clock=lambda: AT)
    history = transcript("trip_en_variant")
    for start in range(0, len(history), 15):
        append(db, sid, history[start : start + 15], now=AT)
        build_context(
            db, tenant_id=T1, session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
        )
    ids = [m["id"] for m in history]
    set_pins(db, tenant_id=T1, session_id=sid, user_scope=None, message_ids=ids[-2:], now=AT)
    body = UsageIn(input_tokens=1000, output_tokens=10)
    record_usage(db, tenant_id=T1, session_id=sid, user_scope=None, body=body, now=AT)
    restore_summary(db, tenant_id=T1, session_id=sid, user_scope=None, version=1, runtime=runtime)
    return sid


def test_every_stored_time_is_the_same_instant(db: Session) -> None:
    sid = _trip_session(db)
    db.expire_all()
    session = db.get(AgentSessionRow, (T1, sid))
    assert session is not None
    assert session.updated_at == AT and session.updated_at.utcoffset() == timedelta(0)
    summaries = db.exec(select(SessionSummaryRow).where(SessionSummaryRow.session_id == sid))
    assert [s.restored_from for s in summaries if s.restored_from is not None] == [1]
    for table in TABLES:
        rows = db.exec(select(table).where(table.session_id == sid)).all()
        assert rows, table
        for row in rows:
            for value in _times(row):
                assert value == AT and value.utcoffset() == timedelta(0), (table, value)


def _times(row: Any) -> list[datetime]:
    return [
        getattr(row, c.name)
        for c in row.__table__.columns
        if isinstance(getattr(row, c.name), datetime)
    ]


@pytest.mark.parametrize(
    ("now", "due"),
    [
        (datetime(2026, 9, 18, 2, 20, tzinfo=UTC), False),  # idle 20 minutes
        (datetime(2026, 9, 18, 2, 31, tzinfo=UTC), True),  # idle 31 minutes
        (datetime(2026, 9, 18, 10, 20, tzinfo=SHANGHAI), False),
        (datetime(2026, 9, 18, 10, 31, tzinfo=SHANGHAI), True),
        (datetime(2026, 9, 17, 21, 31, tzinfo=timezone(timedelta(hours=-5))), True),
    ],
)
def test_last_activity_makes_the_session_idle_at_the_right_instant(
    db: Session, now: datetime, due: bool
) -> None:
    sid = _trip_session(db)
    found = SqlSessionSource().due_for_consolidation(
        db, tenant_id=T1, idle_since=now - IDLE, limit=10
    )
    assert [s.session_id for s in found] == ([sid] if due else [])
