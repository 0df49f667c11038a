"""PostgreSQL connections carry lock and statement timeouts: a held row lock fails a writer fast."""

from __future__ import annotations

import time

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from storage.engine import PG_LOCK_TIMEOUT_MS, PG_STATEMENT_TIMEOUT_MS, create_db_engine


def test_defaults_are_set_on_every_connection(postgres_url: str) -> None:
    engine = create_db_engine(postgres_url)
    try:
        with engine.connect() as conn:
            lock = conn.execute(text("SHOW lock_timeout")).scalar_one()
            statement = conn.execute(text("SHOW statement_timeout")).scalar_one()
    finally:
        engine.dispose()
    assert lock == f"{PG_LOCK_TIMEOUT_MS // 1000}s"
    assert statement == f"{PG_STATEMENT_TIMEOUT_MS // 1000}s"


def test_writer_fails_fast_on_a_row_lock_held_elsewhere(postgres_url: str) -> None:
    engine = create_db_engine(postgres_url, lock_timeout_ms=500)
    dsn = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE locked_t (id INTEGER PRIMARY KEY, v TEXT)"))
            conn.execute(text("INSERT INTO locked_t VALUES (1, 'x')"))
        with psycopg.connect(dsn) as holder:
            holder.execute("SELECT * FROM locked_t WHERE id = 1 FOR UPDATE")
            started = time.monotonic()
            with pytest.raises(OperationalError, match="lock timeout"), engine.begin() as conn:
                conn.execute(text("UPDATE locked_t SET v = 'y' WHERE id = 1"))
            assert time.monotonic() - started < 5
            holder.rollback()
    finally:
        with engine.begin() as conn:
            conn.execute(text("DROP TABLE IF EXISTS locked_t"))
        engine.dispose()
