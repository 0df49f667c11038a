"""Provider usage reports on SQLite and PostgreSQL (no HTTP): the factor moves only after a
context, and the next context is calibrated with it (``api.sessions.usage``).
"""

from __future__ import annotations

import pytest
from sqlmodel import Session

from api.sessions import ContextIn, UsageIn, build_context, record_usage
from tests.api._sessions_support import (
    append,
    chat_history,
    new_session,
    runtime_with,
)

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)


def test_usage_moves_the_factor_only_after_a_context(db: Session) -> None:
    sid = new_session(db)
    append(db, sid, chat_history(3))
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
