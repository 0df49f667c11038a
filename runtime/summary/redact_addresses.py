"""Street addresses, for redaction: English (US and UK), German, French and Chinese forms.

An address is found by its shape: a house number, capitalized words and a street suffix
("221B Baker Street", "14 Larch Close, Reading RG1 4QP"), a street word and a number
("Hauptstraße 118, 10827 Berlin", "12 rue de la Paix, 75002 Paris"), or a road, a number and
号 ("北京市朝阳区建国路88号3号楼1201室", with the place names before the road). A city is
included when a postcode follows it. Keyed address fields (``"address1": …``) are the keyed
rules' business.

Each entry is ``(pattern, glued, span, triggers)`` as ``redact_rules.Rule`` takes them; every
pattern is linear (possessive or bounded runs, one start per word). A pattern's left guard
(no letter or digit before the house number or street name) is what keeps it to one start per
word, but it also refuses the second of two glued addresses ("12 rue de la Paix12 rue …"):
``glued`` is the Latin patterns without their guards, which redaction tries only where a match
ends, so a glued run (of any of these forms, mixed) is found in one pass whatever its length.
So an address ends where the next one may start: a street suffix, a direction or a postcode may
be followed by a digit, a German city is one capitalized word. The Chinese pattern has no guard.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["ADDRESS_PATTERNS"]

Span = tuple[int, int]

_SUFFIX = (
    r"Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Terrace"
    r"|Parkway|Pkwy|Highway|Hwy|Way|Crescent|Alley|Close|Gardens|Grove|Mews"
)
_UNIT = r"(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl|#)\.?[ \t]*+#?[A-Za-z0-9-]{1,6}"
_WORD = r"[A-Z][A-Za-z'-]*+"
# a city and its postcode: UK "Reading RG1 4QP", US "Columbus, OH 43215", "Berlin 10827"
_POSTCODE = (
    r"(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}|[A-Z]{2}[ \t]++\d{5}(?:-\d{4})?|\d{5})(?![A-Za-z_])"
)
_CITY = rf",[ \t]*+(?:{_WORD}[ \t]++){{0,2}}?{_WORD},?[ \t]++{_POSTCODE}"

_EN_GUARD = r"(?<![A-Za-z0-9.,-])"
_EN = (
    rf"(?:{_UNIT},?[ \t]++)?\d{{1,6}}[A-Za-z]?(?:-\d{{1,5}})?[ \t]++"
    rf"(?:(?:{_WORD}|\d{{1,3}}(?:st|nd|rd|th))[ \t]++){{1,4}}?(?i:{_SUFFIX})(?![A-Za-z_])\.?"
    rf"(?:[ \t]++(?:N|S|E|W|NE|NW|SE|SW)(?![A-Za-z_]))?(?:,?[ \t]*+{_UNIT})?(?:{_CITY})?"
)
_DE_LETTERS = "A-Za-zÄÖÜäöüß"
_DE_GUARD = rf"(?<![{_DE_LETTERS}-])"
# "Berlin", "BERLIN", "Castrop-Rauxel", "Frankfurt-am-Main": not "BerlinHauptstraße" (the next
# address glued to it)
_DE_CITY_WORD = "(?:[A-ZÄÖÜ][a-zäöüß]++|[A-ZÄÖÜ]++)"
_DE_CITY = rf"{_DE_CITY_WORD}(?:-(?:{_DE_CITY_WORD}|[a-zäöüß]++))*+"
_DE = (
    rf"[A-ZÄÖÜ][{_DE_LETTERS}-]*?"
    r"(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer)[ \t]++\d{1,4}[a-z]?(?![a-z0-9])"
    rf"(?:,[ \t]*+\d{{5}}[ \t]++{_DE_CITY})?"
)
_FR_LETTERS = "A-Za-zÀ-ÿ'-"
_FR_GUARD = r"(?<![A-Za-z0-9])"
_FR = (
    r"\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t]++"
    r"(?i:rue|avenue|av\.|boulevard|bd|place|allée|impasse|chemin|quai|route)[ \t]++"
    rf"(?:(?:de|du|des|la|le|l'|d')[ \t]*+)*+[A-ZÀ-Ý][{_FR_LETTERS}]*+"
    rf"(?:[ \t]++[A-ZÀ-Ý][{_FR_LETTERS}]*+){{0,3}}"
    rf"(?:,[ \t]*+\d{{5}}[ \t]++[A-ZÀ-Ý][{_FR_LETTERS}]*+)?"
)
_CN = re.compile(
    r"[\u4e00-\u9fff](?:路|街|大道|大街|巷|弄|胡同)[ \t]*+\d{1,5}(?:[-之]\d{1,5})?[ \t]*+"
    r"(?:弄[ \t]*+\d{1,5}[ \t]*+)?号"
    r"(?:[ \t]*+\d{1,5}[ \t]*+(?:号楼|栋|幢|座|单元|层|楼|室))*+",
    re.ASCII,
)
# tried only at the end of a match (finditer over it would start in every word: not linear)
_GLUED = re.compile(f"(?:{_EN})|(?:{_DE})|(?:{_FR})", re.ASCII)
_CN_CUES = "在于是住址到至往从"
_CN_PLACE_CHARS = 24


def _whole(match: re.Match[str]) -> Span:
    return match.span()


def _is_cjk(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff"


def _cn_span(match: re.Match[str]) -> Span:
    """The road and number, with the place names before them (up to 24 CJK characters, from
    after the last cue such as "住在" or "地址是": what precedes a cue is the sentence)."""
    text, start = match.string, match.start()
    floor = max(0, start - _CN_PLACE_CHARS)
    while start > floor and _is_cjk(text[start - 1]) and text[start - 1] not in _CN_CUES:
        start -= 1
    return start, match.end()


ADDRESS_PATTERNS: tuple[
    tuple[
        re.Pattern[str],
        re.Pattern[str] | None,
        Callable[[re.Match[str]], Span | None],
        tuple[str, ...],
    ],
    ...,
] = (
    (re.compile(_EN_GUARD + _EN, re.ASCII), _GLUED, _whole, ()),
    (
        re.compile(_DE_GUARD + _DE, re.ASCII),
        _GLUED,
        _whole,
        ("str", "weg", "gasse", "platz", "allee", "ring", "damm", "ufer"),
    ),
    (
        re.compile(_FR_GUARD + _FR, re.ASCII),
        _GLUED,
        _whole,
        ("rue", "av", "bd", "place", "allée", "impasse", "chemin", "quai", "route"),
    ),
    (_CN, None, _cn_span, ("号",)),
)
