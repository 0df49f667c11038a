"""Index terms of English and Chinese text, for lexical recall.

Text is NFKC-normalized (full-width digits and letters become ASCII, so "２００元" matches
"200元") and case-folded, then cut into three kinds of runs:

* numbers with separators stay whole (``18:25``, ``2026-09-19``, ``3.5``): a time or a date is
  one term, as the user wrote it;
* Han runs are segmented with ``rjieba`` (jieba-rs, the Rust port of jieba, whose dictionary is
  compiled into the wheel: no file is read or written at run time) in search mode, which adds
  the dictionary words inside a long compound (``中华人民共和国`` also yields ``人民``,
  ``共和国``), so a query phrased with the short word still finds it;
* other words (Latin, Cyrillic, digits, mixed ids such as ``g7301``) are stemmed with the
  Snowball English stemmer (PyStemmer), so "booked" finds "booking".

Stop words of both languages are dropped: they match everything and would only cost time.
The stemmer instance is per thread (PyStemmer objects are not thread-safe) and its word cache
is switched off, so no module-level cache holds user text (see ``runtime.hygiene``).
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterator

import rjieba
import Stemmer

__all__ = ["EN_STOP_WORDS", "ZH_STOP_WORDS", "terms"]


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


EN_STOP_WORDS = _word_set(
    """a about above after again against all am an and any are aren't as at be because been
    before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't down during each few for from further had hadn't has hasn't have
    haven't having he he'd he'll he's her here here's hers herself him himself his how how's i
    i'd i'll i'm i've if in into is isn't it it's its itself let's me more most mustn't my
    myself of off on once only or other ought our ours ourselves out over own same shan't she
    she'd she'll she's should shouldn't so some such than that that's the their theirs them
    themselves then there there's these they they'd they'll they're they've this those through
    to too under until up very was wasn't we we'd we'll we're we've were weren't what what's
    when when's where where's which while who who's whom why why's with won't would wouldn't
    you you'd you'll you're you've your yours yourself yourselves also just really yeah oh hey
    hi ok okay so well will s t d ll m re ve"""
)
"""English function words (the classic IR list plus chat fillers); not negations' content."""

ZH_STOP_WORDS = _word_set(
    """的 了 是 在 和 与 及 或 也 就 都 而 又 把 被 让 给 从 对 向 于 以 之 其 这 那 这个 那个
    这些 那些 我 你 您 他 她 它 我们 你们 他们 她们 它们 自己 吗 呢 吧 啊 呀 哦 嗯 哈 啦 么 嘛
    着 过 得 地 个 一个 有 没 还 很 太 更 最 吧 么 一下 一些 什么 怎么 为什么 哪 哪里 如何
    可以 能 会 要 想 请 刚才 现在 然后 但是 所以 因为 如果 已经 就是 还是 一直 这样 那样"""
)
"""Chinese function words and pronouns. Negations (不, 别, 没有) are not stop words."""

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef"
_RUN_RE = re.compile(
    rf"(?P<num>\d+(?:[:.,/\-]\d+)+)|(?P<han>[{_HAN}]+)|(?P<word>[^\W_{_HAN}]+(?:'[^\W_{_HAN}]+)*)"
)
_LOCAL = threading.local()


def _stemmer() -> Stemmer.Stemmer:
    stemmer: Stemmer.Stemmer | None = getattr(_LOCAL, "stemmer", None)
    if stemmer is None:
        stemmer = Stemmer.Stemmer("english")
        stemmer.maxCacheSize = 0  # its cache would keep user words in process
        _LOCAL.stemmer = stemmer
    return stemmer


def _han_terms(run: str) -> Iterator[str]:
    for word in rjieba.cut_for_search(run):
        if word not in ZH_STOP_WORDS:
            yield word


def terms(text: str) -> list[str]:
    """The index terms of ``text`` in order (repeats kept: they are term frequencies).

    Deterministic and pure: the same text always gives the same terms, on any thread.
    """
    normalized = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    out: list[str] = []
    word_slots: list[int] = []
    for match in _RUN_RE.finditer(normalized):
        kind = match.lastgroup
        value = match.group(0)
        if kind == "han":
            out.extend(_han_terms(value))
        elif kind == "num":
            out.append(value)
        elif value not in EN_STOP_WORDS:
            word_slots.append(len(out))
            out.append(value[:-2] if value.endswith("'s") else value)
    if word_slots:
        stems = _stemmer().stemWords([out[slot] for slot in word_slots])
        for slot, stem in zip(word_slots, stems, strict=True):
            out[slot] = stem
    return out
