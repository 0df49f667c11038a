"""What a bound on money is for, as the middle of its fact key (``budget.<topic>.max``).

A newer fact under the same key supersedes the older one in the rolling merge. With no qualifier
("one way", "per night", "hotel"…) every bound on money once shared ``budget.amount.max``, so
"keep each gift under $50" was superseded by a later "parking can't go over $40 a day" and left
the summary as a replaced value. The topic is the first word the clause has besides the figure,
the bound and the words every budget says ("gift", "parking", "礼物", "停车"); a clause with none
("make it 300 max", "预算改成三百以内") keeps ``amount``, so a bare revision still replaces the
bare bound before it.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["budget_topic"]

_FIGURE_RE: Final = re.compile(
    r"[$€£¥￥]?\s*[\d０-９][\d０-９.,，]*\s*[kKwW万千百]?|[零〇一二两三四五六七八九十百千万亿俩仨]+"
)
_ENGLISH_WORD_RE: Final = re.compile(r"[A-Za-z][A-Za-z'-]*")
_GENERIC_EN_WORDS: Final = """
    a an the and or but so if then than to of on in at for with about around roughly
    approximately nearly almost just only really also please pls kindly i i'm i'd i'll we we're
    we'd my our me us you your it it's its this that these those they them he she his her
    is are was were be been being am do does did don't doesn't didn't can can't cannot could
    couldn't should shouldn't would wouldn't will won't shall must mustn't may might want wants
    need needs like have has had get gets got go goes going keep keeps stay stays make
    spend spending spent pay paying paid cost costs costing charge charged find book buy look
    try let let's lets put set cap capped limit limited top tops topped hold no not nothing
    none never anything something everything any all each every per more less fewer most least
    max maximum min minimum under over above below beyond within up out upto budget budgets
    price prices priced total amount money cash dollar dollars buck bucks usd eur euro euros gbp
    pound pounds quid yuan rmb cny hkd sgd aud cad inr rupee rupees grand k ok okay fine good
    great there here what which who how much many exceed exceeding ideally preferably
    night nights day days week weeks month months year years hour hours person people head heads
    one two three four five six seven eight nine ten hundred thousand actually honestly now
    instead still though even too alright hmm wait yeah yes sure thanks thank oh well right
    sorry hey hi hello lol same again first then penny cent dime pence said says told asked
    he she they him them"""
_GENERIC_EN: Final = frozenset(_GENERIC_EN_WORDS.split())
_GENERIC_ZH_RE: Final = re.compile(
    r"预算|控制在|控制|不超过|超过|以内|以下|以上|最多|最少|至少|不要|不能|不得|不许|别|千万|要|能"
    r"|花|钱|块|元|费用|价格|价钱|左右|大概|大约|一共|总共|总|每|个|我们|我|你|他|她|咱|的|了|吧|呢|啊"
    r"|哈|就|都|也|还|再|改成|改为|调到|提高到|降到|顶多|封顶|上限|下限|是|在|给|帮|请|一天|一晚|一个月"
)
_HAN_RUN_RE: Final = re.compile(r"[\u4e00-\u9fff]+")


def budget_topic(clause: str, before: str = "") -> str:
    """The topic word of a bound on money in ``clause`` (lower case; two characters of Chinese):
    its first own word, else the last word of the clause just before it in the sentence
    (``before``: "For the gifts, keep each one under $50"), else ``"amount"``."""
    own = _topics(clause)
    if own:
        return own[0]
    near = _topics(before[-40:])
    return near[-1] if near else "amount"


def _topics(text: str) -> list[str]:
    plain = _FIGURE_RE.sub(" ", text)
    words = [_singular(w.lower().strip("'-")) for w in _ENGLISH_WORD_RE.findall(plain)]
    found = [w for w in words if len(w) >= 2 and w not in _GENERIC_EN]
    runs = _HAN_RUN_RE.findall(_GENERIC_ZH_RE.sub(" ", plain))
    return found + [run[:2] for run in runs if len(run) >= 2]


def _singular(word: str) -> str:
    # "gifts" and "gift" are one topic
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word not in _GENERIC_EN:
        return word[:-1]
    return word
