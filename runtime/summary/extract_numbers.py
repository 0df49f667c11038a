"""Amounts with currency and the limits around them, in English and Chinese.

``200 元``, ``200块``, ``CNY 200``, ``¥200``, ``$45.50``, ``45 dollars``, ``两百元`` are amounts;
``不超过 / 最多 / 以内 / at most / under / no more than / up to / budget`` before or after one
make it a maximum, ``至少 / 不低于 / at least / over`` a minimum. A bare number is not an
amount: flight numbers, seat counts and dates are left to other extractors.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Literal

from runtime.summary.numerals import cn_value

__all__ = ["Amount", "find_amounts", "format_amount"]

LimitKind = Literal["max", "min"]

_CURRENCY_WORDS = {
    "元": "CNY", "块": "CNY", "块钱": "CNY", "人民币": "CNY", "rmb": "CNY", "cny": "CNY",
    "yuan": "CNY", "¥": "CNY", "￥": "CNY", "$": "USD", "usd": "USD", "dollar": "USD",
    "dollars": "USD", "bucks": "USD", "us$": "USD", "€": "EUR", "eur": "EUR", "euro": "EUR",
    "euros": "EUR", "£": "GBP", "gbp": "GBP", "pounds": "GBP", "jpy": "JPY", "円": "JPY",
    "美元": "USD", "欧元": "EUR", "英镑": "GBP", "日元": "JPY",
    # the currencies of the rest of the users: ringgit, rupees, pesos, naira, dollars of other
    # countries, Hong Kong and Taiwan dollars, won, baht, francs
    "rm": "MYR", "ringgit": "MYR", "myr": "MYR", "₹": "INR", "rs": "INR", "rs.": "INR",
    "inr": "INR", "rupee": "INR", "rupees": "INR", "₱": "PHP", "php": "PHP", "peso": "PHP",
    "pesos": "PHP", "₦": "NGN", "ngn": "NGN", "naira": "NGN", "s$": "SGD", "sgd": "SGD",
    "a$": "AUD", "aud": "AUD", "c$": "CAD", "cad": "CAD", "hk$": "HKD", "hkd": "HKD",
    "港币": "HKD", "港元": "HKD", "港幣": "HKD", "nt$": "TWD", "twd": "TWD", "台币": "TWD",
    "新台币": "TWD", "₩": "KRW", "krw": "KRW", "won": "KRW", "韩元": "KRW", "baht": "THB",
    "thb": "THB", "泰铢": "THB", "chf": "CHF", "francs": "CHF", "franc": "CHF",
}  # fmt: skip
_NUM = (
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?![\d.,])|\d+(?:\.\d+)?"
    r"|[一二两三四五六七八九十百千万]+)"
)
_DOT_THOUSANDS_RE = re.compile(r"\d{1,3}(?:\.\d{3})+")
"""A full stop between groups of three digits: thousands in euros ("2.500 EUR", "€3.200"), as
continental Europe writes them; in any other currency the full stop is a decimal point."""
_CODES = r"CNY|RMB|USD|EUR|GBP|JPY|MYR|INR|PHP|NGN|SGD|AUD|CAD|HKD|TWD|KRW|THB|CHF"
_PREFIX = (
    r"(?P<cur>(?:US|S|A|C|HK|NT)\$|[$¥￥€£₹₱₦₩]|\bRM(?=\s?\d)|\bRs\.?(?=\s?\d)"
    rf"|(?:{_CODES})\b|人民币)"
)
_SUFFIX = (
    r"(?P<cur>块钱|元|块|人民币|美元|欧元|英镑|日元|円|港币|港元|港幣|新台币|台币|韩元|泰铢"
    rf"|(?:{_CODES}|yuan|dollars?|bucks|euros?|pounds|ringgit|rupees?|pesos?|naira|baht|won"
    r"|francs?)\b)"
)
_AMOUNT_RES = (
    re.compile(_PREFIX + r"\s*" + _NUM, re.IGNORECASE),
    re.compile(_NUM + r"\s*" + _SUFFIX, re.IGNORECASE),
)
_MAX_BEFORE = re.compile(
    r"(?:不超过|不高于|不多于|不大于|最多|至多|顶多|最高|上限|预算|控制在|(?<!不)低于|(?<!不)少于|≤|<="
    r"|\bat\s+most|\bno\s+more\s+than|\bnot\s+more\s+than|\bunder|\bbelow|\bless\s+than"
    r"|\bup\s+to|\bmax(?:imum)?|\bwithin|\btops?\s+out\s+at|\btopping\s+out\s+at"
    # how far the user will go: "I can stretch to 950", "as high as $40"
    r"|\bstretch(?:\s+(?:it|that|the\s+budget|my\s+budget))?\s+to|\bas\s+high\s+as"
    r"|\b(?:budget|limit|cap|ceiling)(?:ped)?(?:[-\s]+[\w']+){0,5}?\s+(?:is|of|at)|\bbudget"
    r"|\bcap(?:ped)?(?:\s+[\w']+){0,4}?\s+at|\bnot\s+(?:to\s+)?exceed(?:ing)?)"
    r"\s*(?:of\s+|is\s+|at\s+|:)?\s*$",
    re.IGNORECASE,
)
_MIN_BEFORE = re.compile(
    r"(?:至少|不低于|不少于|最少|最低|(?<!不)高于|(?<!不)超过|≥|>=|\bat\s+least|\bno\s+less\s+than|\bover|\bmore\s+than"
    r"|\bmin(?:imum)?)\s*(?:of\s+|:)?\s*$",
    re.IGNORECASE,
)
# "预算五百块左右", "a budget of about 500 bucks, give or take": a target, not a bound
_APPROX_AFTER = re.compile(r"^\s*(?:左右|上下|\bor\s+so\b|,?\s*give\s+or\s+take\b|-?ish\b)", re.I)
_APPROX_BEFORE = re.compile(
    r"(?:大概|大约|约|差不多|\baround|\babout|\broughly|\bapproximately|\bapprox\.?)\s*$", re.I
)
# A range going on after an amount: "$250-300", "$250 to $300" (not "$250 to spend")
_RANGE_ON_RE = re.compile(r"^\s*(?:-|–|—|~|to)\s*[$€£¥]?\s?\d", re.IGNORECASE)
_MAX_AFTER = re.compile(r"^\s*(?:以内|以下|之内|封顶|or\s+less|max\b|at\s+most|tops\b)", re.I)
_MIN_AFTER = re.compile(r"^\s*(?:以上|起|or\s+more|at\s+least|minimum)", re.IGNORECASE)
CN_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


@dataclass(frozen=True, slots=True)
class Amount:
    """An amount of money found in a text.

    Attributes:
        start: offset of the amount (its limit words included).
        end: offset just past it.
        text: the amount as written, with its limit words.
        value: the number as a plain decimal string (``"45.5"``, ``"200"``).
        currency: ISO 4217 code.
        limit: ``max`` / ``min`` when the text bounds it, else ``None``.
    """

    start: int
    end: int
    text: str
    value: str
    currency: str
    limit: LimitKind | None = None


def _number(raw: str) -> str | None:
    if raw and raw[0] in "一二两三四五六七八九十百千万":
        value = cn_value(raw)  # 四百五 450, 三万五 35000
        return None if value is None else str(value)
    try:
        number = Decimal(raw.replace(",", ""))
    except InvalidOperation:
        return None
    return format(number.normalize(), "f")


def format_amount(amount: Amount) -> str:
    """``"200 CNY"``, ``"45.5 USD"``: the canonical rendering used in summaries."""
    return f"{amount.value} {amount.currency}"


def _limit(text: str, start: int, end: int) -> tuple[LimitKind | None, int, int]:
    head = text[max(0, start - 40) : start]
    tail = text[end : end + 12]
    approx = _APPROX_AFTER.match(tail)
    if approx or _APPROX_BEFORE.search(head):
        return None, start, end + (approx.end() if approx else 0)
    if _RANGE_ON_RE.match(tail) and not _MIN_BEFORE.search(head):
        return None, start, end  # "budget … is $250-300": the first end of a range, no ceiling
    for pattern, kind in ((_MAX_BEFORE, "max"), (_MIN_BEFORE, "min")):
        found = pattern.search(head)
        if found:
            return kind, start - (len(head) - found.start()), end  # type: ignore[return-value]
    for pattern, kind in ((_MAX_AFTER, "max"), (_MIN_AFTER, "min")):
        found = pattern.match(tail)
        if found:
            return kind, start, end + found.end()  # type: ignore[return-value]
    return None, start, end


def find_amounts(text: str) -> list[Amount]:
    """Every amount of money in ``text``, in order, with its limit when one is stated."""
    found: list[Amount] = []
    taken: list[tuple[int, int]] = []
    for pattern in _AMOUNT_RES:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            currency = _CURRENCY_WORDS.get(m.group("cur").lower(), m.group("cur").upper())
            raw = m.group("num")
            if _DOT_THOUSANDS_RE.fullmatch(raw):
                raw = raw.replace(".", "") if currency == "EUR" else raw
            value = _number(raw)
            if value is None:
                continue
            taken.append((m.start(), m.end()))
            limit, start, end = _limit(text, m.start(), m.end())
            found.append(Amount(start, end, text[start:end].strip(), value, currency, limit))
    return sorted(found, key=lambda amount: amount.start)
