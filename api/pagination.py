"""One list envelope for every list response: ``items`` and an opaque ``next_cursor``.

Every ``GET`` that lists answers a subclass of ``Page[T]`` (named for what it lists, so the
OpenAPI document keeps readable names), takes ``?cursor=&limit=`` (``LimitQuery``,
``CursorQuery``) and walks a stable order. Cursors come from the one codec,
``longterm.cursors``: base64url JSON of the last item's sort position, bound to its listing, so
a cursor from another listing (or tampered with) is a 422 ``unprocessable`` problem and a cursor
never carries a tenant or user (the query applies those from the key).

``page_after`` pages a list already read in its order (a tenant's keys, a user's consents: a
few rows); listings that can grow large page in SQL with ``decode_cursor``/``encode_cursor``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Final, Generic, TypeVar

from fastapi import Query
from pydantic import BaseModel, Field

from longterm.cursors import MAX_PAGE, check_limit, decode_cursor, encode_cursor
from longterm.errors import InvalidCursor

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_PAGE",
    "CursorQuery",
    "LimitQuery",
    "Page",
    "check_limit",
    "decode_cursor",
    "decode_position",
    "encode_cursor",
    "page_after",
]

T = TypeVar("T")
DEFAULT_LIMIT: Final = 50

LimitQuery = Annotated[
    int,
    Query(ge=1, description=f"page size, 1 or more; values above {MAX_PAGE} are capped"),
]
CursorQuery = Annotated[
    str | None,
    Query(
        max_length=512,
        description="opaque, the previous page's next_cursor; leave out for the first page",
    ),
]


class Page(BaseModel, Generic[T]):
    """One page of a listing; follow ``next_cursor`` until it is null."""

    items: list[T] = Field(description="The items on this page, in the listing's stable order.")
    next_cursor: str | None = Field(
        description="Pass as ?cursor= to read the next page (null: last page)."
    )


def decode_position(
    listing: str, cursor: str | None, *, shape: tuple[type, ...]
) -> list[Any] | None:
    """Decode ``cursor`` and check its position is ``shape`` (one type per element), so a
    tampered cursor is a 422 and never reaches a comparison or a query as the wrong type.

    Raises:
        InvalidCursor: the cursor is not from ``listing`` or its position has another shape.
    """
    after = decode_cursor(listing, cursor)
    if after is None:
        return None
    fits = len(after) == len(shape) and all(
        type(value) is kind for value, kind in zip(after, shape, strict=True)
    )
    if not fits:
        raise InvalidCursor("cursor is not valid")
    return after


def page_after(
    items: Sequence[T],
    *,
    listing: str,
    position: Callable[[T], list[Any]],
    shape: tuple[type, ...],
    cursor: str | None,
    limit: int,
) -> tuple[list[T], str | None]:
    """The page of ``items`` (sorted ascending by ``position``) after ``cursor``.

    Returns the page and the cursor of the next one (None on the last page).

    Raises:
        InvalidCursor: the cursor is not from ``listing`` (a 422 problem).
        InvalidRequest: ``limit`` is below 1.
    """
    size = check_limit(limit)
    after = decode_position(listing, cursor, shape=shape)
    rest = [item for item in items if after is None or position(item) > after]
    page = rest[:size]
    more = len(rest) > size
    return page, (encode_cursor(listing, position(page[-1])) if more and page else None)
