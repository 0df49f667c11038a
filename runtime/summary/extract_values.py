"""The normalized figures of a user's clause: what a fact adds beside the user's own words.

A fact keeps the user's clause verbatim; this module lists what a reader (or a check) could
not read off it literally: numbers written in words as digits ("two adults" -> ``2``,
"两百块" -> ``200``), clock times as ``H:MM`` ("6 pm", "晚上六点", "noon", "six in the
evening", "between 8 and 10 in the morning", "下午2点到4点"), and dates as ISO 8601
(``2026-09-19``; relative days resolved against the message's own time) or, for a Chinese
month and day, ``9月20日``. A figure already written that way in the clause is not repeated.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime

from runtime.summary.extract_dates import find_dates
from runtime.summary.numerals import Numeral, find_numerals, spell_digits, spoken_times

__all__ = ["Reading", "clause_readings", "fold"]

_THOUSANDS_RE = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_CN_MD_RE = re.compile(
    r"(?<!\d)(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号]"
    # a day said without 日 (festivals and lunar dates: "八月十五", "七月初七", "腊月二十八")
    r"|(?<![\d.])(?P<bm>\d{1,2}|腊|正|冬)月(?P<first>初)?(?P<bd>\d{1,2})"
    r"(?![\d.:万千百元块个岁%点时分号日])"
)
# A flat's layout, rooms by kind: "三室一厅" 3室1厅, "两室一厅一卫", "2房1厅"
_LAYOUT_RE = re.compile(r"(?<!\d)\d\s*[室房]\s*\d\s*厅(?:\s*\d\s*卫)?")


def _layouts(spelled: str) -> list[tuple[int, Reading]]:
    """A flat's layout as one figure ("三室一厅": 3室1厅), not only its separate counts."""
    plain = unicodedata.normalize("NFKC", spelled)
    return [
        (m.start(), Reading("number", re.sub(r"\s+", "", m[0]))) for m in _LAYOUT_RE.finditer(plain)
    ]


