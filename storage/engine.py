"""Database engines for both backends and the unit-of-work session scope.

SQLite is the embedded default: every connection gets WAL (readers do not block the writer), a
busy timeout (writers wait instead of failing; the writers of one process queue in turn,
``storage.sqlite_writers``), foreign keys, and ``secure_delete`` (deleted
content is overwritten, so deleted text does not linger in free pages). PostgreSQL is
the shared production store, reached through psycopg 3 with pre-ping so that replicas survive
database restarts. Every engine hides SQL parameters (``hide_parameters``): an error or a log
line never carries the content bound to a statement.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from storage import sqlite_writers

__all__ = [
    "PG_LOCK_TIMEOUT_MS",
    "PG_STATEMENT_TIMEOUT_MS",
    "SQLITE_BUSY_TIMEOUT_MS",
    "create_db_engine",
    "is_sqlite",
    "normalize_database_url",
    "session_scope",
]

# SQLite: a writer waits this long for its turn among the process's writers, and as long for the
# write lock against other processes, then the request answers 503 (an ``OperationalError``,
# ``SQLITE_BUSY``, mapped by the API; never a 500).
SQLITE_BUSY_TIMEOUT_MS = 5_000
# PostgreSQL: a writer waits at most this long for a row or table lock, and no statement runs
# longer, so a lock held elsewhere fails a request fast (503 + Retry-After) instead of hanging.
PG_LOCK_TIMEOUT_MS = 5_000
PG_STATEMENT_TIMEOUT_MS = 30_000
# Sync routes run on AnyIO's 40-thread pool and a request may hold two connections for a moment
# (key lookup, then its unit of work): 10 + 20 lets 16+ concurrent clients through without
# queueing on the pool. PostgreSQL's default max_connections (100) allows three such replicas.
POOL_SIZE = 10
MAX_OVERFLOW = 20
POOL_TIMEOUT_S = 15
_SQLITE_PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA secure_delete=ON",
    "PRAGMA synchronous=NORMAL",
)


def normalize_database_url(url: str) -> URL:
    """Parse ``url``; plain ``postgresql://`` / ``postgres://`` select the psycopg 3 driver.

    Raises:
        sqlalchemy.exc.ArgumentError: the URL cannot be parsed.
    """
    if url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def is_sqlite(url: str | URL) -> bool:
    """True when ``url`` names a SQLite database."""
    parsed = url if isinstance(url, URL) else make_url(url)
    return parsed.get_backend_name() == "sqlite"


def create_db_engine(
    url: str,
    *,
    echo: bool = False,
    lock_timeout_ms: int = PG_LOCK_TIMEOUT_MS,
    statement_timeout_ms: int = PG_STATEMENT_TIMEOUT_MS,
    sqlite_busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
) -> Engine:
    """Create the engine for ``url`` with the settings each backend needs.

    Args:
        url: SQLAlchemy URL (``sqlite:///file.db``, ``sqlite://`` for memory, or PostgreSQL).
        echo: log every statement (debugging only).
        lock_timeout_ms: PostgreSQL ``lock_timeout`` of every connection (0: none).
        statement_timeout_ms: PostgreSQL ``statement_timeout`` of every connection (0: none).
        sqlite_busy_timeout_ms: SQLite ``busy_timeout`` of every connection (0: fail at once).

    Raises:
        sqlalchemy.exc.ArgumentError: the URL cannot be parsed.
        ModuleNotFoundError: the URL names a driver that is not installed.
    """
    parsed = normalize_database_url(url)
    pooled: dict[str, Any] = {
        "pool_size": POOL_SIZE,
        "max_overflow": MAX_OVERFLOW,
        "pool_timeout": POOL_TIMEOUT_S,
    }
    if not is_sqlite(parsed):
        options = f"-c lock_timeout={lock_timeout_ms} -c statement_timeout={statement_timeout_ms}"
        return create_engine(
            parsed,
            pool_pre_ping=True,
            echo=echo,
            hide_parameters=True,
            connect_args={"options": options},
            **pooled,
        )
    kwargs: dict[str, Any] = {
        "connect_args": {"check_same_thread": False, "timeout": sqlite_busy_timeout_ms / 1000},
        "echo": echo,
        "hide_parameters": True,
    }
    if parsed.database in (None, "", ":memory:"):
        # One shared connection, or every checkout would see its own empty database.
        kwargs["poolclass"] = StaticPool
    else:
        kwargs.update(pooled)
    engine = create_engine(parsed, **kwargs)
    pragmas = (*_SQLITE_PRAGMAS, f"PRAGMA busy_timeout={int(sqlite_busy_timeout_ms)}")

    def apply_pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            for pragma in pragmas:
                _execute_pragma(cursor, pragma, sqlite_busy_timeout_ms / 1000)
        finally:
            cursor.close()

    event.listen(engine, "connect", apply_pragmas)
    if "poolclass" not in kwargs:  # one shared connection has no writers to queue
        sqlite_writers.install(engine, timeout_ms=sqlite_busy_timeout_ms)
    return engine


def _execute_pragma(cursor: Any, pragma: str, timeout_s: float) -> None:
    """Run one connection pragma, again while the file is locked, up to the busy timeout.

    Switching a new file to WAL takes an exclusive lock, and SQLite answers "database is
    locked" at once, without its busy handler, when another connection opening the same new
    file holds a lock it waits on too (three processes migrating one new file at startup).
    The pragmas are idempotent, so running one again is safe.
    """
    deadline = time.monotonic() + timeout_s
    delay = 0.005
    while True:
        try:
            cursor.execute(pragma)
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() + delay > deadline:
                raise
        time.sleep(delay)
        delay = min(delay * 2, 0.2)


@contextmanager
def session_scope(engine: Engine) -> Iterator[Session]:
    """A unit of work: yields a session and rolls back whatever was not committed.

    Callers commit explicitly (``session.commit()``) once the whole unit has succeeded; leaving
    the block without committing, or by an exception, discards the work. If the connection died
    meanwhile (a terminated PostgreSQL backend, a restarted server), SQLAlchemy has already
    invalidated it and there is nothing left to roll back: that failed rollback is dropped, so
    the unit's own outcome (an answer already sent, or its real error) is what surfaces.
    """
    session = Session(engine, expire_on_commit=False)
    try:
        yield session
    finally:
        try:
            session.rollback()
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
        finally:
            session.close()
