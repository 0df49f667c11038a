"""Run-once locks for background units of work, on both backends.

PostgreSQL: ``pg_try_advisory_xact_lock`` on a 64-bit hash of ``tenant:name``, taken as the
first statement of the unit's transaction and released by its commit or rollback; a process
killed mid-unit releases it with its connection. SQLite: a lease row (``job_leases``) taken
and released in short transactions of their own, with an expiry, so a killed holder's lease
lapses and the unit is picked up by a later run.
"""

from __future__ import annotations

import hashlib
import uuid
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import Engine, delete, text, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel, col

from storage.engine import is_sqlite
from storage.types import UtcDateTime

__all__ = [
    "DEFAULT_LEASE",
    "HOLDER",
    "JobLeaseRow",
    "acquire_lease",
    "advisory_key",
    "release_lease",
    "try_advisory_xact_lock",
    "uses_leases",
]


class JobLeaseRow(SQLModel, table=True):
    """A lease on one unit of work (SQLite's stand-in for a PostgreSQL advisory lock)."""

    __tablename__ = "job_leases"

    tenant_id: str = Field(primary_key=True, max_length=128)
    name: str = Field(primary_key=True, max_length=400)
    holder: str = Field(max_length=64)
    expires_at: datetime = Field(sa_type=UtcDateTime, nullable=False)


DEFAULT_LEASE: Final = timedelta(minutes=10)
HOLDER: Final = uuid.uuid4().hex[:16]
"""This process's lease holder id."""


def uses_leases(engine: Engine) -> bool:
    """True on SQLite (lease rows), False on PostgreSQL (advisory locks)."""
    return is_sqlite(engine.url)


def advisory_key(tenant_id: str, name: str) -> int:
    """A stable signed 64-bit key for ``pg_try_advisory_xact_lock``."""
    digest = hashlib.sha256(f"tiermem:{tenant_id}:{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def try_advisory_xact_lock(db: Session, *, tenant_id: str, name: str) -> bool:
    """Try the transaction-scoped advisory lock; call it first in the unit's transaction."""
    key = advisory_key(tenant_id, name)
    got = db.execute(text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": key}).scalar()
    return bool(got)


def acquire_lease(
    engine: Engine,
    *,
    tenant_id: str,
    name: str,
    now: datetime,
    ttl: timedelta = DEFAULT_LEASE,
    holder: str = HOLDER,
) -> bool:
    """Take the lease ``name`` (in its own committed transaction); False when someone else
    holds an unexpired one."""
    expires = now + ttl
    with Session(engine) as db:
        taken = db.execute(
            update(JobLeaseRow)
            .where(
                col(JobLeaseRow.tenant_id) == tenant_id,
                col(JobLeaseRow.name) == name,
                col(JobLeaseRow.expires_at) <= now,
            )
            .values(holder=holder, expires_at=expires)
        )
        if getattr(taken, "rowcount", 0) == 1:
            db.commit()
            return True
        db.add(JobLeaseRow(tenant_id=tenant_id, name=name, holder=holder, expires_at=expires))
        try:
            db.commit()
        except IntegrityError:
            db.rollback()
            return False
        return True


def release_lease(engine: Engine, *, tenant_id: str, name: str, holder: str = HOLDER) -> None:
    """Give a lease back (only if this holder still has it)."""
    with Session(engine) as db:
        db.execute(
            delete(JobLeaseRow).where(
                col(JobLeaseRow.tenant_id) == tenant_id,
                col(JobLeaseRow.name) == name,
                col(JobLeaseRow.holder) == holder,
            )
        )
        db.commit()
