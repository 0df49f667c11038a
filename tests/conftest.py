"""Shared fixtures: throwaway databases (``tests.databases``) for the suites that run on SQLite
and PostgreSQL, at the scope each needs.

=========================  ========  ==========================================================
fixture                    scope     what it is
=========================  ========  ==========================================================
``sqlite_url``             test      a fresh SQLite file
``postgres_url``           test      a fresh PostgreSQL database, dropped afterwards
``database_url``           test      one of the two (parametrized: every test runs on both);
                                     migrated when the test starts an app on it (below)
``module_database_url``    module    a fresh migrated database of each backend for a module
                                     (its users all migrate it first: the copy saves that)
``shared_database_url``    module    the same; tests isolate themselves by tenant
=========================  ========  ==========================================================

Creating and dropping a PostgreSQL database costs seconds under load: a test that does not
need an empty database should take a module-scoped one and its own tenant. Migrated databases
are copies of a template migrated once per process, and PostgreSQL databases are dropped by a
background thread (``tests.databases``). A test that takes ``app_client`` or ``client_with``,
or is marked ``migrated_database``, gets its ``database_url`` already migrated: the app would
migrate it at startup anyway, and the copy costs less than running the migrations.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.databases import (
    BACKENDS,
    POSTGRES_ADMIN_URL,
    copy_migrated_sqlite,
    finish_throwaway_databases,
    require_postgres,
    throwaway_url,
)

__all__ = ["POSTGRES_ADMIN_URL", "SHARED_DATA", "require_postgres", "shared_data"]

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"

# The suite sends thousands of requests per key and many deliberate 401s from one address: the
# rate limits are raised for every app it builds (also in subprocesses, which inherit the
# environment). tests/api/test_rate_limits.py sets its own limits explicitly.
RAISED_LIMITS = {
    "TIERMEM_RATE_LIMIT_PER_KEY": "1000000/minute",
    "TIERMEM_RATE_LIMIT_PER_TENANT": "1000000/minute",
    "TIERMEM_RATE_LIMIT_FAILED_AUTH": "1000000/minute",
}
for _name, _value in RAISED_LIMITS.items():
    os.environ.setdefault(_name, _value)


def shared_data(*parts: str) -> Path:
    """Path into ../shared/data, or skip the test with the reason when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/data only exists in the developers' checkout)")
    return path


# Fixtures whose app migrates the test's database at startup: the test gets a migrated copy.
_MIGRATING_FIXTURES = frozenset({"app_client", "client_with"})


@pytest.fixture(scope="session", autouse=True)
def _throwaway_databases() -> Iterator[None]:
    """At the end of the session: drop the templates, wait for the background drops."""
    yield
    finish_throwaway_databases()


def _wants_migrated(request: pytest.FixtureRequest) -> bool:
    return bool(
        _MIGRATING_FIXTURES.intersection(request.fixturenames)
        or request.node.get_closest_marker("migrated_database")
    )


@pytest.fixture
def postgres_url(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """URL of a fresh PostgreSQL database (empty, or migrated: above), dropped after the test."""
    with throwaway_url("postgresql", tmp_path, migrate=_wants_migrated(request)) as url:
        yield url


@pytest.fixture
def sqlite_url(tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """URL of a fresh SQLite file (empty, or migrated: above) in the test's temporary directory."""
    path = tmp_path / "tiermem.db"
    if _wants_migrated(request):
        copy_migrated_sqlite(path)
    return f"sqlite:///{path}"


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest) -> str:
    """One store suite, two backends: a fresh database of each kind (empty, or migrated: above)."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_url"))
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture(scope="module", params=BACKENDS)
def module_database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A fresh database of each backend shared by one test module, migrated (a template copy)."""
    directory = tmp_path_factory.mktemp("module")
    with throwaway_url(request.param, directory, prefix="m", migrate=True) as url:
        yield url


@pytest.fixture(scope="module", params=BACKENDS)
def shared_database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """One migrated database per backend shared by a test module; tests use unique tenants."""
    directory = tmp_path_factory.mktemp("shared")
    with throwaway_url(request.param, directory, prefix="s", migrate=True) as url:
        yield url
