"""The redaction rules, in the order they run, and the checksums some of them need.

A rule is a pattern over the folded text (``redact.detection_view``), the span of a match to
replace (the ``value`` group when there is one; ``None`` leaves the match alone, e.g. a failed
checksum), the lower-case keywords one of which must occur for the rule to run at all, and for
a pattern whose left guard would refuse a value glued to the one before, the pattern without
that guard (tried only where a match ends).

Linear time: every pattern anchors on something rare (a keyword, ``@``, a digit after a
non-digit), bounded repetitions are small, and whitespace or value runs are possessive
(``*+``/``++``), so no run is re-read from each of its positions. ``tests/runtime/summary/
test_linear_time.py`` times each pattern on adversarial runs at two sizes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from runtime.summary.redact_addresses import ADDRESS_PATTERNS

__all__ = ["RULES", "Rule", "Span", "luhn_valid", "valid_cn_resident_id", "valid_iban"]

Span = tuple[int, int]


@dataclass(frozen=True)
class Rule:
    """One kind of sensitive value: how to find it and which part of a match to replace."""

    kind: str
    pattern: re.Pattern[str]
    span: Callable[[re.Match[str]], Span | None]
    triggers: tuple[str, ...] = ()
    glued: re.Pattern[str] | None = None


def _re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    # ASCII classes and word boundaries: Chinese text runs straight into e-mails and keys
    # ("邮箱a@b.co"), and with Unicode \b a CJK character counts as part of the word.
    return re.compile(pattern, flags | re.ASCII)


def luhn_valid(digits: str) -> bool:
    """Luhn checksum of a string of digits (card numbers); ``False`` for anything else."""
    if not digits.isascii() or not digits.isdigit():
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
    if len(value) != 18 or not value[:17].isascii() or not value[:17].isdigit():
        return False
    total = sum(int(d) * w for d, w in zip(value[:17], _CN_ID_WEIGHTS, strict=True))
    return _CN_ID_CHECK[total % 11] == value[17]


# IBAN length by country (ISO 13616 registry).
_IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
    "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20,
    "LV": 21, "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30,
    "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
    "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28,
    "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}  # fmt: skip


def valid_iban(value: str) -> bool:
    """Whether ``value`` (spaces allowed) is an IBAN: known country, its length, mod 97 = 1."""
    compact = value.replace(" ", "").upper()
    if not compact.isascii() or not compact.isalnum():
        return False
    if _IBAN_LENGTHS.get(compact[:2]) != len(compact) or not compact[2:4].isdigit():
        return False
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


# --- spans ------------------------------------------------------------------------------------


def _whole(match: re.Match[str]) -> Span:
    return match.span()


def _value(match: re.Match[str]) -> Span:
    """The ``value`` group; a sentence's full stop after a bare value is not part of it."""
    start, end = match.span("value")
    if end - start > 1 and match.string[end - 1] == "." and match.string[start - 1] not in "\"'":
        end -= 1
    return start, end


def _checked(check: Callable[[str], bool]) -> Callable[[re.Match[str]], Span | None]:
    def span(match: re.Match[str]) -> Span | None:
        digits = re.sub(r"[\s.-]", "", match.group(0))
        return match.span() if check(digits) else None

    return span


def _card(match: re.Match[str]) -> Span | None:
    """A Luhn-valid card number; a trailing group that breaks the checksum is not part of it
    (``4111 1111 1111 1111 123``: the card and then another number)."""
    text = match.group(0)
    if luhn_valid(re.sub(r"[\s.-]", "", text)):
        return match.span()
    head = re.sub(r"[\s.-]\d{1,4}$", "", text)
    if head != text and luhn_valid(re.sub(r"[\s.-]", "", head)):
        return match.start(), match.start() + len(head)
    return None


# Words that follow "password is" in prose about passwords rather than in a password.
_NOT_A_VALUE_TEXT = """
a an the not no too required incorrect wrong invalid expired correct strong weak missing
    empty blank set reset changed being still same different valid needed mandatory optional ok
    okay fine secure insecure long short saved stored hidden shown visible encrypted hashed
    protected good bad easy hard known unknown below above here there this that it in on at for
    of to and or also now then case-sensitive sent updated unchanged incorrectly only
"""
_NOT_A_VALUE = frozenset(_NOT_A_VALUE_TEXT.split(None))


def _phrase_value(match: re.Match[str]) -> Span | None:
    span = _value(match)
    word = match.string[span[0] : span[1]].strip(".,;:!?").lower()
    return None if not word or word in _NOT_A_VALUE else span


