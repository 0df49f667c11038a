"""Appending to a session's history: idempotent by message id, protocol-checked, all or nothing.

The rules, in order, for each entry of a batch placed at ``offset`` (default: the end):

* a position already stored: the entry must be the stored one (same id and same content), a
  no-op; anything else is a ``MessageConflict`` naming the position;
* a new entry with its own ``id`` that is already stored: same content is a no-op, other content
  is a ``MessageConflict`` (naming ``message_id``);
* everything else is appended. Entries without an id get the run-time tier's derived id (position
  + content hash), returned in ``ids`` parallel to the batch.

The stored history plus the new entries is then checked in the session's format (reading only
the stored tail the batch can affect, ``api.sessions.tail_check``, and only the stored rows at
the batch's positions or with its ids); a protocol error (orphan result, duplicated call id,
call answered twice) is refused (``InvalidHistory``) naming the message and the call id, and
nothing of the batch is stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from api.params import MESSAGE_ID_MAX_LENGTH
from api.sessions.errors import InvalidHistory, MessageConflict
from api.sessions.formats import (
    decided_format,
    encode_candidates,
    format_candidates,
    retag_state,
)
from api.sessions.retention import PURGED_MARK
from api.sessions.schemas import AppendIn, AppendOut
from api.sessions.store import (
    dump_json,
    ensure_storable,
    load_session,
    run_with_retry,
    touch_session,
)
from api.sessions.tables import AgentSessionRow, SessionMessageRow
from api.sessions.tail_check import check_append
from runtime.errors import EntryFormatError, FormatError, ProtocolError
from runtime.formats.validation import narrow_formats, reading_format
from runtime.messages import Format, Message, content_digest
from storage.metadata import utcnow

__all__ = ["append_messages"]


@dataclass(frozen=True, slots=True)
class _StoredEntry:
    """A stored history entry as an append's checks need it: its id and content digest."""

    message_id: str
    digest: str


@dataclass(frozen=True, slots=True)
class _Plan:
    """Which batch entries are new, and the ids of those that are not."""

    new_entries: list[Any]
    batch_slots: list[int | str]  # index into new_entries, or the id of an already stored entry


def append_messages(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    body: AppendIn,
    now: datetime | None = None,
) -> AppendOut:
    """Append ``body.messages`` to the session (see the module docstring for the rules).

    Args:
        now: the app clock's reading for this call (the session's last activity, the times
            stored); the wall clock when omitted.

    Raises:
        SessionNotFound: no such session for this caller.
        MessageConflict: an id or position already holds other content.
        InvalidHistory: malformed entries, an offset past the end, or a protocol error.
        InvalidUnicode: an entry holds text UTF-8 cannot carry.
        StaleVersion: concurrent appends kept conflicting (after several retries).
    """
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    _check_unicode(body.messages)
    at = now or utcnow()

    def unit() -> AppendOut:
        touch_session(db, tenant_id=tenant_id, session_id=session_id, now=at)
        row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
        candidates = _check_entries(row, body)
        stored = _load_view(db, row, body)
        plan = _plan(stored, body)
        fmt = reading_format(candidates)
        fresh = _check_history(db, row, plan, fmt)
        _insert(db, row, fresh, now=at)
        if fresh:  # an empty batch must not narrow the format of an "auto" session
            _narrow_format(db, row, candidates, now=at)
        row.message_count = stored.count + len(fresh)
        db.add(row)
        db.commit()
        ids = [slot if isinstance(slot, str) else fresh[slot].id for slot in plan.batch_slots]
        return AppendOut(
            session_id=session_id,
            ids=ids,
            appended=len(fresh),
            unchanged=len(ids) - len(fresh),
            message_count=row.message_count,
        )

    return run_with_retry(db, unit, what="append")


