"""Fixtures for policy tests: a migrated engine on each backend."""

from __future__ import annotations

from collections.abc import Iterator

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
