"""A normalized quantity, and when the quantities of the sources back a claimed one.

The parser (``runtime.summary.quantities``) turns both sides into ``Quantity`` values; this
module holds what counts as the same quantity after normalization, which is more lenient than
equality: a date without a year, a day and month that may be swapped, a time without morning or
evening, a number that is a part of a date or time, a relative date nobody could resolve.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

__all__ = ["Kind", "Quantity", "is_supported"]

Kind = Literal["number", "date", "time", "code", "reldate"]


@dataclass(frozen=True, slots=True)
class Quantity:
    """A normalized quantity.

    ``value`` is canonical: numbers as plain decimals without trailing zeros (``"45.5"``),
    dates as ``YYYY-MM-DD`` or ``--MM-DD`` when the text names no year (``~`` in front when
    day and month may be swapped, like "09/10/2026"), times as ``HH:MM``
    (``~HH:MM`` when the text leaves morning or evening open, like "6点" or "6:30"),
    codes lower-cased (``"g7301"``), unresolved relative dates as ``"*"``.
    """

    kind: Kind
    value: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.value}"


def _date_parts(value: str) -> tuple[str | None, set[str]]:
    """Year (``None`` when unnamed) and the month-day readings (two for ``~`` dates)."""
    ambiguous = value.startswith("~")
    value = value.lstrip("~")
    year, md = (None, value[2:]) if value.startswith("--") else (value[:4], value[5:])
    readings = {md}
    if ambiguous:
        readings.add(f"{md[3:]}-{md[:2]}")
    return year, readings


def _number_in(value: str, pool: Iterable[Quantity]) -> bool:
    for q in pool:
        if q.kind == "number" and q.value == value:
            return True
        if q.kind == "date" and value in {
            p.lstrip("~0") or "0" for p in q.value.split("-") if p.strip("~")
        }:
            return True
        if q.kind == "time" and value in {p.lstrip("~0") or "0" for p in q.value.split(":")}:
            return True
    return False


def _same_time(claim: str, source: str) -> bool:
    """Equal times; when either side is ambiguous (``~``, no am/pm), equal modulo 12 hours."""
    lenient = claim.startswith("~") or source.startswith("~")
    claim, source = claim.lstrip("~"), source.lstrip("~")
    if claim == source:
        return True
    if not lenient or claim[3:] != source[3:]:
        return False
    return int(claim[:2]) % 12 == int(source[:2]) % 12


def is_supported(claim: Quantity, pool: frozenset[Quantity]) -> bool:
    """Whether the sources' quantities ``pool`` back the summary's ``claim``.

    Dates match on month and day, and on the year when both sides name one; times match
    exactly, or modulo 12 hours when one side is ambiguous ("6点" and "6:30" may be evening,
    "06:30", "18点", "下午6点" and "6pm" are not); a number also matches a component
    of a date or time in the sources; an unresolved relative date backs any date.
    """
    if claim in pool:
        return True
    if claim.kind == "number":
        return _number_in(claim.value, pool)
    if claim.kind == "date":
        year, md = _date_parts(claim.value)
        for q in pool:
            if q.kind == "reldate":
                return True
            if q.kind == "date":
                other_year, other_md = _date_parts(q.value)
                if md & other_md and (year is None or other_year is None or year == other_year):
                    return True
        return False
    if claim.kind == "time":
        return any(q.kind == "time" and _same_time(claim.value, q.value) for q in pool)
    if claim.kind == "reldate":
        return any(q.kind in {"date", "reldate"} for q in pool)
    return False