def _iban(match: re.Match[str]) -> Span | None:
    """The IBAN's own length from the start of the match (a run may continue past it)."""
    text = match.group(0)
    length = _IBAN_LENGTHS.get(text[:2])
    if length is None:
        return None
    end, seen = 0, 0
    while end < len(text) and seen < length:
        seen += text[end] != " "
        end += 1
    if seen < length or not valid_iban(text[:end]):
        return None
    return match.start(), match.start() + end


# --- patterns ---------------------------------------------------------------------------------

_SEPARATOR = r"[\"']?[ \t]*+(?:[:=：]|是|为)[ \t]*+[\"']?"
# A quoted value runs to its closing quote; a bare one to whitespace or CJK sentence
# punctuation, so "Tr0ub4dor&3x" and "海风2026@杭州" are one value each and "abc123，好" stops at
# the comma (a secret may hold CJK characters; redacting a few words too many is the safe side).
_QUOTED = r"(?<=\")(?:[^\"\\\n]|\\.)++(?=\")|(?<=')[^'\n]++(?=')"
_VALUE = rf"(?P<value>{_QUOTED}|[^\s\"'，。；、！？）】」』\u3000-\u303f]++)"
# Personal data that is not a secret (a zip code, a date) also ends at a field separator:
# "zip=94110&addr=455 Larkspur Lane" holds two values.
_FIELD = rf"(?P<value>{_QUOTED}|[^\s\"'&,;，。；、！？）】」』\u3000-\u303f]++)"


def _keyed(
    kind: str,
    latin: str,
    cjk: str,
    triggers: tuple[str, ...],
    *,
    secret: bool = False,
    span: Callable[[re.Match[str]], Span | None] = _value,
) -> Rule:
    """A value named by a sensitive key: ``key: value``, ``key=value``, ``"key": "value"``,
    ``密码是…``. A Latin key may carry prefix words joined by ``_`` (``db_password``; ``x-api-key``
    matches at its hyphen); CJK keys cannot have word boundaries and are matched as they are.
    ``triggers``: lower-case fragments one of which every key contains. A ``secret`` value
    runs to whitespace, others to a field separator too."""
    keys = rf"\b(?:[A-Za-z0-9]++_)*(?:{latin})\b" + (f"|(?:{cjk})" if cjk else "")
    value = _VALUE if secret else _FIELD
    pattern = _re(rf"(?:{keys}){_SEPARATOR}{value}", re.IGNORECASE)
    return Rule(kind, pattern, span, triggers)


_YEAR_RE = re.compile(r"\d{4}|年|\d[/.-]\d{1,2}[/.-]\d{2}")


def _dated_value(match: re.Match[str]) -> Span | None:
    """The value of a date of birth, when it gives the year: a birthday without one ("生日是1月8号，
    那天…") names a day the user plans around, not who they are (as "my birthday is March 3")."""
    return _value(match) if _YEAR_RE.search(match.group("value")) else None


_PASSWORD_KEYS = (
    r"password|passwd|pwd|passcode|pass_?phrase|passwort|kennwort|secret|client_secret|pin"
    r"|pin_?code"
)
_PASSWORD_WORDS = r"password|passwd|passcode|passphrase|passwort|kennwort|pin(?:\s++code)?"