def _insert(db: Session, row: AgentSessionRow, fresh: list[Message], *, now: datetime) -> None:
    for message in fresh:
        db.add(
            SessionMessageRow(
                tenant_id=row.tenant_id,
                session_id=row.id,
                position=message.index,
                user_id=row.user_id,
                message_id=message.id,
                own_id=message.own_id,
                role=message.role,
                digest=message.digest,
                raw_json=dump_json(message.raw),
                created_at=now,
            )
        )


def _check_unicode(entries: list[Any]) -> None:
    """Refuse entries UTF-8 cannot carry, or with ids longer than the column, before anything
    hashes or stores them."""
    for i, entry in enumerate(entries):
        ensure_storable(entry, what=f"entry {i} of the batch")
        if isinstance(entry, dict) and PURGED_MARK in entry:
            raise InvalidHistory(
                f"entry {i} of the batch carries {PURGED_MARK!r}, which marks tombstones of "
                "purged messages; it cannot be appended",
                position=i,
            )
        own = _own_id(entry)
        if own is not None and len(own) > MESSAGE_ID_MAX_LENGTH:
            raise InvalidHistory(
                f"entry {i} of the batch has an id of {len(own)} characters; at most "
                f"{MESSAGE_ID_MAX_LENGTH} are stored",
                position=i,
            )


def _own_id(entry: Any) -> str | None:
    value = entry.get("id") if isinstance(entry, dict) else None
    return value if isinstance(value, str) and value else None


@dataclass(frozen=True, slots=True)
class _StoredView:
    """What of the stored history a batch can touch: the entries at the positions it covers
    and those holding its own ids (ids and digests only), plus the stored count."""

    count: int
    at: dict[int, _StoredEntry]
    by_id: dict[str, _StoredEntry]


def _load_view(db: Session, row: AgentSessionRow, body: AppendIn) -> _StoredView:
    """Read only the rows the batch can touch (O(batch), not O(history)).

    ``message_count`` is exact here: it is only changed by appends, under the session's write
    lock, which this unit already holds (``touch_session``).
    """
    count = row.message_count
    offset = count if body.offset is None else body.offset
    own = {i for i in (_own_id(e) for e in body.messages) if i is not None}
    scope = (SessionMessageRow.tenant_id == row.tenant_id, SessionMessageRow.session_id == row.id)
    columns = (SessionMessageRow.position, SessionMessageRow.message_id, SessionMessageRow.digest)
    at: dict[int, _StoredEntry] = {}
    if offset < count:
        end = offset + len(body.messages)
        position = col(SessionMessageRow.position)
        for pos, mid, dig in db.exec(
            select(*columns).where(*scope, position >= offset, position < end)
        ).all():
            at[pos] = _StoredEntry(mid, dig)
    by_id: dict[str, _StoredEntry] = {}
    if own:
        query = select(*columns).where(*scope, col(SessionMessageRow.message_id).in_(own))
        for _pos, mid, dig in db.exec(query).all():
            by_id[mid] = _StoredEntry(mid, dig)
    return _StoredView(count, at, by_id)


def _plan(stored: _StoredView, body: AppendIn) -> _Plan:
    offset = stored.count if body.offset is None else body.offset
    if offset > stored.count:
        raise InvalidHistory(
            f"offset {offset} is past the end of the history ({stored.count} messages)",
            message_count=stored.count,
        )
    by_id = stored.by_id
    new_entries: list[Any] = []
    new_by_id: dict[str, str] = {}
    slots: list[int | str] = []
    for i, entry in enumerate(body.messages):
        position = offset + i
        digest = content_digest(entry)
        if position < stored.count:
            slots.append(_same_as_stored(stored.at[position], entry, digest, position))
            continue
        own = _own_id(entry)
        if own is not None and own in by_id:
            slots.append(_same_by_id(by_id[own].digest, digest, own))
            continue
        if own is not None and own in new_by_id:
            slots.append(_same_by_id(new_by_id[own], digest, own))
            continue
        if own is not None:
            new_by_id[own] = digest
        slots.append(len(new_entries))
        new_entries.append(entry)
    return _Plan(new_entries, slots)


