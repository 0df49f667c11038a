"""Apply the schema with Alembic, programmatically: ``upgrade_database(url)``.

The Alembic configuration is built in code (no ``alembic.ini`` needed at run time). Migration
runs are serialized per database so that several replicas starting at once do not race: a
transaction-scoped advisory lock on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

from storage.engine import create_db_engine, is_sqlite

__all__ = [
    "MIGRATIONS_DIR",
    "alembic_config",
    "current_heads",
    "downgrade_database",
    "expected_heads",
    "upgrade_database",
]

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
# Arbitrary constant shared by every tiermem process: "tiermem" as a 63-bit integer.
_PG_MIGRATION_LOCK = 0x7469_6572_6D65_6D


def alembic_config(url: str | None = None) -> Config:
    """An Alembic ``Config`` pointing at ``api/migrations``; ``url`` for the CLI path only."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("path_separator", "os")
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


_MIGRATION_BUSY_TIMEOUT_MS = 120_000
"""How long a migration waits for SQLite's write lock. Concurrent upgrades (several processes
starting at once) serialize on it, and the service's short busy timeout is for requests, not for
an operator step that must run to the end."""


def _migration_engine(url: str) -> Engine:
    return create_db_engine(url, sqlite_busy_timeout_ms=_MIGRATION_BUSY_TIMEOUT_MS)


def upgrade_database(url: str, *, engine: Engine | None = None) -> None:
    """Apply every pending revision on every branch (``alembic upgrade heads``). Idempotent.

    Args:
        url: database URL, used to open an engine when ``engine`` is not given.
        engine: an existing engine for that database (reused, not disposed).

    Raises:
        sqlalchemy.exc.SQLAlchemyError: the database is unreachable or a migration failed
            (the migration transaction is rolled back).
    """
    own = engine is None
    eng = engine if engine is not None else _migration_engine(url)
    try:
        with eng.connect() as conn:
            _lock(conn)
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "heads")
            conn.commit()
    finally:
        if own:
            eng.dispose()


def downgrade_database(url: str, revision: str = "base") -> None:
    """Revert to ``revision`` (``base``: drop every tiermem table). For tests and operators only.

    Raises:
        sqlalchemy.exc.SQLAlchemyError: the database is unreachable or a downgrade failed.
    """
    engine = _migration_engine(url)
    try:
        with engine.connect() as conn:
            _lock(conn)
            cfg = alembic_config()
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, revision)
            conn.commit()
    finally:
        engine.dispose()


def _lock(conn: Connection) -> None:
    if is_sqlite(conn.engine.url):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_MIGRATION_LOCK})


def expected_heads() -> set[str]:
    """Head revisions of the migration scripts shipped with this version."""
    return set(ScriptDirectory.from_config(alembic_config()).get_heads())


def current_heads(engine: Engine) -> set[str]:
    """Revisions the database behind ``engine`` is at (empty when never migrated)."""
    with engine.connect() as conn:
        return set(MigrationContext.configure(conn).get_current_heads())
