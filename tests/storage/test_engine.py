"""``storage.engine``: SQLite pragmas on every connection, the psycopg 3 driver for every
PostgreSQL URL spelling, and a unit of work that rolls back unless committed."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import text

from api.storage.keys import TenantRow
from api.storage.migrate import (
    upgrade_database,
)
from storage.engine import (
    _execute_pragma,
    create_db_engine,
    normalize_database_url,
    session_scope,
)


def test_sqlite_pragmas_are_in_effect(sqlite_url: str) -> None:
    engine = create_db_engine(sqlite_url)
    try:
        for _ in range(2):  # every pooled connection, not just the first
            with engine.connect() as conn:
                assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
                assert conn.execute(text("PRAGMA secure_delete")).scalar() == 1
                assert (conn.execute(text("PRAGMA busy_timeout")).scalar() or 0) > 0
                assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("url", "driver"),
    [
        ("postgresql://u@h/db", "postgresql+psycopg"),
        ("postgres://u@h/db", "postgresql+psycopg"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg"),
        ("sqlite:///x.db", "sqlite"),
    ],
)
def test_urls_select_the_psycopg3_driver(url: str, driver: str) -> None:
    assert normalize_database_url(url).drivername == driver


def test_session_scope_rolls_back_unless_committed(database_url: str) -> None:
    upgrade_database(database_url)
    engine = create_db_engine(database_url)
    try:
        with session_scope(engine) as session:
            session.add(TenantRow(tenant_id="dropped"))
            session.flush()
        with pytest.raises(RuntimeError), session_scope(engine) as session:
            session.add(TenantRow(tenant_id="failed"))
            session.flush()
            raise RuntimeError("boom")
        with session_scope(engine) as session:
            session.add(TenantRow(tenant_id="kept"))
            session.commit()
        with session_scope(engine) as session:
            assert session.get(TenantRow, "dropped") is None
            assert session.get(TenantRow, "failed") is None
            assert session.get(TenantRow, "kept") is not None
    finally:
        engine.dispose()


class _LockedCursor:
    """A DB-API cursor whose first ``locked`` executions fail as a locked SQLite file does."""

    def __init__(self, locked: int, message: str = "database is locked") -> None:
        self.locked = locked
        self.message = message
        self.calls = 0

    def execute(self, sql: str) -> None:
        self.calls += 1
        if self.calls <= self.locked:
            raise sqlite3.OperationalError(self.message)


def test_a_pragma_on_a_locked_new_file_is_run_again_until_it_goes_through() -> None:
    """Three processes migrating one new file at once: switching it to WAL can meet a lock
    SQLite does not wait on; the pragma is run again within the busy timeout."""
    cursor = _LockedCursor(locked=3)
    _execute_pragma(cursor, "PRAGMA journal_mode=WAL", timeout_s=5)
    assert cursor.calls == 4


def test_a_pragma_gives_up_at_the_busy_timeout_and_other_errors_are_not_retried() -> None:
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        _execute_pragma(_LockedCursor(locked=10**6), "PRAGMA journal_mode=WAL", timeout_s=0.05)
    other = _LockedCursor(locked=1, message="disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk"):
        _execute_pragma(other, "PRAGMA journal_mode=WAL", timeout_s=5)
    assert other.calls == 1
