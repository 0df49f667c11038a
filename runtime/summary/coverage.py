"""The coverage check: every evicted user constraint is in the summary, or listed as lost.

A scanner of its own, independent of the extractor (``extract_signals``): it cuts the text the
user wrote (``provenance.authored_text``: an Anthropic ``tool_result`` inside a user message is tool
output, not user text; assistant and tool messages are never scanned) into sentences and
clauses and keeps each clause that states a number, an amount, a date or a time (read by
validation's parser, ``runtime.summary.quantities``; ids like ``G7301`` alone do not count) or
a negation or prohibition. A question counts only with a figure in it.

A clause is covered when a summary item citing its message holds it: the clause verbatim
(NFKC, case and spaces aside), or every quantity of the clause and, for a negated clause, a
negation beside a content word of the clause. Pinned messages and messages of the kept window
are covered by being sent; recall does not count (it changes with every query).

``check_coverage`` repairs a candidate that dropped a constraint: the clause goes back in as a
fact citing its message (``user.<tag>``, status ``constraint``, the clause verbatim) before
the shrink, which then gives it room by the same priority as every other constraint (the
order they were said), so a constraint is dropped only when the budget is spent, and the
result does not depend on how the history was cut into chunks. What the adopted version does
not keep is listed as lost, ``{source_id, clause, reason}``: ``truncated`` (the clause lay
beyond the length limit applied before summarizing), ``no_room`` (the budget is spent),
``superseded`` (a newer statement under the same key replaced it, and the old value went). The
result joins validation as the ``coverage`` check (passed when nothing is missing without a
reason) and goes into the version's snapshot record.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from runtime.messages import Message
from runtime.summary.media_notes import without_media_notes
from runtime.summary.provenance import authored_text
from runtime.summary.quantities import Quantity, extract_quantities, is_supported
from runtime.summary.sanitize import sanitize_text
from runtime.summary.schema import CompactionSummary, Decision, Fact, OpenQuestion
from runtime.summary.validate import CheckResult, ValidationReport

__all__ = [
    "LOST_REASONS",
    "Coverage",
    "LostConstraint",
    "UserClause",
    "check_coverage",
    "scan_user_clauses",
    "with_coverage",
]

LostReason = Literal["truncated", "no_room", "superseded"]
LOST_REASONS: tuple[LostReason, ...] = ("truncated", "no_room", "superseded")

_CLAUSE_RE = re.compile(
    r"[，,](?!\d{3}(?!\d))|\s+(?:but|whereas|while)\s+|但是|不过"
    r"|\s+[—–]\s+|\s*——\s*"  # a dash between clauses: "…went in the bin — can you scale it…"
)
_NEG_RE = re.compile(
    r"\b(?:no|not|never|nothing|none|without|except|avoid|don'?t|doesn'?t|won'?t|can'?t|cannot"
    r"|mustn'?t|shouldn'?t|refuse|forbid(?:den)?|prohibit(?:ed)?)\b|n't\b"
    r"|不|(?<![特分区告级类性差个识辨鉴离])别(?![人处墅致])|没|勿|禁止|不许|不准|除了|拒绝|避免",
    re.IGNORECASE,
)
_IDIOM_RE = re.compile(
    r"不超过|不高于|不低于|不少于|不多于|不早于|不晚于|不到|\bno\s+(?:more|less|later|earlier)\s+than\b"
    r"|\bnot\s+(?:more|less|later|earlier)\s+than\b|\bnot\s+(?:to\s+)?exceed\w*"
    r"|\bno\s+(?:problem|prob|worries|idea|way|doubt)\b|\bcan'?t\s+wait\b|\boh\s+no\b"
    r"|\bnot\s+(?:sure|bad|only)\b|不错|不过|不客气|不好意思|没事|没关系|没问题|差不多|不知道"
    r"|(?:不用|别|不要|不必)担心"
    # small talk and what happened, not what must happen (the extractor has its own list):
    # "long time no see", "I can't believe it", "I won't give up", "it wasn't easy", "I
    # couldn't have done it without them", "you never know", "好久不见", "从来没见过"
    r"|\blong\s+time\s+no\s+\w+|\bno\s+(?:big\s+deal|kidding|wonder|matter|one\s+else)\b"
    r"|\bnever\s+mind\b|\bnot\s+(?:much|really|at\s+all|alone|yet)\b|\byou\s+never\b|\bain'?t\b"
    r"|\b(?:not|never)-[\w-]+|\bwithout\s+(?:fear|worry|worries|doubt|hesitation|incident)\b"
    r"|\b(?:is|are|was|'s)?\s*(?:not|n't)\s+(?:always\s+|so\s+|that\s+)?(?:easy|hard|fun|bad)\b"
    r"|\bit'?s\s+(?:so\s+|really\s+)?(?:hard|tough|difficult|easy)\s+(?:to|when)\b.*"
    r"|\b(?:won'?t|never|not\s+gonna)\s+(?:quit|forget|let\s+\w+\s+(?:down|hold|get))\w*"
    r"|\b(?:can'?t|cannot)\s+(?:believe|thank|imagine|complain)\b|\bdon'?t\s+(?:know|think)\b"
    r"|\b(?:not|never|won'?t|don'?t)\s+(?:ever\s+)?(?:gonna\s+)?(?:give|giving)\s+up\b|\bnothing\s+(?:special"
    r"|much|new|but)\b|\b(?:didn'?t|wasn'?t|weren'?t|hadn'?t|haven'?t|hasn'?t|couldn'?t)\b.*"
    r"|\b(?:must|should|could|would|might)(?:\s+not|n'?t)?(?:\s+have|\s*'ve)\s+(?!to\b).*"
    r"|\b(?:never|nobody|no\s+one)\s+(?:\w+[^e\W]ed|had|was|were|did|got|went|came|saw|let"
    r"|fell|felt|knew|thought|told|been|seen|heard)\b.*"
    r"|好久不见|不会吧|不容易|没什么|别提了|不敢相信|没想到|不认识|不记得|从来没|从没|一直没|还没"
    r"|没(?=[^有，,。]{0,4}[过到见])",
    re.IGNORECASE,
)
_PAST_DAY_RE = re.compile(
    r"\byesterday\b|\blast\s+(?:week|weekend|month|year|night|monday|tuesday|wednesday|thursday"
    r"|friday|saturday|sunday)\b(?!\s+of\b)|昨天|昨晚|前天|上周|上个月|去年",
    re.IGNORECASE,
)
_TERM_RE = re.compile(r"[A-Za-z][A-Za-z'-]{2,}|[\u4e00-\u9fff]{2}")
_STOP_TEXT = (
    "the and for with that this from you your our are was were has have had will would could "
    "can please not don't never any all but just than then there here also"
)
_STOP = frozenset(_STOP_TEXT.split(" "))
_TRUNCATION_RE = re.compile(r"\s*…\[TRUNCATED \d+ chars\]$")
_FIGURES = frozenset({"number", "date", "time", "reldate"})


@dataclass(frozen=True, slots=True)
class UserClause:
    """A constraint-bearing clause of a user's message, as the scanner found it."""

    source_id: str
    clause: str
    quantities: frozenset[Quantity]
    negated: bool


