"""Deleting a session and erasing a user's sessions on SQLite and PostgreSQL (no HTTP): every row
of it and only of it, with the counts an erasure receipt states; the export before
(``api.sessions.erase``, ``api.sessions.export``).
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import Session

from api.sessions import (
    ContextIn,
    UsageIn,
    build_context,
    delete_session,
    erase_user_sessions,
    export_user_sessions,
    record_usage,
    set_pins,
)
from api.sessions.errors import SessionNotFound
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionSummaryRow,
    SessionUsageRow,
)
from tests.api._sessions_support import (
    SMALL,
    FakeSummarizer,
    append,
    chat_history,
    count_rows,
    new_session,
    runtime_with,
)

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)


_ALL: tuple[Any, ...] = (
    SessionMessageRow,
    SessionPinRow,
    SessionSummaryRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionUsageRow,
)


def _fill(db: Session, tenant: str, user: str) -> str:
    sid = new_session(db, tenant=tenant, user=user, **{**SMALL, "context_limit": 4000})
    runtime = runtime_with(FakeSummarizer())
    for start in range(0, 36, 12):
        ids = append(db, sid, chat_history(12, start=start), tenant=tenant).ids
        build_context(
            db, tenant_id=tenant, session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
        )
    set_pins(db, tenant_id=tenant, session_id=sid, user_scope=None, message_ids=[ids[0]])
    body = UsageIn(input_tokens=1000, output_tokens=10)
    record_usage(db, tenant_id=tenant, session_id=sid, user_scope=None, body=body)
    return sid


def test_delete_session_removes_every_row_of_it(db: Session) -> None:
    sid, keep = _fill(db, T1, "u1"), _fill(db, T1, "u1")
    counts = delete_session(db, tenant_id=T1, session_id=sid, user_scope=None)
    assert counts["sessions"] == 1 and counts["messages"] == 145 and counts["summaries"] >= 1
    for table in _ALL:
        assert count_rows(db, table, sid) == 0, table
        assert count_rows(db, table, keep) > 0, table
    with pytest.raises(SessionNotFound):
        delete_session(db, tenant_id=T1, session_id=sid, user_scope=None)


def test_erase_user_sessions_deletes_only_that_user_in_that_tenant(db: Session) -> None:
    mine = [_fill(db, T1, "alice"), _fill(db, T1, "alice")]
    others = [_fill(db, T1, "bob"), _fill(db, T2, "alice")]
    exported = export_user_sessions(db, tenant_id=T1, user_id="alice")
    assert [e["id"] for e in exported] == mine
    assert len(exported[0]["messages"]) == 145 and exported[0]["summaries"]
    assert exported[0]["pinned_ids"] and len(exported[0]["usage"]) == 1
    counts = erase_user_sessions(db, tenant_id=T1, user_id="alice")
    db.commit()
    assert counts["sessions"] == 2 and counts["messages"] == 290
    assert counts["usage"] == 2 and counts["pins"] == 2 and counts["states"] == 2
    assert counts["summaries"] == counts["snapshots"] >= 2
    for sid in mine:
        assert db.get(AgentSessionRow, (T1, sid)) is None
        for table in _ALL:
            assert count_rows(db, table, sid) == 0
    for sid in others:
        assert count_rows(db, SessionMessageRow, sid) == 145
    assert erase_user_sessions(db, tenant_id=T1, user_id="alice") == dict.fromkeys(counts, 0)
    assert export_user_sessions(db, tenant_id=T1, user_id="alice") == []