_PASSWORD_PHRASE = Rule(
    "password",
    # "the password is X", "my password for the wifi was X", "password set to X"
    _re(
        rf"\b(?:{_PASSWORD_WORDS})(?:[ \t]++(?:for|to|of|on|at|in|from|we|you|i|they)"
        r"(?:[ \t]++(?!is\b|was\b)[A-Za-z0-9_@'-]++){0,2}?)?[ \t]++"
        r"(?:is|was|will[ \t]++be|would[ \t]++be|remains|(?:set|changed|reset)[ \t]++to)"
        rf"[ \t]*+:?[ \t]*+[\"']?{_VALUE}",
        re.IGNORECASE,
    ),
    _phrase_value,
    ("pass", "pin", "kennwort"),
)
_MY_PASSWORD = Rule(
    "password",
    # "my password Tr0ub4dor&3x": no verb, so the value must look like one (a digit or symbol)
    _re(
        r"\bmy[ \t]++(?:(?:new|current|old|wifi|wi-fi|email|bank|account|login|temporary|temp)"
        rf"[ \t]++)?(?:{_PASSWORD_WORDS})[ \t]++"
        r"(?P<value>(?=[^\s]*?[0-9!@#$%^&*_+=~?])[^\s\"'，。；、！？\u4e00-\u9fff]++)",
        re.IGNORECASE,
    ),
    _value,
    ("my",),
)
_URL_PASSWORD = Rule(
    "password",
    _re(r"(?<=://)[^\s/:@]{1,64}:(?P<value>[^\s/@]{1,128})@"),
    _value,
    ("://",),
)
_PRIVATE_KEY = Rule(
    "private_key",
    # the whole block; a block cut before its END line is redacted to the end of the text
    _re(
        r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:(?!-----END)[\s\S])*+"
        r"(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?"
    ),
    _whole,
    ("-----begin",),
)
_DATE = (
    r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{4}年\d{1,2}月\d{1,2}[日号]?"
    r"|[A-Za-z]{3,9}\.?\s++\d{1,2}(?:st|nd|rd|th)?,?\s++\d{4}|\d{1,2}\s++[A-Za-z]{3,9}\.?,?\s++\d{4}"
)
_DOB_PROSE = Rule(
    "dob",
    _re(
        r"\b(?:dob|d\.o\.b\.?|date\s++of\s++birth|birth\s?date|birthday|born(?:\s++on)?)"
        r"(?:\s++[A-Za-z]++){0,2}?\s*+(?:(?:[:=]|is|was|of)\s*+)?"
        rf"(?P<value>{_DATE})",
        re.IGNORECASE,
    ),
    _value,
    ("dob", "d.o.b", "birth", "born"),
)
_DOB_ZH = Rule(
    "dob",
    # "出生 1975年11月29日", "生日 1992.11.03", and the date first: "1990年5月20日出生"
    _re(
        rf"(?:出生日期|出生于|出生|生日)[^\n\d]{{0,6}}?(?P<value>{_DATE})"
        r"|(?P<before>\d{4}(?:年\d{1,2}月\d{1,2}[日号]?|[-/.]\d{1,2}[-/.]\d{1,2}))"
        r"[ \t]*+出生"
    ),
    lambda m: m.span("value") if m.group("value") else m.span("before"),
    ("出生", "生日"),
)
_PASSPORT = Rule(
    "passport",
    # a passport keyword, then within 24 characters a 6-10 character number with 5+ digits
    _re(
        r"(?:\b(?:passport|reisepass|passeport|pasaporte|passaporto|paspoort|paszport)"
        r"|护照|旅券|여권|паспорт)[^\n]{0,24}?"
        r"(?P<value>(?<![A-Za-z0-9])(?=(?:[A-Za-z]*+[0-9]){5})[A-Za-z0-9]{6,10}(?![A-Za-z0-9]))",
        re.IGNORECASE,
    ),
    _value,
    ("pass", "pasa", "pasz", "paspo", "护照", "旅券", "여권", "паспорт"),
)
_CVV = Rule(
    "cvv",
    _re(
        r"(?:\b(?:cvv2?|cvc2?|cvn|csc|card\s++verification\s++(?:value|code|number)"
        r"|(?:card\s++)?security\s++code)\b|安全码|校验码)[^\n0-9]{0,12}?"
        r"(?P<value>(?<![0-9])[0-9]{3,4}(?![0-9]))",
        re.IGNORECASE,
    ),
    _value,
    ("cvv", "cvc", "cvn", "csc", "verification", "security", "安全码", "校验码"),
)
_AUTH_HEADER = Rule(
    "api_key",
    _re(
        r"\b(?:(?i:Bearer|Token)\s++(?P<value>[A-Za-z0-9._~+/=-]{16,})"
        r"|Basic\s++(?=[A-Za-z0-9+/=]*[0-9+/=])(?P<basic>[A-Za-z0-9+/]{12,}={0,2}))"
    ),
    lambda m: m.span("value") if m.group("value") else m.span("basic"),
    ("bearer", "token", "basic"),
)
_TOKENS = Rule(
    "api_key",
    _re(
        r"\b(?:sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}"
        r"|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}"
        r"|tmk_[A-Za-z0-9_-]{20,}"  # tiermem's own keys: tmk_ + 43 URL-safe base64 characters
        r"|(?:AKIA|ASIA)[0-9A-Z]{16}"
        r"|gh[pousr]_[A-Za-z0-9]{30,}"
        r"|github_pat_[A-Za-z0-9_]{30,}"
        r"|glpat-[A-Za-z0-9_-]{20,}"
        r"|hf_[A-Za-z0-9]{30,}"
        r"|xox[abprs]-[A-Za-z0-9-]{10,}"
        r"|AIza[0-9A-Za-z_-]{35}"
        r"|ya29\.[A-Za-z0-9_-]{20,}"
        r"|eyJ[A-Za-z0-9_-]{8,}+\.eyJ[A-Za-z0-9_-]{8,}+\.[A-Za-z0-9_-]{8,})"
    ),
    _whole,
)
_IBAN_RUN = r"[A-Z]{2}[0-9]{2}(?:[ ]?[A-Z0-9]){11,30}+"
_IBAN = Rule(
    "iban",
    _re(rf"(?<![A-Za-z0-9]){_IBAN_RUN}"),
    _iban,
    # an IBAN right after another ("…0130 00DE89 3704…"): its run starts where the first ends
    glued=_re(_IBAN_RUN),
)
_CN_ID = Rule(
    "national_id",
    # an X check character ends the number even when digits follow ("…002X4111 1111…" is an
    # id glued to a card), so glued ids are all found in one pass
    _re(r"(?<!\d)\d{17}(?:\d(?![0-9A-Za-z])|[Xx](?![A-Za-z]))"),
    _checked(valid_cn_resident_id),
)
_SSN = Rule(
    "national_id",
    _re(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])"),
    _whole,
)
_CARD = Rule(
    "card",
    # Unseparated, or in the usual 4-4-4-x / 4-6-5 groups: dates and lists never look so.
    _re(
        r"(?<![\d.])(?<!\d-)(?:\d{13,19}|\d{4}(?P<s>[ .-])\d{4}(?P=s)\d{4}(?P=s)\d{1,7}"
        r"(?:(?P=s)\d{1,4})?|\d{4}(?P<t>[ -])\d{6}(?P=t)\d{4,5})(?!\d)"
    ),
    _card,
)
_EMAIL = Rule(
    "email",
    _re(
        r"[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*\.[A-Za-z]{2,}"
        r"(?![A-Za-z])"
    ),
    _whole,
    ("@",),
)
_PHONES = (
    Rule(
        "phone",
        _re(r"(?<![\d+])(?:\+?86[-\s]?)?1[3-9]\d(?:[-\s]?\d{4}){2}(?!\d)"),
        _whole,
    ),
    Rule(
        "phone",
        _re(
            r"(?<![\w+])\+\d{1,3}[-\s.]?(?:\(\d{1,4}\)[-\s.]?)?\d{1,4}(?:[-\s.]?\d{2,4}){1,5}(?!\d)"
        ),
        _whole,
        ("+",),
    ),
    Rule("phone", _re(r"(?<![\d-])\(?\d{3}\)?[-.\s]\d{3}[-.]\d{4}(?![\d-])"), _whole),
    # a landline with its area code set apart: "021-5489 2217", "(010) 6552 9988"
    Rule(
        "phone",
        _re(r"(?<![\d-])(?:\(0[1-9]\d{1,2}\)[ ]?|0[1-9]\d{1,2}-)\d{3,4}[- ]?\d{4}(?![\d-])"),
        _whole,
    ),
)