@dataclass(frozen=True, slots=True)
class LostConstraint:
    """A user constraint neither in the summary nor sent, and why."""

    source_id: str
    clause: str
    reason: LostReason

    def to_dict(self) -> dict[str, str]:
        """``{source_id, clause, reason}``."""
        return {"source_id": self.source_id, "clause": self.clause, "reason": self.reason}


@dataclass(frozen=True)
class Coverage:
    """A candidate checked against the user constraints of its chunk, and repaired.

    Attributes:
        summary: the candidate with every constraint it dropped re-added from its clause
            (before the shrink, so repaired facts take their place in the priority order).
        repaired: labels of the facts added back (``fact:user.<tag>``).
        missing: clauses that could not be re-added (validation refused their clause): a
            failed check.
        clauses: every constraint clause of the chunk not sent verbatim, except those a newer
            statement superseded (a replaced value is not a lost one).
        truncated: clauses cut off by the length limit before the summarizer read them.
        previous: the version the candidate replaces.
        sent_ids: ids sent verbatim (pinned).
        replaced: clauses whose value a newer statement under the same key superseded.
    """

    summary: CompactionSummary
    repaired: tuple[str, ...]
    missing: tuple[UserClause, ...]
    clauses: tuple[UserClause, ...] = ()
    truncated: tuple[UserClause, ...] = ()
    previous: CompactionSummary | None = None
    sent_ids: frozenset[str] = frozenset()
    replaced: tuple[UserClause, ...] = ()

    @property
    def passed(self) -> bool:
        """Nothing is missing without a reason."""
        return not self.missing

    def lost(self, adopted: CompactionSummary) -> tuple[LostConstraint, ...]:
        """What ``adopted`` (the shrunk summary) does not keep, with the reason."""
        refused = set(self.missing)
        lost = _evicted(self.previous, adopted, self.sent_ids)
        lost += [
            LostConstraint(c.source_id, c.clause, "no_room")
            for c in self.clauses
            if c not in refused and not _covered(adopted, c)
        ]
        lost += [
            LostConstraint(c.source_id, c.clause, "superseded")
            for c in self.replaced
            if not _covered(adopted, c, superseded=True)
        ]
        lost += [LostConstraint(c.source_id, c.clause, "truncated") for c in self.truncated]
        return tuple(dict.fromkeys(lost))


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def _figures(text: str, reference: str | None) -> frozenset[Quantity]:
    # a day that has passed ("yesterday", "last week") tells what happened, not what to do
    text = _PAST_DAY_RE.sub(" ", text)
    return frozenset(q for q in extract_quantities(text, reference=reference) if q.kind in _FIGURES)


