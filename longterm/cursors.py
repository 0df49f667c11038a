"""Opaque pagination cursors: the sort position of the last item, bound to one listing.

A cursor is base64url JSON ``{"l": listing, "p": position}``. It carries no tenant or user: the
query applies those from the caller's key, so a cursor from another tenant's listing only ever
skips rows, never reveals any.
"""

from __future__ import annotations

import base64
import binascii
import json
from datetime import datetime
from typing import Any

from longterm.errors import InvalidCursor, InvalidRequest

__all__ = ["MAX_PAGE", "check_limit", "decode_cursor", "encode_cursor"]

MAX_PAGE = 200

# The position each listing's queries compare against (a timestamp leads the timed ones): a
# cursor of another shape never reaches a comparison or a query as the wrong type.
_SHAPES: dict[str, tuple[type, ...]] = {
    "preferences": (str,),
    "history": (str, str),
    "events": (str, str),
    "audit": (int,),
}
_TIMED = frozenset({"history", "events"})


def check_limit(limit: int) -> int:
    """Clamp a page size to ``1..MAX_PAGE``.

    Raises:
        InvalidRequest: ``limit`` is below 1.
    """
    if limit < 1:
        raise InvalidRequest("limit must be at least 1")
    return min(limit, MAX_PAGE)


def encode_cursor(listing: str, position: list[Any]) -> str:
    """Encode the position after which the next page starts."""
    raw = json.dumps({"l": listing, "p": position}, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(listing: str, cursor: str | None) -> list[Any] | None:
    """Decode a cursor made by ``encode_cursor`` for the same listing (None for the first page).

    Raises:
        InvalidCursor: the cursor is not ours or belongs to another listing.
    """
    if cursor is None or cursor == "":
        return None
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode()))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise InvalidCursor("cursor is not valid") from None
    if (
        not isinstance(data, dict)
        or data.get("l") != listing
        or not isinstance(data.get("p"), list)
    ):
        raise InvalidCursor("cursor belongs to another listing")
    position: list[Any] = data["p"]
    if not _fits(listing, position):
        raise InvalidCursor("cursor is not valid")
    return position


def _fits(listing: str, position: list[Any]) -> bool:
    shape = _SHAPES.get(listing)
    if shape is None:
        return True  # listings outside longterm check their own shape (api.pagination)
    if len(position) != len(shape) or any(
        type(value) is not kind for value, kind in zip(position, shape, strict=True)
    ):
        return False
    if listing in _TIMED:
        try:
            datetime.fromisoformat(position[0])
        except ValueError:
            return False
    return True
