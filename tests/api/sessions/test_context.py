"""``/context`` as a service call on SQLite and PostgreSQL (no HTTP): a summary version, its
snapshot and the state are stored together; a busy remote summarizer falls back to the window
(``api.sessions.context``).
"""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

from sqlmodel import Session, select

from api.sessions import ContextIn, build_context
from api.sessions.tables import SessionSnapshotRow, SessionStateRow, SessionSummaryRow
from tests.api._sessions_support import (
    FakeSummarizer,
    append,
    chat_history,
    new_session,
    runtime_with,
)

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)


def test_context_stores_summary_snapshot_and_state_together(db: Session) -> None:
    sid = new_session(
        db, context_limit=6000, max_output_tokens=500, tool_reserve=100, safety_margin=100
    )
    runtime = runtime_with(FakeSummarizer())
    for start in range(0, 60, 12):
        append(db, sid, chat_history(12, start=start))
        build_context(
            db,
            tenant_id=T1,
            session_id=sid,
            user_scope=None,
            body=ContextIn(),
            runtime=runtime,
        )
    versions = sorted(
        db.exec(select(SessionSummaryRow.version).where(SessionSummaryRow.session_id == sid))
    )
    snaps = sorted(
        db.exec(select(SessionSnapshotRow.version).where(SessionSnapshotRow.session_id == sid))
    )
    assert versions and versions == snaps == list(range(1, len(versions) + 1))
    state = db.exec(select(SessionStateRow).where(SessionStateRow.session_id == sid)).one()
    assert state.summary_version == len(versions) and len(versions) <= state.revision <= 5


def test_busy_remote_summarizer_falls_back_to_the_window(db: Session) -> None:
    sid = new_session(db)
    append(db, sid, chat_history(30))
    slots = threading.BoundedSemaphore(1)
    runtime = dataclasses.replace(runtime_with(FakeSummarizer()), summarizer_slots=slots)
    assert slots.acquire(blocking=False)  # another request holds the only slot

    def context() -> dict[str, Any]:
        return build_context(
            db, tenant_id=T1, session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
        ).report

    busy = context()
    assert busy["summarizer_busy"] is True and busy["strategy"] == "window"
    assert busy["summary_version"] == 0
    slots.release()
    append(db, sid, chat_history(10, start=30))
    free = context()
    assert free["summarizer_busy"] is False and free["strategy"] == "summary"
    assert slots.acquire(blocking=False)  # the call gave its slot back
