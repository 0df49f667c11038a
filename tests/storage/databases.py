"""Throwaway migrated databases for store suites that run on SQLite and PostgreSQL."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from sqlalchemy import Engine

from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine
from tests.conftest import POSTGRES_ADMIN_URL, require_postgres

__all__ = ["BACKENDS", "migrated_engine"]

BACKENDS = ("sqlite", "postgresql")


@contextmanager
def migrated_engine(backend: str, directory: Path) -> Iterator[Engine]:
    """An engine over a fresh database of ``backend`` with every migration applied.

    SQLite lives in ``directory``; a PostgreSQL database is created and dropped (``WITH FORCE``)
    around the block. Skips when PostgreSQL is unreachable (``require_postgres``).
    """
    if backend == "sqlite":
        url = f"sqlite:///{directory / 'tiermem.db'}"
        engine = create_db_engine(url)
        try:
            upgrade_database(url, engine=engine)
            yield engine
        finally:
            engine.dispose()
        return
    require_postgres()
    name = f"tiermem_s_{uuid.uuid4().hex[:12]}"
    admin = POSTGRES_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{POSTGRES_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
    engine = create_db_engine(url)
    try:
        upgrade_database(url, engine=engine)
        yield engine
    finally:
        engine.dispose()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
