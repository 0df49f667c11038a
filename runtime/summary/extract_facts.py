"""Structured items from one sentence: limits, dates, negations, preferences, choices.

Keys are stable so that a newer statement of the same thing supersedes the older one in the
rolling merge: ``budget.one_way.max``, ``return.deadline``, ``depart.date``,
``option.G123`` (chosen or excluded), ``no.<what>``, ``pref.<what>``. Values quote the clause
they came from, so that a reader sees the user's own words and validation finds every figure
in the source. Reasons go into the decision, never into an excluded option's value: "G123:
excluded" and "arrives too late" have opposite polarity and must stay separate clauses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from runtime.messages import Role
from runtime.summary.extract_clauses import (
    date_role,
    day_period,
    find_codes,
    is_choice,
    is_exclusion,
    is_negation,
    is_preference,
    is_question,
    is_requirement_negation,
    split_reason,
)
from runtime.summary.extract_dates import find_dates
from runtime.summary.extract_numbers import find_amounts, format_amount
from runtime.summary.schema import Decision, Fact

__all__ = ["SentenceItems", "covers", "extract_sentence"]

_CLAUSE_SPLIT_RE = re.compile(r"[，,、；;。!！]\s*")
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
    r"优先|最好|更喜欢|倾向|偏好|尽量|希望|prefer(?:ably|red|s)?|ideally|would\s+rather"
    r"|would\s+like|i'?d\s+like|if\s+possible|\b(?:i|we|to|the|a|an|please|take)\b",
    re.IGNORECASE,
)
_STRONG_DECISION_RE = re.compile(
    r"排除|不考虑|决定|选定|就选|就订|ruled?\s+out|rule\s+out|exclud(?:e|ed)|not\s+an?\s+option"
    r"|decided|go\s+with|settle[ds]?\s+on|opt(?:ed)?\s+for|(?:we|i)'?(?:ll| will)\s+take",
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


def _clause_around(sentence: str, start: int, end: int) -> str:
    left = max((m.end() for m in _CLAUSE_SPLIT_RE.finditer(sentence, 0, start)), default=0)
    right = next((m.start() for m in _CLAUSE_SPLIT_RE.finditer(sentence, end)), len(sentence))
    return sentence[left:right].strip()


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


def _quote(clause: str, pinned: bool) -> str:
    """The user's own words after a normalized value; a pinned message stays verbatim in the
    context, so its facts skip the quote (they are never evicted: every token counts)."""
    return "" if pinned else f" ({clause})"


def _limits(sentence: str, src: str, pinned: bool) -> list[Fact]:
    facts = []
    for amount in find_amounts(sentence):
        if amount.limit is None:
            continue
        clause = _clause_around(sentence, amount.start, amount.end)
        qualifier = next((q for q, p in _QUALIFIERS if p.search(clause)), "amount")
        sign = "≤" if amount.limit == "max" else "≥"
        value = f"{sign} {format_amount(amount)}" + _quote(clause, pinned)
        facts.append(_fact(f"budget.{qualifier}.{amount.limit}", value, "constraint", src, pinned))
    return facts


def _dates(sentence: str, src: str, pinned: bool, reference: datetime) -> list[Fact]:
    facts = []
    for mention in find_dates(sentence, reference=reference):
        clause = _clause_around(sentence, mention.start, mention.end)
        offset = sentence.find(clause)
        start, end = mention.start - offset, mention.end - offset
        role = date_role(clause, start, end)
        if role is None or not mention.has_date:
            continue
        suffix = {"before": "deadline", "after": "earliest"}.get(mention.bound or "", "date")
        near = clause[max(0, start - 8) : end + 18]
        period = day_period(near) if "T" not in mention.iso else None
        parts = [mention.iso, period or "", mention.bound or ""]
        value = " ".join(p for p in parts if p) + _quote(clause, pinned)
        facts.append(_fact(f"{role}.{suffix}", value, "constraint", src, pinned))
    return facts


def _options(sentence: str, src: str, pinned: bool) -> tuple[list[Fact], list[Decision]]:
    excluded = is_exclusion(sentence)
    if not excluded and not is_choice(sentence):
        return [], []
    head, reason = split_reason(sentence)
    head = _LEAD_RE.sub("", head).rstrip("。.") or head
    codes = find_codes(head) or find_codes(sentence)
    if not codes and not _STRONG_DECISION_RE.search(sentence):
        return [], []  # "I dropped the kids off" is no decision; "we ruled out Hangzhou" is
    status = "excluded" if excluded else "chosen"
    facts = [_fact(f"option.{c}", status, status, src, pinned, _CONFIDENCE_OPTION) for c in codes]
    decisions = [
        Decision(text=head[:2000], reason=reason[:2000] if reason else None, source_ids=[src])
    ]
    return facts, decisions


def _negations(sentence: str, src: str, pinned: bool) -> list[Fact]:
    facts = []
    for clause in _CLAUSE_SPLIT_RE.split(sentence):
        if clause and is_requirement_negation(clause) and not find_amounts(clause):
            slug = _slug(_NEG_WORDS_RE.sub(" ", clause))
            if slug:
                facts.append(_fact(f"no.{slug}", clause.strip(), "constraint", src, pinned))
    return facts


def _preferences(sentence: str, src: str, pinned: bool) -> list[Fact]:
    facts = []
    for clause in _CLAUSE_SPLIT_RE.split(sentence):
        if clause and is_preference(clause) and not is_negation(clause):
            slug = _slug(_PREF_WORDS_RE.sub(" ", clause))
            if slug:
                facts.append(_fact(f"pref.{slug}", clause.strip(), "preference", src, pinned))
    return facts


def extract_sentence(
    sentence: str, *, role: Role, source_id: str, pinned: bool, reference: datetime
) -> SentenceItems:
    """Structured items of one sentence of a user or assistant message.

    User sentences yield constraints (limits, dated requirements, negations), preferences,
    choices and exclusions, and questions; assistant sentences yield choices and exclusions
    (with their reasons) only, because an assistant's "not available" is an observation, not
    a user constraint.
    """
    items = SentenceItems()
    if is_question(sentence):
        items.question = role == "user"
        return items
    facts, decisions = _options(sentence, source_id, pinned)
    items.facts += facts
    items.decisions += decisions
    if role == "user":
        items.facts += _limits(sentence, source_id, pinned)
        items.facts += _dates(sentence, source_id, pinned, reference)
        if not decisions:
            items.facts += _negations(sentence, source_id, pinned)
            items.facts += _preferences(sentence, source_id, pinned)
    items.consumed = covers(sentence, items)
    return items


def covers(sentence: str, items: SentenceItems) -> bool:
    """Whether the structured items say enough that the sentence need not be kept as a note."""
    return bool(items.decisions) or (
        bool(items.facts) and len(sentence) <= 2 * sum(len(f.value) for f in items.facts)
    )
