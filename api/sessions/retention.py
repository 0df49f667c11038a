"""Retention of raw session messages: a per-tenant setting and the purge that enforces it.

A tenant may keep raw messages for ``raw_message_days`` only. Once a message is that old *and*
summarized, the purge replaces its content by a tombstone. A message is purged only when all
of these hold, so the tombstone is never part of a context the service returns:

* it was appended at least ``raw_message_days`` ago;
* it lies before the stored state's summary coverage (``summary_until_index``, with an active
  summary) and before its cut (``cut_index``): the summary stands for it and the window no
  longer sends it;
* it is not in the leading system/developer prefix, not pinned, not in a pinned group kept
  verbatim before the cut (``pinned_spans``), and not in a held-out group (``held_out``).

Derived message ids hash the content, and stored states, pins and snapshot records refer to
them, so the tombstone keeps everything structural: the message id (written as the entry's own
``id``, so reading the history yields the same id), its position, its stored ``digest`` (an
idempotent resend of the original still matches), its role and entry types, and its tool call
ids (tool-call pairing stays valid). Every text becomes ``"[purged]"``, numbers ``0``, tool
arguments ``"{}"`` and tool inputs ``{}``; the entry gains ``"tiermem_purged": true`` and the
row ``purged_at``. Readers cope: ``/context`` refuses (409) to return a tombstone should a
state ever point before one, a restore whose coverage would need purged messages is a 409,
pins cannot name purged messages (422), and history pages and the export mark them.

Every purge is audited (``longterm.audit.record``, action ``retention.purge``, one row per
session with counts only).
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, text
from sqlmodel import Session, col, select

from api.schemas.retention import MAX_RETENTION_DAYS
from api.sessions.errors import InvalidRetention
from api.sessions.recall_terms import forget_positions
from api.sessions.store import dump_json, load_json, lock_session
from api.sessions.tables import (
    SessionMessageRow,
    SessionPinRow,
    SessionRetentionRow,
    SessionStateRow,
)
from longterm import audit
from longterm.gate import Principal
from runtime.errors import FormatError
from runtime.state import CompactionState
from storage.metadata import utcnow

__all__ = [
    "PURGED_MARK",
    "PURGED_TEXT",
    "get_retention",
    "purge_session_messages",
    "purged_positions",
    "reclaim_purged_space",
    "set_retention",
    "tenants_with_retention",
    "tombstone",
]

PURGED_TEXT = "[purged]"
PURGED_MARK = "tiermem_purged"
_KEEP = frozenset({"role", "type", "id", "tool_call_id", "call_id", "tool_use_id", "status"})


def tombstone(raw: Any, *, message_id: str) -> dict[str, Any]:
    """The entry that replaces ``raw``: same structure and id, no content (module docstring)."""
    body = _blank(raw)
    if not isinstance(body, dict):
        body = {}
    return {**body, "id": message_id, PURGED_MARK: True}


def _blank(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _field(key, item, value) for key, item in value.items()}
    if isinstance(value, list):
        return [_blank(item) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return 0
    return PURGED_TEXT


def _field(key: str, value: Any, parent: dict[str, Any]) -> Any:
    if key in _KEEP and isinstance(value, str):
        return value
    # A tool's name is structure; a chat participant's ``name`` (no type, no arguments) is not.
    if key == "name" and isinstance(value, str) and ("type" in parent or "arguments" in parent):
        return value
    if key == "arguments" and isinstance(value, str):
        return "{}"
    if key == "input" and isinstance(value, dict):
        return {}
    return _blank(value)


def get_retention(db: Session, *, tenant_id: str) -> int | None:
    """The tenant's retention of raw session messages in days, or None (kept forever)."""
    row = db.get(SessionRetentionRow, tenant_id)
    return None if row is None else row.raw_message_days


def set_retention(
    db: Session, *, tenant_id: str, days: int | None, now: datetime | None = None
) -> int | None:
    """Set (or with None remove) the tenant's retention at ``now`` (the app clock's reading;
    the wall clock when omitted); the caller commits.

    Raises:
        InvalidRetention: ``days`` is not between 1 and 36500 (a ``ValueError``).
    """
    if days is not None and not 1 <= days <= MAX_RETENTION_DAYS:
        raise InvalidRetention(f"raw_message_days must be between 1 and {MAX_RETENTION_DAYS}")
    row = db.get(SessionRetentionRow, tenant_id)
    if days is None:
        if row is not None:
            db.delete(row)
        return None
    if row is None:
        row = SessionRetentionRow(tenant_id=tenant_id, raw_message_days=days)
    row.raw_message_days = days
    row.updated_at = now or utcnow()
    db.add(row)
    return days


def tenants_with_retention(db: Session) -> list[str]:
    """Every tenant with a retention setting (ids only)."""
    return sorted(db.exec(select(SessionRetentionRow.tenant_id)).all())


