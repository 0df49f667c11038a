"""Dates and times in English and Chinese text, normalized to ISO 8601.

Absolute forms (``2026-09-19``, ``9月19日``, ``September 19``, ``19 Sept 2026``), clock times
(``18:00``, ``18点``, ``下午6点``, ``6pm``), relative days (``明天``, ``tomorrow``, ``yesterday``)
and weekdays (``周六``, ``下周五``, ``Saturday``, ``next Friday``) are found and resolved against
a reference time: the message's own timestamp when it has one, else the caller's ``now``. A time
right after a date joins it (``9月20日18点前`` -> ``2026-09-20T18:00``); a bound word around it
(``前``, ``before``, ``by``, ``after``) is kept so that "back before 18:00" stays a deadline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Literal

from runtime.summary.extract_numbers import CN_DIGITS as _CN_DIGITS
from runtime.summary.numerals import (
    AFTERNOON_HOURS,
    CN_DAY_PARTS,
    LATE_DAY_PARTS,
    MIDNIGHT_PARTS,
    bare_clock,
    day_half,
)

__all__ = ["DateMention", "find_dates", "parse_reference"]

Bound = Literal["before", "after"]

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_MONTH = (
    r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_CN_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_REL_DAYS = {
    "today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1, "day after tomorrow": 2,
    "今天": 0, "今晚": 0, "明天": 1, "明早": 1, "明晚": 1, "后天": 2, "大后天": 3, "昨天": -1,
}  # fmt: skip

_ISO_RE = re.compile(
    r"(?<!\d)(?P<y>\d{4})\s*[-/.年]\s*(?P<m>\d{1,2})\s*[-/.月]\s*(?P<d>\d{1,2})[日号]?(?!\d)"
)
# "28.11.2025": day, month and year with dots, as most of Europe writes a date
_DOTTED_DMY_RE = re.compile(r"(?<![\d.])(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})(?!\.?\d)")
# "22/11/2025" or "11/22/2025": read only when one of the two is past 12 ("03/04/2025" is
# either, and stays as written)
_SLASHED_RE = re.compile(r"(?<![\d/])(?P<a>\d{1,2})/(?P<b>\d{1,2})/(?P<y>\d{4})(?![/\d])")
_CN_NUM = "[一二三四五六七八九十]{1,3}"
_CN_MD_RE = re.compile(
    rf"(?<![\d一二三四五六七八九十])(?P<m>\d{{1,2}}|{_CN_NUM})\s*月\s*(?P<d>\d{{1,2}}|{_CN_NUM})\s*[日号]"
)
_EN_MD_RE = re.compile(
    rf"\b{_MONTH}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<y>\d{{4}}))?(?![\d:])", re.I
)
# "from March 14 to 21, 2025": the year said once, at the end, is both days'
_EN_MD_RANGE_RE = re.compile(
    rf"\b{_MONTH}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|—|to|through|thru|until|till)\s*"
    r"(?P<d2>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>\d{4})\b",
    re.I,
)
# "from 3 to 7 April 2026": the month and the year said once, after the second day
_EN_DM_RANGE_RE = re.compile(
    rf"(?<!\d)(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|—|to|through|thru|until|till)\s*"
    rf"(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH},?\s+(?P<y>\d{{4}})\b",
    re.I,
)
_EN_DM_RE = re.compile(
    rf"(?<!\d)(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:,?\s+(?P<y>\d{{4}}))?\b",
    re.I,
)
_REL_RE = re.compile(
    r"\b(?:day after tomorrow|tomorrow|yesterday|today|tonight)\b"
    # (not 以后 before 天: "等十月以后天凉了")
    r"|大后天|(?<![以之])后天|明天|明早|明晚|今天|今晚|昨天",
    re.I,
)
_CN_WD_RE = re.compile(
    r"(?P<mod>下下|下个?|这个?|本|上个?)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])"
)
_EN_WD_RE = re.compile(
    r"\b(?:(?P<mod>next|this|last|coming)\s+)?(?P<wd>" + "|".join(_EN_WEEKDAYS) + r")\b", re.I
)
_DATE_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", _ISO_RE),
    ("dotted_dmy", _DOTTED_DMY_RE),
    ("slashed", _SLASHED_RE),
    ("cn_md", _CN_MD_RE),
    ("en_md_range", _EN_MD_RANGE_RE),
    ("en_md_range", _EN_DM_RANGE_RE),
    ("en_md", _EN_MD_RE),
    ("en_dm", _EN_DM_RE),
    ("rel", _REL_RE),
    ("cn_wd", _CN_WD_RE),
    ("en_wd", _EN_WD_RE),
)
_CLOCK_RE = re.compile(
    r"(?<![\d:])(?P<h>[01]?\d|2[0-3])\s*[:：]\s*(?P<mi>[0-5]\d)(?::\d\d)?"
    # "7:30 pm", "7:30pm", "7:30p" (a bare a or p only right after the digits)
    r"(?:(?:\s*(?=[ap]\.?m(?![A-Za-z]))|(?=[ap](?![A-Za-z])))(?P<ap>[ap])(?:\.?m)?(?![A-Za-z])\.?)?",
    re.I,
)
_AMPM_RE = re.compile(r"(?<![\d:])(?P<h>1[0-2]|0?[1-9])\s*(?P<ap>[ap])\.?m(?![A-Za-z])\.?", re.I)
# "after 6p": a bare a or p right after an hour, only after a time word ("gate 5a" is no time)
_AP_AFTER_WORD_RE = re.compile(
    r"(?:(?<=\bat\s)|(?<=\bby\s)|(?<=\bto\s)|(?<=~)|(?<=\bafter\s)|(?<=\buntil\s)"
    r"|(?<=\bbefore\s)|(?<=\bfrom\s))(?P<h>1[0-2]|0?[1-9])(?P<ap>[ap])(?![A-Za-z])",
    re.I,
)
# A Chinese-numeral hour needs a part of the day or two characters: "快一点" is no time.
_CN_TIME_RE = re.compile(
    rf"(?P<part>{CN_DAY_PARTS})?\s*"
    r"(?P<h>\d{1,2}|(?(part)[一二两三四五六七八九十]{1,3}|[一二三四五六七八九十]{2,3}))\s*[点時时]"
    r"(?:\s*(?P<half>半)|\s*(?P<mi>\d{1,2})\s*分|(?P<mi2>[0-5]\d)(?!\d))?"
)
_TIME_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("clock", _CLOCK_RE),
    ("ampm", _AMPM_RE),
    ("ampm", _AP_AFTER_WORD_RE),
    ("cn", _CN_TIME_RE),
)
_BEFORE_AFTER_RE = re.compile(r"(?P<pre>before|by|no later than|until|till|不晚于|最晚)\s*$", re.I)
_AFTER_PRE_RE = re.compile(r"(?P<pre>after|no earlier than|not before|from|不早于)\s*$", re.I)
# the half of the day said after a clock, a noun between allowed: "at 8:30 every night", "before
# my 4:30 call this afternoon"
_EVENING_AFTER_RE = re.compile(
    r"\s*(?:[a-z]+\s+)?(?:(?:every|each|this|tomorrow)\s+)?(?:night|evening|afternoon)s?\b"
    r"|\s*(?:[a-z]+\s+)?tonight\b|\s*in\s+the\s+(?:evening|afternoon)\b",
    re.I,
)
_BOUND_POST_RE = re.compile(r"^\s*(?P<post>之前|以前|前|或更早|之后|以后|后|或更晚)")
_JOIN_GAP_RE = re.compile(
    r"^[\s,，]*(?:at|@|的|(?P<before>before|by|no\s+later\s+than|until)|(?P<after>after))?\s*$",
    re.I,
)


@dataclass(frozen=True, slots=True)
class DateMention:
    """A date and/or time found in a text.

    Attributes:
        start: offset of the mention in the text.
        end: offset just past the mention (bound words included).
        text: the mention as written.
        iso: ``YYYY-MM-DD``, ``YYYY-MM-DDTHH:MM`` or ``THH:MM`` (a time without a date).
        relative: resolved against the reference time (``明天``, ``next Friday``).
        bound: ``before`` / ``after`` when the text bounds the time ("18点前", "by 6pm").
    """

    start: int
    end: int
    text: str
    iso: str
    relative: bool = False
    bound: Bound | None = None

    @property
    def has_date(self) -> bool:
        """Whether the mention names a day (not only a clock time)."""
        return not self.iso.startswith("T")


def parse_reference(value: str | None, fallback: datetime) -> datetime:
    """A message timestamp (ISO 8601) as a datetime, or ``fallback`` when absent or invalid."""
    if value:
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            pass
    return fallback


def _weekday(base: date, weekday: int, modifier: str) -> date:
    monday = base - timedelta(days=base.weekday())
    modifier = modifier.lower()
    if modifier in {"下下"}:
        return monday + timedelta(days=14 + weekday)
    if modifier in {"下", "下个", "next"}:
        return monday + timedelta(days=7 + weekday)
    if modifier in {"上", "上个", "last"}:
        return monday - timedelta(days=7 - weekday)
    if modifier in {"这", "这个", "本"}:
        return monday + timedelta(days=weekday)
    ahead = (weekday - base.weekday()) % 7  # bare or "this"/"coming": the next such day
    return base + timedelta(days=ahead)


def _resolve_date(kind: str, m: re.Match[str], ref: date) -> tuple[date, bool] | None:
    if kind == "rel":
        return ref + timedelta(days=_REL_DAYS[m.group(0).lower()]), True
    if kind == "cn_wd":
        return _weekday(ref, _CN_WEEKDAYS[m.group("wd")], m.group("mod") or ""), True
    if kind == "en_wd":
        return _weekday(ref, _EN_WEEKDAYS.index(m.group("wd").lower()), m.group("mod") or ""), True
    if kind == "slashed":
        first, second = int(m.group("a")), int(m.group("b"))
        if (first > 12) == (second > 12):
            return None
        day_first = first > 12
        month_day = (second, first) if day_first else (first, second)
        try:
            return date(int(m.group("y")), *month_day), False
        except ValueError:
            return None
    month = _MONTHS[m.group("mon")[:3].lower()] if "mon" in m.groupdict() else _int(m.group("m"))
    year = int(m.group("y")) if m.groupdict().get("y") else ref.year
    try:
        return date(year, month, _int(m.group("d"))), False
    except ValueError:
        return None


def _int(text: str) -> int:
    """Arabic or Chinese numerals (``19``, ``十九``, ``两``) as an int."""
    if text.isdigit():
        return int(text)
    value = 0
    digit = 0
    for char in text:
        if char == "十":
            value += (digit or 1) * 10
            digit = 0
        else:
            digit = _CN_DIGITS[char]
    return value + digit


# a timetable runs at night too: "my flight lands at 5:40", "the 4:50 bus" stay as said
_TIMETABLE_RE = re.compile(
    r"\b(?:flights?|lands?|landing|departs?|departure|arrives?|arrival|takes?\s+off|trains?"
    r"|bus(?:es)?|ferry|shuttle|boarding|gate)\b|航班|飞机|起飞|落地|降落|火车|高铁|动车|大巴"
    # a time taken, not a clock: "run a mile in 5:40", "a marathon in 3:30", "pace of 4:50"
    r"|\b(?:mile|km|k|marathon|race|lap|pace|run|swim|ride|finish(?:ed)?)\b[^.,;]{0,12}\b(?:in|of|at)"
    r"(?:\s+(?:under|about|around|roughly|less\s+than|sub))?\s*$",
    re.IGNORECASE,
)
_LATE_PART_BEFORE_RE = re.compile(r"(?:下午|傍晚|晚上|夜里|(?<!最)晚)\s*$")


def _resolve_time(kind: str, m: re.Match[str], before: str = "") -> time | None:
    """The clock of a time match; ``before`` is the text up to it (the message's words before
    the clause included): an hour said without its half of the day is read in the half said
    last before it ("明天下午…4点半之前" 16:30), else as ``numerals.bare_clock`` says."""
    hour = _int(m.group("h"))
    groups = m.groupdict()
    minute = 30 if groups.get("half") else int(groups.get("mi") or groups.get("mi2") or 0)
    if kind == "cn" and m.group("part") is None and hour <= 12:
        clock = bare_clock(hour, minute, before)
        hour, minute = (int(x) for x in clock.split(":"))
    elif kind == "cn":
        if m.group("part") in LATE_DAY_PARTS and hour < 12:
            hour += 12
        elif m.group("part") in MIDNIGHT_PARTS and hour == 12:
            hour = 0  # "晚上十二点前必须睡觉"
    elif (
        kind == "clock"
        and not groups.get("ap")
        and hour < 12
        and (
            _LATE_PART_BEFORE_RE.search(before)
            # (a timetable just before keeps its clock: "…before 3pm, but our train arrives at
            # 11:20")
            or (day_half(before) == "pm" and not _TIMETABLE_RE.search(before[-30:]))
            or (
                day_half(before) is None
                and hour in AFTERNOON_HOURS
                and not _TIMETABLE_RE.search(before)
            )
        )
    ):
        # "下午2:30"; "move our dinner … to 7:30"; and 1:00 to 5:59 with no half of the day in
        # sight, as a bare hour is read ("has to be done by 3:15", "1:30 onwards"; "wake me
        # up at 5:15" names the morning): validation reads 7:30 as either
        hour += 12
    else:
        ampm = (groups.get("ap") or "").lower()
        if ampm == "p" and hour < 12:
            hour += 12
        elif ampm == "a" and hour == 12:
            hour = 0
    if hour > 23 or minute > 59:
        return None
    return time(hour, minute)


def _spans(
    text: str, patterns: tuple[tuple[str, re.Pattern[str]], ...]
) -> list[tuple[str, re.Match[str]]]:
    taken: list[tuple[int, int]] = []
    found: list[tuple[str, re.Match[str]]] = []
    for kind, pattern in patterns:
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end in taken):
                continue
            taken.append((m.start(), m.end()))
            found.append((kind, m))
    return sorted(found, key=lambda item: item[1].start())


def _bound(text: str, start: int, end: int) -> tuple[Bound | None, int, int]:
    post = _BOUND_POST_RE.match(text[end:])
    if post:
        word = post.group("post")
        return ("before" if "前" in word or "早" in word else "after"), start, end + post.end()
    head = text[max(0, start - 20) : start]
    if _BEFORE_AFTER_RE.search(head):
        return "before", start, end
    if _AFTER_PRE_RE.search(head):
        return "after", start, end
    return None, start, end


def find_dates(text: str, *, reference: datetime, before: str = "") -> list[DateMention]:
    """Every date and time in ``text``, in order, resolved against ``reference``; ``before``
    is what was said before ``text`` (the half of the day of a bare hour, ``_resolve_time``)."""
    ref = reference.date()
    dates = [(k, m) for k, m in _spans(text, _DATE_PATTERNS)]
    # a time may start inside a day that ends with its half ("明早7点半": 明早 and 早7点半)
    times = [
        (k, m)
        for k, m in _spans(text, _TIME_PATTERNS)
        if not any(
            m.start() < d.end() and d.start() < m.end() and not _shares_half(d, m) for _, d in dates
        )
    ]
    mentions: list[DateMention] = []
    used_times: set[int] = set()
    for kind, m in dates:
        if kind == "en_md_range":
            mentions.extend(_range_days(text, m))
            continue
        resolved = _resolve_date(kind, m, ref)
        if resolved is None:
            continue
        day, relative = resolved
        iso, end, gap_bound = day.isoformat(), m.end(), None
        for index, (tkind, tm) in enumerate(times):
            gap = (
                _JOIN_GAP_RE.match(text[end : tm.start()])
                if tm.start() >= end
                else _JOIN_GAP_RE.match("")
                if _shares_half(m, tm)
                else None
            )
            if gap:
                clock = _resolve_time(tkind, tm, before + text[: tm.start()])
                if clock is not None:
                    iso, end = f"{iso}T{clock.strftime('%H:%M')}", tm.end()
                    used_times.add(index)
                    gap_bound = "before" if gap.group("before") else gap.group("after") and "after"
                break
        bound, start, end = _bound(text, m.start(), end)
        bound = bound or gap_bound  # type: ignore[assignment]
        mentions.append(DateMention(start, end, text[start:end], iso, relative, bound))
        if kind in ("iso", "cn_md") and iso == day.isoformat():
            mentions.extend(_range_end(text, m.end(), day))
    for index, (tkind, tm) in enumerate(times):
        clock = _resolve_time(tkind, tm, before + text[: tm.start()])
        evening = (
            tkind == "clock" and not tm.group("ap") and _EVENING_AFTER_RE.match(text, tm.end())
        )
        if clock is not None and clock.hour < 12 and evening:
            clock = clock.replace(hour=clock.hour + 12)  # "at 8:30 every night"
        if index in used_times or clock is None:
            continue
        bound, start, end = _bound(text, tm.start(), tm.end())
        iso = f"T{clock.strftime('%H:%M')}"
        mentions.append(DateMention(start, end, text[start:end], iso, False, bound))
    return _join_time_then_date(text, sorted(mentions, key=lambda mention: mention.start))


# The second day of a Chinese range, its month and year said once: "2026年9月10日到15日"
_CN_DAY_TO_RE = re.compile(r"\s*(?:到|至|-|–|—|~|～)\s*(?P<d2>\d{1,2})\s*[日号](?!\s*\d)")


def _range_end(text: str, at: int, first: date) -> list[DateMention]:
    """The day that ends a range right after ``first`` ("9月10日到15日"), in its month and year."""
    m = _CN_DAY_TO_RE.match(text, at)
    if m is None:
        return []
    try:
        day = first.replace(day=int(m.group("d2")))
    except ValueError:
        return []
    if day <= first:
        return []
    start = m.start("d2")
    return [DateMention(start, m.end(), text[start : m.end()], day.isoformat(), False, None)]


def _range_days(text: str, m: re.Match[str]) -> list[DateMention]:
    """The two days of "March 14 to 21, 2025" or "3 to 7 April 2026", each with the month and
    the year said once."""
    month, year = _MONTHS[m.group("mon")[:3].lower()], int(m.group("y"))
    out: list[DateMention] = []
    for group, start, end in (("d", m.start(), m.start("d2")), ("d2", m.start("d2"), m.end())):
        try:
            day = date(year, month, int(m.group(group)))
        except ValueError:
            continue
        out.append(DateMention(start, end, text[start:end], day.isoformat(), False, None))
    return out


def _shares_half(day: re.Match[str], clock: re.Match[str]) -> bool:
    """Whether ``clock`` begins on the last character of ``day``, its half of the day ("明早"
    and "早7点半")."""
    return clock.start() == day.end() - 1 and day.group(0)[-1:] in "早晚"


_TIME_DATE_GAP_RE = re.compile(r"^\s*(?:on|,)?\s*$", re.I)


def _join_time_then_date(text: str, mentions: list[DateMention]) -> list[DateMention]:
    """ "6pm on September 20" -> one mention ``2026-09-20T18:00`` (the time's bound kept)."""
    out: list[DateMention] = []
    for mention in mentions:
        last = out[-1] if out else None
        if (
            last is not None
            and not last.has_date
            and mention.has_date
            and "T" not in mention.iso
            and _TIME_DATE_GAP_RE.match(text[last.end : mention.start])
        ):
            iso = f"{mention.iso}{last.iso}"
            out[-1] = DateMention(
                last.start,
                mention.end,
                text[last.start : mention.end],
                iso,
                mention.relative,
                last.bound or mention.bound,
            )
            continue
        out.append(mention)
    return out