_SENTENCE_END_RE = re.compile(r"(?<=[。！？!?；;])|(?<=[a-z0-9)\"'][.])\s+|\n+")


def _clauses(text: str) -> Iterable[tuple[str, bool]]:
    """(clause, in a question) for each clause of ``text``."""
    for sentence in _SENTENCE_END_RE.split(text):
        question = sentence.rstrip().endswith(("?", "？"))
        for clause in _CLAUSE_RE.split(sentence):
            clause = clause.strip(" \t,，。.!！?？;；:：")
            if clause:
                yield clause, question


def scan_user_clauses(messages: Sequence[Message]) -> list[UserClause]:
    """Every constraint-bearing clause the users of ``messages`` wrote, in order."""
    found: list[UserClause] = []
    for message in messages:
        if message.role != "user":
            continue
        text = _TRUNCATION_RE.sub("", without_media_notes(authored_text(message)))
        for clause, question in _clauses(text):
            quantities = _figures(clause, message.timestamp)
            negated = bool(_NEG_RE.search(_IDIOM_RE.sub(" ", clause)))
            if quantities or (negated and not question):
                found.append(UserClause(message.id, clause, quantities, negated))
    return found


def _item_text(item: Fact | Decision | OpenQuestion) -> str:
    if isinstance(item, Fact):
        return f"{item.value} {item.quote or ''}"
    if isinstance(item, Decision):
        return f"{item.text} {item.reason or ''}"
    return item.text


def _terms(text: str) -> set[str]:
    """Content words cut to a four-letter stem ("booking" meets "book"), Chinese bigrams."""
    return {t.lower()[:4] for t in _TERM_RE.findall(text) if t.lower() not in _STOP}


def _holds(text: str, clause: UserClause) -> bool:
    """Whether an item's ``text`` holds ``clause`` (see the module docstring)."""
    if _fold(clause.clause) in _fold(text):
        return True
    if clause.quantities:
        pool = extract_quantities(text)
        if not all(is_supported(q, pool) for q in clause.quantities):
            return False
    if clause.negated:
        negated = _NEG_RE.search(_IDIOM_RE.sub(" ", text)) is not None
        bounded = bool(clause.quantities) and ("≤" in text or "≥" in text)
        return (negated or bounded) and bool(_terms(clause.clause) & _terms(text) or bounded)
    return bool(clause.quantities)


def _covered(
    summary: CompactionSummary,
    clause: UserClause,
    *,
    superseded: bool = False,
    notes: bool = True,
) -> bool:
    """Whether an item of ``summary`` citing the clause's message holds it (``superseded``:
    also count values a newer statement replaced; ``notes``: count observed notes too)."""
    items: list[Fact | Decision | OpenQuestion] = [
        *(
            f
            for f in summary.facts
            if (superseded or f.status != "superseded") and (notes or f.status != "observed")
        ),
        *summary.decisions,
        *summary.open_questions,
    ]
    return any(clause.source_id in item.source_ids and _holds(_item_text(item), clause)
               for item in items)  # fmt: skip


def _truncated(
    raw: Sequence[Message], sanitized: Sequence[Message], max_chars: int
) -> list[UserClause]:
    """Constraint clauses the length limit cut off before the summarizer read them."""
    cut_ids = {m.id for m in sanitized if _TRUNCATION_RE.search(m.text)}
    lost: list[UserClause] = []
    for message in raw:
        if message.id not in cut_ids or message.role != "user":
            continue
        text = authored_text(message)
        tail, _ = sanitize_text(text[max_chars:], max_chars=max(len(text), 64))
        lost += scan_user_clauses([_with_text(message, tail)])
    return lost