_WEEKDAY_RE = re.compile(
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|周|星期|礼拜", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Reading:
    """A normalized figure of a clause: ``kind`` (number, time, date) and its ``value``."""

    kind: str
    value: str


def fold(text: str) -> str:
    """NFKC, casefold, no thousands separators: what "literally written" is judged on."""
    return _THOUSANDS_RE.sub("", unicodedata.normalize("NFKC", text).casefold())


def _overlaps(start: int, end: int, spans: list[tuple[int, int, str]]) -> bool:
    return any(start < e and s < end for s, e, _ in spans)


def _literal(reading: Reading, folded: str) -> bool:
    if reading.kind == "number":
        return re.search(rf"(?<![\d.]){re.escape(reading.value)}(?![\d]|\.\d)", folded) is not None
    return reading.value in folded.replace(" ", "")


_PERCENT_AFTER_RE = re.compile(r"\s*(?:percent|per\s*cent)\b", re.IGNORECASE)
# Measure words kept with a figure spelled in Chinese characters ("一年" 1年, "三句话" 3句, "一楼"
# 1楼, "七成" 7成); digits keep their own unit as written, so they need none.
_MEASURES = frozenset("年句成岁倍层站页张寸楼")


def _percent(numeral: Numeral, text: str) -> Reading:
    """The number of ``numeral``, with "%" when "percent" follows a number said in words ("ten
    percent": 10%; digits before "percent" are read as written)."""
    if _PERCENT_AFTER_RE.match(text, numeral.end) and not numeral.text[:1].isdigit():
        return Reading("number", f"{numeral.value}%")
    return Reading("number", numeral.value)


# The unit a figure is given per ("一天最多花200", "一晚上最多150", "一次最多两小时"): its 一 is
# "a", not the figure 1, when a figure follows
_PER_UNIT_RE = re.compile(r"(?:天|晚上?|夜|周|星期|礼拜|个?月|次|顿|趟|个人|人|份|箱|斤)")
_CLAUSE_BREAK_RE = re.compile(r"[，,。；;！!？?]")


# "一口都别碰", "一滴都不要喝": not even one, said to stress a no; no figure of one
_NOT_EVEN_ONE_RE = re.compile(r"(?:口|滴|点|分钱?|毛钱?|粒|根)(?:都|也)(?:别|不|没|甭)")


def per_unit_one(numeral: Numeral, text: str, numerals: list[Numeral]) -> bool:
    """``numeral`` (one of ``numerals``, those of ``text``) is the 一 of the unit a figure after
    it in the same clause is given per (``_PER_UNIT_RE``), or of "not even one" (一口都别碰);
    "汇总一次就好，别超过五条" counts once."""
    if numeral.text == "一" and _NOT_EVEN_ONE_RE.match(text, numeral.end):
        return True
    if numeral.text != "一" or _PER_UNIT_RE.match(text, numeral.end) is None:
        return False
    stop = next((m.start() for m in _CLAUSE_BREAK_RE.finditer(text, numeral.end)), len(text))
    return any(numeral.end < n.start < stop and n.value != "1" for n in numerals) or bool(
        re.search(r"\d", text[numeral.end : stop])
    )


def clause_readings(clause: str, *, reference: datetime, before: str = "") -> list[Reading]:
    """The normalized figures of ``clause`` not already written that way in it, in order.

    Args:
        clause: the user's clause, as written.
        reference: the message's time (relative days resolve against it).
        before: what the user wrote before the clause (an hour said without its half of the
            day is read in the half said last: "Mornings only, between 8 and 11").
    """
    spelled = spell_digits(clause)
    said = spell_digits(before) if before else ""
    extra = spoken_times(spelled, before=said)
    found: list[tuple[int, Reading]] = [(start, Reading("time", v)) for start, _, v in extra]
    taken = list(extra)
    for mention in find_dates(spelled, reference=reference, before=said):
        # "every Wednesday", "Saturday, September 19": a weekday names no one day to resolve
        weekday = mention.relative and _WEEKDAY_RE.search(mention.text)
        if mention.has_date and not weekday:
            found.append((mention.start, Reading("date", mention.iso[:10])))
        if "T" in mention.iso and not _overlaps(mention.start, mention.end, extra):
            hour, minute = mention.iso.split("T")[1].split(":")
            found.append((mention.start, Reading("time", f"{int(hour)}:{minute}")))
        taken.append((mention.start, mention.end, mention.iso))
    for m in _CN_MD_RE.finditer(spelled):
        if m.group("m"):
            day = f"{int(m.group('m'))}月{int(m.group('d'))}日"
        else:
            month = m.group("bm")
            month = str(int(month)) if month.isdigit() else month
            day = f"{month}月{m.group('first') or ''}{int(m.group('bd'))}"
        found.append((m.start(), Reading("date", day)))
    found += _layouts(spelled)
    normalized = unicodedata.normalize("NFKC", clause)
    # (a clock in words, "ten-thirty", is read as a time above)
    numerals = [n for n in find_numerals(normalized) if ":" not in n.value]
    found += [
        (n.start, _numeral_reading(n, normalized))
        for n in numerals
        if not per_unit_one(n, normalized, numerals)
    ]
    folded = fold(clause)
    out: list[Reading] = []
    for _, reading in sorted(found, key=lambda item: item[0]):
        if reading not in out and not _literal(reading, folded):
            out.append(reading)
    return _without_parts(out)


def _numeral_reading(numeral: Numeral, normalized: str) -> Reading:
    """What ``numeral`` reads as in ``normalized``: a month, a figure with its measure word, a
    discount, a count of months, or the number."""
    month = (
        normalized[numeral.end : numeral.end + 1] == "月"
        and "两" not in numeral.text
        and numeral.value.isdigit()
        and 1 <= int(numeral.value) <= 12
    )  # "明年三月之前": the month, 3月, not the number 3
    # "十月底前": the end of the month said with it, 10月底
    part = normalized[numeral.end + 1 : numeral.end + 3] if month else ""
    part = part if part in ("上旬", "中旬", "下旬") else part[:1]
    part = part if part in ("底", "初", "中", "末", "上旬", "中旬", "下旬") else ""
    reading = Reading("date", f"{numeral.value}月{part}") if month else None
    unit = normalized[numeral.end : numeral.end + 1]
    # spelled in characters (digits keep their own unit as written)
    spelled = numeral.value.isdigit() and not any(char.isdigit() for char in numeral.text)
    if not month and unit in _MEASURES and spelled:
        # "期限不要超过一年": 1年, the figure with its measure word (as "别超过三句话": 3句)
        reading = Reading("number", f"{numeral.value}{unit}")
    if unit == "折" and numeral.value.isdigit():
        reading = Reading("number", f"{numeral.value}折")  # "打个九折": 9折, a discount
    if numeral.text.endswith("个半") and unit == "月":
        reading = Reading("number", f"{numeral.value}个月")  # "三个半月": 3.5个月, not 3.5月
    if normalized[numeral.end : numeral.end + 2] == "个月" and spelled:
        reading = Reading("number", f"{numeral.value}个月")  # "押金顶多一个月": 1个月, not 1
    return reading or _percent(numeral, normalized)


def _without_parts(readings: list[Reading]) -> list[Reading]:
    """A number that is only the hour, minute or day of a time or date read beside it goes."""
    parts: set[str] = set()
    for reading in readings:
        if reading.kind == "time":
            hour, minute = (int(part) for part in reading.value.split(":"))
            parts.update({str(hour), str(hour % 12 or 12)})
            if minute:  # "八点十五分": 8:15, not 15 beside it
                parts.add(str(minute))
            if minute > 30:  # "a quarter to one", "ten to six": 12:45, 17:50, not 1 or 10
                parts.update({str(hour % 12 + 1), str(60 - minute)})
        elif reading.kind == "date":
            parts.update(p.lstrip("0") for p in re.split(r"[-月日]", reading.value) if p)
    months = {
        (r.value.split("-")[1] if "-" in r.value else r.value.split("月")[0]).lstrip("0")
        for r in readings
        if r.kind == "date" and not r.value.endswith("月")
    }  # a month said alone goes beside a whole date of it ("一月一号": 1月1日, not 1月 too)
    dates = [r.value for r in readings if r.kind == "date"]
    return [
        r
        for r in readings
        if (r.kind != "number" or r.value not in parts)
        and not (r.kind == "date" and r.value.endswith("月") and r.value[:-1] in months)
        # the part of a month beside a day of it ("七月初七": 7月初7, not 7月初 too)
        and not (r.kind == "date" and any(d != r.value and d.startswith(r.value) for d in dates))
    ]