RULES: tuple[Rule, ...] = (
    _PRIVATE_KEY,
    _URL_PASSWORD,
    _AUTH_HEADER,
    _keyed(
        "password",
        _PASSWORD_KEYS,
        "密码|口令",
        ("pass", "pwd", "kennwort", "secret", "pin", "密码", "口令"),
        secret=True,
    ),
    _PASSWORD_PHRASE,
    _MY_PASSWORD,
    _keyed(
        "api_key",
        r"api[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|token|secret[_-]?key"
        r"|secret[_-]?access[_-]?key|private[_-]?key",
        "密钥",
        ("key", "token", "密钥"),
        secret=True,
    ),
    _keyed(
        "dob",
        r"dob|d\.o\.b|date[_\s]of[_\s]birth|birth[_\s]?date|birthday|born\s++on",
        "出生日期|生日",
        ("dob", "d.o.b", "birth", "born", "出生日期", "生日"),
        span=_dated_value,
    ),
    _DOB_PROSE,
    _DOB_ZH,
    _keyed(
        "address",
        r"address1|address2|street_address|postal_code|zip(?:code)?",
        "住址",
        ("address", "postal", "zip", "住址"),
    ),
    _keyed(
        "national_id",
        r"ssn|id_number|national_id",
        "身份证号?码?",
        ("ssn", "id_number", "national_id", "身份证"),
    ),
    _PASSPORT,
    # a card before a CVV: "CVV 4111 1111 1111 1111" is a card number, not four codes
    _CARD,
    _CVV,
    _TOKENS,
    _IBAN,
    _CN_ID,
    _SSN,
    _EMAIL,
    *(
        Rule("address", pattern, span, triggers, glued)
        for pattern, glued, span, triggers in ADDRESS_PATTERNS
    ),
    *_PHONES,
)
