"""Fixtures of the service-level sessions tests (no HTTP): one migrated database per module and
backend (``module_database_url``: SQLite and PostgreSQL), a database session per test, and fresh
tenant names per test, so that tests sharing a database never see each other's sessions."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine
from tests.api import _sessions_support as support


@pytest.fixture(scope="module")
def engine(module_database_url: str) -> Iterator[Engine]:
    """One migrated database per backend for the whole module (tests use unique tenants)."""
    engine = create_db_engine(module_database_url)
    upgrade_database(module_database_url, engine=engine)
    try:
        yield engine
    finally:
        engine.dispose()


@pytest.fixture(autouse=True)
def unique_tenants(request: pytest.FixtureRequest) -> None:
    """Fresh tenant names for every test: the helpers' default tenant, and ``T1`` and ``T2`` of
    the test's own module when it has them (its tests use them)."""
    suffix = uuid.uuid4().hex[:10]
    names = (f"t1-{suffix}", f"t2-{suffix}")
    support.T1, support.T2 = names
    if hasattr(request.module, "T1"):
        request.module.T1, request.module.T2 = names


@pytest.fixture
def db(engine: Engine) -> Iterator[Session]:
    """A database session on the module's database (objects stay readable after commits)."""
    with Session(engine, expire_on_commit=False) as session:
        yield session