def purged_positions(db: Session, *, tenant_id: str, session_id: str) -> set[int]:
    """Positions of the session's purged messages."""
    return set(
        db.exec(
            select(SessionMessageRow.position).where(
                SessionMessageRow.tenant_id == tenant_id,
                SessionMessageRow.session_id == session_id,
                col(SessionMessageRow.purged_at).is_not(None),
            )
        ).all()
    )


def purge_session_messages(db: Session, *, subject: Principal, now: datetime) -> dict[str, int]:
    """Tombstone the raw messages of ``subject``'s tenant that its retention allows to purge.

    Each session is one short transaction that first takes the session's write lock (a no-op
    ``UPDATE`` of its row, as appends, pins and restores do), so a concurrent call on that
    session sees all or none of its purge; it commits after each session, the audit row
    included. A ``/context`` that read the history before the purge returns what it read (the
    purged messages were outside its context anyway). Returns ``{"sessions": n, "messages": m}``.
    """
    tenant = subject.tenant_id
    days = get_retention(db, tenant_id=tenant)
    totals: Counter[str] = Counter(sessions=0, messages=0)
    if days is None:
        return dict(totals)
    before = now - timedelta(days=days)
    for session_id, user_id in _candidate_sessions(db, tenant_id=tenant, before=before):
        count = _purge_one(db, tenant_id=tenant, session_id=session_id, before=before, now=now)
        if count:
            audit.record(
                db,
                tenant_id=tenant,
                subject=subject,
                user_id=user_id,
                action="retention.purge",
                object_type="session",
                object_id=session_id,
                outcome="ok",
                now=now,
                detail={"messages": count, "raw_message_days": days},
            )
            totals.update(sessions=1, messages=count)
        db.commit()
    return dict(totals)


def reclaim_purged_space(engine: Engine) -> None:
    """Make the purged content unrecoverable now: on PostgreSQL ``VACUUM session_messages``
    (the old row versions, with the raw text, are dead tuples until vacuumed); on SQLite
    ``secure_delete`` already overwrote the pages and a WAL checkpoint (TRUNCATE) drops the
    old page images."""
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM session_messages"))


def _candidate_sessions(db: Session, *, tenant_id: str, before: datetime) -> list[tuple[str, str]]:
    """Sessions of the tenant holding an unpurged message appended before ``before``."""
    rows = db.exec(
        select(SessionMessageRow.session_id, SessionMessageRow.user_id)
        .where(
            SessionMessageRow.tenant_id == tenant_id,
            col(SessionMessageRow.purged_at).is_(None),
            col(SessionMessageRow.created_at) < before,
        )
        .distinct()
    ).all()
    db.commit()
    return sorted((str(s), str(u)) for s, u in rows)


def _purge_one(
    db: Session, *, tenant_id: str, session_id: str, before: datetime, now: datetime
) -> int:
    # The session's write lock first (as appends, pins and restores take it).
    if not lock_session(db, tenant_id=tenant_id, session_id=session_id):
        return 0  # deleted meanwhile
    limit = _purge_limit(db, tenant_id=tenant_id, session_id=session_id)
    if limit is None:
        return 0
    end, protected_positions, pinned_ids = limit
    rows = db.exec(
        select(SessionMessageRow).where(
            SessionMessageRow.tenant_id == tenant_id,
            SessionMessageRow.session_id == session_id,
            col(SessionMessageRow.purged_at).is_(None),
            col(SessionMessageRow.created_at) < before,
            col(SessionMessageRow.position) < end,
        )
    ).all()
    purged: list[int] = []
    for row in rows:
        if row.position in protected_positions or row.message_id in pinned_ids:
            continue
        row.raw_json = dump_json(tombstone(load_json(row.raw_json), message_id=row.message_id))
        row.purged_at = now
        db.add(row)
        purged.append(row.position)
    db.flush()
    # the recall groups holding a purged message keep its sanitized text: they go too
    forget_positions(db, tenant_id=tenant_id, session_id=session_id, positions=purged)
    return len(purged)


def _purge_limit(
    db: Session, *, tenant_id: str, session_id: str
) -> tuple[int, set[int], set[str]] | None:
    """``(end, protected positions, pinned ids)``: positions below ``end`` may be purged unless
    protected or pinned; None when nothing may be (no active summary, unreadable state)."""
    state_row = db.exec(
        select(SessionStateRow).where(
            SessionStateRow.tenant_id == tenant_id, SessionStateRow.session_id == session_id
        )
    ).first()
    if state_row is None or state_row.state_json is None:
        return None
    try:
        state = CompactionState.from_json(state_row.state_json)
    except FormatError:
        return None
    if not state.summary_active or state.summary_until_index is None or state.cut_index is None:
        return None
    end = min(state.summary_until_index, state.cut_index)
    if state.held_out:
        end = min(end, min(index for index, _ in state.held_out))
    protected = set(range(state.prefix_length))
    for start, stop, _ids in state.pinned_spans:
        protected.update(range(start, stop + 1))
    pins = set(
        db.exec(
            select(SessionPinRow.message_id).where(
                SessionPinRow.tenant_id == tenant_id, SessionPinRow.session_id == session_id
            )
        ).all()
    )
    return end, protected, pins