def _with_text(message: Message, text: str) -> Message:
    return Message(id=message.id, index=message.index, role=message.role, text=text,
                   raw=None, timestamp=message.timestamp)  # fmt: skip


def _evicted(
    previous: CompactionSummary | None, current: CompactionSummary, sent_ids: frozenset[str]
) -> list[LostConstraint]:
    """User constraints of ``previous`` that ``current`` no longer holds (evicted for room)."""
    if previous is None:
        return []
    live = {f.key for f in current.facts if f.status != "superseded"}
    kept = {(f.key, f.value, f.quote) for f in current.facts}
    lost: list[LostConstraint] = []
    for fact in previous.facts:
        if sent_ids.intersection(fact.source_ids) or (fact.key, fact.value, fact.quote) in kept:
            continue
        if fact.status in {"constraint", "preference"} and fact.key not in live:
            lost.append(LostConstraint(fact.source_ids[0], fact.quote or fact.value, "no_room"))
        elif fact.status == "superseded" and not fact.key.startswith("notes."):
            lost.append(LostConstraint(fact.source_ids[0], fact.quote or fact.value, "superseded"))
    return lost


def _repair_fact(clause: UserClause) -> Fact:
    tag = hashlib.sha256(f"{clause.source_id}\n{clause.clause}".encode()).hexdigest()[:8]
    return Fact(
        key=f"user.{tag}",
        value=clause.clause[:2000],
        status="constraint",
        confidence=0.7,
        source_ids=[clause.source_id],
    )


def check_coverage(
    summary: CompactionSummary,
    *,
    raw_chunk: Sequence[Message],
    chunk: Sequence[Message],
    sent_ids: frozenset[str],
    accept: Callable[[Fact], bool],
    previous: CompactionSummary | None = None,
    max_chars: int = 4000,
) -> Coverage:
    """Check that every user constraint of the evicted ``chunk`` is in ``summary``; re-add the
    ones it dropped, from the user's clause, for the shrink to place by priority.

    Args:
        summary: the summarizer's candidate, before shrinking.
        raw_chunk: the evicted messages as the caller sent them (for the truncated parts).
        chunk: the same messages sanitized, as the summarizer read them.
        sent_ids: ids still sent verbatim (pinned): covered by being sent.
        accept: whether a repaired fact may be added (validation's per-item checks).
        previous: the version this one replaces; its user constraints the shrink evicts are
            listed as lost (``no_room``) by ``Coverage.lost``.
        max_chars: the length limit sanitizing applied.

    Returns:
        The coverage, with the repaired candidate.
    """
    clauses = [c for c in scan_user_clauses(chunk) if c.source_id not in sent_ids]
    repaired: list[str] = []
    unresolved: list[UserClause] = []
    added: list[Fact] = []
    replaced: list[UserClause] = []
    for clause in clauses:
        # a note does not spare the repair: notes are the first items the shrink drops, and
        # which sentences one note gathers depends on where the chunk was cut
        if _covered(summary, clause, notes=False):
            continue
        if _covered(summary, clause, superseded=True, notes=False):
            replaced.append(clause)  # the user said something newer under the same key
            continue
        fact = _repair_fact(clause)
        if accept(fact):
            added.append(fact)
            repaired.append(f"fact:{fact.key}")
        else:
            unresolved.append(clause)
    if added:
        summary = summary.model_copy(update={"facts": [*summary.facts, *added]})
    truncated = [c for c in _truncated(raw_chunk, chunk, max_chars) if c.source_id not in sent_ids]
    return Coverage(
        summary,
        tuple(repaired),
        tuple(unresolved),
        tuple(c for c in clauses if c not in replaced),
        tuple(truncated),
        previous,
        sent_ids,
        tuple(replaced),
    )


def with_coverage(report: ValidationReport, coverage: Coverage) -> ValidationReport:
    """``report`` with the ``coverage`` check joined: failed for a constraint missing without a
    reason (one that could not be re-added: validation refused its clause)."""
    offending = [f"{c.source_id}: {c.clause[:120]}" for c in coverage.missing]
    check = CheckResult("coverage", not offending, offending)
    return ValidationReport(report.passed and check.passed, [*report.checks, check])
