"""Fixtures for policy tests: a migrated engine on each backend."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import psycopg
import pytest
from sqlalchemy import Engine

from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine
from tests.conftest import POSTGRES_ADMIN_URL, require_postgres


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


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def shared_engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    """One migrated database per module and backend; tests isolate themselves by tenant.

    Creating and dropping a PostgreSQL database costs seconds, so suites whose tests can each
    use their own tenant share one (which is also what tenant isolation promises).
    """
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('policy') / 'shared.db'}"
        eng = create_db_engine(url)
        upgrade_database(url, engine=eng)
        yield eng
        eng.dispose()
        return
    require_postgres()
    name = f"tiermem_p_{uuid.uuid4().hex[:12]}"
    admin = POSTGRES_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{POSTGRES_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
    eng = create_db_engine(url)
    try:
        upgrade_database(url, engine=eng)
        yield eng
    finally:
        eng.dispose()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def tenant() -> str:
    """A tenant id no other test uses (for tests on ``shared_engine``)."""
    return f"t{uuid.uuid4().hex[:10]}"
