"""What the policy tier reads of the persisted sessions: ``SessionSource``, a Protocol.

Promotion at task end, its closing pass and consolidation read a session's owner, format,
history, pins, compaction state and current summary, and consolidation lists the idle sessions
whose current summary it has not looked at yet. The sessions live in the service
(``api.sessions``), which implements this protocol (``api.sessions.source.SqlSessionSource``)
and passes it in; the policy package never runs SQL on the session tables.

Every method takes the caller's database session first, so that what the policy reads and
what it writes (long-term rows, the stored end, the consolidation mark) are one unit of work
that commits or rolls back together, and the tenant as a required keyword: a read of another
tenant's session cannot be written. A missing session is ``None``, never an exception: the
caller decides what that means (``policy.promotion`` raises ``SessionNotFound``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlmodel import Session

from runtime.state import CompactionState
from runtime.summary.schema import CompactionSummary

__all__ = ["DueSession", "SessionInfo", "SessionSource"]


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """One session as the policy tier sees it: whose it is and which history format it uses."""

    tenant_id: str
    session_id: str
    user_id: str
    format: str | None
    """The history format the session was created with (None: detected from the history)."""


@dataclass(frozen=True, slots=True)
class DueSession:
    """A session due for consolidation at ``summary_version``."""

    tenant_id: str
    session_id: str
    user_id: str
    summary_version: int


class SessionSource(Protocol):
    """Read access to the persisted sessions, inside the caller's unit of work.

    Implementations must filter every query by ``tenant_id`` and must not commit: the caller
    owns the transaction. Reads that find nothing answer empty (``None``, ``[]``), never raise.
    """

    def get_session(self, db: Session, *, tenant_id: str, session_id: str) -> SessionInfo | None:
        """The session, or None when the tenant has no session with that id."""
        ...

    def history(self, db: Session, *, tenant_id: str, session_id: str) -> list[Any]:
        """The session's stored history, the raw JSON entries in order (empty when none)."""
        ...

    def pins(self, db: Session, *, tenant_id: str, session_id: str) -> frozenset[str]:
        """The ids of the session's pinned messages."""
        ...

    def state(self, db: Session, *, tenant_id: str, session_id: str) -> CompactionState | None:
        """The session's compaction state; None when it never compacted or is unreadable."""
        ...

    def current_summary(
        self, db: Session, *, tenant_id: str, session_id: str
    ) -> tuple[int | None, CompactionSummary | None]:
        """The current summary version and summary: ``(None, None)`` when never compacted,
        ``(version, None)`` when the stored summary is missing or does not validate."""
        ...

    def due_for_consolidation(
        self, db: Session, *, tenant_id: str, idle_since: datetime, limit: int
    ) -> Sequence[DueSession]:
        """The tenant's sessions without activity since ``idle_since`` whose current summary
        version is newer than their consolidation mark (``policy.storage``), oldest activity
        first, at most ``limit`` (every replica sees the same order)."""
        ...

    def tenants_due_for_consolidation(self, db: Session, *, idle_since: datetime) -> list[str]:
        """The tenants holding a session ``due_for_consolidation`` (ids only, sorted): the one
        cross-tenant read, for a run over every tenant."""
        ...
