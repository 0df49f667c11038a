"""The consolidation runner: every due session, one unit of work each, under run-once locks.

``consolidate(engine, gate=..., sessions=..., now=..., idle=...)`` asks the session source for
the sessions idle since ``now - idle`` whose current summary version has no consolidation mark
yet (tenant by tenant, oldest activity first), and runs ``policy.consolidation.
consolidate_session`` for each in ONE transaction holding the user's run-once lock
(``api.jobs.locks.run_once``). The policy tier decides what is written; this module decides
when, in which transaction, and what happens around a unit:

* a unit whose lock another runner holds is retried once at the end of the run, then left to
  the next run (the holder consolidates it; the mark re-check inside the lock makes every
  summary version consolidated exactly once);
* a unit that fails on malformed data (``ValueError`` or a long-term-tier error) rolls back, is
  counted as ``failed`` and is tried again next run; it never blocks the units behind it;
* a database error stops the run (units committed before it stay committed);
* a unit killed half way leaves nothing (its transaction rolls back).

Scheduled by ``api.jobs.scheduler``; run once by the admin route and ``tiermem consolidate``.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import Engine
from sqlmodel import Session

from api.jobs.locks import run_once
from longterm.errors import LongtermError
from longterm.gate import PolicyGate
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from longterm.sql_store import SqlLongtermStore
from policy.consolidation import ConsolidationReport, consolidate_session
from policy.sessions import DueSession, SessionSource

__all__ = ["MAX_SESSIONS_PER_TENANT", "consolidate", "due_sessions"]

MAX_SESSIONS_PER_TENANT: Final = 500
"""Sessions of one tenant one run looks at (the rest are due again next run)."""
_log = logging.getLogger("tiermem.jobs")


def due_sessions(
    db: Session,
    *,
    sessions: SessionSource,
    now: datetime,
    idle: timedelta,
    tenant_id: str | None = None,
    limit: int = MAX_SESSIONS_PER_TENANT,
) -> list[DueSession]:
    """Sessions idle since ``now - idle`` with a summary newer than their consolidation mark,
    tenant by tenant (every tenant with one when ``tenant_id`` is None), oldest activity first
    within a tenant, at most ``limit`` per tenant so that one busy tenant starves no other."""
    since = now - idle
    tenants = (
        [tenant_id]
        if tenant_id is not None
        else sessions.tenants_due_for_consolidation(db, idle_since=since)
    )
    due: list[DueSession] = []
    for tenant in tenants:
        due.extend(
            sessions.due_for_consolidation(db, tenant_id=tenant, idle_since=since, limit=limit)
        )
    return due


def _one_unit(
    engine: Engine,
    due: DueSession,
    *,
    gate: PolicyGate,
    sessions: SessionSource,
    now: datetime,
    holder: str,
    registry: KeyRegistry,
) -> ConsolidationReport | None:
    """One session in one transaction under the user's lock; None when locked elsewhere."""
    lock = f"consolidate:user:{due.user_id}"
    with run_once(engine, tenant_id=due.tenant_id, name=lock, now=now, holder=holder) as db:
        if db is None:
            return None
        store = SqlLongtermStore(db, gate=gate, registry=registry)
        report = consolidate_session(
            db, due, store=store, sessions=sessions, now=now, registry=registry
        )
        db.commit()
        return report or ConsolidationReport()


def consolidate(
    engine: Engine,
    *,
    gate: PolicyGate,
    sessions: SessionSource,
    now: datetime,
    idle: timedelta,
    tenant_id: str | None = None,
    registry: KeyRegistry = DEFAULT_REGISTRY,
    limit: int = MAX_SESSIONS_PER_TENANT,
    on_unit: Callable[[DueSession], None] | None = None,
) -> ConsolidationReport:
    """One consolidation run over every due session (of one tenant, when given).

    Args:
        on_unit: called before each unit is tried; lets a caller interleave another runner
            deterministically (``tests/api/jobs/test_consolidation.py`` runs a second runner
            there and checks that nothing is consolidated twice).

    Raises:
        sqlalchemy.exc.SQLAlchemyError: the database failed (the failing unit rolled back;
            units committed before it stay committed).
    """
    with Session(engine) as db:
        due = due_sessions(
            db, sessions=sessions, now=now, idle=idle, tenant_id=tenant_id, limit=limit
        )
    holder = uuid.uuid4().hex[:16]
    total = ConsolidationReport(due=len(due))
    pending = list(due)
    for attempt in range(2):
        locked: list[DueSession] = []
        for item in pending:
            if on_unit is not None:
                on_unit(item)
            try:
                report = _one_unit(
                    engine,
                    item,
                    gate=gate,
                    sessions=sessions,
                    now=now,
                    holder=holder,
                    registry=registry,
                )
            except (LongtermError, ValueError) as exc:
                # One malformed unit must not block the queue: it rolled back, is counted,
                # and is tried again by the next run; database errors still stop the run.
                _log.warning("consolidation of %s failed: %s", item.session_id, type(exc).__name__)
                total.failed += 1
                continue
            if report is None:
                locked.append(item)
            else:
                total.add(report)
        pending = locked
        if not pending or attempt == 1:
            break
    total.locked = len(pending)
    return total
