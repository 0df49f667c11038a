"""``FakeSessionSource``: an in-memory ``policy.sessions.SessionSource`` for policy unit tests.

It keeps sessions in dicts instead of the service's tables; consolidation marks are the policy
tier's own table, so ``due_for_consolidation`` reads them through the given database session,
as the service's source does. ``tests/policy/test_sessions.py`` runs one conformance suite over
it and ``api.sessions.source.SqlSessionSource``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session

from policy.sessions import DueSession, SessionInfo
from policy.storage import ConsolidationMarkRow
from runtime.state import CompactionState
from runtime.summary.schema import CompactionSummary

__all__ = ["FakeSession", "FakeSessionSource"]


@dataclass
class FakeSession:
    """One stored session of the fake."""

    info: SessionInfo
    updated_at: datetime
    history: list[Any] = field(default_factory=list)
    pins: frozenset[str] = frozenset()
    state: CompactionState | None = None
    summary_version: int = 0
    summary: CompactionSummary | None = None


@dataclass
class FakeSessionSource:
    """Sessions by ``(tenant_id, session_id)``."""

    sessions: dict[tuple[str, str], FakeSession] = field(default_factory=dict)

    def put(self, session: FakeSession) -> None:
        """Store (or replace) one session."""
        self.sessions[(session.info.tenant_id, session.info.session_id)] = session

    def _find(self, tenant_id: str, session_id: str) -> FakeSession | None:
        return self.sessions.get((tenant_id, session_id))

    def get_session(self, db: Session, *, tenant_id: str, session_id: str) -> SessionInfo | None:
        found = self._find(tenant_id, session_id)
        return found.info if found else None

    def history(self, db: Session, *, tenant_id: str, session_id: str) -> list[Any]:
        found = self._find(tenant_id, session_id)
        return list(found.history) if found else []

    def pins(self, db: Session, *, tenant_id: str, session_id: str) -> frozenset[str]:
        found = self._find(tenant_id, session_id)
        return found.pins if found else frozenset()

    def state(self, db: Session, *, tenant_id: str, session_id: str) -> CompactionState | None:
        found = self._find(tenant_id, session_id)
        return found.state if found else None

    def current_summary(
        self, db: Session, *, tenant_id: str, session_id: str
    ) -> tuple[int | None, CompactionSummary | None]:
        found = self._find(tenant_id, session_id)
        if found is None or not found.summary_version:
            return None, None
        return found.summary_version, found.summary

    def due_for_consolidation(
        self, db: Session, *, tenant_id: str, idle_since: datetime, limit: int
    ) -> Sequence[DueSession]:
        due = []
        for (tenant, sid), found in sorted(self.sessions.items()):
            if tenant != tenant_id or found.updated_at > idle_since or found.summary_version < 1:
                continue
            mark = db.get(ConsolidationMarkRow, (tenant, sid))
            if mark is not None and mark.summary_version >= found.summary_version:
                continue
            due.append((found.updated_at, sid, found))
        due.sort(key=lambda item: (item[0], item[1]))
        return [
            DueSession(tenant_id, sid, found.info.user_id, found.summary_version)
            for _at, sid, found in due[:limit]
        ]

    def tenants_due_for_consolidation(self, db: Session, *, idle_since: datetime) -> list[str]:
        tenants = {tenant for tenant, _sid in self.sessions}
        return sorted(
            t
            for t in tenants
            if self.due_for_consolidation(db, tenant_id=t, idle_since=idle_since, limit=1)
        )
