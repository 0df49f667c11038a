"""Request checks shared by every write, and the one dialect-specific insert helper."""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, SQLModel

from longterm.errors import InvalidRequest, SupersedeNotAllowed
from longterm.gate import Principal
from longterm.models import EventWrite, PreferenceWrite
from longterm.registry import DEFAULT_REGISTRY, SENSITIVE_CATEGORIES, KeySpec
from longterm.sensitivity import classify_key, classify_text, classify_value
from longterm.storage import as_utc
from longterm.values import validate_value
from longterm.vocabulary import SOURCES, user_id_problem

__all__ = [
    "MAX_ATTRIBUTES_BYTES",
    "MAX_EVENT_TEXT",
    "MAX_TTL_SECONDS",
    "check_event",
    "check_preference",
    "insert_ignore",
    "resolve_expiry",
]

MAX_TTL_SECONDS = 10 * 366 * 24 * 3600
MAX_EVENT_TEXT = 4000
MAX_ATTRIBUTES_BYTES = 8192
MAX_SOURCE_IDS = 100
_KIND = re.compile(r"^[a-z][a-z0-9_]{0,31}(?:\.[a-z0-9_]{1,32}){0,3}$")


def resolve_expiry(
    *, expires_at: datetime | None, ttl_seconds: int | None, now: datetime
) -> datetime | None:
    """One absolute expiry from ``expires_at`` or ``ttl_seconds`` (never both).

    Raises:
        InvalidRequest: both given, a ttl out of 1..10 years, or an expiry not in the future.
    """
    if expires_at is not None and ttl_seconds is not None:
        raise InvalidRequest("give expires_at or ttl_seconds, not both")
    if ttl_seconds is not None:
        if isinstance(ttl_seconds, bool) or not 1 <= ttl_seconds <= MAX_TTL_SECONDS:
            raise InvalidRequest(f"ttl_seconds must be between 1 and {MAX_TTL_SECONDS}")
        return as_utc(now) + timedelta(seconds=ttl_seconds)
    if expires_at is None:
        return None
    if expires_at.tzinfo is None:
        raise InvalidRequest("expires_at must carry a timezone offset")
    if expires_at <= now:
        raise InvalidRequest("expires_at must be in the future")
    return as_utc(expires_at)


def _check_common(
    *, user_id: str, source: str, confidence: float, source_ids: tuple[str, ...]
) -> None:
    problem = user_id_problem(user_id) if isinstance(user_id, str) else "a user id is a string"
    if problem is not None:
        raise InvalidRequest(problem)
    if source not in SOURCES:
        raise InvalidRequest(f"source must be one of {', '.join(SOURCES)}")
    if isinstance(confidence, bool) or not isinstance(confidence, int | float):
        raise InvalidRequest("confidence must be a number between 0 and 1")
    if not math.isfinite(confidence) or not 0.0 <= confidence <= 1.0:
        raise InvalidRequest("confidence must be between 0 and 1")
    if len(source_ids) > MAX_SOURCE_IDS:
        raise InvalidRequest(f"at most {MAX_SOURCE_IDS} source_ids")
    if any(not isinstance(i, str) or not 0 < len(i) <= 256 for i in source_ids):
        raise InvalidRequest("source_ids are non-empty strings of at most 256 characters")


def check_preference(
    write: PreferenceWrite, *, spec: KeySpec, subject: Principal, now: datetime
) -> PreferenceWrite:
    """Validate a preference write; return it with a normalized value and absolute expiry.

    Raises:
        InvalidValue: the value does not match the key's type.
        InvalidRequest: source, confidence, source ids, consent or expiry are malformed.
        SupersedeNotAllowed: supersede from a non-admin key with a source other than user_stated.
    """
    source_ids = tuple(write.source_ids)
    _check_common(
        user_id=write.user_id,
        source=write.source,
        confidence=write.confidence,
        source_ids=source_ids,
    )
    if write.supersede and subject.role != "admin" and write.source != "user_stated":
        raise SupersedeNotAllowed("supersede is allowed only to admin keys and user_stated writes")
    if write.consent is not None and not 0 < len(write.consent.purpose) <= 500:
        raise InvalidRequest("consent purpose must be 1-500 characters")
    value = validate_value(spec, write.value)
    expires = resolve_expiry(expires_at=write.expires_at, ttl_seconds=write.ttl_seconds, now=now)
    return replace(write, value=value, expires_at=expires, ttl_seconds=None, source_ids=source_ids)


