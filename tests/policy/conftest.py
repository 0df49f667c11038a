"""Fixtures for policy tests: a migrated engine on each backend."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from sqlalchemy import Engine

from api.storage.engine import create_db_engine
from api.storage.migrate import upgrade_database


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
