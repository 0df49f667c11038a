"""Texting shorthand read as spelled out, for the extractor's rules (the user's words are quoted).

People type to an assistant the way they text: "has to get in b4 11", "pls have it done by
9 tmrw", "i cant do calls b4 10", "whats a good card w/ no annual fee", "for 6 ppl". The rules
(``signal_words``, ``sentence_mood``, ``numerals``) are written for spelled-out English, and
the same sentences written out in full were captured while these were not. ``spelled_out``
gives the rules a reading with the common shorthand written out and, for every span of that
reading, the span of the user's own text it came from (``Reading.source``), so a fact still
quotes what the user typed.

Chinese typed by voice or in a hurry writes 在 for 再 after a refusal ("不会在用了"); that one
form is read as 再 too.

Only unambiguous forms are expanded: a token that is also an everyday word ("ill", "its",
"wont", "id", "sun", "min") is left alone unless its neighbours settle it (a weekday before
"morning", minutes after a number). "gonna", "wanna" and "gotta" stay as typed: the lexicon
reads them, and spelled out as "have to" they made every "gotta go" a requirement. Text
without an ASCII letter is returned as is.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Final

__all__ = ["Reading", "spelled_out"]

_WORDS: Final[dict[str, str]] = {
    "atleast": "at least",
    "atmost": "at most",
    "u": "you",
    "ur": "your",
    "r": "are",
    "pls": "please",
    "plz": "please",
    "pleez": "please",
    "thx": "thanks",
    "thnx": "thanks",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tmrow": "tomorrow",
    "tmrrw": "tomorrow",
    "tomoz": "tomorrow",
    "2moro": "tomorrow",
    "2morrow": "tomorrow",
    "2mrw": "tomorrow",
    "tonite": "tonight",
    "2nite": "tonight",
    "nite": "night",
    "b4": "before",
    "w/": "with",
    "pref": "preferred",
    "w/o": "without",
    "w/out": "without",
    "bc": "because",
    "b/c": "because",
    "cuz": "because",
    "coz": "because",
    "ppl": "people",
    "appt": "appointment",
    "appts": "appointments",
    "msg": "message",
    "abt": "about",
    "thru": "through",
    "til": "until",
    "nxt": "next",
    "wk": "week",
    "wks": "weeks",
    "wknd": "weekend",
    "wkend": "weekend",
    "mo": "month",
    "yr": "year",
    "yrs": "years",
    "hr": "hour",
    "hrs": "hours",
    "mins": "minutes",
    "secs": "seconds",
    "approx": "approximately",
    "idk": "I don't know",
    "dont": "don't",
    "cant": "can't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "werent": "weren't",
    "shouldnt": "shouldn't",
    "wouldnt": "wouldn't",
    "couldnt": "couldn't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "im": "I'm",
    "ive": "I've",
    "youre": "you're",
    "whats": "what's",
    "thats": "that's",
    "theres": "there's",
    "wheres": "where's",
    "hows": "how's",
}
"""Shorthand -> the words it stands for, matched as whole words (case-insensitive)."""

_WEEKDAYS: Final[dict[str, str]] = {
    "mon": "Monday",
    "tue": "Tuesday",
    "tues": "Tuesday",
    "wed": "Wednesday",
    "weds": "Wednesday",
    "thu": "Thursday",
    "thur": "Thursday",
    "thurs": "Thursday",
    "fri": "Friday",
    "sat": "Saturday",
    "sun": "Sunday",
}
"""A weekday's short form, read as the day only where the neighbours say so ("sun afternoon",
"on sat", "next thurs", "tues 10-2", "fri 5pm"): "sun" and "sat" are words too."""

_PLAIN_DAYS: Final = ("tue", "tues", "thu", "thur", "thurs", "weds", "fri")
"""Short forms that are no English word: read as the day wherever they stand."""

_SHORT_RE: Final = re.compile(
    r"(?<![\w/'’])(?:" + "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True)) + r")"
    r"(?![\w'’]|/\w)",
    re.IGNORECASE,
)
_DAY_RE: Final = re.compile(
    r"(?<![\w/'’])(?P<day>"
    + "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
    + r")s?\.?(?=\s+(?:morning|afternoon|evening|night|noon|am\b|pm\b|\d))"
    r"|\b(?:on|next|this|every|by|til|till|until|before|after|or|and|from|to|for)\s+(?P<after>"
    + "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
    + r")s?\b\.?(?![\w'’])"
    r"|(?<![\w/'’])(?P<plain>" + "|".join(sorted(_PLAIN_DAYS, key=len, reverse=True)) + r")\b"
    # an event's day (not "sat" or "sun", words too): "chem retake is Wed"
    r"|\bis\s+(?P<isday>mon|wed)\b\.?(?![\w'’])",
    re.IGNORECASE,
)
# "then" typed for "than" after a comparative: "more then a mile", "less then 20"
_THAN_RE: Final = re.compile(
    r"\b(?:more|less|fewer|rather|better|later|earlier|longer|bigger|smaller|other)\s+(?P<then>then)\b",
    re.IGNORECASE,
)
_MINUTES_RE: Final = re.compile(r"(?<=\d)\s?(?P<word>min)\b(?!\s*(?:of|\d))", re.IGNORECASE)
_LETTER_RE: Final = re.compile(r"[A-Za-z]")
# an hour with the first letter of am or pm: "don't text me between 8a and 4p", "at 7p"
_HALF_LETTER_RE: Final = re.compile(
    r"(?:\b(?:at|by|before|after|from|between|until|till|to|and|around|til)\s+|(?<=\d[ap])\s*[-–]\s*)"
    r"(?:1[0-2]|[1-9])(?::[0-5]\d)?(?P<half>[ap])(?![\w'])",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Reading:
    """``text`` as the rules read it, with the user's ``original`` behind each of its spans.

    ``edits`` are ``(start, end, original_start, original_end)`` of each rewritten word, in
    order; text between them is the user's, shifted.
    """

    original: str
    text: str
    edits: tuple[tuple[int, int, int, int], ...] = ()

    def source(self, start: int, end: int) -> tuple[int, int]:
        """The span of ``original`` that ``text[start:end]`` was read from (whole words)."""
        return self._position(start, end=False), self._position(end, end=True)

    def quote(self, start: int, end: int) -> str:
        """The user's own text behind ``text[start:end]``."""
        first, last = self.source(start, end)
        return self.original[first:last]

    def _position(self, at: int, *, end: bool) -> int:
        index = bisect.bisect_right(self.edits, at, key=lambda edit: edit[0]) - 1
        if index < 0:
            return at
        start, stop, source_start, source_stop = self.edits[index]
        if at < stop or (end and at == stop):
            if end:
                return source_start if at == start else source_stop
            return source_start
        return source_stop + (at - stop)


