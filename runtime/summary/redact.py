"""Redaction of secrets and personal data, before any summarizer sees a text.

Each rule finds one kind of sensitive value and replaces it by ``[REDACTED:<kind>]``; the value
itself is never kept anywhere, only the count per kind. Rules run in a fixed order, most
specific first (keyed values, then keys and tokens, then identity numbers with checksums,
then cards by Luhn, then emails and phone numbers), so a value is counted once under the most
specific kind. Numbers that matter to a task (prices, dates, train and flight numbers, times)
match none of the rules.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["REDACTION_KINDS", "luhn_valid", "redact", "redaction_marker", "valid_cn_resident_id"]

REDACTION_KINDS = (
    "password",
    "api_key",
    "national_id",
    "card",
    "email",
    "phone",
    "dob",
    "address",
)


def _re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    # ASCII word boundaries: Chinese text runs straight into e-mails and keys ("邮箱a@b.co"),
    # and with Unicode \b a CJK character counts as part of the word.
    return re.compile(pattern, flags | re.ASCII)


def redaction_marker(kind: str) -> str:
    """The text that replaces a redacted value of ``kind``."""
    return f"[REDACTED:{kind}]"


def luhn_valid(digits: str) -> bool:
    """Luhn checksum of a string of digits (card numbers); ``False`` for anything else."""
    if not digits.isdigit() or not digits:
        return False
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CN_ID_CHECK = "10X98765432"


def valid_cn_resident_id(value: str) -> bool:
    """Checksum (GB 11643) of an 18-character Chinese resident identity number."""
    value = value.upper()
    if len(value) != 18 or not value[:17].isdigit():
        return False
    total = sum(int(d) * w for d, w in zip(value[:17], _CN_ID_WEIGHTS, strict=True))
    return _CN_ID_CHECK[total % 11] == value[17]


@dataclass(frozen=True)
class _Rule:
    kind: str
    pattern: re.Pattern[str]
    # Returns the replacement, or None to leave the match alone (e.g. a failed checksum).
    replace: Callable[[re.Match[str]], str | None]


def _whole(kind: str) -> Callable[[re.Match[str]], str | None]:
    return lambda _m: redaction_marker(kind)


def _keep_prefix(kind: str) -> Callable[[re.Match[str]], str | None]:
    def replace(match: re.Match[str]) -> str:
        # A sentence's full stop after a bare value is punctuation, not part of the secret.
        value = match.groupdict().get("value") or ""
        tail = "." if value.endswith(".") and len(value) > 1 else ""
        return match.group("prefix") + redaction_marker(kind) + tail

    return replace


def _checked(kind: str, check: Callable[[str], bool]) -> Callable[[re.Match[str]], str | None]:
    def replace(match: re.Match[str]) -> str | None:
        digits = re.sub(r"[\s-]", "", match.group(0))
        return redaction_marker(kind) if check(digits) else None

    return replace


def _keyed(kind: str, latin: str, cjk: str = "") -> _Rule:
    """A value named by a sensitive key, ``key: value`` / ``key=value`` / JSON ``"key": "v"``.

    Latin keys need word boundaries; CJK keys cannot have them (CJK characters are word
    characters), so they are matched as they are.
    """
    keys = r"\b(?:" + latin + r")\b" + (f"|(?:{cjk})" if cjk else "")
    pattern = _re(
        r"(?P<prefix>[\"']?(?:" + keys + r")[\"']?\s*(?:[:=：]|是|为)\s*[\"']?)"
        r"(?P<value>(?<=[\"'])[^\"'\n]{1,200}(?=[\"'])|[^\s\"',;&}\]）)，。；、]{1,200})",
        re.IGNORECASE,
    )
    return _Rule(kind, pattern, _keep_prefix(kind))


_MAX_PASSES = 4
_RULES: tuple[_Rule, ...] = (
    _keyed(
        "password", r"password|passwd|pwd|passcode|pass_?phrase|secret|client_secret", "密码|口令"
    ),
    _keyed("api_key", r"api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|token"),
    _keyed(
        "dob",
        r"dob|d\.o\.b|date[_\s]of[_\s]birth|birth[_\s]?date|birthday|born\s+on",
        "出生日期|生日",
    ),
    _Rule(
        "dob",
        _re(
            r"(?P<prefix>\b(?:dob|d\.o\.b\.?|date\s++of\s++birth|birth\s?date|birthday|born(?:\s++on)?)"
            r"(?:\s++[A-Za-z]++){0,2}?\s*+(?:(?:[:=]|is|was|of)\s*+)?)(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}"
            r"|[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}\s+[A-Za-z]{3,9}\.?,?\s+\d{4})",
            re.IGNORECASE,
        ),
        _keep_prefix("dob"),
    ),
    _keyed("address", r"address1|address2|street_address|postal_code|zip(?:code)?", "住址"),
    _keyed("national_id", r"ssn|passport(?:_number)?|id_number", "身份证号?码?"),
    _Rule(
        "api_key",
        _re(r"(?P<prefix>\b(?:Bearer|Token)\s+)[A-Za-z0-9._~+/=-]{16,}", re.IGNORECASE),
        _keep_prefix("api_key"),
    ),
    _Rule(
        "api_key",
        _re(
            r"\b(?:sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}"
            r"|(?:AKIA|ASIA)[0-9A-Z]{16}"
            r"|gh[pousr]_[A-Za-z0-9]{30,}"
            r"|github_pat_[A-Za-z0-9_]{30,}"
            r"|xox[abprs]-[A-Za-z0-9-]{10,}"
            r"|AIza[0-9A-Za-z_-]{35}"
            r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"
        ),
        _whole("api_key"),
    ),
    _Rule(
        "national_id",
        _re(r"(?<!\d)\d{17}[\dXx](?![0-9A-Za-z])"),
        _checked("national_id", valid_cn_resident_id),
    ),
    _Rule(
        "national_id",
        _re(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])"),
        _whole("national_id"),
    ),
    _Rule(
        "card",
        # Unseparated, or in the usual 4-4-4-x / 4-6-5 groups: dates and lists never look so.
        _re(
            r"(?<![\d-])(?:\d{13,19}|\d{4}(?P<s>[ -])\d{4}(?P=s)\d{4}(?P=s)\d{1,7}"
            r"|\d{4}(?P<t>[ -])\d{6}(?P=t)\d{5})(?![\d-])"
        ),
        _checked("card", luhn_valid),
    ),
    _Rule(
        "email",
        _re(
            r"[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,}(?![A-Za-z])"
        ),
        _whole("email"),
    ),
    _Rule(
        "phone",
        _re(r"(?<![\d+])(?:\+?86[-\s]?)?1[3-9]\d(?:[-\s]?\d{4}){2}(?!\d)"),
        _whole("phone"),
    ),
    _Rule(
        "phone",
        _re(
            r"(?<![\w+])\+\d{1,3}[-\s.]?(?:\(\d{1,4}\)[-\s.]?)?\d{2,4}(?:[-\s.]?\d{2,4}){1,4}(?!\d)"
        ),
        _whole("phone"),
    ),
    _Rule(
        "phone",
        _re(r"(?<![\d-])\(?\d{3}\)?[-.\s]\d{3}[-.]\d{4}(?![\d-])"),
        _whole("phone"),
    ),
)


def redact(text: str) -> tuple[str, Counter[str]]:
    """Replace every sensitive value in ``text`` by ``[REDACTED:<kind>]``.

    Returns:
        The redacted text and how many values of each kind were replaced.
    """
    counts: Counter[str] = Counter()
    # A replacement can expose a neighbour (an id glued to a card number is not an id until the
    # card is gone), so passes repeat until nothing changes: redacting twice changes nothing.
    for _ in range(_MAX_PASSES):
        before = text
        for rule in _RULES:
            text = _apply(rule, text, counts)
        if text == before:
            break
    return text, counts


def _apply(rule: _Rule, text: str, counts: Counter[str]) -> str:
    def substitute(match: re.Match[str]) -> str:
        if "[REDACTED:" in match.group(0):
            return match.group(0)
        replacement = rule.replace(match)
        if replacement is None:
            return match.group(0)
        counts[rule.kind] += 1
        return replacement

    return rule.pattern.sub(substitute, text)
