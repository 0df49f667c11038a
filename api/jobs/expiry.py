"""Expiry, once: the scheduler's ``expire`` job, ``tiermem expire`` and the retention route.

``expire_tenant`` is the whole of it for one tenant:

1. under the tenant's run-once lock ``expire`` (``api.jobs.locks.run_once``: an advisory lock
   on PostgreSQL, a lease on SQLite) and in one transaction, hard-delete the long-term rows that
   expired at ``now`` (``longterm.expiry.purge_expired``) and, after a restore, when asked,
   re-apply the tenant's erasure receipts (``longterm.erasure.reapply_receipts``); commit;
2. tombstone the raw session messages past the tenant's retention
   (``api.sessions.retention.purge_session_messages``; one short transaction per session, each
   under the session's write lock, so it is safe beside any other run);
3. when messages were tombstoned, make their text unrecoverable now
   (``reclaim_purged_space``: a WAL checkpoint on SQLite, ``VACUUM`` on PostgreSQL).

A tenant whose lock another process holds is skipped and reported ``locked``: that process is
expiring it. ``POST /v1/admin/retention/purge`` asks for step 2 and 3 only
(``long_term=False``), which take no lock. ``expire`` runs ``expire_tenant`` for one tenant or
for every tenant with something to expire. Every purge is audited with counts only.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import Engine
from sqlmodel import Session

from api.jobs.locks import run_once
from api.jobs.results import RetentionCounts, TenantExpiry
from api.sessions.retention import (
    purge_session_messages,
    reclaim_purged_space,
    tenants_with_retention,
)
from longterm.erasure import EraseHook, reapply_receipts
from longterm.expiry import purge_expired, tenants_with_expired
from longterm.gate import Principal
from longterm.vocabulary import Role

__all__ = ["EXPIRE_LOCK", "EraseHooks", "expire", "expire_tenant", "tenants_to_expire"]

EXPIRE_LOCK = "expire"
EraseHooks = tuple[Iterable[EraseHook], Iterable[EraseHook]]
"""``(hooks, session_hooks)`` of ``longterm.erasure.reapply_receipts``."""


def tenants_to_expire(db: Session, *, now: datetime) -> list[str]:
    """Tenants holding an expired long-term row or a retention setting (ids only, sorted)."""
    return sorted(set(tenants_with_expired(db, now=now)) | set(tenants_with_retention(db)))


def _retention(engine: Engine, db: Session, *, actor: Principal, now: datetime) -> RetentionCounts:
    counts = purge_session_messages(db, subject=actor, now=now)
    if counts.get("messages"):
        reclaim_purged_space(engine)  # the tombstoned text leaves the WAL / dead tuples now
    return RetentionCounts(sessions=counts.get("sessions", 0), messages=counts.get("messages", 0))


def expire_tenant(
    engine: Engine,
    *,
    actor: Principal,
    now: datetime,
    long_term: bool = True,
    reapply: EraseHooks | None = None,
    holder: str | None = None,
) -> TenantExpiry:
    """Expire ``actor``'s tenant at ``now`` (module docstring); audited as ``actor``.

    Args:
        long_term: also purge expired long-term rows (under the lock); False: only the
            retention purge of raw session messages.
        reapply: after a restore from a backup, re-apply the tenant's erasure receipts with
            these erase hooks, in the long-term transaction (needs ``long_term``).
        holder: this runner's lease holder id (a fresh one by default).

    Raises:
        sqlalchemy.exc.SQLAlchemyError: the database failed (the long-term transaction rolled
            back; sessions already purged stay purged).
    """
    tenant = actor.tenant_id
    if not long_term:
        with Session(engine) as db:
            return TenantExpiry(
                tenant_id=tenant, session_retention=_retention(engine, db, actor=actor, now=now)
            )
    who = holder or uuid.uuid4().hex[:16]
    with run_once(engine, tenant_id=tenant, name=EXPIRE_LOCK, now=now, holder=who) as db:
        if db is None:
            return TenantExpiry(tenant_id=tenant, locked=True)
        purged = purge_expired(db, subject=actor, now=now)
        reapplied = None
        if reapply is not None:
            hooks, session_hooks = reapply
            reapplied = reapply_receipts(
                db, subject=actor, now=now, hooks=hooks, session_hooks=session_hooks
            )
        db.commit()
        retained = _retention(engine, db, actor=actor, now=now)
    return TenantExpiry(
        tenant_id=tenant, purged=purged, session_retention=retained, reapplied=reapplied
    )


def expire(
    engine: Engine,
    *,
    now: datetime,
    role: Role,
    key_id: str,
    tenant_id: str | None = None,
    reapply: EraseHooks | None = None,
) -> list[TenantExpiry]:
    """Expire one tenant, or every tenant with something to expire, each as ``role`` with key
    ``key_id`` (the audit's actor), one ``expire_tenant`` after the other.

    Raises:
        sqlalchemy.exc.SQLAlchemyError: the database failed (tenants done before stay done).
    """
    if tenant_id is None:
        with Session(engine) as db:
            tenants = tenants_to_expire(db, now=now)
    else:
        tenants = [tenant_id]
    holder = uuid.uuid4().hex[:16]
    return [
        expire_tenant(
            engine,
            actor=Principal(role, tenant, key_id=key_id),
            now=now,
            reapply=reapply,
            holder=holder,
        )
        for tenant in tenants
    ]
