"""Shared fixtures: database URLs for the one store suite that runs on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
POSTGRES_ADMIN_URL = os.environ.get(
    "TIERMEM_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


def shared_data(*parts: str) -> Path:
    """Path into ../shared/data, or skip the test with the reason when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/data only exists in the developers' checkout)")
    return path


def _postgres_reachable() -> str | None:
    """None when PostgreSQL answers, else the reason it does not."""
    try:
        import psycopg
    except ImportError as exc:  # pragma: no cover - psycopg is a hard dependency
        return f"psycopg not importable: {exc}"
    plain = POSTGRES_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    try:
        with psycopg.connect(plain, connect_timeout=3):
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


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """URL of a fresh, empty PostgreSQL database, dropped after the test."""
    require_postgres()
    import psycopg

    name = f"tiermem_t_{uuid.uuid4().hex[:12]}"
    admin = POSTGRES_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = POSTGRES_ADMIN_URL.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """URL of a fresh SQLite file in the test's temporary directory."""
    return f"sqlite:///{tmp_path / 'tiermem.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest) -> str:
    """One store suite, two backends: a fresh empty database of each kind."""
    if request.param == "sqlite":
        return str(request.getfixturevalue("sqlite_url"))
    return str(request.getfixturevalue("postgres_url"))
