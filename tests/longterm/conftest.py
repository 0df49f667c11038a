"""Fixtures for the long-term store suite: a migrated engine per backend and an injected clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine, text
from sqlmodel import Session

from api.storage.migrate import upgrade_database
from longterm.gate import Principal
from storage.engine import create_db_engine
from tests.longterm.backends import BACKENDS, Backend, EngineCache, open_backend

LONGTERM_TABLES = (
    "lt_preferences",
    "lt_preference_history",
    "lt_events",
    "lt_audit_log",
    "lt_idempotency_keys",
    "lt_erasure_receipts",
)

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
AGENT = Principal(role="agent", tenant_id="t1", key_id="key_agent")
ADMIN = Principal(role="admin", tenant_id="t1", key_id="key_admin")
CONSOLIDATOR = Principal(role="consolidator", tenant_id="t1", key_id="key_cons")


class Clock:
    """A settable clock for expiry tests."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def advance(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


@pytest.fixture(scope="module")
def module_engine(module_database_url: str) -> Iterator[Engine]:
    """The module's migrated database (``alembic upgrade heads``): one per backend and module
    (creating a PostgreSQL database per test costs seconds on a loaded machine); ``engine``
    empties the long-term tables before each test."""
    eng = create_db_engine(module_database_url)
    upgrade_database(module_database_url, engine=eng)
    try:
        yield eng
    finally:
        eng.dispose()


@pytest.fixture
def engine(module_engine: Engine) -> Engine:
    """The module's database with the long-term tables emptied for this test."""
    with module_engine.begin() as conn:
        for table in LONGTERM_TABLES:
            conn.execute(text(f"DELETE FROM {table}"))
    return module_engine


@pytest.fixture
def db(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as session:
        yield session


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="module")
def engine_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EngineCache]:
    cache = EngineCache(tmp_path_factory.mktemp("lt-backends"))
    try:
        yield cache
    finally:
        cache.close()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, engine_cache: EngineCache) -> Iterator[Backend]:
    """The conformance suite's store: SQLite, PostgreSQL, and the in-memory fake."""
    yield from open_backend(request.param, engine_cache)
