"""The sessions store and service on SQLite and PostgreSQL (no HTTP), plus the pure calibration.

Runs on a database migrated by Alembic (``0002_sessions``), through the service functions the
routes call: append rules, pins, the summary-version constraint, the snapshot store, erasure.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from api.sessions import (
    AppendIn,
    ContextIn,
    SessionCreate,
    UsageIn,
    append_messages,
    build_context,
    create_session,
    delete_session,
    erase_user_sessions,
    export_user_sessions,
    get_session,
    list_sessions,
    record_usage,
    set_pins,
)
from api.sessions.calibration import (
    FACTOR_MAX,
    FACTOR_MIN,
    adapt_trigger,
    calibrated_budget,
    update_factor,
)
from api.sessions.errors import InvalidSessionInput, SessionConflict, SessionNotFound
from api.sessions.snapshots import SqlSnapshotStore
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionSummaryRow,
    SessionUsageRow,
)
from api.storage.migrate import upgrade_database
from runtime.budget import Budget
from runtime.summary.snapshots import SnapshotRecord
from storage.engine import create_db_engine
from tests.api._sessions_support import (  # noqa: F401  (module_database_url: a fixture)
    FakeSummarizer,
    chat_history,
    module_database_url,
    runtime_with,
)

SMALL = {"context_limit": 3000, "max_output_tokens": 500, "tool_reserve": 100, "safety_margin": 100}


T1, T2 = "t1", "t2"  # replaced per test by unique names: the database is shared per module


@pytest.fixture(scope="module")
def engine(module_database_url: str) -> Iterator[Engine]:  # noqa: F811
    """One migrated database per backend for the whole module (tests use unique tenants)."""
    engine = create_db_engine(module_database_url)
    upgrade_database(module_database_url, engine=engine)
    try:
        yield engine
    finally:
        engine.dispose()


@pytest.fixture(autouse=True)
def _unique_tenants() -> None:
    global T1, T2
    suffix = uuid.uuid4().hex[:10]
    T1, T2 = f"t1-{suffix}", f"t2-{suffix}"


@pytest.fixture
def db(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as session:
        yield session


def _new(db: Session, tenant: str | None = None, user: str = "u1", **budget: int) -> str:
    tenant = tenant or T1
    body = SessionCreate(user_id=user, budget=budget or SMALL)
    return create_session(db, tenant_id=tenant, body=body).id


def _append(db: Session, sid: str, messages: list[Any], *, tenant: str | None = None, offset=None):
    tenant = tenant or T1
    body = AppendIn(messages=messages, offset=offset)
    return append_messages(db, tenant_id=tenant, session_id=sid, user_scope=None, body=body)


def _count(db: Session, table: Any, sid: str) -> int:
    query = select(func.count()).select_from(table).where(col(table.session_id) == sid)
    return int(db.execute(query).scalar_one())


# --- append -------------------------------------------------------------------------------


def test_append_assigns_derived_ids_and_is_idempotent_with_offset(db: Session) -> None:
    sid = _new(db)
    history = chat_history(2)
    first = _append(db, sid, history[:3])
    assert first.appended == 3 and first.message_count == 3
    assert all(i.startswith(f"m{n}-") for n, i in enumerate(first.ids))
    # A retry of the whole history from position 0 stores only what is new.
    again = _append(db, sid, history, offset=0)
    assert again.ids[:3] == first.ids
    assert (again.appended, again.unchanged, again.message_count) == (6, 3, 9)


def test_same_own_id_same_content_is_noop_other_content_conflicts(db: Session) -> None:
    sid = _new(db)
    msg = {"id": "u-1", "role": "user", "content": "book nothing automatically"}
    assert _append(db, sid, [msg]).appended == 1
    out = _append(db, sid, [msg])
    assert (out.appended, out.unchanged, out.ids) == (0, 1, ["u-1"])
    with pytest.raises(SessionConflict) as err:
        _append(db, sid, [{**msg, "content": "book anything"}])
    assert err.value.extensions["message_id"] == "u-1"
    with pytest.raises(SessionConflict):
        _append(db, sid, [{"role": "user", "content": "other"}], offset=0)


def test_protocol_error_names_message_and_call_and_stores_nothing(db: Session) -> None:
    sid = _new(db)
    _append(db, sid, chat_history(1))
    batch = [
        {"role": "user", "content": "fine"},
        {"role": "tool", "tool_call_id": "call_missing", "content": "orphan"},
    ]
    with pytest.raises(InvalidSessionInput) as err:
        _append(db, sid, batch)
    ext = err.value.extensions
    assert ext["call_id"] == "call_missing" and ext["reason"] == "orphan_result"
    assert ext["message_id"].startswith("m6-")
    assert _count(db, SessionMessageRow, sid) == 5
    # A second answer to a call answered in the stored history is caught too.
    with pytest.raises(InvalidSessionInput) as err:
        _append(db, sid, [{"role": "tool", "tool_call_id": "call_0", "content": "again"}])
    assert err.value.extensions["call_id"] == "call_0"
    assert err.value.extensions["reason"] == "answered_twice"
    assert _count(db, SessionMessageRow, sid) == 5


def test_offset_past_the_end_is_refused(db: Session) -> None:
    sid = _new(db)
    with pytest.raises(InvalidSessionInput):
        _append(db, sid, [{"role": "user", "content": "x"}], offset=3)


def test_format_is_detected_on_first_append_and_kept(db: Session) -> None:
    sid = _new(db)
    assert _append(db, sid, []).appended == 0  # an empty batch decides nothing
    _append(db, sid, [{"type": "message", "role": "user", "content": "hi"}])
    assert get_session(db, tenant_id=T1, session_id=sid, user_scope=None).format == (
        "openai-responses"
    )


# --- tenancy, pins, listing ----------------------------------------------------------------


def test_other_tenant_and_other_user_see_not_found(db: Session) -> None:
    sid = _new(db, tenant=T1, user="alice")
    with pytest.raises(SessionNotFound):
        get_session(db, tenant_id=T2, session_id=sid, user_scope=None)
    with pytest.raises(SessionNotFound):
        get_session(db, tenant_id=T1, session_id=sid, user_scope="bob")
    with pytest.raises(SessionNotFound):
        _append(db, sid, [{"role": "user", "content": "x"}], tenant=T2)
    assert [s.id for s in list_sessions(db, tenant_id=T1, user_id=None, user_scope=None)] == [sid]
    assert list_sessions(db, tenant_id=T2, user_id=None, user_scope=None) == []
    assert list_sessions(db, tenant_id=T1, user_id="alice", user_scope="bob") == []


def test_pins_replace_and_unknown_ids_are_refused(db: Session) -> None:
    sid = _new(db)
    ids = _append(db, sid, chat_history(2)).ids
    out = set_pins(db, tenant_id=T1, session_id=sid, user_scope=None, message_ids=[ids[1]])
    assert out.message_ids == [ids[1]]
    with pytest.raises(InvalidSessionInput) as err:
        set_pins(db, tenant_id=T1, session_id=sid, user_scope=None, message_ids=["nope"])
    assert err.value.extensions["unknown_ids"] == ["nope"]
    assert _count(db, SessionPinRow, sid) == 1  # the failed call changed nothing


# --- summaries, snapshots -----------------------------------------------------------------


def test_summary_version_is_unique_per_session(db: Session) -> None:
    sid = _new(db)
    row: dict[str, Any] = {
        "tenant_id": T1,
        "session_id": sid,
        "user_id": "u1",
        "summary_json": "{}",
    }
    db.add(SessionSummaryRow(version=1, **row))
    db.commit()
    db.add(SessionSummaryRow(version=1, **row))
    with pytest.raises(IntegrityError):
        db.commit()
    db.rollback()


def _record(version: int) -> SnapshotRecord:
    return SnapshotRecord(
        version=version,
        previous_version=version - 1 or None,
        restored_from=None,
        first_message_id="m1-a",
        last_message_id="m4-b",
        message_count=4,
        messages_sha256="0" * 64,
        cut_index=5,
        schema_version="compaction_summary.v1",
        summarizer="fake",
        model=None,
        created_at=datetime(2026, 9, 18, tzinfo=UTC),
        diff={"added": ["fact:x"]},
        validation={"passed": True, "checks": []},
        summary={"summary_version": version},
    )


def test_sql_snapshot_store_behaves_like_the_protocol(db: Session) -> None:
    sid = _new(db)
    store = SqlSnapshotStore(db, tenant_id=T1, session_id=sid, user_id="u1")
    assert store.latest() is None and store.list() == []
    for version in (2, 1):
        store.put(_record(version))
    db.commit()
    assert [r.version for r in store.list()] == [1, 2]
    assert store.latest() == _record(2)
    assert store.get(1) == _record(1) and store.get(9) is None
    other = SqlSnapshotStore(db, tenant_id=T2, session_id=sid, user_id="u1")
    assert other.list() == []  # scoped by tenant
    with pytest.raises(IntegrityError):
        store.put(_record(1))
    db.rollback()


def test_context_stores_summary_snapshot_and_state_together(db: Session) -> None:
    sid = _new(db, context_limit=6000, max_output_tokens=500, tool_reserve=100, safety_margin=100)
    runtime = runtime_with(FakeSummarizer())
    for start in range(0, 60, 12):
        _append(db, sid, chat_history(12, start=start))
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


# --- usage and calibration ------------------------------------------------------------------


def test_usage_moves_the_factor_only_after_a_context(db: Session) -> None:
    sid = _new(db)
    _append(db, sid, chat_history(3))
    body = UsageIn(input_tokens=900, output_tokens=10)
    before = record_usage(db, tenant_id=T1, session_id=sid, user_scope=None, body=body)
    assert before.own_tokens is None and before.calibration_factor == 1.0
    runtime = runtime_with(None)
    ctx = build_context(
        db, tenant_id=T1, session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
    )
    own = ctx.report["compacted_tokens"]
    after = record_usage(
        db,
        tenant_id=T1,
        session_id=sid,
        user_scope=None,
        body=UsageIn(input_tokens=round(own * 1.2), cached_input_tokens=own // 2, output_tokens=5),
    )
    assert after.own_tokens == own and after.samples == 1
    assert after.calibration_factor == pytest.approx(1.2, abs=0.01)
    assert after.cache_hit_rate == pytest.approx(0.5 / 1.2, abs=0.01)
    ctx = build_context(
        db, tenant_id=T1, session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
    )
    cal = ctx.report["calibration"]
    assert cal["calibrated_usable_tokens"] == int(cal["usable_tokens"] / cal["factor"])
    assert ctx.report["usable_tokens"] == cal["calibrated_usable_tokens"]


@pytest.mark.parametrize(
    ("factor", "samples", "provider", "own", "expected"),
    [
        (1.0, 0, 1100, 1000, 1.1),  # the first sample counts fully
        (1.1, 1, 1300, 1000, 1.2),  # then a running mean
        (1.0, 10, 2000, 1000, 1.3),  # then an EMA with alpha 0.3
        (1.0, 0, 50_000, 1000, FACTOR_MAX),  # clamped
        (1.0, 0, 10, 1000, FACTOR_MIN),
        (1.3, 4, 1000, 0, 1.3),  # no own count: unchanged
    ],
)
def test_update_factor(factor, samples, provider, own, expected) -> None:
    got = update_factor(factor, samples, provider_tokens=provider, own_tokens=own)
    assert got == pytest.approx(expected, abs=1e-9)


def test_calibrated_budget_rescales_only_the_usable_part() -> None:
    budget = Budget(10_000, max_output_tokens=1000, tool_reserve=500, safety_margin=500)
    scaled = calibrated_budget(budget, 1.25)
    assert scaled.usable == 6400 and scaled.max_output_tokens == 1000
    assert calibrated_budget(budget, 1.0) is budget


@pytest.mark.parametrize(
    ("limit", "max_out", "tools", "reasons", "effective"),
    [
        (10_000, 1000, [100, 200], (), 0.8),
        (10_000, 1000, [4000], ("large_tool_results",), 0.65),  # floor: target + 0.05
        (10_000, 1000, [2000], ("large_tool_results",), 7000 / 9000),  # room for one more
        (10_000, 1000, [1000], (), 0.8),  # 8000 / 9000 is above the trigger anyway
        (10_000, 4000, [], ("high_output_limit",), 0.8 - 0.075),
    ],
)
def test_adaptive_trigger(limit, max_out, tools, reasons, effective) -> None:
    budget = Budget(limit, max_output_tokens=max_out, tool_reserve=0, safety_margin=0)
    got = adapt_trigger(budget, recent_tool_result_tokens=tools)
    assert got.reasons == reasons
    assert got.effective == pytest.approx(effective, abs=1e-3)
    assert budget.target + 0.05 - 1e-9 <= got.effective <= budget.trigger


# --- deletion and erasure -------------------------------------------------------------------

_ALL: tuple[Any, ...] = (
    SessionMessageRow,
    SessionPinRow,
    SessionSummaryRow,
    SessionSnapshotRow,
    SessionStateRow,
    SessionUsageRow,
)


def _fill(db: Session, tenant: str, user: str) -> str:
    sid = _new(db, tenant=tenant, user=user, **{**SMALL, "context_limit": 4000})
    runtime = runtime_with(FakeSummarizer())
    for start in range(0, 36, 12):
        ids = _append(db, sid, chat_history(12, start=start), tenant=tenant).ids
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
        assert _count(db, table, sid) == 0, table
        assert _count(db, table, keep) > 0, table
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
            assert _count(db, table, sid) == 0
    for sid in others:
        assert _count(db, SessionMessageRow, sid) == 145
    assert erase_user_sessions(db, tenant_id=T1, user_id="alice") == dict.fromkeys(counts, 0)
    assert export_user_sessions(db, tenant_id=T1, user_id="alice") == []


# --- property: chunked, retried appends store what one append stores ----------------------

_HISTORY = chat_history(6)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cuts=st.lists(st.integers(min_value=1, max_value=len(_HISTORY) - 1), max_size=5),
    resend=st.lists(st.integers(min_value=0, max_value=len(_HISTORY)), max_size=3),
)
def test_chunked_and_resent_appends_equal_one_append(engine: Engine, cuts, resend) -> None:
    """However a history is cut into batches, and whatever earlier part is sent again with its
    offset (a retry), the stored history and its ids are those of one single append."""
    with Session(engine, expire_on_commit=False) as db:
        whole = _new(db)
        expected = _append(db, whole, _HISTORY).ids
        sid = _new(db)
        bounds = [0, *sorted(set(cuts)), len(_HISTORY)]
        for start, end in itertools.pairwise(bounds):
            _append(db, sid, _HISTORY[start:end])
            for back in resend:
                if back < end:
                    out = _append(db, sid, _HISTORY[back:end], offset=back)
                    assert out.appended == 0 and out.ids == expected[back:end]
        stored = db.exec(
            select(SessionMessageRow.message_id)
            .where(SessionMessageRow.session_id == sid)
            .order_by(col(SessionMessageRow.position))
        ).all()
        assert list(stored) == expected


def test_busy_remote_summarizer_falls_back_to_the_window(db: Session) -> None:
    sid = _new(db)
    _append(db, sid, chat_history(30))
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
    _append(db, sid, chat_history(10, start=30))
    free = context()
    assert free["summarizer_busy"] is False and free["strategy"] == "summary"
    assert slots.acquire(blocking=False)  # the call gave its slot back
