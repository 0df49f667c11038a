"""Fixtures for the long-term store suite: a migrated engine per backend and an injected clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from api.storage.engine import create_db_engine
from api.storage.migrate import upgrade_database
from policy.types import Subject

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
AGENT = Subject(role="agent", tenant_id="t1", key_id="key_agent")
ADMIN = Subject(role="admin", tenant_id="t1", key_id="key_admin")
CONSOLIDATOR = Subject(role="consolidator", tenant_id="t1", key_id="key_cons")


class Clock:
    """A settable clock for expiry tests."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def advance(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    """A migrated database of each backend (``alembic upgrade heads``)."""
    eng = create_db_engine(database_url)
    upgrade_database(database_url, engine=eng)
    try:
        yield eng
    finally:
        eng.dispose()


@pytest.fixture
def db(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as session:
        yield session


@pytest.fixture
def clock() -> Clock:
    return Clock()
