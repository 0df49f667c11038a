"""One unit of work under a run-once lock, the same way for every job (``storage.locks``).

``run_once`` opens the unit's database session with the lock taken: on PostgreSQL the
transaction-scoped advisory lock, as the transaction's first statement (released by its commit
or rollback, or by a dead connection); on SQLite a lease row taken before and released after,
which lapses if the holder dies. It yields ``None`` when another runner holds the lock, so the
caller skips the unit (the holder does it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

from sqlalchemy import Engine
from sqlmodel import Session

from storage.locks import acquire_lease, release_lease, try_advisory_xact_lock, uses_leases

__all__ = ["run_once"]


@contextmanager
def run_once(
    engine: Engine, *, tenant_id: str, name: str, now: datetime, holder: str
) -> Iterator[Session | None]:
    """A database session holding the run-once lock ``name`` of ``tenant_id``, or None.

    The caller commits inside the block; on PostgreSQL the lock ends with that transaction, so
    everything the lock must cover belongs in it. ``now`` dates the SQLite lease (the job's
    clock), ``holder`` names this runner.
    """
    leased = uses_leases(engine)
    if leased and not acquire_lease(engine, tenant_id=tenant_id, name=name, now=now, holder=holder):
        yield None
        return
    try:
        with Session(engine, expire_on_commit=False) as db:
            if not leased and not try_advisory_xact_lock(db, tenant_id=tenant_id, name=name):
                yield None
                return
            yield db
    finally:
        if leased:
            release_lease(engine, tenant_id=tenant_id, name=name, holder=holder)
