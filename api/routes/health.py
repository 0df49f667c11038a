"""Liveness, readiness and Prometheus metrics; unauthenticated, outside ``/v1``."""

from __future__ import annotations

import sqlite3
import time
from functools import cache

from fastapi import APIRouter, Response
from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from api.deps import EngineDep, MetricsDep, ServicesDep
from api.metrics import CONTENT_TYPE_LATEST
from api.schemas.health import Health
from api.storage.migrate import current_heads, expected_heads

__all__ = ["can_write", "router"]

router = APIRouter(tags=["health"])
SCHEMA_RECHECK_S = 30.0


@router.get("/healthz", summary="The process is up")
async def healthz() -> Health:
    """Answers 200 while the process serves requests; touches nothing else."""
    return Health(status="ok")


@router.get(
    "/readyz",
    summary="The database is reachable and takes writes",
    responses={503: {"model": Health, "description": "Database unreachable, busy or behind"}},
)
def readyz(services: ServicesDep, engine: EngineDep, response: Response) -> Health:
    """``SELECT 1``, a write that must go through quickly, and the schema revision: 503 when
    the database does not answer, cannot take a write within
    ``Settings.readiness_write_timeout_ms`` (SQLite: the write lock is held elsewhere;
    PostgreSQL: a table lock, a read-only or standby server), or its schema is behind this
    version's migrations, so balancers route elsewhere meanwhile.

    Once the schema is current it is re-read at most every ``SCHEMA_RECHECK_S`` seconds
    (schemas only move forward while a version runs); the rest runs on every call.
    """
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        checked = services.schema_check.current_at
        if checked is None or time.monotonic() - checked > SCHEMA_RECHECK_S:
            if current_heads(engine) != _shipped_heads():
                response.status_code = 503
                return Health(status="unavailable", database="ok", schema_="behind")
            services.schema_check.current_at = time.monotonic()
        if not can_write(engine, timeout_ms=services.settings.readiness_write_timeout_ms):
            response.status_code = 503
            return Health(status="unavailable", database="busy", schema_="current")
    except SQLAlchemyError:
        response.status_code = 503
        return Health(status="unavailable", database="unreachable")
    return Health(status="ok", database="ok", schema_="current")


# The tables every request writes to; a lock held on them (VACUUM FULL, a migration) stops writes.
_PROBED_TABLES = ("session_messages", "lt_preferences", "lt_events")


def can_write(engine: Engine, *, timeout_ms: int) -> bool:
    """True when a write transaction can start within ``timeout_ms``; nothing is committed.

    SQLite: ``BEGIN IMMEDIATE`` (takes the write lock) with a busy timeout of ``timeout_ms``,
    then rolled back. PostgreSQL: a transaction id and an empty ``UPDATE`` of the busiest tables
    under a ``lock_timeout`` of ``timeout_ms`` (fails on a read-only server or a table lock),
    then rolled back. An in-memory SQLite database has one shared connection: not probed.
    """
    if isinstance(engine.pool, StaticPool):
        return True
    try:
        with engine.connect() as conn:
            if engine.dialect.name == "sqlite":
                return _sqlite_can_write(conn, timeout_ms=timeout_ms)
            conn.execute(text(f"SET LOCAL lock_timeout = {int(timeout_ms)}"))
            conn.execute(text(f"SET LOCAL statement_timeout = {int(timeout_ms)}"))
            conn.execute(text("SELECT txid_current()"))
            for table in _PROBED_TABLES:
                conn.execute(text(f"UPDATE {table} SET tenant_id = tenant_id WHERE false"))
            conn.rollback()
    except OperationalError:
        return False
    return True


def _sqlite_can_write(conn: Connection, *, timeout_ms: int) -> bool:
    raw = conn.connection.driver_connection
    assert raw is not None
    cursor = raw.cursor()
    try:
        (previous,) = cursor.execute("PRAGMA busy_timeout").fetchone()
        cursor.execute(f"PRAGMA busy_timeout = {int(timeout_ms)}")
        try:
            cursor.execute("BEGIN IMMEDIATE")
            cursor.execute("ROLLBACK")
        except sqlite3.OperationalError:
            return False
        finally:
            cursor.execute(f"PRAGMA busy_timeout = {int(previous)}")
    finally:
        cursor.close()
    return True


@cache
def _shipped_heads() -> frozenset[str]:
    return frozenset(expected_heads())


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
async def metrics(service_metrics: MetricsDep) -> Response:
    """Prometheus text format: requests and latency per route, compactions, tokens."""
    return Response(service_metrics.render(), media_type=CONTENT_TYPE_LATEST)
