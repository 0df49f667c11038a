"""Summary versions and their snapshot records on SQLite and PostgreSQL: the unique version per
session and ``SqlSnapshotStore`` against the run-time tier's protocol (``api.sessions.snapshots``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from api.sessions.snapshots import SqlSnapshotStore
from api.sessions.tables import SessionSummaryRow
from runtime.summary.snapshots import SnapshotRecord
from tests.api._sessions_support import new_session

T1 = T2 = ""  # fresh names for every test, set by ``unique_tenants`` (conftest)


def test_summary_version_is_unique_per_session(db: Session) -> None:
    sid = new_session(db)
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
    sid = new_session(db)
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
