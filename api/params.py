"""Path and query parameter types the routes share, built from ``longterm.vocabulary``.

``UserIdPath`` is the ``{user_id}`` of every ``/v1/users/{user_id}/...`` route: the one
user-id rule, with its pattern, length and ``format: user-id`` in the OpenAPI document; input
outside it (including input not in NFC: it is refused, never normalized) is a 422.
``LegacyUserIdQuery`` addresses an id stored before the rule, for the admin routes that keep
such users readable, exportable and erasable (``api.routes.legacy_users``).

The bounds of what the database can hold are stated here once, so that input outside them is a
422 with the bound in the OpenAPI document, never a 500 from the driver: ``DbInt`` (a 64-bit
column), ``VersionPath`` built on it, ``Instant`` (an aware datetime between
``EARLIEST`` and ``LATEST``, so an offset can never push it past what ``datetime`` or a
``timestamptz`` column holds), ``WHOLE_FLOAT_AS_INT`` (a body's ``StrictInt`` takes ``5.0`` as
JSON Schema's ``integer`` does). NUL characters, which no text column stores, are refused for
the whole request by ``api.middleware.BodyLimitMiddleware``.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated, Final

from fastapi import Path, Query
from pydantic import AfterValidator, AwareDatetime, BeforeValidator, Field

from longterm.vocabulary import USER_ID_MAX_LENGTH, LegacyUserId, UserId

__all__ = [
    "DB_INT_MAX",
    "EARLIEST",
    "LATEST",
    "MESSAGE_ID_MAX_LENGTH",
    "TTL_MAX_SECONDS",
    "USER_ID_RULE",
    "WHOLE_FLOAT_AS_INT",
    "DbInt",
    "Instant",
    "LegacyUserIdQuery",
    "UserIdPath",
    "UserIdQuery",
    "VersionPath",
]

USER_ID_RULE: Final = (
    f"A user id: 1-{USER_ID_MAX_LENGTH} characters in Unicode NFC, a letter or digit of any "
    "script first, then letters, digits, '.', '_', '-', '@', '+', ':'; case-sensitive; input "
    "not in NFC is refused, never normalized."
)
_STORED_ID_MAX: Final = 256  # the width of the user_id columns
MESSAGE_ID_MAX_LENGTH: Final = 256  # the width of the message_id columns

UserIdPath = Annotated[UserId, Path(description=USER_ID_RULE)]
UserIdQuery = Annotated[UserId | None, Query(description=USER_ID_RULE)]
LegacyUserIdQuery = Annotated[
    LegacyUserId,
    Query(
        max_length=_STORED_ID_MAX,
        description="A user id exactly as stored, possibly from before the user-id rule.",
    ),
]

DB_INT_MAX: Final = 2**63 - 1  # the largest value a BIGINT column (and SQLite's INTEGER) holds
EARLIEST: Final = datetime(1970, 1, 1, tzinfo=UTC)
LATEST: Final = datetime(9000, 1, 1, tzinfo=UTC)
TTL_MAX_SECONDS: Final = 100 * 366 * 86_400  # a century: any longer is no expiry at all

DbInt = Annotated[int, Field(le=DB_INT_MAX)]
"""An integer a 64-bit column holds; routes add their own lower bound."""


def _whole_float_as_int(value: object) -> object:
    """``5.0`` as ``5``: JSON Schema's ``integer`` includes a number without a fraction (the
    document's validators accept it), which ``StrictInt`` alone refuses. Anything else passes
    unchanged, so ``StrictInt`` still refuses ``true``, ``"5"`` and ``5.5``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WHOLE_FLOAT_AS_INT: Final = BeforeValidator(_whole_float_as_int)
"""Put after a ``StrictInt``'s bounds: ``Annotated[StrictInt, Field(ge=0, le=N),
WHOLE_FLOAT_AS_INT]`` (the bounds first, so the OpenAPI document states them as ``minimum`` and
``maximum``)."""

VersionPath = Annotated[
    int, Path(ge=0, le=DB_INT_MAX, description="A summary version number (1 is the first).")
]


def _in_range(value: datetime) -> datetime:
    """``value`` when it lies in [EARLIEST, LATEST) once in UTC; ValueError otherwise."""
    try:
        utc = value.astimezone(UTC)
    except OverflowError:  # year 1 with a positive offset, year 9999 with a negative one
        utc = None
    if utc is None or not EARLIEST <= utc < LATEST:
        raise ValueError(f"must lie between {EARLIEST.isoformat()} and {LATEST.isoformat()}")
    return value


_RFC3339_START: Final = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]")


def _rfc3339_only(value: object) -> object:
    """Refuse what pydantic would otherwise read as a Unix time (``0.5``, ``1700000000``, as a
    number or a numeric string): the document promises an RFC 3339 date-time and nothing else.
    A ``datetime`` (from Python callers) passes; a string must start with a date and a time."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, str) and _RFC3339_START.match(value):
        return value
    raise ValueError("must be an RFC 3339 date-time with an offset, e.g. 2026-09-01T09:00:00Z")


Instant = Annotated[
    AwareDatetime,
    BeforeValidator(_rfc3339_only),
    AfterValidator(_in_range),
    Field(
        json_schema_extra={
            "formatMinimum": EARLIEST.isoformat().replace("+00:00", "Z"),
            "formatExclusiveMaximum": LATEST.isoformat().replace("+00:00", "Z"),
        }
    ),
]
"""An RFC 3339 date-time with an offset, from 1970 up to (not including) the year 9000 in UTC."""
