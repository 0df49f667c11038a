"""One parser for the numbers, dates, times, amounts and codes in English and Chinese text.

Validation compares what a summary claims with what its source messages said; both sides go
through this same parser, so "200 元", "CNY 200" and "200" are the same number, "9月19日",
"Sept 19" and "2026-09-19" the same day, "18点", "6pm" and "18:00" the same time, and "G7301"
one code rather than the number 7301. Chinese numerals are read when a measure word follows
("两张", "九月十九日"). Relative dates ("明天", "tomorrow") resolve against the message's own
timestamp; without one they stay unresolved and accept any date, because the summarizer may
have resolved them against a clock the validator does not see.

``Quantity`` and the rules by which a source's quantities back a claimed one (``is_supported``)
live in ``runtime.summary.quantity_support``; both stay importable from here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from typing import cast

from runtime.summary.chinese_script import as_simplified
from runtime.summary.edits import DigestMemo, Packed, pack_values, text_digest, unpack_values
from runtime.summary.numerals import (
    CN_DAY_PARTS,
    LATE_DAY_PARTS,
    MIDNIGHT_PARTS,
    cn_value,
    with_readings,
)
from runtime.summary.quantity_support import Kind, Quantity, is_supported
from runtime.summary.shorthand import spelled_out

__all__ = [
    "QUANTITY_MEMO",
    "Quantity",
    "extract_quantities",
    "is_supported",
    "normalize_number",
    "unsupported_in_pool",
    "unsupported_quantities",
]

QUANTITY_MEMO: DigestMemo[Packed] = DigestMemo(65_536)
"""Digest of (text, reference day) -> its quantities, packed without text (see
``extract_quantities``)."""
_DERIVED_RE = re.compile(r"[~0-9:.*-]{1,64}")
"""What a normalized number, date, time or unresolved relative date is made of."""

# Every pattern is linear in its input: runs start only where a run can start (lookbehind),
# and whitespace or digit runs are possessive (``*+``/``++``), so no run is re-scanned from each
# of its positions (a tool result of 16k spaces or numerals must cost what 16k letters cost).
_CN_NUM_RE = re.compile(
    "(?<![\\d.零〇一二两三四五六七八九十百千万亿俩仨廿])[零〇一二两三四五六七八九十百千万亿俩仨廿]++"
    "(?=[元块张人个位次天晚月日号点时小分岁周间趟])"
)
_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_ISO_DATE_RE = re.compile(
    r"(?<!\d)(\d{4})\s*+[-/.年]\s*+(\d{1,2})\s*+[-/.月]\s*+(\d{1,2})[日号]?(?!\d)"
)
# a full stop after the year ends the sentence: "latest by 15.01.2027."
_NUMERIC_DATE_RE = re.compile(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?![\d/])(?!\.\d)")
_CN_DATE_RE = re.compile(r"(?<!\d)(\d{1,2})\s*+月\s*+(\d{1,2})\s*+[日号]")
_EN_MD_RE = re.compile(
    rf"\b{_MONTH}\s++(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s++(\d{{4}}))?(?!\d)", re.IGNORECASE
)
# "March 14 to 21, 2025": the year said once, at the end, is both days'
_EN_MD_RANGE_RE = re.compile(
    rf"\b{_MONTH}\s++(\d{{1,2}})(?:st|nd|rd|th)?\s*+(?:-|–|—|to|through|thru|until|till)\s*+"
    r"(\d{1,2})(?:st|nd|rd|th)?,?\s++(\d{4})\b",
    re.IGNORECASE,
)
# "3 to 7 April 2026": the month and the year said once, after the second day
_EN_DM_RANGE_RE = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s*+(?:-|–|—|to|through|thru|until|till)\s*+"
    rf"(\d{{1,2}})(?:st|nd|rd|th)?\s++(?:of\s++)?{_MONTH},?\s++(\d{{4}})\b",
    re.IGNORECASE,
)
_EN_DM_RE = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s++(?:of\s++)?{_MONTH}(?:,?\s++(\d{{4}}))?\b",
    re.IGNORECASE,
)
_CLOCK_RE = re.compile(
    r"(?<!\d)([01]?\d|2[0-3])\s*+[:：]\s*+([0-5]\d)"
    r"(?:(?:\s*+(?=[ap]\.?m(?![A-Za-z]))|(?=[ap](?![A-Za-z])))([ap])(?:\.?m)?(?![A-Za-z])\.?)?",
    re.IGNORECASE,
)
_AMPM_RE = re.compile(
    r"(?<!\d)(1[0-2]|0?[1-9])(?:\s*+([ap])\.?m(?![A-Za-z])\.?|(?<=\d)([ap])(?![A-Za-z]))",
    re.IGNORECASE,
)
# The period word and its spaces form one optional group: a bare ``\s*`` in front of the hour
# would be tried from every position of a whitespace run.
_CN_TIME_RE = re.compile(
    rf"(?:({CN_DAY_PARTS})\s*+)?(\d{{1,2}})\s*+[点時时]"
    # (minutes without 分 not before a counter: "早上7点一次" is 7:00, once)
    r"(?:\s*+(半)|\s*+(\d{1,2})(?:\s*+分|(?!\s*+[次遍回趟顿粒片颗杯个位人号天周月年块元]))\s*+)?"
)
_REL_DAYS = {
    "today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1, "day after tomorrow": 2,
    "今天": 0, "今晚": 0, "明天": 1, "明早": 1, "明晚": 1, "后天": 2, "昨天": -1, "大后天": 3,
}  # fmt: skip
_REL_RE = re.compile(
    "|".join(sorted((re.escape(k) for k in _REL_DAYS), key=len, reverse=True)), re.IGNORECASE
)
_REL_BEFORE_CLOCK_RE = re.compile(r"(?:明早|明晚|今晚)(?=\s*\d)")
_UNIT_SUFFIX = r"(?:cny|rmb|usd|eur|gbp|jpy|yuan|kg|km|mi|hrs?|h|mins?|m|s|k|pcs|x)"
_AMOUNT_CODE_RE = re.compile(
    rf"(?i)^(\d+(?:\.\d+)?){_UNIT_SUFFIX}$|^[$¥€£]?(\d+(?:\.\d+)?)$"
    # money written with its currency before it: "RM60" (ringgit), "Rs500", "INR2000"
    r"|^(?:rm|rs|inr|php|myr|sgd|hkd|twd|ngn|usd|eur|gbp|cny|rmb)(\d+(?:\.\d+)?)$"
)
# A code is read off a whole run of ``[A-Za-z0-9_-]`` (see ``_code_span``), not matched from
# each of its positions: looking ahead for a digit from every start of "a-a-a-…" is quadratic.
_RUN_RE = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]++")
_CODE_START_RE = re.compile(r"-[A-Za-z0-9]")
_DIGIT_RE = re.compile(r"[0-9]")
_LETTER_RE = re.compile(r"[A-Za-z]")
_NUMBER_RE = re.compile(r"(?<![\d.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\d.])\d+(?:\.\d+)?")
_ORDINAL_RE = re.compile(r"(?i)^(\d+)(?:st|nd|rd|th)$")


def normalize_number(text: str) -> str | None:
    """``"1,200.50"`` -> ``"1200.5"``; ``None`` when it is not a number."""
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    return format(value.normalize(), "f")


# minutes said after the hour without 分: "两点五十" is 2:50, not 2.5 and 10 (as 两点五 would be);
# the minutes are taken whole or not at all ("八点十五分" is 8:15, never 8:10 and 5)
_CN_CLOCK_MINUTES_RE = re.compile(
    r"(?<=[一二两三四五六七八九十\d][点时])(?:[一二三四五]?十[一二三四五六七八九]?+|零[一二三四五六七八九])"
    r"(?![万千百块元个岁斤度号日%\d分])"
)


def _arabize(text: str) -> str:
    """Chinese numerals as digits, set apart from a Latin word they touch ("distance十分钟" is
    10 minutes, not the code ``distance10``)."""

    def repl(match: re.Match[str]) -> str:
        value = cn_value(match.group(0))
        if value is None:
            return match.group(0)
        before = text[match.start() - 1 : match.start()]
        return f" {value}" if before.isascii() and before.isalnum() else str(value)

    return _CN_NUM_RE.sub(repl, text)


def _date(year: str | None, month: int, day: int) -> Quantity | None:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    prefix = f"{int(year):04d}" if year else "-"
    return Quantity("date", f"{prefix}-{month:02d}-{day:02d}")


def _scan(
    text: str,
    pattern: re.Pattern[str],
    found: list[Quantity],
    make: Callable[[re.Match[str]], Quantity | None],
) -> str:
    """Collect ``make`` of every match and blank what was read, in one pass over ``text``.

    A read match becomes spaces of its own length, so the later patterns neither read it
    again nor see its neighbours joined.
    """

    def blank(match: re.Match[str]) -> str:
        quantity = make(match)
        if quantity is None:
            return match.group(0)
        found.append(quantity)
        return " " * (match.end() - match.start())

    return pattern.sub(blank, text)


def _iso(m: re.Match[str]) -> Quantity | None:
    return _date(m.group(1), int(m.group(2)), int(m.group(3)))


def _numeric(m: re.Match[str]) -> Quantity | None:
    """``19/09/2026`` (day first), ``09/19/2026`` (month first), ``09/10/2026`` (either: ``~``)."""
    first, second, year = int(m.group(1)), int(m.group(2)), m.group(3)
    if first > 12:
        return _date(year, second, first)
    quantity = _date(year, first, second)
    if quantity is not None and second <= 12 and first != second:
        return Quantity("date", "~" + quantity.value)
    return quantity


def _cn_md(m: re.Match[str]) -> Quantity | None:
    return _date(None, int(m.group(1)), int(m.group(2)))


def _en_md(m: re.Match[str]) -> Quantity | None:
    return _date(m.group(3), _MONTHS[m.group(1)[:3].lower()], int(m.group(2)))


def _en_md_range_end(m: re.Match[str]) -> Quantity | None:
    """The second day of "March 14 to 21, 2025" (``_extract`` reads the first beside it)."""
    return _date(m.group(4), _MONTHS[m.group(1)[:3].lower()], int(m.group(3)))


def _en_dm(m: re.Match[str]) -> Quantity | None:
    return _date(m.group(3), _MONTHS[m.group(2)[:3].lower()], int(m.group(1)))


def _hour(hour: int, ampm: str | None) -> int:
    if ampm and ampm.lower() == "p" and hour < 12:
        return hour + 12
    if ampm and ampm.lower() == "a" and hour == 12:
        return 0
    return hour


def _time(hour: int, minute: int, *, ambiguous: bool) -> Quantity:
    return Quantity("time", f"{'~' if ambiguous else ''}{hour:02d}:{minute:02d}")


def _clock(m: re.Match[str]) -> Quantity:
    # "6:30" and "11:30" may be evening; "06:30", "18:30" and "6:30 pm" are not ambiguous.
    ambiguous = m.group(3) is None and (len(m.group(1)) == 1 or m.group(1) in ("10", "11", "12"))
    return _time(_hour(int(m.group(1)), m.group(3)), int(m.group(2)), ambiguous=ambiguous)


def _clock_to_hour(m: re.Match[str]) -> Quantity:
    """The bare hour closing "7:30-9" as a clock (9:00, either half of the day)."""
    return _time(int(m.group("h")), 0, ambiguous=True)


# a bare hour closing a range that opens with a clock: "anytime 7:30-9 works" (not "7:30-9 pm",
# read by ``_AMPM_RE``, nor "7:30到9点半", read by ``_CN_TIME_RE``, nor a count after it)
_TO_BARE_HOUR_RE = re.compile(
    r"(?<=\d:[0-5]\d)\s*[-–~到至]\s*(?P<h>1[0-2]|[1-9])"
    r"(?![\d:.%点时]|\s*(?:[ap]\.?m|people|min|hours?|hrs?|days?)\b)",
    re.IGNORECASE,
)


def _ampm(m: re.Match[str]) -> Quantity:
    return _time(_hour(int(m.group(1)), m.group(2) or m.group(3)), 0, ambiguous=False)


def _cn_time(m: re.Match[str]) -> Quantity | None:
    hour = int(m.group(2))
    if hour > 24:
        return None
    if m.group(1) in LATE_DAY_PARTS and hour < 12:
        hour += 12
    elif m.group(1) in MIDNIGHT_PARTS and hour == 12:
        hour = 0
    minute = 30 if m.group(3) else int(m.group(4) or 0)
    # "6点" without 上午/下午 may be 18:00; "18点" and "下午6点" are not ambiguous.
    ambiguous = m.group(1) is None and hour <= 12
    return _time(hour % 24, min(minute, 59), ambiguous=ambiguous)


def _reference_date(reference: date | datetime | str | None) -> date | None:
    if reference is None or isinstance(reference, date):
        return reference.date() if isinstance(reference, datetime) else reference
    try:
        return datetime.fromisoformat(reference.replace("Z", "+00:00")).date()
    except ValueError:
        return None


def _code_span(run: str) -> tuple[int, int] | None:
    """Where the code of a ``[A-Za-z0-9_-]`` run lies (start, end in the run), or ``None``.

    A code starts at the run's first letter or digit that follows no ``_`` (the run's start or
    a ``-``), runs to the run's end without trailing hyphens, and holds a digit and a letter.
    A later start only sees a suffix of the first one's text, so when the first start has no
    digit or no letter, no later one has.
    """
    if run[0] not in "-_":
        start = 0
    else:
        hyphen = _CODE_START_RE.search(run)
        if hyphen is None:
            return None
        start = hyphen.start() + 1
    end = len(run.rstrip("-"))
    if end <= start or not _DIGIT_RE.search(run, start, end):
        return None
    if not _LETTER_RE.search(run, start, end):
        return None
    return start, end


def _read_code(token: str) -> Quantity:
    """A code token as a number ("200cny", "3rd", "$45") or as a code ("G7301")."""
    amount = _AMOUNT_CODE_RE.match(token) or _ORDINAL_RE.match(token)
    number = next((g for g in amount.groups() if g), None) if amount else None
    if number is not None:
        return Quantity("number", normalize_number(number) or number)
    return Quantity("code", token.lower())


def _codes_and_numbers(text: str, found: list[Quantity]) -> None:
    def blank(match: re.Match[str]) -> str:
        run = match.group(0)
        span = _code_span(run)
        if span is None:
            return run
        start, end = span
        found.append(_read_code(run[start:end]))
        return run[:start] + " " * (end - start) + run[end:]

    text = _RUN_RE.sub(blank, text)
    for match in _NUMBER_RE.finditer(text):
        value = normalize_number(match.group(0))
        if value is not None:
            found.append(Quantity("number", value))


def extract_quantities(
    text: str, *, reference: date | datetime | str | None = None
) -> frozenset[Quantity]:
    """Every number, date, time, amount and alphanumeric code in ``text``, normalized.

    Linear in ``len(text)``. Memoized process-wide in ``QUANTITY_MEMO`` under a digest of the
    text and the reference day, holding no text (``runtime.summary.edits.pack_values``: a
    code is kept as its range in the text, numbers, dates and times as their normalized
    digits), so validating the same sources on every compaction parses each text once.

    Args:
        text: English or Chinese text.
        reference: the message's own time (a date, datetime or ISO 8601 string), against which
            relative dates resolve.
    """
    ref = _reference_date(reference)
    key = text_digest(text, ref.isoformat() if ref is not None else None)
    packed = QUANTITY_MEMO.get(key)
    if packed is not None:
        return frozenset(Quantity(cast(Kind, k), v) for k, v in unpack_values(text, packed))
    found = _extract(text, ref)
    packed = pack_values(
        text, ((q.kind, q.value) for q in found), copied=("code",), derived=_DERIVED_RE
    )
    if packed is not None:
        QUANTITY_MEMO.put(key, packed)
    return found


# A Chinese range of days in one month, the month (and year) said once: "2026年9月10日到15日"
_CN_DAY_RANGE_RE = re.compile(
    r"(?:(?P<y>\d{4})\s*年\s*)?(?P<m>\d{1,2})\s*月\s*\d{1,2}\s*[日号]\s*(?:到|至|-|–|—|~|～)\s*"
    r"(?P<d2>\d{1,2})\s*[日号]"
)


def _extract(text: str, ref: date | None) -> frozenset[Quantity]:
    """``extract_quantities`` without the memo."""
    found: list[Quantity] = []
    # numbers and times said in words (see numerals), full-width digits as ASCII, traditional
    # characters read as simplified ("一萬五", "十點"), texting shorthand spelled out ("b4 10",
    # "tmrw": see shorthand)
    plain = spelled_out(unicodedata.normalize("NFKC", text)).text
    work = _arabize(with_readings(_CN_CLOCK_MINUTES_RE.sub(r"\g<0>分", as_simplified(plain))))

    def relative(match: re.Match[str]) -> Quantity:
        if ref is None:
            return Quantity("reldate", "*")
        offset = _REL_DAYS[match.group(0).lower()]
        return Quantity("date", (ref + timedelta(days=offset)).isoformat())

    # "明早7点半": the day is read before the clock takes its 早 as the half of the day
    found.extend(relative(m) for m in _REL_BEFORE_CLOCK_RE.finditer(work))
    for m in _EN_MD_RANGE_RE.finditer(work):
        first = _date(m.group(4), _MONTHS[m.group(1)[:3].lower()], int(m.group(2)))
        found.extend(q for q in (first, _en_md_range_end(m)) if q is not None)
    work = _EN_MD_RANGE_RE.sub(lambda m: " " * (m.end() - m.start()), work)
    for m in _EN_DM_RANGE_RE.finditer(work):
        month = _MONTHS[m.group(3)[:3].lower()]
        days = (_date(m.group(4), month, int(m.group(g))) for g in (1, 2))
        found.extend(q for q in days if q is not None)
    work = _EN_DM_RANGE_RE.sub(lambda m: " " * (m.end() - m.start()), work)
    for m in _CN_DAY_RANGE_RE.finditer(work):  # the second day of "9月10日到15日"
        end = _date(m.group("y"), int(m.group("m")), int(m.group("d2")))
        found.extend([end] if end is not None else [])
    for pattern, make in (
        (_ISO_DATE_RE, _iso),
        (_NUMERIC_DATE_RE, _numeric),
        (_CN_DATE_RE, _cn_md),
        (_EN_MD_RE, _en_md),
        (_EN_DM_RE, _en_dm),
        (_TO_BARE_HOUR_RE, _clock_to_hour),
        (_CLOCK_RE, _clock),
        (_AMPM_RE, _ampm),
        (_CN_TIME_RE, _cn_time),
    ):
        work = _scan(work, pattern, found, make)
    work = _scan(work, _REL_RE, found, relative)
    _codes_and_numbers(work, found)
    return frozenset(found)


def unsupported_quantities(
    claim: str, sources: Iterable[tuple[str, date | datetime | str | None]]
) -> list[str]:
    """The quantities of ``claim`` that no source backs, as ``kind:value`` strings (sorted).

    Args:
        claim: the summary text to check.
        sources: ``(text, reference time)`` of each source message.
    """
    pool: set[Quantity] = set()
    for text, reference in sources:
        pool |= extract_quantities(text, reference=reference)
    return unsupported_in_pool(claim, frozenset(pool))


def unsupported_in_pool(claim: str, pool: frozenset[Quantity]) -> list[str]:
    """``unsupported_quantities`` against quantities already extracted from the sources."""
    return sorted(str(q) for q in extract_quantities(claim) if not is_supported(q, pool))
