"""``SqlSessionSource``: the service's ``policy.sessions.SessionSource`` over the session tables.

The policy tier (promotion, its closing pass, consolidation) reads sessions only through this;
each method runs in the caller's database session and never commits, so the reads and the
policy's writes stay one unit of work. Every query filters by tenant.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypeVarTuple

from sqlalchemy import Select, and_, or_
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from api.sessions.formats import read_format
from api.sessions.tables import (
    AgentSessionRow,
    SessionMessageRow,
    SessionPinRow,
    SessionStateRow,
    SessionSummaryRow,
)
from policy.candidates import parse_summary
from policy.sessions import DueSession, SessionInfo, SessionSource
from policy.storage import ConsolidationMarkRow
from runtime.errors import RuntimeTierError
from runtime.state import CompactionState
from runtime.summary.schema import CompactionSummary

__all__ = ["SqlSessionSource"]

_Row = TypeVarTuple("_Row")


class SqlSessionSource:
    """Sessions as the policy tier reads them, from the tables of ``api.sessions``."""

    def get_session(self, db: Session, *, tenant_id: str, session_id: str) -> SessionInfo | None:
        """The session, or None when the tenant has no session with that id."""
        row = db.get(AgentSessionRow, (tenant_id, session_id))
        if row is None:
            return None
        return SessionInfo(tenant_id, row.id, row.user_id, read_format(row.format))

    def history(self, db: Session, *, tenant_id: str, session_id: str) -> list[Any]:
        """The stored history, raw JSON entries in order."""
        rows = db.exec(
            select(SessionMessageRow.raw_json)
            .where(col(SessionMessageRow.tenant_id) == tenant_id)
            .where(col(SessionMessageRow.session_id) == session_id)
            .order_by(col(SessionMessageRow.position))
        ).all()
        return [json.loads(raw) for raw in rows]

    def pins(self, db: Session, *, tenant_id: str, session_id: str) -> frozenset[str]:
        """The pinned message ids."""
        rows = db.exec(
            select(SessionPinRow.message_id)
            .where(col(SessionPinRow.tenant_id) == tenant_id)
            .where(col(SessionPinRow.session_id) == session_id)
        ).all()
        return frozenset(rows)

    def state(self, db: Session, *, tenant_id: str, session_id: str) -> CompactionState | None:
        """The compaction state; None when there is none or it does not parse."""
        row = db.get(SessionStateRow, (tenant_id, session_id))
        if row is None or not row.state_json:
            return None
        try:
            return CompactionState.from_json(row.state_json)
        except (RuntimeTierError, ValueError, TypeError):
            return None

    def current_summary(
        self, db: Session, *, tenant_id: str, session_id: str
    ) -> tuple[int | None, CompactionSummary | None]:
        """The current summary version and summary (``(None, None)``: never compacted)."""
        state = db.get(SessionStateRow, (tenant_id, session_id))
        if state is None or not state.summary_version:
            return None, None
        row = db.exec(
            select(SessionSummaryRow).where(
                col(SessionSummaryRow.tenant_id) == tenant_id,
                col(SessionSummaryRow.session_id) == session_id,
                col(SessionSummaryRow.version) == state.summary_version,
            )
        ).first()
        if row is None:
            return state.summary_version, None
        return state.summary_version, parse_summary(row.summary_json)

    def due_for_consolidation(
        self, db: Session, *, tenant_id: str, idle_since: datetime, limit: int
    ) -> Sequence[DueSession]:
        """Idle sessions of the tenant with a summary newer than their mark, oldest first."""
        columns = sa_select(
            col(AgentSessionRow.tenant_id),
            col(AgentSessionRow.id),
            col(AgentSessionRow.user_id),
            col(SessionStateRow.summary_version),
        )
        stmt = (
            _due(columns, idle_since=idle_since)
            .where(col(AgentSessionRow.tenant_id) == tenant_id)
            .order_by(col(AgentSessionRow.updated_at), col(AgentSessionRow.id))
            .limit(limit)
        )
        return [DueSession(t, s, u, int(v)) for t, s, u, v in db.execute(stmt)]

    def tenants_due_for_consolidation(self, db: Session, *, idle_since: datetime) -> list[str]:
        """Tenants holding a due session (ids only)."""
        stmt = _due(sa_select(col(AgentSessionRow.tenant_id)), idle_since=idle_since).distinct()
        return sorted(str(tenant) for tenant in db.execute(stmt).scalars())


def _due(stmt: Select[*_Row], *, idle_since: datetime) -> Select[*_Row]:
    """``stmt`` over the sessions idle since ``idle_since`` whose current summary version is
    newer than their consolidation mark (or that have none)."""
    mark = ConsolidationMarkRow
    return (
        stmt.select_from(AgentSessionRow)
        .join(
            SessionStateRow,
            and_(
                col(SessionStateRow.tenant_id) == col(AgentSessionRow.tenant_id),
                col(SessionStateRow.session_id) == col(AgentSessionRow.id),
            ),
        )
        .outerjoin(
            mark,
            and_(
                col(mark.tenant_id) == col(AgentSessionRow.tenant_id),
                col(mark.session_id) == col(AgentSessionRow.id),
            ),
        )
        .where(col(AgentSessionRow.updated_at) <= idle_since)
        .where(col(SessionStateRow.summary_version) > 0)
        .where(
            or_(
                col(mark.session_id).is_(None),
                col(mark.summary_version) < col(SessionStateRow.summary_version),
            )
        )
    )


_: type[SessionSource] = SqlSessionSource  # checked by mypy: the class implements the protocol
