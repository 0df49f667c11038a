"""Traditional Chinese read as simplified, character for character, for the extractor's rules.

The extractor's lexicon (``signal_words``, ``sentence_mood``, ``numerals``, ``extract_dates``) is
written in simplified characters, so "晚上十點以後別打電話給我" or "一萬五以下" (Taiwan, Hong
Kong, many overseas users) met none of its words: no 别, no 点, no 万. ``as_simplified`` gives the
same text in simplified characters (OpenCC's ``t2s``, the well-kept converter) *with the same
length*, so a span found in the simplified text is the same span of what the user wrote: the
rules read the simplified text, and a fact still quotes the user's own characters.

Text without a Chinese character is returned as is (the common case, and free). Nothing is
cached: a memo keyed by text would keep user text alive in the process past an erasure.
"""

from __future__ import annotations

import re
from typing import Final

import opencc

__all__ = ["as_simplified"]

_CJK_RE: Final = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CONVERTERS: list[opencc.OpenCC] = []
"""OpenCC's ``t2s``, built at the first Chinese text (its dictionaries take a few
milliseconds to load; a process that never meets Chinese never pays them)."""


def _t2s() -> opencc.OpenCC:
    if not _CONVERTERS:
        _CONVERTERS.append(opencc.OpenCC("t2s"))
    return _CONVERTERS[0]


def as_simplified(text: str) -> str:
    """``text`` in simplified characters, the same length (see the module docstring).

    A phrase the converter would rewrite to another length (rare) is converted a character
    at a time instead, so offsets always carry over.
    """
    if not _CJK_RE.search(text):
        return text
    converter = _t2s()
    converted: str = converter.convert(text)
    if len(converted) == len(text):
        return converted
    pieces = [converter.convert(char) for char in text]
    return "".join(p if len(p) == 1 else c for p, c in zip(pieces, text, strict=True))
