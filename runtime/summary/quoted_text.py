"""Text the user quotes to have it translated or said is that text's, not the user's rules.

"Translate this into Spanish, keep it informal: 'We'll arrive on the 2nd around noon, don't
cook anything big.'" asks for one thing (keep it informal); the arrival day, the noon and the
"don't" belong to the letter. The same holds for "How do you say 'my friend is allergic to
shellfish' in Spanish" and "把这句话翻译成英文：“会议改到下周三下午两点，请准时参加。”".

``without_quoted_text`` blanks, in a message that asks for a translation, a way to say
something or work on a text (rewrite, summarize, proofread, 润色, 总结), every quoted span and
what follows a colon after the request to the end of its paragraph (the pasted text), keeping
the length, so a span found in the result is the same span of the message: the extractor reads
the blanked copy, and nothing quoted or pasted becomes a constraint; the user's own words
around it ("keep it under 150 words") still do.
A message that asks for nothing of the kind is returned as is.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["without_quoted_text"]

_QUOTING_RE: Final = re.compile(
    r"\b(?:translat\w*|how\s+(?:do|would|should)\s+(?:you|i|we)\s+say|(?:in|into)\s+(?:spanish"
    r"|french|german|english|chinese|mandarin|cantonese|japanese|korean|italian|portuguese"
    r"|russian|arabic)|rewrite|rephrase|reword|paraphrase|proofread|polish|summari[sz]e"
    r"|shorten|tighten|simplify|explain\s+(?:this|it)|reply\s+to\s+this|respond\s+to\s+this)\b"
    r"|翻译|翻成|译成|怎么说|用(?:英|日|法|德|韩|俄|西班牙)(?:文|语)|改写|润色|总结|概括|缩写|精简",
    re.IGNORECASE,
)
# What follows a colon after such a request, to the end of the paragraph, is the pasted text:
# "把这篇文章总结成三点，每点不超过二十个字：2023年全国快递业务量突破1200亿件…"
_PASTED_RE: Final = re.compile(r"(?<!\d)[:：](?!\d)\s*(?P<pasted>[^\n]*(?:\n(?!\s*\n)[^\n]*)*)")
# A single quote opens after a non-letter and closes before one; an apostrophe inside a word
# ("We'll") is neither.
_QUOTED_RE: Final = re.compile(
    r"(?<![\w'])'(?:[^'\n]|'(?=\w))+?'(?![\w'])"
    r"|\"[^\"\n]+\"|“[^”]+”|‘[^’]+’|「[^」]+」|『[^』]+』"
)


# Text someone else sent, pasted in quotes after a colon: 'My sister texted me this: "Flight got
# moved to 6:45am, … don't pick us up before noon…"', "the new office policy: “No microwaving
# fish…”", "Here's the recipe my mom sent: "2 cups flour…"" (the words are theirs, not the
# user's; a rule the user takes on is said again in the user's own words around it)
_FORWARDED_RE: Final = re.compile(
    r"\b(?:sent|texted|wrote|forwarded|emailed|posted|messaged|says|said|reads|states|policy|"
    r"listing|email|message|text|notice|sign|invite|invitation|recipe)\b[^.:\n\"“]{0,40}[:：]\s*[\"“「]"
    # 'Someone in the group wrote "parcel room closes at 9 now…"'
    r"|\b(?:wrote|texted|posted|messaged)\s+[\"“]"
    # someone's words quoted: "she literally said 'no more Nolan, ever'"
    r"|\b(?:he|she|they|mum|mom|dad|partner|boss)\s+(?:literally\s+|just\s+)?(?:said|says)\s*[:,]?\s*[\"“'‘]"
    r"|(?:发来|发了|转发|转给我|转了|写着|写的|通知|说|(?<![出开])发)[^。：:\n“\"]{0,10}[:：]\s*[“\"「]",
    re.IGNORECASE,
)


# "总结一下：我们…", "To sum up: we…": the user summing up their own words, not asking for a
# summary of a text
_SUMMING_UP_RE: Final = re.compile(
    # (not asked of the assistant: "帮我总结一下：我们公司…" is a text to summarize)
    r"(?<![帮给请])(?<!帮我)(?<!给我)(?<!请你)(?<!麻烦)(?<!你)(?:总结|概括)一下\s*[:：]\s*(?:我|咱)"
    # "最后总结下：预算三千以内，一周练四次": a last word of the user's own
    r"|最后(?:再)?(?:总结|概括|汇总|确认)(?:一)?下\s*[:：]"
    r"|\b(?:to\s+summari[sz]e|in\s+summary)\s*[:：,]\s*(?:i|we|my|our)\b",
    re.IGNORECASE,
)


# Forwarded words the user takes on: "…就按她说的来", "do what she says", "agreed"
_ADOPTED_RE: Final = re.compile(
    r"(?:按|照)(?:她|他|她们|他们|[\u4e00-\u9fff]{1,3})说的(?:来|办|做|改)|就这么办"
    r"|\b(?:do|go\s+with)\s+what\s+(?:she|he|they)\s+(?:said|says|wrote)\b"
    r"|\bas\s+(?:she|he|they)\s+(?:said|says|wrote)\b|^\W*agreed\b",
    re.IGNORECASE,
)


def _a_text(quoted: str) -> bool:
    """Whether a quoted span is a text to work on, not a word the user names ("don't use
    'usted'"): three words or more, or four Chinese characters."""
    inner = quoted[1:-1]
    return len(inner.split()) >= 3 or sum("\u4e00" <= c <= "\u9fff" for c in inner) >= 4


def without_quoted_text(text: str) -> str:
    """``text`` with what it quotes blanked when it asks for a translation (module docstring)."""
    cue = _QUOTING_RE.search(text)
    if cue is not None and any(
        m.start() <= cue.start() < m.end() for m in _SUMMING_UP_RE.finditer(text)
    ):
        cue = None  # "总结一下：我们劳动节去三亚玩，预算两万以内" sums up the user's own words
    if cue is None:
        forwarded = _FORWARDED_RE.search(text)
        if forwarded is None or _ADOPTED_RE.search(text):
            return text  # nothing forwarded, or words the user takes on as theirs
        start = forwarded.end() - 1  # the quotes from the one the colon opens
        return text[:start] + _QUOTED_RE.sub(
            lambda m: " " * len(m.group(0)) if _a_text(m.group(0)) else m.group(0), text[start:]
        )
    original = text
    text = _QUOTED_RE.sub(
        lambda m: " " * len(m.group(0)) if _a_text(m.group(0)) else m.group(0), text
    )
    pasted = _PASTED_RE.search(text, cue.end())
    if pasted is None or _QUOTED_RE.match(original[pasted.start() + 1 :].lstrip()):
        # a text quoted after the colon ends with its quote: "…翻成英文：“…”，语气要正式一点"
        return text
    start, end = pasted.span("pasted")
    return text[:start] + " " * (end - start) + text[end:]