def _same_as_stored(row: _StoredEntry, entry: Any, digest: str, position: int) -> str:
    own = _own_id(entry)
    if digest != row.digest or (own is not None and own != row.message_id):
        raise MessageConflict(
            f"position {position} already holds message {row.message_id!r} with other content",
            message_id=row.message_id,
            position=position,
        )
    return row.message_id


def _same_by_id(stored_digest: str, digest: str, message_id: str) -> str:
    if stored_digest != digest:
        raise MessageConflict(
            f"message {message_id!r} is already stored with other content", message_id=message_id
        )
    return message_id


def _check_entries(row: AgentSessionRow, body: AppendIn) -> frozenset[Format]:
    """Every entry of the batch valid in a format the session may still have; those formats.

    Raises:
        InvalidHistory: the first entry valid in none of them (``index`` in the batch, a JSON
            pointer into the request body, the formats tried); nothing is stored.
    """
    try:
        return narrow_formats(body.messages, format_candidates(row.format))
    except EntryFormatError as exc:
        offset = row.message_count if body.offset is None else body.offset
        raise InvalidHistory(
            f"{exc} (batch entry {exc.index})",
            reason="invalid_entry",
            index=exc.index,
            position=offset + exc.index,
            pointer=f"/messages/{exc.index}{exc.pointer}",
            formats=list(exc.formats),
        ) from exc


def _narrow_format(
    db: Session, row: AgentSessionRow, candidates: frozenset[Format], *, now: datetime
) -> None:
    """Store the formats still possible; when this append decides an ``auto`` session's format,
    the stored state (made while undecided, so read as another candidate) takes it too."""
    before = decided_format(row.format)
    row.format = encode_candidates(candidates)
    decided = decided_format(row.format)
    if before is None and decided is not None:
        retag_state(db, tenant_id=row.tenant_id, session_id=row.id, fmt=decided, now=now)


def _check_history(db: Session, row: AgentSessionRow, plan: _Plan, fmt: Format) -> list[Message]:
    """Check stored + new in ``fmt`` (reading the stored tail only, ``api.sessions.tail_check``);
    return the new messages (with their ids)."""
    new = plan.new_entries
    if not new:
        return []
    try:
        fresh = check_append(
            db,
            tenant_id=row.tenant_id,
            session_id=row.id,
            stored_count=row.message_count,
            new=new,
            fmt=fmt,
        )
    except ProtocolError as exc:
        raise InvalidHistory(
            str(exc),
            reason=exc.reason,
            message_id=exc.message_id,
            call_id=exc.call_id,
            position=exc.index,
            **_batch_place(plan, row.message_count, exc.index),
        ) from exc
    except FormatError as exc:
        raise InvalidHistory(str(exc)) from exc
    _check_ids_free(db, row, fresh)
    return fresh


def _batch_place(plan: _Plan, stored_count: int, position: int | None) -> dict[str, Any]:
    """``index`` (in the batch) and ``pointer`` of the new entry at history ``position``."""
    if position is None or position < stored_count:
        return {}
    slot = position - stored_count
    if slot not in plan.batch_slots:
        return {}
    index = plan.batch_slots.index(slot)
    return {"index": index, "pointer": f"/messages/{index}"}


def _check_ids_free(db: Session, row: AgentSessionRow, fresh: list[Message]) -> None:
    """A new message's id (its own, or derived) must not name a stored or earlier new one.

    Raises:
        MessageConflict: it does (naming ``message_id``).
    """
    wanted = {m.id for m in fresh}
    taken = set(
        db.exec(
            select(SessionMessageRow.message_id).where(
                SessionMessageRow.tenant_id == row.tenant_id,
                SessionMessageRow.session_id == row.id,
                col(SessionMessageRow.message_id).in_(wanted),
            )
        ).all()
    )
    for message in fresh:
        if message.id in taken:
            raise MessageConflict(
                f"message id {message.id!r} is already used", message_id=message.id
            )
        taken.add(message.id)
