"""Dates as index terms: when a group was said, and the dates a question names.

A question often anchors itself in time ("what did Nate do for Joanna on 25 May, 2022?",
"what did we settle in May 2026?", "2026年9月18日的预算") while the turns it needs say nothing
of the date: it is when they were said, the group's timestamp, which no word of the text holds.
So a group is indexed with three date terms of its first timestamp (its day, month and year)
and a query with the terms of the dates its text names, at ``RecallConfig.date_weight``. Being
terms, they are scored by the same BM25 (a day that few groups share lifts them well; a year
that covers the whole history lifts everything alike, which changes no ranking), stored by the
service with the group's other terms, and narrowed by its database like any term, so the
service recalls what the library recalls.

Date terms start with ``@``, which no text term holds (``runtime.recall.terms``), so a text
never matches one by chance. Read forms: ISO ``2022-05-25``; ``25 May 2022``, ``25th of May,
2022``, ``May 25, 2022``; ``May 2022``; a year after "in" or "during" (``in 2022``, 1900-2099);
Chinese ``2022年5月25日``, ``2022年5月`` and ``2022年``. A month or a day without a year is not
read: which year it means is a guess. Nor is a bare four-digit number ("a budget of 2000",
"flight 2024"): amounts and codes are far more common than years said alone, and on LoCoMo
conversations 0-4 reading them changed nothing. Groups indexed before date terms existed (held
states, stored tables) have none and are ranked by their words alone.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from datetime import date
from typing import Final

__all__ = ["named_date_terms", "said_on_terms"]

_MONTHS: Final = (
    "jan",
    "feb",
    "mar",
    "apr",
    "may",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
)
_MONTH: Final = (
    r"(january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
)
_DAY: Final = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR: Final = r"((?:19|20)\d\d)"

Reader = Callable[[Sequence[str]], tuple[str, int, int, int]]
"""Groups of a match -> ``(kind, year, month, day)``; kind ``d``, ``m`` or ``y``."""


def _month(name: str) -> int:
    return _MONTHS.index(name[:3]) + 1


_FORMS: Final[tuple[tuple[re.Pattern[str], Reader], ...]] = (
    (
        re.compile(rf"\b{_YEAR}-(\d{{1,2}})-(\d{{1,2}})\b"),
        lambda g: ("d", int(g[0]), int(g[1]), int(g[2])),
    ),
    (
        re.compile(rf"{_YEAR}年(\d{{1,2}})月(\d{{1,2}})[日号]"),
        lambda g: ("d", int(g[0]), int(g[1]), int(g[2])),
    ),
    (re.compile(rf"{_YEAR}年(\d{{1,2}})月"), lambda g: ("m", int(g[0]), int(g[1]), 1)),
    (
        re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b"),
        lambda g: ("d", int(g[2]), _month(g[1]), int(g[0])),
    ),
    (
        re.compile(rf"\b{_MONTH}\s+{_DAY},?\s*{_YEAR}\b"),
        lambda g: ("d", int(g[2]), _month(g[0]), int(g[1])),
    ),
    (re.compile(rf"\b{_MONTH},?\s+{_YEAR}\b"), lambda g: ("m", int(g[1]), _month(g[0]), 1)),
    (re.compile(rf"\b(?:in|during)\s+{_YEAR}\b"), lambda g: ("y", int(g[0]), 1, 1)),
    (re.compile(rf"{_YEAR}年(?!\d)"), lambda g: ("y", int(g[0]), 1, 1)),
)
"""Most specific first: text already read by one form is not read again by a looser one."""


def _term(kind: str, day: date) -> str:
    if kind == "d":
        return f"@d{day.isoformat()}"
    if kind == "m":
        return f"@m{day.year:04d}-{day.month:02d}"
    return f"@y{day.year:04d}"


def named_date_terms(text: str) -> list[str]:
    """The date terms of the dates ``text`` names (module docstring), each once, in the order
    of the forms; a text naming no date gives ``[]``. Deterministic and pure."""
    normalized = unicodedata.normalize("NFKC", text).casefold()
    taken: list[tuple[int, int]] = []
    out: list[str] = []
    for pattern, read in _FORMS:
        for match in pattern.finditer(normalized):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            kind, year, month, day = read(match.groups())
            try:
                term = _term(kind, date(year, month, day))
            except ValueError:  # 31 February, month 13
                continue
            taken.append((match.start(), match.end()))
            if term not in out:
                out.append(term)
    return out


def said_on_terms(at: str | None) -> tuple[str, ...]:
    """The day, month and year terms of an ISO timestamp; ``()`` without one or for a value
    that is not ISO (its group then has no date recall can read)."""
    if not at:
        return ()
    try:
        day = date.fromisoformat(at[:10])
    except ValueError:
        return ()
    return tuple(_term(kind, day) for kind in "dmy")