def _replacements(text: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    for match in _SHORT_RE.finditer(text):
        word = match.group(0)
        if word.lower() == "r" and not _between_words(text, match.start(), match.end()):
            continue
        if word == "HR" and not _AFTER_NUMBER_RE.search(text[: match.start()]):
            continue  # "our HR says…" is human resources; "2 HR" and "2hr" are hours
        found.append((match.start(), match.end(), _WORDS[word.lower()]))
    for match in _DAY_RE.finditer(text):
        group = next(g for g in ("day", "after", "plain", "isday") if match.group(g))
        name, start = match.group(group), match.start(group)
        found.append((start, start + len(name), _WEEKDAYS[name.lower()]))
    for match in _MINUTES_RE.finditer(text):
        found.append((match.start("word"), match.end("word"), "minutes"))
    for match in _THAN_RE.finditer(text):
        found.append((match.start("then"), match.end("then"), "than"))
    for match in _HALF_LETTER_RE.finditer(text):
        found.append((match.start("half"), match.end("half"), f"{match.group('half')}m"))
    found.sort()
    kept: list[tuple[int, int, str]] = []
    for item in found:
        if not kept or item[0] >= kept[-1][1]:
            kept.append(item)
    return kept


_AFTER_NUMBER_RE: Final = re.compile(r"\d\s*$")


def _between_words(text: str, start: int, end: int) -> bool:
    """A lone "r" stands for "are" between two words ("u r right", "where r we"), not in
    "plan r" at the end or "r&d"."""
    before = text[:start].rstrip()
    after = text[end:].lstrip()
    return bool(before) and before[-1].isalpha() and bool(after) and after[0].isalpha()


# A voice-typed or hurried 在 for 再 ("again") after a refusal, before a verb: "那家搬家公司我是不
# 会在用了", "别在推荐了" (not "别在这里等", "不要在家吃": where)
_ZAI_FOR_AGAIN_RE = re.compile(
    r"(?:(?<=别)|(?<=不要)|(?<=不会)|(?<=不想)|(?<=不能)|(?<=不许))在"
    r"(?=用|找|买|订|去|来|吃|点|推荐|约|选|坐|住|发|给我|犯|迟到|搞错|弄错)"
)

# A voice-typed 做 for 坐 ("ride, sit in") before a vehicle or a seat, or after the seat named:
# "我做不了红眼航班", "硬座我做不了十几个钟头" (not "做饭", "做不了决定")
_ZUO_FOR_RIDE_RE = re.compile(
    r"做(?=(?:不了|不惯|不下去)?(?:飞机|火车|高铁|动车|地铁|公交|大巴|轮船|硬座|软座|卧铺|红眼|夜车|长途车"
    r"|经济舱|头等舱|商务舱|车))"
    r"|(?:(?<=座)|(?<=铺)|(?<=舱)|(?<=座我)|(?<=铺我)|(?<=舱我))做(?=不了|不惯|不下)"
)


def spelled_out(text: str) -> Reading:
    """``text`` with its texting shorthand written out (see the module docstring)."""
    replacements = [(m.start(), m.end(), "再") for m in _ZAI_FOR_AGAIN_RE.finditer(text)]
    replacements += [(m.start(), m.end(), "坐") for m in _ZUO_FOR_RIDE_RE.finditer(text)]
    if _LETTER_RE.search(text):
        replacements = sorted(replacements + _replacements(text))
    if not replacements:
        return Reading(text, text)
    pieces: list[str] = []
    edits: list[tuple[int, int, int, int]] = []
    cursor = 0
    length = 0
    for start, end, words in replacements:
        pieces.append(text[cursor:start])
        length += start - cursor
        pieces.append(words)
        edits.append((length, length + len(words), start, end))
        length += len(words)
        cursor = end
    pieces.append(text[cursor:])
    return Reading(text, "".join(pieces), tuple(edits))
