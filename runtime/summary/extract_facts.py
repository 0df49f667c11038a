"""Structured items from one sentence: limits, dates, negations, preferences, choices.

Keys are stable so that a newer statement of the same thing supersedes the older one in the
rolling merge: ``budget.one_way.max``, ``return.deadline``, ``depart.date``,
``option.G123`` (chosen or excluded), ``no.<what>``, ``pref.<what>``. Values quote the clause
they came from, so that a reader sees the user's own words and validation finds every figure
in the source. Reasons go into the decision, never into an excluded option's value: "G123:
excluded" and "arrives too late" have opposite polarity and must stay separate clauses.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from runtime.messages import Role
from runtime.summary.budget_topic import budget_topic
from runtime.summary.chinese_script import as_simplified
from runtime.summary.extract_clauses import (
    date_role,
    find_codes,
    is_choice,
    is_exclusion,
    is_negation,
    is_question,
    split_reason,
)
from runtime.summary.extract_dates import find_dates
from runtime.summary.extract_numbers import Amount, find_amounts, format_amount
from runtime.summary.extract_signals import clause_signal, constraint_clauses, is_allergy
from runtime.summary.extract_values import clause_readings, per_unit_one
from runtime.summary.numerals import find_numerals
from runtime.summary.schema import Decision, Fact
from runtime.summary.shorthand import Reading

__all__ = ["SentenceItems", "covers", "extract_sentence"]

Check = Callable[[Fact], bool]
_SIGNS = {"max": "≤", "min": "≥"}
_ROLE_CUT_RE = re.compile(r"\s+(?:and(?:\s+then)?|then|but)\s+|然后|之后再|再", re.IGNORECASE)
_FLOOR_WORDS_RE = re.compile(
    r"(?<!不)超过|(?<!不)高于|(?<!不)多于|以上|\bmore\s+than|\bover\b|\babove\b|\bexceed", re.I
)
# A ceiling word under a negation right before it is a floor: "never sell the shares below
# $180", "不要低于500块" (not "keep it under $200, no exceptions": the negation comes after)
_NEGATION_BEFORE_RE = re.compile(
    # (what is dropped under a figure is a floor too: "ignore anything below $15")
    r"(?:\b(?:never|don'?t|do\s+not|not|no|nothing|nowhere|none|nobody|won'?t|ignore|skip"
    r"|drop|exclude|filter\s+out|leave\s+out)\b"
    r"(?:\s+(?!(?:and|or|but|then|so)\b)"
    r"[\w'$€£¥-]+){0,6}|(?:别|不要|不能|不可以|不得)[^,;，；。和并但]{0,8})\s*$",
    re.IGNORECASE,
)
_CEILING_WORDS_RE = re.compile(
    r"\bbelow\b|\bunder\b|\bless\s+than\b|\bcheaper\s+than\b|低于|少于", re.I
)
_CLOCK_RE = re.compile(r"(?<!\d)(?:[01]?\d|2[0-3]):[0-5]\d(?!\d)")
_CONDITION_RE = re.compile(
    r"\b(?:if|when|once|whenever)\b|如果|要是|假如|一旦|的话|超过了|超过\w{0,8}?(?:要|就|先|得|需)"
    # what is over the figure waits for the user: "invoices over $2,000 need my sign-off", "call
    # before doing any work over $200"
    r"|\b(?:needs?|requires?)\s+(?:my|our)\s+(?:ok|okay|approval|sign-?off|go-?ahead|say-?so)\b"
    r"|\b(?:call|ring|phone|ask|check\s+with|text|ping|email|message)\s+(?:me|us)?\s*(?:first\s+)?"
    r"before\b",
    re.IGNORECASE,
)
_QUALIFIERS = (
    ("one_way", re.compile(r"单程|one[-\s]?way", re.I)),
    ("round_trip", re.compile(r"往返|round[-\s]?trip|return\s+ticket", re.I)),
    ("per_night", re.compile(r"每晚|一晚|per\s+night|a\s+night", re.I)),
    ("hotel", re.compile(r"酒店|住宿|hotel", re.I)),
    ("total", re.compile(r"总|一共|in\s+total|overall|total", re.I)),
    ("flight", re.compile(r"机票|flight", re.I)),
    ("train", re.compile(r"车票|火车|高铁|train", re.I)),
    ("ticket", re.compile(r"票价|ticket", re.I)),
)
_NEG_WORDS_RE = re.compile(
    r"不要|不想|不能|不用|不需要|不必|不接受|不考虑|别|禁止|无需|勿|不"
    r"|\b(?:don'?t|do|not|doesn'?t|does|never|no|without|avoid|won'?t|can'?t|cannot|rather"
    r"|refuse|want|please|i|we|to|the|a|an|any|me|my)\b",
    re.IGNORECASE,
)
_PREF_WORDS_RE = re.compile(
    r"优先|最好|更喜欢|倾向|偏好|尽量|希望|prefer(?:ably|r?ed|s)?|ideally|would\s+rather"
    r"|would\s+like|i'?d\s+like|if\s+possible|\b(?:i|we|to|the|a|an|please|take)\b",
    re.IGNORECASE,
)
_STRONG_DECISION_RE = re.compile(
    r"排除|不考虑|决定|选定|就选|就订|rul(?:e|ed)(?:\s+\w+){0,2}\s+out\b|exclud(?:e|ed)"
    r"|not\s+an?\s+option|too\s+late|赶不上"
    r"|decided|go\s+with|settle[ds]?\s+on|opt(?:ed)?\s+for|(?:we|i)'?(?:ll| will)\s+take",
    re.IGNORECASE,
)
_BUT_RE = re.compile(r"但是?|不过|可是|\bbut\b", re.IGNORECASE)
_PAST_FIGURE_RE = re.compile(
    r"(?:过了|超过了?|高于|多于|要是|如果)[^，,。]{0,8}?[\d一二两三四五六七八九十百千万]"
    r"[^，,。]{0,8}?(?:我)?就(?:不|别|算了|换)"
)
_CLOSING_EXCLUSION_RE = re.compile(
    r"(?:排除|不考虑|不选|放弃|赶不上|\brul(?:e|ed)\s+out|\bexclud(?:e|ed)|\bnot\s+an?\s+option"
    r"|\btoo\s+late)(?:了|吧|啦|掉)?[\W_]*$",
    re.IGNORECASE,
)
# What may stand before the verb of an imperative: nothing, politeness, the addressee, a modal.
_IMPERATIVE_RE = re.compile(
    r"(?:[\W_]|please|kindly|also|and|then|now|so|just|always|you|must|should|will|shall|can"
    r"|need|have|to|do|请|你|您|要|必须|务必|一定|记得|也|再)*",
    re.IGNORECASE,
)
# Who decides, in a turn that is not the user's: a first-person subject, its auxiliaries, then
# the act of deciding ("we decided", "I've chosen", "let's go with", "我们决定"). An assistant
# or tool turn that only describes, instructs or narrates ("Exclude disclaimers …", "The
# session begins after the character has been decided", "I'll take care of it") records no
# choice among options.
_DECIDER_RE = re.compile(
    r"\b(?:i|we|let'?s|let\s+us)\b(?:'(?:ve|d|ll|m|re)\b|\s+(?:have|had|will|would|just|finally"
    r"|then|all|both|already|also|now|eventually|ultimately|really|did|do|might|may|should"
    r"|are|am|was|were|been|going\s+to|gonna|to|can|could))*+\s+(?:decid(?:e|ed|ing)"
    r"|choos(?:e|ing)|chose|chosen|pick(?:ed|ing)?|select(?:ed|ing)?|go(?:ing)?\s+with"
    r"|went\s+with|settl(?:e|ed|ing)\s+on|opt(?:ed|ing)?\s+for|rul(?:e|ed|ing)\s+(?:\w+\s+){0,2}?out"
    r"|exclud(?:e|ed|ing)|reject(?:ed|ing)?|drop(?:ped|ping)?|pass(?:ed)?\s+on)\b"
    r"|(?:我们|我|咱们)(?:已经|最终|最后|还是|就|都)?(?:决定|选定|选了|选择|排除|放弃|不考虑|就选|就订)",
    re.IGNORECASE,
)
_LEAD_RE = re.compile(
    r"^(?:好的|好吧|好|嗯|行|ok(?:ay)?|yes|sure|alright|great)[\s，,!！.。]+", re.IGNORECASE
)
_SLUG_RE = re.compile(r"[A-Za-z\u4e00-\u9fff][A-Za-z\u4e00-\u9fff'-]*")
_CONFIDENCE_RULE = 0.8
_CONFIDENCE_OPTION = 0.85


@dataclass
class SentenceItems:
    """What one sentence yielded; ``consumed`` when its content is fully captured."""

    facts: list[Fact] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    question: bool = False
    consumed: bool = False


def _slug(text: str, *, limit: int = 4) -> str:
    words = _SLUG_RE.findall(text)
    if not words:
        return ""
    if all(re.fullmatch(r"[\u4e00-\u9fff]+", w) for w in words[:1]):
        return "".join(words)[:6]
    return "_".join(w.lower() for w in words[:limit])


def _fact(
    key: str, value: str, status: str, src: str, pinned: bool, conf: float = _CONFIDENCE_RULE
) -> Fact:
    return Fact.model_validate(
        {
            "key": key[:200],
            "value": value[:2000],
            "status": status,
            "confidence": conf,
            "source_ids": [src],
            "pinned": pinned,
        }
    )


def _heads(clause: str, reference: datetime, before: str = "") -> list[str]:
    """What a fact states beside the clause: a bounded amount (``≤ 200 CNY``), then every
    figure the clause does not write in normalized form (``2``, ``18:00``, ``2026-09-19``);
    ``before`` is the sentence up to the clause (the half of the day of a bare hour)."""
    heads: list[str] = []
    plain = unicodedata.normalize("NFKC", clause)
    negated = is_negation(plain)
    amounts = find_amounts(plain)
    for amount in amounts:
        if amount.limit is not None:
            heads.append(f"{_SIGNS[_limit(amount, plain, negated)]} {format_amount(amount)}")
    said = {a.value for a in amounts if a.limit is not None}
    readings = clause_readings(clause, reference=reference, before=before)
    heads += [r.value for r in readings if r.value not in said]
    return list(dict.fromkeys(heads))


_GOES_RE = re.compile(
    r"\b(?:has|have)\s+to\s+go\b|\bgets?\s+(?:cut|cancell?ed|dropped)\b|\b(?:is|are)\s+out\b"
    # "anything over £30 a month is too much"
    r"|\b(?:is|'s|are)\s+(?:way\s+|just\s+)?too\s+(?:much|expensive|pricey|steep|high|many)\b"
    r"|就?(?:砍掉|退掉|不要了|算了|取消)",
    re.IGNORECASE,
)


def _limit(amount: Amount, clause: str, negated: bool) -> str:
    """The bound of ``amount``. "Over"/"超过" under a negation or a condition is a ceiling:
    "别超过两百块", "can't be more than 200 CNY", "hold off on paying anything over €250",
    "if it's over 300 euros, forget it", "超过一千块要先跟我确认". A ceiling word right after a
    negation is a floor: "never sell the shares below $180", "不要低于500块"."""
    floor = amount.limit == "min" and _FLOOR_WORDS_RE.search(amount.text)
    if floor and negated:
        # (a negation before a "but" is not the figure's: "不含也行但得便宜个五十块以上")
        at = clause.find(amount.text)
        cut = max((m.end() for m in _BUT_RE.finditer(clause, 0, max(at, 0))), default=0)
        negated = is_negation(clause[cut:])
    if floor and (negated or _CONDITION_RE.search(clause) or _GOES_RE.search(clause)):
        return "max"  # "anything over $15/mo has to go": what is over it goes
    at = clause.find(amount.text)
    if (
        amount.limit == "max"
        and at >= 0
        and _CEILING_WORDS_RE.search(amount.text)
        and _NEGATION_BEFORE_RE.search(clause[:at])
    ):
        return "min"
    return amount.limit or "max"


def _kind(clause: str, reference: datetime, before: str = "") -> tuple[str, str]:
    """(key prefix, status) of a constraint clause, by what it carries; ``before`` is the
    sentence up to the clause (what a bound on money is for, ``budget_topic``)."""
    plain = unicodedata.normalize("NFKC", clause)
    bounded = [a for a in find_amounts(plain) if a.limit is not None]
    if bounded:
        negated = is_negation(plain)
        qualifier = next((q for q, p in _QUALIFIERS if p.search(plain)), None)
        qualifier = qualifier or budget_topic(plain, unicodedata.normalize("NFKC", before))
        return f"budget.{qualifier}.{_limit(bounded[0], plain, negated)}", "constraint"
    role = _date_key(plain, reference)
    if role is not None:
        return role, "constraint"
    if is_allergy(plain):
        return "allergy", "constraint"
    if is_negation(plain):
        return "no", "constraint"
    signal = clause_signal(plain)
    if "exclusion" in signal.kinds:
        return "excl", "constraint"
    readings = {r.kind for r in clause_readings(clause, reference=reference)}
    if "time" in readings or _CLOCK_RE.search(plain):
        return "time", "constraint"  # "20号傍晚六点之前得到上海": a time bound, not a bare figure
    if "date" in readings or "deadline" in signal.kinds:
        return "date", "constraint"
    if "figure" in signal.kinds or signal.weak:
        return "req", "constraint"
    return "pref", "preference"


def _date_key(clause: str, reference: datetime) -> str | None:
    for mention in find_dates(clause, reference=reference):
        offset = mention.start
        role = date_role(clause, offset, mention.end)
        if role is not None and mention.has_date:
            suffix = {"before": "deadline", "after": "earliest"}.get(mention.bound or "", "date")
            return f"{role}.{suffix}"
    return None


def _by_role(clause: str, reference: datetime) -> list[str]:
    """``clause`` cut at "and"/"然后" between two dates of different roles ("leave on the 19th
    and return on the 20th before 6pm"), so each date keeps its own key."""
    plain = unicodedata.normalize("NFKC", clause)
    if len(plain) != len(clause):
        return [clause]
    mentions = [m for m in find_dates(plain, reference=reference) if m.has_date]
    for first, second in itertools.pairwise(mentions):
        roles = {date_role(plain, m.start, m.end) for m in (first, second)}
        if len(roles) < 2 or None in roles:
            continue
        cuts = list(_ROLE_CUT_RE.finditer(plain, first.end, second.start))
        if cuts:
            cut = cuts[-1]
            return [
                clause[: cut.start()].strip(),
                *_by_role(clause[cut.end() :].strip(), reference),
            ]
    return [clause]


# Two bounds of different things in one clause, cut at the "and" between them: "pays at least
# $16 an hour and is under 20 hrs a week", "capacity no less than 9 kg and keep it under £500"
# (each bound's direction stays with its own figure)
_BOUND_AND_RE = re.compile(
    r"\s+and\s+(?=(?:is|are|it'?s|keep\s+it|keep|stays?)\s)"
    # "at least 140cm wide but the whole thing cant go over $400" (not "at least 1 hour but no
    # more than 3": the second bound shares the first's unit)
    r"|\s+but\s+(?=(?:the|it|its|it'?s|that|this|my|our|total|overall)\b)"
    # "at least $1,000,000 in coverage and the premium has to be under $600", "hold at least 35 kg
    # and cost no more than 250 bucks"
    r"|\s+and\s+(?=(?:cost|costs|weigh|weighs)\s|(?:the|its|my|our)\s+\w+\s+(?:has|have|must|should"
    r"|needs?|is|are|can)\b)",
    re.IGNORECASE,
)
_BOUNDED_FIGURE_RE = re.compile(
    r"\b(?:at\s+(?:least|most)|under|over|below|above|(?:no|not)\s+(?:less|more|fewer)\s+than"
    r"|less\s+than|more\s+than|up\s+to|within)\s+[$€£¥]?\d",
    re.IGNORECASE,
)


def _by_bound(clause: str) -> list[str]:
    """``clause`` cut at "and" between two bounded figures (``_BOUND_AND_RE``)."""
    for cut in _BOUND_AND_RE.finditer(clause):
        head, tail = clause[: cut.start()], clause[cut.end() :]
        if _BOUNDED_FIGURE_RE.search(head) and _BOUNDED_FIGURE_RE.search(tail):
            return [head.strip(), *_by_bound(tail.strip())]
    return [clause]


def _value(clause: str, heads: list[str], pinned: bool) -> tuple[str, str | None]:
    """``("≤ 200 CNY", "单程别超过两百块")``: the value (the normalized figures, or the clause
    when it states none in another form) and the quote, the user's own clause. A pinned
    message stays verbatim in the context, so its facts carry no quote (the key says what the
    figures bound: ``return.deadline``, ``budget.one_way.max``)."""
    value = " ".join(heads) if heads else clause
    return value, None if pinned else clause


def _constraints(
    sentence: str,
    src: str,
    pinned: bool,
    reference: datetime,
    check: Check,
    read: Reading | None = None,
) -> list[Fact]:
    """One fact per constraint clause of a user's sentence: the clause, verbatim, after what
    it states in normalized form; the first variant that passes ``check`` is kept.

    The rules read the sentence in simplified characters (``chinese_script``: the same length),
    and the fact quotes the user's own characters at the same place (``read.source``: the
    shorthand a ``Reading`` spells out maps back to what the user typed)."""
    facts: list[Fact] = []
    keys: set[str] = set()
    if read is None or len(read.original) != len(sentence):
        read = Reading(sentence, sentence)
    plain = as_simplified(read.text)
    clauses = [
        piece
        for clause in constraint_clauses(plain)
        for part in _by_role(clause, reference)
        for piece in _by_bound(part)
    ]
    for clause in clauses:
        at = plain.find(clause)
        said = sentence[slice(*read.source(at, at + len(clause)))] if at >= 0 else clause
        prefix, status = _kind(clause, reference, plain[: max(at, 0)])
        words = _PREF_WORDS_RE.sub(" ", _NEG_WORDS_RE.sub(" ", clause))
        slug = _slug(words) or _slug(clause) or "clause"
        key = prefix if prefix.startswith("budget.") or "." in prefix else f"{prefix}.{slug}"
        while key in keys:
            key += "_"
        if pinned and prefix == "req":
            continue  # a pinned message stays verbatim in the context: its figures are there
        heads = _heads(clause, reference, plain[: max(at, 0)])
        # a figure validation cannot back (a weekday resolved to a date) leaves the rest
        # numbers said in words, read as digits, when nothing else was ("年费超过两百的直接排除":
        # 200), before the clause alone
        spelled = find_numerals(clause)
        heads = heads or list(
            dict.fromkeys(n.value for n in spelled if not per_unit_one(n, clause, spelled))
        )
        options = [heads, *([h for h in heads if h != bad] for bad in heads), []]
        for value, quote in dict.fromkeys(_value(said, option, pinned) for option in options):
            fact = _fact(key, value, status, src, pinned).model_copy(update={"quote": quote})
            neutral = fact.model_copy(update={"key": f"user.{slug}"})
            chosen = next((f for f in (fact, neutral) if check(f)), None)
            if chosen is not None:
                facts.append(chosen)
                keys.add(chosen.key)
                break
    return facts


def _options(
    sentence: str, src: str, pinned: bool, *, role: Role
) -> tuple[list[Fact], list[Decision]]:
    excluded = is_exclusion(sentence)
    if not excluded and not is_choice(sentence):
        return [], []
    head, reason = split_reason(sentence)
    head = _LEAD_RE.sub("", head).rstrip("。.") or head
    if not _decides(head, sentence, role=role):
        return [], []
    codes = find_codes(head) or find_codes(sentence)
    status = "excluded" if excluded else "chosen"
    facts = [_fact(f"option.{c}", status, status, src, pinned, _CONFIDENCE_OPTION) for c in codes]
    decisions = [
        Decision(text=head[:2000], reason=reason[:2000] if reason else None, source_ids=[src])
    ]
    return facts, decisions


def _decides(head: str, sentence: str, *, role: Role) -> bool:
    """Whether ``head`` (the sentence before its reason) records a choice among options.

    The decision is its head, so the head itself must name an option (a code) or the act of
    choosing: "But due to a new rule out in place" has its cue in the reason and its head
    ("But") decides nothing. Without a code, "I dropped the kids off" is no decision and "we
    ruled out Hangzhou" is; in a turn that is not the user's, only a first-person decider
    counts (``_DECIDER_RE``): the user's own imperative ("rule out Hangzhou") is theirs to
    give, an assistant's or a tool's is addressed to someone else and decides nothing.
    """
    if find_codes(head):
        return True
    if not (is_choice(head) or is_exclusion(head)):
        return False
    if find_codes(sentence):
        return True
    if role == "user":
        # (a figure past which the user will not consider is a rule, not a choice made: "总价过了
        # 一千五我就不考虑了")
        return _STRONG_DECISION_RE.search(head) is not None and not _PAST_FIGURE_RE.search(head)
    if _STRONG_DECISION_RE.search(head) and _DECIDER_RE.search(head):
        return True
    # "商务座 219 元超出预算，不考虑", "the 9am option is ruled out": an option named, then
    # excluded, the exclusion closing the head (Chinese drops the subject); an imperative
    # ("Exclude disclaimers …", "you must rule out …") or a clause going on past the verb
    # ("所以可以放弃原来的规则") names nobody's choice.
    excluded = _CLOSING_EXCLUSION_RE.search(head)
    return excluded is not None and not _IMPERATIVE_RE.fullmatch(head[: excluded.start()])


def extract_sentence(
    sentence: str,
    *,
    read: Reading | None = None,
    role: Role,
    source_id: str,
    pinned: bool,
    reference: datetime,
    check: Check = lambda _: True,
    asks: bool = True,
) -> SentenceItems:
    """Structured items of one sentence of a user or assistant message.

    User sentences yield one constraint (or preference) fact per clause that carries a
    constraint signal (``extract_signals``), choices and exclusions, and questions; assistant
    sentences yield choices and exclusions (with their reasons) only, because an assistant's
    "not available" is an observation, not a user constraint. ``check`` says whether a fact may
    be emitted (the summarizer passes validation's per-item checks). ``read``: the sentence
    as the rules read it (text the user quotes for a translation blanked,
    ``runtime.summary.quoted_text``, and texting shorthand spelled out,
    ``runtime.summary.shorthand``); the sentence itself by default.
    """
    items = SentenceItems()
    question = is_question(as_simplified(read.text if read is not None else sentence))
    if question:
        items.question = role == "user"
    else:
        facts, decisions = _options(sentence, source_id, pinned, role=role)
        items.facts += facts
        items.decisions += decisions
    if role == "user" and asks:
        items.facts += _constraints(sentence, source_id, pinned, reference, check, read)
    items.consumed = covers(sentence, items)
    return items


def covers(sentence: str, items: SentenceItems) -> bool:
    """Whether the structured items say enough that the sentence need not be kept as a note."""
    return bool(items.decisions) or (
        bool(items.facts) and len(sentence) <= 2 * sum(len(f.value) for f in items.facts)
    )
