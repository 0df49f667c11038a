"""Appending to a session on SQLite and PostgreSQL (no HTTP): ids, idempotency, conflicts,
protocol errors, format detection, and chunked or resent appends (``api.sessions.append``).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from api.sessions import get_session
from api.sessions.errors import InvalidSessionInput, SessionConflict
from api.sessions.tables import SessionMessageRow
from tests.api._sessions_support import (
    append,
    chat_history,
    count_rows,
    new_session,
)

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)


def test_append_assigns_derived_ids_and_is_idempotent_with_offset(db: Session) -> None:
    sid = new_session(db)
    history = chat_history(2)
    first = append(db, sid, history[:3])
    assert first.appended == 3 and first.message_count == 3
    assert all(i.startswith(f"m{n}-") for n, i in enumerate(first.ids))
    # A retry of the whole history from position 0 stores only what is new.
    again = append(db, sid, history, offset=0)
    assert again.ids[:3] == first.ids
    assert (again.appended, again.unchanged, again.message_count) == (6, 3, 9)


def test_same_own_id_same_content_is_noop_other_content_conflicts(db: Session) -> None:
    sid = new_session(db)
    msg = {"id": "u-1", "role": "user", "content": "book nothing automatically"}
    assert append(db, sid, [msg]).appended == 1
    out = append(db, sid, [msg])
    assert (out.appended, out.unchanged, out.ids) == (0, 1, ["u-1"])
    with pytest.raises(SessionConflict) as err:
        append(db, sid, [{**msg, "content": "book anything"}])
    assert err.value.extensions["message_id"] == "u-1"
    with pytest.raises(SessionConflict):
        append(db, sid, [{"role": "user", "content": "other"}], offset=0)


def test_protocol_error_names_message_and_call_and_stores_nothing(db: Session) -> None:
    sid = new_session(db)
    append(db, sid, chat_history(1))
    batch = [
        {"role": "user", "content": "fine"},
        {"role": "tool", "tool_call_id": "call_missing", "content": "orphan"},
    ]
    with pytest.raises(InvalidSessionInput) as err:
        append(db, sid, batch)
    ext = err.value.extensions
    assert ext["call_id"] == "call_missing" and ext["reason"] == "orphan_result"
    assert ext["message_id"].startswith("m6-")
    assert count_rows(db, SessionMessageRow, sid) == 5
    # A second answer to a call answered in the stored history is caught too.
    with pytest.raises(InvalidSessionInput) as err:
        append(db, sid, [{"role": "tool", "tool_call_id": "call_0", "content": "again"}])
    assert err.value.extensions["call_id"] == "call_0"
    assert err.value.extensions["reason"] == "answered_twice"
    assert count_rows(db, SessionMessageRow, sid) == 5


def test_offset_past_the_end_is_refused(db: Session) -> None:
    sid = new_session(db)
    with pytest.raises(InvalidSessionInput):
        append(db, sid, [{"role": "user", "content": "x"}], offset=3)


def test_format_is_detected_on_first_append_and_kept(db: Session) -> None:
    sid = new_session(db)
    assert append(db, sid, []).appended == 0  # an empty batch decides nothing
    append(db, sid, [{"type": "message", "role": "user", "content": "hi"}])
    assert get_session(db, tenant_id=T1, session_id=sid, user_scope=None).format == (
        "openai-responses"
    )


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
        whole = new_session(db)
        expected = append(db, whole, _HISTORY).ids
        sid = new_session(db)
        bounds = [0, *sorted(set(cuts)), len(_HISTORY)]
        for start, end in itertools.pairwise(bounds):
            append(db, sid, _HISTORY[start:end])
            for back in resend:
                if back < end:
                    out = append(db, sid, _HISTORY[back:end], offset=back)
                    assert out.appended == 0 and out.ids == expected[back:end]
        stored = db.exec(
            select(SessionMessageRow.message_id)
            .where(SessionMessageRow.session_id == sid)
            .order_by(col(SessionMessageRow.position))
        ).all()
        assert list(stored) == expected
