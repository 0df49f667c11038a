"""Throwaway databases: the one factory every suite's database fixtures are built from.

``throwaway_url(backend, directory)`` is a fresh, empty database for the block: a SQLite file
in ``directory``, or a PostgreSQL database created on the test server and dropped (``WITH
FORCE``) afterwards; ``migrate=True`` applies every migration first. ``migrated_engine`` is the
same with an engine over it. The fixtures in ``tests/conftest.py`` (``sqlite_url``,
``postgres_url``, ``database_url``, ``module_database_url``, ``shared_database_url``) and the
per-suite engines are all built on these two.

PostgreSQL is ``TIERMEM_TEST_POSTGRES_URL`` (default: ``postgres@127.0.0.1:5432/test``); when
it is unreachable the test is skipped, or fails under ``TIERMEM_REQUIRE_POSTGRES=1``.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final, Literal

import pytest
from sqlalchemy import Engine

from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine

__all__ = [
    "BACKENDS",
    "POSTGRES_ADMIN_URL",
    "Backend",
    "migrated_engine",
    "require_postgres",
    "throwaway_url",
]

Backend = Literal["sqlite", "postgresql"]
BACKENDS: Final[tuple[Backend, ...]] = ("sqlite", "postgresql")
POSTGRES_ADMIN_URL: Final = os.environ.get(
    "TIERMEM_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
_ADMIN_DSN: Final = POSTGRES_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")


def _postgres_reachable() -> str | None:
    """None when PostgreSQL answers, else the reason it does not."""
    import psycopg

    try:
        with psycopg.connect(_ADMIN_DSN, connect_timeout=3):
            return None
    except psycopg.Error as exc:
        return f"PostgreSQL at {POSTGRES_ADMIN_URL} unreachable: {exc}".splitlines()[0]


def require_postgres() -> None:
    """Skip (or fail, when TIERMEM_REQUIRE_POSTGRES=1) if PostgreSQL is unreachable."""
    reason = _postgres_reachable()
    if reason is None:
        return
    if os.environ.get("TIERMEM_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"TIERMEM_REQUIRE_POSTGRES=1 but {reason}")
    pytest.skip(reason)


@contextmanager
def throwaway_url(
    backend: str, directory: Path, *, prefix: str = "t", migrate: bool = False
) -> Iterator[str]:
    """The URL of a fresh database of ``backend`` for the block (migrated when ``migrate``).

    Args:
        backend: ``sqlite`` or ``postgresql``.
        directory: where a SQLite file goes (a test's or module's temporary directory).
        prefix: names the PostgreSQL database (``tiermem_<prefix>_<random>``), for debugging.
        migrate: apply every migration before yielding.
    """
    if backend == "sqlite":
        url = f"sqlite:///{directory / f'tiermem_{prefix}.db'}"
        if migrate:
            upgrade_database(url)
        yield url
        return
    if backend != "postgresql":
        raise ValueError(f"unknown backend {backend!r}")
    require_postgres()
    import psycopg

    name = f"tiermem_{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(_ADMIN_DSN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        url = f"{POSTGRES_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
        if migrate:
            upgrade_database(url)
        yield url
    finally:
        with psycopg.connect(_ADMIN_DSN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def migrated_engine(backend: str, directory: Path, *, prefix: str = "t") -> Iterator[Engine]:
    """An engine over a fresh database of ``backend`` with every migration applied."""
    with throwaway_url(backend, directory, prefix=prefix) as url:
        engine = create_db_engine(url)
        try:
            upgrade_database(url, engine=engine)
            yield engine
        finally:
            engine.dispose()
