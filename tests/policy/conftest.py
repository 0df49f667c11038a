"""Fixtures for policy tests: a migrated engine on each backend."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import Engine

from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    """An engine over a fresh database with every migration applied (SQLite and PostgreSQL)."""
    eng = create_db_engine(database_url)
    upgrade_database(database_url, engine=eng)
    try:
        yield eng
    finally:
        eng.dispose()


@pytest.fixture
def engine_for() -> Iterator[Callable[[str], Engine]]:
    """Migrated engines for URLs a test picks (disposed afterwards)."""
    engines: list[Engine] = []

    def make(url: str) -> Engine:
        eng = create_db_engine(url)
        upgrade_database(url, engine=eng)
        engines.append(eng)
        return eng

    yield make
    for eng in engines:
        eng.dispose()


@pytest.fixture(scope="module")
def shared_engine(shared_database_url: str) -> Iterator[Engine]:
    """One migrated database per module and backend; tests isolate themselves by tenant.

    Creating and dropping a PostgreSQL database costs seconds, so suites whose tests can each
    use their own tenant share one (which is also what tenant isolation promises).
    """
    eng = create_db_engine(shared_database_url)
    try:
        yield eng
    finally:
        eng.dispose()


@pytest.fixture
def tenant() -> str:
    """A tenant id no other test uses (for tests on ``shared_engine``)."""
    return f"t{uuid.uuid4().hex[:10]}"
