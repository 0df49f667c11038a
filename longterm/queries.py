"""SQL reads behind ``longterm.sql_store.SqlLongtermStore``; ``tenant_id`` is a required keyword.

These are unfiltered building blocks: they return every row of the tenant and user, whatever
the caller may read. Callers outside this package use the store (``longterm.store``), which
checks the principal and filters through the policy gate.

Expiry is enforced here, at read: an expired preference or event is never returned, by list or
by id (``NotFound``), whether or not ``tiermem expire`` has purged it yet. ``now`` is
passed in so tests control the clock. Writes live in ``longterm.write_path``.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, desc, or_, text
from sqlmodel import Session, col, select

from longterm.cursors import check_limit, decode_cursor, encode_cursor
from longterm.errors import NotFound
from longterm.models import Event, Page, Preference, PreferenceChange
from longterm.storage import (
    EventRow,
    PreferenceHistoryRow,
    PreferenceRow,
    as_utc,
    change_from_row,
    event_from_row,
    preference_from_row,
)

__all__ = [
    "get_event",
    "get_preference",
    "list_events",
    "list_preferences",
    "preference_history",
    "query_terms",
    "search_events",
]

_WORD = re.compile(r"\w+", re.UNICODE)
_MAX_QUERY_TERMS = 16


def _live(column: Any, now: datetime) -> ColumnElement[bool]:
    return or_(col(column).is_(None), col(column) > now)


def get_preference(
    db: Session, *, tenant_id: str, user_id: str, key: str, now: datetime
) -> Preference:
    """The current, unexpired value of ``key``.

    Raises:
        NotFound: none, expired, or another tenant's/user's.
    """
    row = db.exec(
        select(PreferenceRow).where(
            PreferenceRow.tenant_id == tenant_id,
            PreferenceRow.user_id == user_id,
            PreferenceRow.key == key,
            _live(PreferenceRow.expires_at, now),
        )
    ).first()
    if row is None:
        raise NotFound(f"no preference {key!r}")
    return preference_from_row(row)


def list_preferences(
    db: Session,
    *,
    tenant_id: str,
    user_id: str,
    now: datetime,
    category: str | None = None,
    limit: int = 50,
    cursor: str | None = None,
) -> Page[Preference]:
    """The user's current, unexpired preferences ordered by key.

    Raises:
        InvalidCursor: ``cursor`` is not from this listing.
    """
    limit = check_limit(limit)
    query = select(PreferenceRow).where(
        PreferenceRow.tenant_id == tenant_id,
        PreferenceRow.user_id == user_id,
        _live(PreferenceRow.expires_at, now),
    )
    if category is not None:
        query = query.where(PreferenceRow.category == category)
    position = decode_cursor("preferences", cursor)
    if position is not None:
        query = query.where(col(PreferenceRow.key) > str(position[0]))
    rows = db.exec(query.order_by(col(PreferenceRow.key)).limit(limit + 1)).all()
    items = [preference_from_row(row) for row in rows[:limit]]
    more = len(rows) > limit and items
    return Page(items, encode_cursor("preferences", [items[-1].key]) if more else None)


def preference_history(
    db: Session,
    *,
    tenant_id: str,
    user_id: str,
    key: str,
    now: datetime,
    limit: int = 50,
    cursor: str | None = None,
) -> Page[PreferenceChange]:
    """Every change of ``key``, newest first: applied, refused, denied, deleted. Entries whose
    value has expired are hidden like the value itself (and purged by ``tiermem expire``).

    Raises:
        InvalidCursor: ``cursor`` is not from this listing.
    """
    limit = check_limit(limit)
    query = select(PreferenceHistoryRow).where(
        PreferenceHistoryRow.tenant_id == tenant_id,
        PreferenceHistoryRow.user_id == user_id,
        PreferenceHistoryRow.key == key,
        _live(PreferenceHistoryRow.expires_at, now),
    )
    position = decode_cursor("history", cursor)
    if position is not None:
        at = as_utc(datetime.fromisoformat(position[0]))
        query = query.where(
            or_(
                col(PreferenceHistoryRow.at) < at,
                and_(
                    col(PreferenceHistoryRow.at) == at, col(PreferenceHistoryRow.id) < position[1]
                ),
            )
        )
    order = (desc(col(PreferenceHistoryRow.at)), desc(col(PreferenceHistoryRow.id)))
    rows = db.exec(query.order_by(*order).limit(limit + 1)).all()
    items = [change_from_row(row) for row in rows[:limit]]
    more = len(rows) > limit and items
    last = items[-1] if items else None
    next_cursor = (
        encode_cursor("history", [last.at.isoformat(), last.id]) if more and last else None
    )
    return Page(items, next_cursor)


def get_event(db: Session, *, tenant_id: str, user_id: str, event_id: str, now: datetime) -> Event:
    """One unexpired event of the user.

    Raises:
        NotFound: none, expired, or another tenant's/user's.
    """
    row = db.exec(
        select(EventRow).where(
            EventRow.tenant_id == tenant_id,
            EventRow.user_id == user_id,
            EventRow.id == event_id,
            _live(EventRow.expires_at, now),
        )
    ).first()
    if row is None:
        raise NotFound(f"no event {event_id!r}")
    return event_from_row(row)


def list_events(
    db: Session,
    *,
    tenant_id: str,
    user_id: str,
    now: datetime,
    kind: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int = 50,
    cursor: str | None = None,
) -> Page[Event]:
    """The user's unexpired events, newest ``occurred_at`` first; ``since`` inclusive,
    ``until`` exclusive.

    Raises:
        InvalidCursor: ``cursor`` is not from this listing.
    """
    limit = check_limit(limit)
    query = select(EventRow).where(
        EventRow.tenant_id == tenant_id,
        EventRow.user_id == user_id,
        _live(EventRow.expires_at, now),
    )
    if kind is not None:
        query = query.where(EventRow.kind == kind)
    if since is not None:
        query = query.where(col(EventRow.occurred_at) >= since)
    if until is not None:
        query = query.where(col(EventRow.occurred_at) < until)
    position = decode_cursor("events", cursor)
    if position is not None:
        at = as_utc(datetime.fromisoformat(position[0]))
        query = query.where(
            or_(
                col(EventRow.occurred_at) < at,
                and_(col(EventRow.occurred_at) == at, col(EventRow.id) < position[1]),
            )
        )
    order = (desc(col(EventRow.occurred_at)), desc(col(EventRow.id)))
    rows = db.exec(query.order_by(*order).limit(limit + 1)).all()
    items = [event_from_row(row) for row in rows[:limit]]
    last = items[-1] if items else None
    more = len(rows) > limit and last is not None
    next_cursor = (
        encode_cursor("events", [last.occurred_at.isoformat(), last.id]) if more and last else None
    )
    return Page(items, next_cursor)


def query_terms(query: str) -> list[str]:
    """Word tokens of a free-text query; only ``\\w`` characters, so they are safe to quote."""
    seen: list[str] = []
    for word in _WORD.findall(query.lower()):
        if word not in seen:
            seen.append(word)
    return seen[:_MAX_QUERY_TERMS]


def search_events(
    db: Session, *, tenant_id: str, user_id: str, query: str, now: datetime, limit: int = 20
) -> list[Event]:
    """Unexpired events matching any word of ``query``, most relevant first.

    SQLite ranks with FTS5 ``bm25``; PostgreSQL with ``ts_rank`` over the GIN-indexed
    ``to_tsvector('simple', text)``. A query without words matches nothing.
    """
    terms = query_terms(query)
    if not terms:
        return []
    limit = check_limit(limit)
    if db.get_bind().dialect.name == "sqlite":
        sql = text(
            "SELECT f.event_id FROM lt_events_fts f WHERE lt_events_fts MATCH :q "
            "AND f.tenant_id = :t AND f.user_id = :u ORDER BY bm25(lt_events_fts) LIMIT :n"
        )
        match = " OR ".join(f'"{term}"' for term in terms)
    else:
        sql = text(
            "SELECT id FROM lt_events WHERE tenant_id = :t AND user_id = :u "
            "AND to_tsvector('simple', text) @@ to_tsquery('simple', :q) "
            "ORDER BY ts_rank(to_tsvector('simple', text), to_tsquery('simple', :q)) DESC, "
            "occurred_at DESC LIMIT :n"
        )
        match = " | ".join(f"'{term}'" for term in terms)
    ids = [
        str(r[0])
        for r in db.connection().execute(
            sql, {"q": match, "t": tenant_id, "u": user_id, "n": limit * 4}
        )
    ]
    if not ids:
        return []
    rows = db.exec(
        select(EventRow).where(
            EventRow.tenant_id == tenant_id,
            EventRow.user_id == user_id,
            col(EventRow.id).in_(ids),
            _live(EventRow.expires_at, now),
        )
    ).all()
    by_id = {row.id: row for row in rows}
    return [event_from_row(by_id[i]) for i in ids if i in by_id][:limit]
