"""Idle detection (consolidation's due-sessions query, read through the SQL ``SessionSource``)
with a ``+08:00`` last activity.

Before the session tables used ``UtcDateTime``, SQLite stored ``10:00+08:00`` as ``10:00`` and a
session looked active for 8 hours longer than it was.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from api.jobs.consolidation import due_sessions
from api.sessions.source import SqlSessionSource
from api.sessions.tables import AgentSessionRow, SessionStateRow

SHANGHAI = timezone(timedelta(hours=8))
LAST_ACTIVITY = datetime(2026, 3, 1, 10, 0, tzinfo=SHANGHAI)  # 02:00 UTC
IDLE = timedelta(minutes=30)


def _seed(engine: Engine, tenant: str) -> str:
    session_id = f"s{uuid.uuid4().hex[:8]}"
    with Session(engine) as db:
        db.add(
            AgentSessionRow(
                tenant_id=tenant,
                id=session_id,
                user_id="mia+travel@x.com",
                budget_json="{}",
                created_at=LAST_ACTIVITY - timedelta(hours=1),
                updated_at=LAST_ACTIVITY,
            )
        )
        db.add(
            SessionStateRow(
                tenant_id=tenant,
                session_id=session_id,
                user_id="mia+travel@x.com",
                summary_version=1,
                updated_at=LAST_ACTIVITY,
            )
        )
        db.commit()
    return session_id


@pytest.mark.parametrize(
    ("now", "due"),
    [
        (datetime(2026, 3, 1, 2, 20, tzinfo=UTC), False),  # idle 20 minutes
        (datetime(2026, 3, 1, 2, 31, tzinfo=UTC), True),  # idle 31 minutes
        (datetime(2026, 3, 1, 10, 20, tzinfo=SHANGHAI), False),
        (datetime(2026, 3, 1, 10, 31, tzinfo=SHANGHAI), True),
        (datetime(2026, 2, 28, 21, 31, tzinfo=timezone(timedelta(hours=-5))), True),
    ],
)
def test_idle_detection_honours_the_offset(engine: Engine, now: datetime, due: bool) -> None:
    tenant = f"idle{uuid.uuid4().hex[:8]}"
    session_id = _seed(engine, tenant)
    with Session(engine) as db:
        found = due_sessions(db, sessions=SqlSessionSource(), now=now, idle=IDLE, tenant_id=tenant)
        tenants = SqlSessionSource().tenants_due_for_consolidation(db, idle_since=now - IDLE)
    assert [item.session_id for item in found] == ([session_id] if due else [])
    assert (tenant in tenants) is due


def test_last_activity_reads_back_as_the_same_instant(engine: Engine) -> None:
    tenant = f"idle{uuid.uuid4().hex[:8]}"
    session_id = _seed(engine, tenant)
    with Session(engine) as db:
        row = db.get(AgentSessionRow, (tenant, session_id))
        assert row is not None
        assert row.updated_at == LAST_ACTIVITY
        assert row.updated_at.utcoffset() == timedelta(0)
