"""Concurrent ``/context`` calls on one session never lose or duplicate a summary version.

Threads with their own database sessions call the service on SQLite and PostgreSQL. The first
test forces the race: both calls are inside the summarizer at the same moment (a barrier), so
both try to write version 1; the loser's optimistic check fails and it runs again on the
winner's state. The second test hammers one session with appends and compactions from several
threads and checks the invariants afterwards.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from api.app import create_app
from api.services import services_of
from api.sessions import (
    AppendIn,
    ContextIn,
    ContextOut,
    SessionCreate,
    append_messages,
    build_context,
    create_session,
)
from api.sessions.errors import SessionConflict
from api.sessions.tables import (
    SessionMessageRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionSummaryRow,
)
from api.storage.keys import KeyStore
from api.storage.migrate import upgrade_database
from runtime.protocol import find_protocol_errors
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from storage.engine import create_db_engine
from tests.api._sessions_support import (
    FIXED_NOW,
    FakeSummarizer,
    chat_history,
    runtime_with,
)
from tests.api.conftest import bearer, make_settings

BUDGET = {
    "context_limit": 3000,
    "max_output_tokens": 500,
    "tool_reserve": 100,
    "safety_margin": 100,
}


class RacingSummarizer(FakeSummarizer):
    """Holds its first ``parties`` calls at a barrier so they summarize at the same moment."""

    def __init__(self, parties: int) -> None:
        super().__init__()
        self._barrier = threading.Barrier(parties)
        self._lock = threading.Lock()
        self._held = 0
        self._parties = parties

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        with self._lock:
            hold = self._held < self._parties
            self._held += 1
        if hold:
            self._barrier.wait(timeout=20)
        return super().summarize(request)


@pytest.fixture(scope="module")
def engine(module_database_url: str) -> Iterator[Engine]:
    engine = create_db_engine(module_database_url)
    upgrade_database(module_database_url, engine=engine)
    try:
        yield engine
    finally:
        engine.dispose()


def _session_with_history(engine: Engine, turns: int) -> str:
    with Session(engine, expire_on_commit=False) as db:
        body = SessionCreate(user_id="u1", budget=BUDGET)
        sid = create_session(db, tenant_id="t1", body=body).id
        append = AppendIn(messages=chat_history(turns))
        append_messages(db, tenant_id="t1", session_id=sid, user_scope=None, body=append)
        return sid


def _context(engine: Engine, sid: str, runtime: Any) -> ContextOut:
    with Session(engine, expire_on_commit=False) as db:
        return build_context(
            db, tenant_id="t1", session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
        )


def _versions(engine: Engine, sid: str) -> tuple[list[int], list[int], SessionStateRow]:
    with Session(engine) as db:
        summaries = db.exec(
            select(SessionSummaryRow.version).where(SessionSummaryRow.session_id == sid)
        ).all()
        snapshots = db.exec(
            select(SessionSnapshotRow.version).where(SessionSnapshotRow.session_id == sid)
        ).all()
        state = db.exec(select(SessionStateRow).where(SessionStateRow.session_id == sid)).one()
        return sorted(summaries), sorted(snapshots), state


def test_two_simultaneous_contexts_write_one_version(engine: Engine) -> None:
    sid = _session_with_history(engine, 40)
    runtime = runtime_with(RacingSummarizer(parties=2))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda _: _context(engine, sid, runtime), range(2)))
    summaries, snapshots, state = _versions(engine, sid)
    assert summaries == snapshots == [1]
    # The winner wrote revision 1; the loser's rerun changed nothing, so it wrote nothing more
    # (or one revision, had its state differed).
    assert state.summary_version == 1 and state.revision in (1, 2)
    for result in results:
        assert "summary-v1" in result.ids
        assert find_protocol_errors(result.messages, format="openai-chat") == []
    # The loser ran again on the winner's state: it did not compact a second time.
    assert sorted(r.report["triggered"] for r in results) == [False, True]


def _worker(engine: Engine, sid: str, runtime: Any, worker: int, rounds: int) -> int:
    conflicts = 0
    for i in range(rounds):
        turn = [
            {"id": f"w{worker}-q{i}", "role": "user", "content": f"question {worker} {i} " * 30},
            {"id": f"w{worker}-a{i}", "role": "assistant", "content": f"answer {worker} {i}"},
        ]
        with Session(engine, expire_on_commit=False) as db:
            body = AppendIn(messages=turn)
            append_messages(db, tenant_id="t1", session_id=sid, user_scope=None, body=body)
        try:
            _context(engine, sid, runtime)
        except SessionConflict:
            conflicts += 1  # allowed: the client retries; nothing was written
    return conflicts


def test_many_threads_keep_versions_contiguous(engine: Engine) -> None:
    sid = _session_with_history(engine, 20)
    runtime = runtime_with(FakeSummarizer())
    workers, rounds = 6, 4
    with ThreadPoolExecutor(max_workers=workers) as pool:
        jobs = [pool.submit(_worker, engine, sid, runtime, w, rounds) for w in range(workers)]
        conflicts = sum(job.result() for job in jobs)
    summaries, snapshots, state = _versions(engine, sid)
    assert summaries == snapshots == list(range(1, len(summaries) + 1))
    assert state.summary_version == (summaries[-1] if summaries else 0)
    # Every successful call wrote at most one revision (none when it changed nothing).
    assert len(summaries) <= state.revision <= workers * rounds - conflicts
    with Session(engine) as db:
        positions = db.exec(
            select(SessionMessageRow.position)
            .where(SessionMessageRow.session_id == sid)
            .order_by(col(SessionMessageRow.position))
        ).all()
    assert list(positions) == list(range(81 + 2 * workers * rounds))
    # And the stored state still compacts into a valid context.
    out = _context(engine, sid, runtime)
    assert find_protocol_errors(out.messages, format="openai-chat") == []


def test_two_replicas_over_http_never_duplicate_a_version(
    module_database_url: str,
) -> None:
    """Two app instances (replicas) on one database answer /context for the same session at the
    same moment: both 200, one version."""
    racing = RacingSummarizer(parties=2)
    apps = [
        create_app(make_settings(module_database_url), summarizer=racing, clock=lambda: FIXED_NOW)
        for _ in range(2)
    ]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        _row, secret = KeyStore(services_of(apps[0]).engine).create(
            tenant_id="replicas", role="agent", user_id=None
        )
        key = bearer(secret)
        body = {"user_id": "u1", "budget": BUDGET}
        sid = first.post("/v1/sessions", json=body, headers=key).json()["id"]
        history = {"messages": chat_history(40)}
        assert first.post(f"/v1/sessions/{sid}/messages", json=history, headers=key).is_success
        with ThreadPoolExecutor(max_workers=2) as pool:
            replies = list(
                pool.map(
                    lambda client: client.post(f"/v1/sessions/{sid}/context", headers=key),
                    (first, second),
                )
            )
        assert [r.status_code for r in replies] == [200, 200]
        listed = second.get(f"/v1/sessions/{sid}/summaries", headers=key).json()
        assert [s["version"] for s in listed["items"]] == [1]
        assert all("summary-v1" in r.json()["ids"] for r in replies)
