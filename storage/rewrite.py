"""Rewriting tables so deleted bytes leave the database files (after erasures, purges).

A ``DELETE`` on PostgreSQL leaves the old tuples in the heap, TOAST and index pages until the
space is reused; plain ``VACUUM`` marks it reusable but does not overwrite it. ``VACUUM FULL``
writes each table, its TOAST table and every index into new files and drops the old ones, so
only live rows are left on disk. It holds an ``ACCESS EXCLUSIVE`` lock on each table while it
runs (no reads, no writes): a maintenance-window operation, one table at a time, each waiting at
most ``lock_timeout`` for the lock. ``ANALYZE`` goes with it so that the planner's statistics
(``pg_statistic`` keeps sampled column values) are rebuilt from what is left.

On SQLite ``VACUUM`` rebuilds the whole file (``secure_delete`` already zeroed deleted cells;
this also drops freed pages) and a ``wal_checkpoint(TRUNCATE)`` empties the WAL afterwards.

WAL segments already written, WAL archives, replicas' files and backups are outside this: see
docs/erasure.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Engine, inspect, text

__all__ = ["RewriteResult", "UnknownTable", "rewrite_tables"]

_SKIP = frozenset({"alembic_version"})


class UnknownTable(ValueError):
    """A table asked for is not in the database."""


@dataclass(frozen=True, slots=True)
class RewriteResult:
    """What a rewrite did.

    Attributes:
        backend: ``postgresql`` or ``sqlite``.
        tables: the tables rewritten (SQLite: the whole file, listed for the record).
        statement: the statement run per table (or once, on SQLite).
    """

    backend: str
    tables: tuple[str, ...]
    statement: str


def _tables(engine: Engine, wanted: Sequence[str]) -> tuple[str, ...]:
    with engine.connect() as conn:
        present = [t for t in inspect(conn).get_table_names() if t not in _SKIP]
    if not wanted:
        return tuple(sorted(present))
    missing = sorted(set(wanted) - set(present))
    if missing:
        raise UnknownTable(f"no table {', '.join(missing)} in the database")
    return tuple(sorted(set(wanted)))


def rewrite_tables(
    engine: Engine, *, tables: Sequence[str] = (), lock_timeout_seconds: int = 30
) -> RewriteResult:
    """Rewrite ``tables`` (default: every table but Alembic's) so deleted bytes leave the files.

    Raises:
        UnknownTable: a table named is not in the database.
        sqlalchemy.exc.OperationalError: PostgreSQL gave up waiting ``lock_timeout_seconds``
            for a table's lock (the tables before it are rewritten already; run again).
    """
    chosen = _tables(engine, tables)
    if engine.dialect.name == "sqlite":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("VACUUM")
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return RewriteResult("sqlite", chosen, "VACUUM")
    preparer = engine.dialect.identifier_preparer
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        # The engine's statement timeout is for requests; a large table takes longer to rewrite.
        conn.execute(text("SET statement_timeout = 0"))
        conn.execute(text(f"SET lock_timeout = '{int(lock_timeout_seconds)}s'"))
        for table in chosen:
            conn.execute(text(f"VACUUM (FULL, ANALYZE) {preparer.quote(table)}"))
    return RewriteResult("postgresql", chosen, "VACUUM (FULL, ANALYZE)")
