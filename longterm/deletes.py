"""Deleting single preferences and events.

Deletes are not gated: removing a user's data is always allowed to whoever may address it (the
route checks the key's role and user restriction), and a policy must never be able to keep data
a user wants gone. Every delete is audited like any mutation.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from longterm import audit
from longterm.erasure import compact_fulltext
from longterm.errors import NotFound, StalePrecondition
from longterm.gate import Principal
from longterm.models import Preference, PreferenceWrite
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from longterm.rows import add_history, current_row, scrub_history
from longterm.storage import EventRow, preference_from_row
from longterm.write_rules import etag_matches

__all__ = ["delete_event", "delete_preference"]


def delete_preference(
    db: Session,
    *,
    subject: Principal,
    user_id: str,
    key: str,
    now: datetime,
    if_match: str | None = None,
    registry: KeyRegistry = DEFAULT_REGISTRY,
) -> Preference:
    """Delete the current value of ``key`` and scrub the values from its history.

    The history keeps the trail (versions, sources, outcomes, times) but no value: a deleted
    preference is gone, not archived. Returns the deleted value.

    Raises:
        NotFound: no unexpired value, or the key is restricted to another user.
        StalePrecondition: ``if_match`` does not match the current value.
    """
    if subject.user_id is not None and subject.user_id != user_id:
        raise NotFound("no such user")
    spec = registry.lookup(key)
    row = current_row(db, tenant_id=subject.tenant_id, user_id=user_id, key=key)
    if row is None or (row.expires_at is not None and row.expires_at <= now):
        raise NotFound(f"no preference {key!r}")
    deleted = preference_from_row(row)
    if if_match is not None and not etag_matches(if_match, deleted.etag):
        raise StalePrecondition(deleted.etag)
    db.delete(row)
    db.flush()
    scrub_history(db, tenant_id=subject.tenant_id, user_id=user_id, key=key)
    marker = PreferenceWrite(user_id, key, None, deleted.source, confidence=deleted.confidence)
    add_history(
        db,
        write=marker,
        subject=subject,
        now=now,
        outcome="deleted",
        reason="deleted",
        version=deleted.version,
        keep_value=False,
    )
    audit.record(
        db,
        tenant_id=subject.tenant_id,
        subject=subject,
        user_id=user_id,
        action="preference.delete",
        object_type="preference",
        object_id=audit.audit_key_ref(spec),
        outcome="ok",
        now=now,
        detail={"version": deleted.version},
    )
    db.flush()
    return deleted


def delete_event(
    db: Session, *, subject: Principal, user_id: str, event_id: str, now: datetime
) -> None:
    """Delete one unexpired event; its full-text entry goes with it (trigger on SQLite, then an
    FTS5 ``optimize`` so the terms leave the index segments too).

    Raises:
        NotFound: no such unexpired event of this user in the tenant.
    """
    if subject.user_id is not None and subject.user_id != user_id:
        raise NotFound("no such user")
    row = db.exec(
        select(EventRow).where(
            EventRow.tenant_id == subject.tenant_id,
            EventRow.user_id == user_id,
            EventRow.id == event_id,
        )
    ).first()
    if row is None or (row.expires_at is not None and row.expires_at <= now):
        raise NotFound(f"no event {event_id!r}")
    db.delete(row)
    db.flush()
    compact_fulltext(db)  # a deleted event's terms must not wait in an FTS segment for a merge
    audit.record(
        db,
        tenant_id=subject.tenant_id,
        subject=subject,
        user_id=user_id,
        action="event.delete",
        object_type="event",
        object_id=event_id,
        outcome="ok",
        now=now,
    )
    db.flush()
