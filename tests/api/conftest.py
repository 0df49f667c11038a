"""Fixtures for API tests: a client over a fresh, migrated database, and key creation.

``app_client`` runs on both backends (it takes the parametrized ``database_url``)::

    def test_something(app_client, database_url):
        key = make_key(database_url, "t1", "agent", user="u1")
        r = app_client.post("/v1/...", headers=bearer(key), json={...})
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings
from api.storage.keys import KeyStore
from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine

__all__ = ["bearer", "make_key", "make_settings", "started_client", "unique_tenant"]


def make_settings(database_url: str, **overrides: object) -> Settings:
    """Settings for tests: the given database, no scheduler, everything else default."""
    values: dict[str, object] = {"database_url": database_url, "scheduler_enabled": False}
    values.update(overrides)
    return Settings(**values)  # type: ignore[arg-type]


def make_key(url: str, tenant: str, role: str, user: str | None = None) -> str:
    """Create an API key in the database at ``url`` (migrating it first); returns the secret."""
    engine = create_db_engine(url)
    try:
        upgrade_database(url, engine=engine)
        _key, secret = KeyStore(engine).create(tenant_id=tenant, role=role, user_id=user)
        return secret
    finally:
        engine.dispose()


def unique_tenant(prefix: str = "t") -> str:
    """A tenant id no other test uses, for tests sharing one database."""
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def bearer(key: str) -> dict[str, str]:
    """The ``Authorization`` header for ``key``."""
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture(autouse=True)
def _no_scheduler(monkeypatch: pytest.MonkeyPatch) -> None:
    # Apps built from the environment in API tests never start background jobs by surprise.
    monkeypatch.setenv("TIERMEM_SCHEDULER_ENABLED", "false")


@contextmanager
def started_client(database_url: str, **overrides: Any) -> Iterator[TestClient]:
    """A started app over ``database_url``; ``overrides`` go to ``create_app`` (e.g. ``clock``)."""
    with TestClient(create_app(make_settings(database_url), **overrides)) as client:
        yield client


@pytest.fixture
def client_with(database_url: str) -> Iterator[Callable[..., TestClient]]:
    """Start apps over ``database_url`` with ``create_app`` overrides (e.g. ``clock=``); each
    is shut down after the test: ``app_client = client_with(clock=frozen)``."""
    with ExitStack() as stack:
        yield lambda **overrides: stack.enter_context(started_client(database_url, **overrides))


@pytest.fixture
def app_client(database_url: str) -> Iterator[TestClient]:
    """A started app (migrations applied) over a fresh database of each backend."""
    app = create_app(make_settings(database_url))
    with TestClient(app) as client:
        yield client


@pytest.fixture(scope="module")
def shared_client(shared_database_url: str) -> Iterator[TestClient]:
    """A started app over ``shared_database_url`` (one per module and backend)."""
    with TestClient(create_app(make_settings(shared_database_url))) as client:
        yield client


@pytest.fixture(scope="module")
def probe_client(shared_database_url: str) -> Iterator[tuple[TestClient, str]]:
    """The probe app (``tests.api.probe``) on both backends, for what touches the database."""
    from tests.api.probe import probe_app

    yield from probe_app(shared_database_url)


@pytest.fixture
def probe_sqlite(sqlite_url: str) -> Iterator[tuple[TestClient, str]]:
    """The probe app on SQLite only, for behaviour that does not depend on the backend."""
    from tests.api.probe import probe_app

    yield from probe_app(sqlite_url)