def check_event(write: EventWrite, *, now: datetime) -> EventWrite:
    """Validate an event write; return it with UTC times, a category and absolute expiry.

    Raises:
        InvalidRequest: kind, text, attributes, source, confidence or times are malformed.
    """
    source_ids = tuple(write.source_ids)
    _check_common(
        user_id=write.user_id,
        source=write.source,
        confidence=write.confidence,
        source_ids=source_ids,
    )
    if not isinstance(write.kind, str) or not _KIND.fullmatch(write.kind):
        raise InvalidRequest("kind is a lowercase dotted name like 'trip.booked'")
    text = write.text.strip() if isinstance(write.text, str) else ""
    if not text or len(text) > MAX_EVENT_TEXT:
        raise InvalidRequest(f"text must be 1-{MAX_EVENT_TEXT} characters")
    if not isinstance(write.attributes, dict):
        raise InvalidRequest("attributes must be a JSON object")
    if len(json.dumps(write.attributes, ensure_ascii=False).encode()) > MAX_ATTRIBUTES_BYTES:
        raise InvalidRequest(f"attributes must be at most {MAX_ATTRIBUTES_BYTES} bytes of JSON")
    if write.occurred_at.tzinfo is None:
        raise InvalidRequest("occurred_at must carry a timezone offset")
    expires = resolve_expiry(expires_at=write.expires_at, ttl_seconds=write.ttl_seconds, now=now)
    category = _event_category(write.kind, write.category)
    if category not in SENSITIVE_CATEGORIES:
        # Sensitive by content: the kind's or category's words, the text, the attributes.
        category = (
            classify_key(write.kind)
            or classify_key(category)
            or classify_text(text)
            or classify_value(write.attributes)
            or category
        )
    return replace(
        write,
        text=text,
        occurred_at=as_utc(write.occurred_at),
        expires_at=expires,
        ttl_seconds=None,
        source_ids=source_ids,
        category=category,
    )


EVENT_CATEGORY_ALIASES = {
    "trip": "travel",
    "flight": "travel",
    "train": "travel",
    "hotel": "travel",
    "booking": "travel",
    "meal": "food",
    "restaurant": "food",
    "order": "shopping",
    "purchase": "shopping",
    "medical": "health",
    "doctor": "health",
}
"""Kind prefixes that name a registry category by another word (``trip.booked`` is travel)."""


def _event_category(kind: str, given: str | None) -> str:
    head = kind.split(".", 1)[0]
    known = {spec.category for spec in DEFAULT_REGISTRY.known()}
    derived = EVENT_CATEGORY_ALIASES.get(head, head if head in known else "other")
    if derived in SENSITIVE_CATEGORIES:
        if given is not None and given != derived:
            raise InvalidRequest(f"an event of kind {kind!r} is in category {derived!r}")
        return derived
    category = given or derived
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,63}", category):
        raise InvalidRequest("category is a lowercase word")
    return category


def insert_ignore(db: Session, model: type[SQLModel], values: dict[str, Any]) -> bool:
    """Insert a row unless it collides with a unique key; True when it was inserted.

    ``ON CONFLICT DO NOTHING`` instead of catching IntegrityError: on PostgreSQL a failed
    insert would abort the caller's whole transaction.
    """
    table: Any = model.__table__  # type: ignore[attr-defined]
    dialect = db.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    key = next(iter(table.primary_key.columns))
    statement = insert(table).values(**values).on_conflict_do_nothing().returning(key)
    return db.connection().execute(statement).first() is not None
