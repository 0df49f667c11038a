"""Negation and injected-instruction detection for summary validation (English and Chinese).

Negation is judged clause by clause. A summary clause is compared only with source clauses that
share predicates with it (two content words or Chinese character bigrams, or one concept from a
small bilingual lexicon, so "auto-book" meets "自动购票"); ids and numbers alone do not count,
because "G123 arrives late" and "G123 excluded" are about the same train but say different
things. A summary clause contradicts its sources when every source clause sharing a predicate
has the opposite polarity. Limits ("不超过", "no more than", "at most") are not negations; a
clause quoted verbatim from a source, or with fewer than two terms, is not judged.

Validation meets the same source messages once per item citing them, and every rolling step
meets the messages summarized before, so judging clauses is memoized in a ``ClauseCache`` the
caller owns (the ``Compactor`` holds one; ``clause_cache(cache)`` makes it the current one for a
block, else each block gets a fresh one that ends with it). The cache holds no text: it is keyed
by a digest of the text and keeps each clause's polarity and term keys, themselves digests
(only the lexicon's own concept names, such as ``~autobook``, stay readable). Nothing at module
level keeps message text (a user's erasure leaves nothing behind here).
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from runtime.summary.injection import find_injections

__all__ = [
    "ClauseCache",
    "ClauseView",
    "clause_cache",
    "contradicted_clauses",
    "find_injection",
    "is_negated",
    "split_clauses",
]

_LIMITS_RE = re.compile(
    r"不超过|不高于|不低于|不多于|不少于|不晚于|不早于|不迟于|不大于|不小于|不到"
    r"|\bno\s+(?:more|later|earlier|less|fewer)\s+than\b|\bnot\s+(?:more|later|earlier|less|fewer)"
    r"\s+than\b|\bnot\s+exceed(?:ing)?\b|\bno\s+problem\b|\bnot\s+only\b|不过|不错|不同|不仅|不管"
    r"|不断|不久|无论"
    # words that only hold a negation's character: "特别想住海边", "别的地方一晚就行", "非常"
    r"|特别|分别|区别|差别|告别|级别|类别|性别|识别|个别|别的|别人|别处|别家|别墅|非常"
    # a bound said as what is not wanted: "I don't want more than two people out at once"
    r"|\b(?:don'?t|do\s+not|won'?t)\s+(?:want|need)\s+(?:any\s+)?(?:more|fewer|less)\s+than\b",
    re.IGNORECASE,
)
_NEG_RE = re.compile(
    r"\b(?:not|no|never|neither|nor|none|nobody|nothing|without|w/o|w/out|avoid(?:s|ed|ing)?"
    r"|exclud(?:e|es|ed|ing)|excl"  # "excl": the key prefix of an exclusion ("excl.peanuts")
    r"|ruled?\s+out|rule\s+out|reject(?:s|ed)?|refus(?:e|es|ed)|skip(?:s|ped)?|don'?t|doesn'?t"
    r"|didn'?t|won'?t|can'?t|cannot|shouldn'?t|mustn'?t|isn'?t|aren'?t|wasn'?t|false|disabled?"
    r"|forbid(?:den)?|prohibit(?:ed)?)\b|n't\b|不|没|别|勿|禁止|严禁|排除|拒绝|避免|无|否|非",
    re.IGNORECASE,
)
_CONCEPTS: dict[str, re.Pattern[str]] = {
    "~autobook": re.compile(
        r"auto[-_\s]?book|automatic(?:ally)?[-_\s]+(?:book|purchas|buy)|book(?:ing)?\s+automatic"
        r"|自动(?:购票|订票|预订|预定|下单|购买|买票|出票|订)",
        re.IGNORECASE,
    ),
    "~book": re.compile(r"\bbook|purchas|\bbuy|购票|订票|预订|预定|买票|下单|出票", re.I),
    "~direct": re.compile(r"\bdirect|non-?stop|直达|直飞", re.IGNORECASE),
    "~transfer": re.compile(r"\btransfer|\bconnect|\bstopover|中转|换乘|转车", re.IGNORECASE),
    "~cancel": re.compile(r"\bcancel|取消", re.IGNORECASE),
    "~refund": re.compile(r"\brefund|退款|退票", re.IGNORECASE),
    "~pay": re.compile(r"\bpay|\bcharge|付款|支付|扣款", re.IGNORECASE),
    "~late": re.compile(r"\blate\b|\blater\b|太晚|晚到|迟到", re.IGNORECASE),
    "~smoke": re.compile(r"\bsmok|吸烟|抽烟", re.IGNORECASE),
}
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")
_CJK_RUN_RE = re.compile(r"[\u4e00-\u9fff]+")
_STOP_WORDS = (
    "the and for with that this from was were are has have had will would should could can "
    "you your our their they them his her its who what which when where why how all any some "
    "into onto than then there here about after before also just only very more most less "
    "too user assistant please want wants wanted need needs like okay yes because since"
)
_STOP = frozenset(_STOP_WORDS.split(" "))
# a dash between spaces ends a clause ("Swap the ibuprofen for something else — I can't take
# NSAIDs"); one between figures is a range ("300—500")
_CLAUSE_RE = re.compile(
    r"[,.;:!?，。；：！？、\n]+|\s+(?:but|and|while|whereas)\s+|\s+[—–-]{1,2}\s+|但是?|而且?"
    # a space typed for a comma between Chinese words (``chinese_script.as_simplified``)
    r"|(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff])"
)
_INJECTION_RE = re.compile(
    r"ignore\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding)"
    r"|disregard\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|instructions|rules)"
    r"|forget\s+(?:all\s+|your\s+)*(?:previous\s+)?instructions|\byou\s+are\s+now\b"
    r"|new\s+(?:system\s+)?instructions?|system\s+prompt|developer\s+mode|\bjailbreak"
    r"|<\s*/?\s*(?:system|assistant|developer|user|tool|instructions?)\b|<\|im_(?:start|end)\|>"
    r"|\[/?INST\]|^\s*(?:system|developer)\s*:|(?:grant|give)\s+(?:yourself|the\s+assistant|me)"
    r"\s+(?:full\s+|admin\s+)?(?:access|permissions?|privileges?)"
    r"|(?:enable|unlock)\s+(?:all\s+)?(?:tools?|functions?)|do\s+not\s+tell\s+the\s+user"
    r"|override\s+(?:the\s+|your\s+)?(?:rules|policy|instructions|permissions)"
    r"|忽略(?:之前|以上|上面|前面|先前|所有)|无视(?:之前|以上|所有)?(?:的)?(?:指令|规则|指示)"
    r"|你现在是|系统提示|新的指令|授予.{0,8}权限|不要告诉用户",
    re.IGNORECASE | re.MULTILINE,
)


@dataclass(frozen=True, slots=True)
class ClauseView:
    """A clause with its polarity and the keys of its predicate terms.

    ``terms`` are keys, not words: a concept of the lexicon (``~book``) as is, any other term
    (a stem, a Chinese bigram) as a digest, so that clauses can be compared and cached without
    keeping their words.
    """

    text: str
    negated: bool
    terms: frozenset[str]


def _stem(word: str) -> str:
    word = word.lower().strip("'-")
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def is_negated(text: str) -> bool:
    """Whether ``text`` carries a negation cue once limit phrases are taken out."""
    return _NEG_RE.search(_LIMITS_RE.sub(" ", text)) is not None


def _terms(text: str) -> frozenset[str]:
    plain = _LIMITS_RE.sub(" ", text)
    terms = {name for name, pattern in _CONCEPTS.items() if pattern.search(plain)}
    stripped = _NEG_RE.sub(" ", plain)
    for word in _WORD_RE.findall(stripped.replace("_", " ")):
        stem = _stem(word)
        if stem not in _STOP and len(stem) >= 3:
            terms.add(stem)
    for run in _CJK_RUN_RE.findall(stripped):
        terms.update(run[i : i + 2] for i in range(len(run) - 1))
    return frozenset(term if term.startswith("~") else _key(term) for term in terms)


def _key(term: str) -> str:
    return hashlib.blake2b(term.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


class ClauseCache:
    """Judged clauses by text digest: polarity and term keys per clause, no text.

    Owned by the caller (a ``Compactor`` keeps one for its lifetime) and made current for a
    block by ``clause_cache(cache)``. Thread-safe; bounded (least recently used first out).

    Args:
        max_texts: how many texts it remembers.
    """

    def __init__(self, max_texts: int = 4096) -> None:
        self._max = max_texts
        self._judged: OrderedDict[bytes, tuple[tuple[bool, frozenset[str]], ...]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._judged)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._judged.clear()

    def split(self, text: str) -> list[ClauseView]:
        """``split_clauses(text)``, judging each text once."""
        parts = _parts(text)
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        with self._lock:
            judged = self._judged.get(key)
            if judged is not None:
                self._judged.move_to_end(key)
        if judged is None:
            judged = tuple((is_negated(part), _terms(part)) for part in parts)
            with self._lock:
                self._judged[key] = judged
                while len(self._judged) > self._max:
                    self._judged.popitem(last=False)
        return [
            ClauseView(part.strip(), negated, terms)
            for part, (negated, terms) in zip(parts, judged, strict=True)
        ]


_CURRENT: ContextVar[ClauseCache | None] = ContextVar("tiermem_clause_cache", default=None)
"""The cache of the innermost ``clause_cache`` block of this thread or task (``None``: none)."""


@contextmanager
def clause_cache(cache: ClauseCache | None = None) -> Iterator[None]:
    """Make ``cache`` the one ``split_clauses`` uses for the duration of the block.

    Without ``cache``, an enclosing block's cache is kept, else a fresh one lives as long as the
    block. The current cache is visible to this thread or task only (a ``ContextVar``). Also
    usable as a decorator.
    """
    if cache is None and _CURRENT.get() is not None:
        yield
        return
    token = _CURRENT.set(cache if cache is not None else ClauseCache())
    try:
        yield
    finally:
        _CURRENT.reset(token)


def _parts(text: str) -> list[str]:
    return [part for part in _CLAUSE_RE.split(text) if part and part.strip()]


def split_clauses(text: str) -> list[ClauseView]:
    """Split ``text`` into clauses with their polarity and predicate term keys (through the
    current ``ClauseCache``, if a ``clause_cache`` block is active)."""
    cache = _CURRENT.get()
    if cache is not None:
        return cache.split(text)
    return [ClauseView(part.strip(), is_negated(part), _terms(part)) for part in _parts(text)]


def _related(claim: frozenset[str], source: frozenset[str]) -> bool:
    """Two clauses are about the same thing when they share a concept or two plain terms."""
    shared = claim & source
    return len(shared) >= 2 or any(term.startswith("~") for term in shared)


def _contradicted(terms: frozenset[str], negated: bool, related: list[ClauseView]) -> bool:
    """Every related clause says the opposite, or the closest ones (covering at least half of
    the claim's terms) all do."""
    if all(view.negated != negated for view in related):
        return True
    cover = [(len(terms & view.terms) / len(terms), view) for view in related]
    best = max(score for score, _ in cover)
    closest = [view for score, view in cover if score == best]
    return best >= 0.5 and all(view.negated != negated for view in closest)


def _squash(text: str) -> str:
    return " ".join(text.casefold().split())


def contradicted_clauses(
    claim: str,
    sources: Iterable[str],
    *,
    claim_negated: bool | None = None,
    one_clause: bool = False,
) -> list[str]:
    """The clauses of ``claim`` that the related source clauses contradict.

    Contradicted means: every related source clause has the opposite polarity, or the closest
    ones (sharing at least half of the clause's terms) all do. Verbatim quotes of a source and
    clauses with fewer than two terms are not judged.

    Args:
        claim: summary text (a fact as ``key value``, a decision, a reason).
        sources: texts of the messages the claim cites.
        claim_negated: force the claim's polarity (a fact with status ``excluded`` is negative
            whatever its wording); ``None`` reads it from each clause.
        one_clause: judge ``claim`` as a single clause (a fact's key and value belong together).
    """
    texts = list(sources)
    source_clauses = [view for text in texts for view in split_clauses(text)]
    whole = "\n".join(_squash(text) for text in texts)
    claims = (
        [ClauseView(claim, is_negated(claim), _terms(claim))]
        if one_clause
        else split_clauses(claim)
    )
    bad: list[str] = []
    for clause in claims:
        if claim_negated is None and _squash(clause.text) in whole:
            continue  # a verbatim quote of a source clause cannot contradict it
        if len(clause.terms) < 2:
            continue  # one bare word is too little to say what the clause is about
        negated = clause.negated if claim_negated is None else claim_negated
        related = [view for view in source_clauses if _related(clause.terms, view.terms)]
        if related and _contradicted(clause.terms, negated, related):
            bad.append(clause.text)
    return bad


def find_injection(text: str) -> str | None:
    """The first instruction-like span aimed at the model in ``text`` (``None`` when clean).

    Both these patterns and the sanitizer's (``runtime.summary.injection``) count, so that a
    summary item can never carry what the sanitizer would have flagged in a tool result.
    """
    match = _INJECTION_RE.search(text)
    if match:
        return match.group(0)
    found = find_injections(text)
    return found[0] if found else None
