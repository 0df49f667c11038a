"""The offline, deterministic summarizer: the product's default.

It reads the newly dropped chunk (already sanitized) sentence by sentence and keeps, in order
of priority: structured constraints, preferences, choices and exclusions with their reasons
(``extract_facts``), user questions the chunk left unanswered, a bounded digest of every tool
call and its result (``extract_tools``), and, within what is left of the budget, short verbatim
notes of the most specific remaining sentences (who did what, when, names, places), which is
what conversational histories need. The chunk's summary is then merged into the previous one
(``merge_summaries``): a newer fact with the same key supersedes the older, questions the chunk
answered are closed. Exact budget enforcement (eviction by priority) is the rolling step's job;
this summarizer only keeps its own additions within the budget left by the previous summary,
with a floor so that new information always gets in and the oldest notes are evicted instead.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Final

from runtime.messages import Message
from runtime.summary.chinese_script import as_simplified
from runtime.summary.envelope import render_summary_block
from runtime.summary.extract_check import passes_checks
from runtime.summary.extract_clauses import content_terms, salience, split_sentences
from runtime.summary.extract_dates import find_dates, parse_reference
from runtime.summary.extract_facts import SentenceItems, covers, extract_sentence
from runtime.summary.extract_signals import carries_on_story, is_allergy, qualifies_question
from runtime.summary.extract_tools import digest_arguments, digest_result
from runtime.summary.injection import INJECTION_MARKER
from runtime.summary.list_items import (
    as_required,
    inline_required,
    list_items,
    read_lists,
    required_items,
)
from runtime.summary.media_notes import without_media_notes
from runtime.summary.merge import merge_summaries, normalize_item_text
from runtime.summary.polarity import clause_cache
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from runtime.summary.provenance import authored_text
from runtime.summary.quoted_text import without_quoted_text
from runtime.summary.schema import (
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    ToolResultDigest,
)
from runtime.summary.sentence_mood import doubted_reports, message_asks_nothing
from runtime.summary.shorthand import Reading, spelled_out
from runtime.summary.validate import SourceTexts

__all__ = ["ExtractiveSummarizer", "estimate_tokens", "eviction_order", "note_value"]

_CJK_RE = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
_TRUNCATION_RE = re.compile(r"\s*…\[TRUNCATED \d+ chars\]")
_CONSONANTS = "bcdfghjklmpqrstvwxz"  # no vowels: a tag can never spell "no" or "not"
_NOTE_FLOOR = 0.3  # share of the budget new notes may take even when the previous summary is full
_MIN_SALIENCE = 1.0
_QUESTION_SALIENCE = 2.0
_ISO_RE = re.compile(r"\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?")
_TURN_CHARS = 600  # turns up to this long are kept whole, longer ones sentence by sentence
_ROLE_LABEL_RE = re.compile(r"(?:^|(?<=\s))(?:user|assistant): ")
_REL_DAY_RE = re.compile(
    r"\b(?:day after tomorrow|tomorrow|yesterday|today|tonight)\b"
    r"|大后天|后天|明天|明早|明晚|今天|今晚|昨天",
    re.IGNORECASE,
)


def estimate_tokens(text: str) -> int:
    """Rough token count: ~1.5 characters per CJK token, ~4 per token for everything else."""
    cjk = len(_CJK_RE.findall(text))
    return int(cjk / 1.5 + (len(text) - cjk) / 4) + 1


def _tag(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return "".join(_CONSONANTS[b % len(_CONSONANTS)] for b in digest[:6])


@dataclass
class _Chunk:
    facts: list[Fact] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    questions: list[OpenQuestion] = field(default_factory=list)
    digests: list[ToolResultDigest] = field(default_factory=list)
    answered: list[str] = field(default_factory=list)
    # (salience, order, message, sentence, date annotation) of text not captured otherwise
    notes: list[tuple[float, int, Message, str, str]] = field(default_factory=list)
    # what validation reads of each message, parsed once per call (never kept beyond it)
    texts: SourceTexts = field(default_factory=SourceTexts)


def _input_text(message: Message) -> str:
    """What the summarizer reads of a message (its input size, reported as ``tokens_in``)."""
    parts = [message.text, *(c.arguments for c in message.tool_calls)]
    parts += [r.text for r in message.tool_results if r.text not in message.text]
    return "\n".join(parts)


def _clean(text: str) -> str:
    return _TRUNCATION_RE.sub("", text)


def _date_notes(text: str, reference: datetime) -> str:
    """`` [yesterday=2023-05-07]`` for each relative day in ``text``, resolved as validation
    resolves it (against the message's own time)."""
    found = [
        f"{m.text}={m.iso}"
        for m in find_dates(text, reference=reference)
        if m.relative and _REL_DAY_RE.search(m.text)
    ]
    return f" [{'; '.join(dict.fromkeys(found))}]" if found else ""


def _keep_valid(items: SentenceItems, message: Message, sentence: str, texts: SourceTexts) -> None:
    """Leave out items validation would reject (facts were already checked variant by variant
    while they were extracted, see ``extract_facts``)."""
    by_id = {message.id: message}
    items.decisions = [d for d in items.decisions if passes_checks(d, by_id, texts)]
    items.consumed = covers(sentence, items)


def _density(score: float, text: str) -> float:
    """Salience per token, softened: a long specific turn still beats a short vague one."""
    return score / math.sqrt(max(estimate_tokens(text), 10) / 10)


def note_value(fact: Fact) -> float:
    """How much a verbatim note is worth keeping: salience per token of its text."""
    text = _ROLE_LABEL_RE.sub(" ", fact.value)
    return _density(salience(text), text)


def eviction_order(facts: Sequence[Fact]) -> list[Fact]:
    """``facts`` with the verbatim notes listed least valuable first, oldest first among equals.

    The rolling step's shrink evicts the facts of one status in the order they are listed, so
    this makes it evict the least specific notes of the whole history instead of the oldest:
    the raw window already holds the most recent turns, and what the summary adds beyond it
    is the most specific material from any point of the session. Other facts keep their order
    and their place; notes stay within the ``observed`` tier (their source ids date them).
    """
    notes = [f for f in facts if _is_note(f)]
    if not notes:
        return list(facts)
    ranked = iter(sorted(notes, key=note_value))
    return [next(ranked) if _is_note(f) else f for f in facts]


def _replaced_in_chunk(delta: Sequence[Fact], merged: Sequence[Fact]) -> list[Fact]:
    """Facts of this chunk a later statement of the same chunk replaced, as ``superseded``.

    The merge keeps one retired value per key; within one chunk, the older ones would vanish
    without a trace, so a chunk holding three budgets would not say the first was replaced.
    Kept as superseded (the first to be evicted), a one-shot compaction of a long history
    records what turn-by-turn compaction records.
    """

    def ident(fact: Fact) -> tuple[str, str, str]:
        return (fact.key, normalize_item_text(fact.value), normalize_item_text(fact.quote or ""))

    present = {ident(f) for f in merged}
    live = {f.key for f in merged if f.status != "superseded"}
    out: list[Fact] = []
    for fact in delta:
        if fact.key in live and ident(fact) not in present:
            out.append(fact.model_copy(update={"status": "superseded", "pinned": False}))
            present.add(ident(fact))
    return out


def _is_note(fact: Fact) -> bool:
    return fact.key.startswith("notes.") and fact.status == "observed" and not fact.pinned


_WISHES: Final = frozenset({"constraint", "preference", "excluded", "chosen"})


def _with_inline_items(
    items: SentenceItems,
    sentence: str,
    read: str,
    extract: Callable[..., SentenceItems],
    *,
    user: bool,
) -> SentenceItems:
    """``items`` and what each item of a user's list of wishes written on one line says
    (``list_items.inline_required``: "Requirements: ground floor, quiet room"), a bare item read
    as a need, as a listed item is. ``read``: the sentence as the rules read it."""
    if not user or len(read) != len(sentence):
        return items
    for start, end in inline_required(sentence):
        part = sentence[start:end]
        reading = spelled_out(read[start:end])
        found = extract(part, read=reading, asks=True)
        if _bare(found):
            found = extract(part, read=as_required(reading), asks=True)
        said = {f.value for f in items.facts}
        items.facts += [f for f in found.facts if f.value not in said]
        items.decisions += found.decisions
        items.consumed = items.consumed or found.consumed
    return items


def _bare(items: SentenceItems) -> bool:
    """The sentence yielded no constraint, preference, choice or decision."""
    return not items.decisions and not any(f.status in _WISHES for f in items.facts)


def _read_text(chunk: _Chunk, message: Message, request: SummaryRequest, order: int) -> int:
    reference = parse_reference(message.timestamp, request.now)
    pinned = message.id in request.pinned_ids
    text = _clean(authored_text(message) if message.role == "user" else message.text)
    if message.role != "user" and INJECTION_MARKER in text:
        # An assistant turn that carries an injection attempt speaks for the attacker: the
        # rest of it (the persona's rules, the story around the payload) is no record of the
        # task, neither a decision nor a note.
        return order
    by_id = {message.id: message}
    loose: list[tuple[float, str]] = []
    # an update, a vent, curiosity ("here's an update", "纯属好奇") states no constraint
    sentences = split_sentences(text)
    user = message.role == "user"
    # the rules read simplified characters, and a user's texting shorthand spelled out
    plain = [as_simplified(spelled_out(s).text if user else s) for s in sentences]
    # ... unless it states an allergy, which is always the user's to keep ("just curious. Also
    # I'm allergic to sulfa drugs — which meds should I watch out for?")
    asks = not (
        message.role == "user"
        and message_asks_nothing(plain)
        and not any(is_allergy(s) for s in plain)
    )
    previous = ""
    masked, required = text, []
    if message.role == "user":
        # quoted or pasted text, notes standing for an attachment (runtime.summary.media_notes)
        # and lists someone else made are not the user's wishes; the marks of a list are no
        # figures (runtime.summary.list_items)
        lists = list_items(text)
        masked = read_lists(without_quoted_text(without_media_notes(text)), lists)
        required = required_items(lists)
    extract = partial(
        extract_sentence,
        role=message.role,
        source_id=message.id,
        pinned=pinned,
        reference=reference,
        check=lambda fact: passes_checks(fact, by_id, chunk.texts),
    )
    cursor = 0
    doubted = doubted_reports(plain) if user else set()
    for position, (sentence, simplified) in enumerate(zip(sentences, plain, strict=True)):
        at = text.find(sentence, cursor)
        cursor = at + len(sentence) if at >= 0 else cursor
        if INJECTION_MARKER in sentence or len(sentence) > 1500:
            continue
        if position in doubted:
            # someone's words the user doubts are no rule of theirs: a note at most
            loose.append((salience(sentence), sentence))
            previous = simplified
            continue
        read = masked[at : at + len(sentence)] if at >= 0 else sentence
        reading = spelled_out(read) if user else Reading(read, read)
        asks_here = asks and not (
            user
            and (qualifies_question(previous, simplified) or carries_on_story(previous, simplified))
        )
        items = extract(sentence, read=reading, asks=asks_here)
        if _bare(items) and any(s <= at and at + len(sentence) <= e for s, e in required):
            # a bare item of a list of requirements ("- free cancellation") is a need
            items = extract(sentence, read=as_required(reading), asks=asks_here)
        items = _with_inline_items(items, sentence, read, extract, user=user)
        previous = simplified
        _keep_valid(items, message, sentence, chunk.texts)
        chunk.facts += items.facts
        chunk.decisions += items.decisions
        if items.question:
            chunk.questions.append(OpenQuestion(text=sentence[:2000], source_ids=[message.id]))
        if not items.consumed:
            loose.append((salience(sentence), sentence))
    whole = len(text) <= _TURN_CHARS and INJECTION_MARKER not in text
    if whole and len(loose) == len(sentences):
        # Nothing was captured as a structured item: keep the turn verbatim, as it was said.
        loose = [(sum(max(score, 0.0) for score, _ in loose), text)]
    if pinned:
        # A pinned message stays verbatim in the context, and an item citing it can never be
        # evicted: notes of it would only pile up.
        loose = []
    for score, sentence in loose:
        order += 1
        chunk.notes.append(
            (_density(score, sentence), order, message, sentence, _date_notes(sentence, reference))
        )
    return order


def _close_answered(chunk: _Chunk, message: Message, previous: Sequence[OpenQuestion]) -> None:
    """An assistant reply answers the open questions before it that share a content term.

    Small talk ("How have you been?") carries no term to share; any reply closes it.
    """
    if not message.text.strip():
        return
    terms = content_terms(message.text)
    for question in [*previous, *chunk.questions]:
        if question.text in chunk.answered:
            continue
        phatic = salience(question.text) < _QUESTION_SALIENCE
        if phatic or terms & content_terms(question.text):
            chunk.answered.append(question.text)


def _pairs(messages: Sequence[Message]) -> dict[str, list[tuple[str, list[str]]]]:
    """Call id -> ``(call+result digest, source ids)`` per use, results paired in order.

    A call id used twice (seen in recorded agent runs) keeps both uses under one id.
    """
    uses: dict[str, list[tuple[str, list[str]]]] = {}
    pending: dict[str, list[int]] = {}
    for message in messages:
        for call in message.tool_calls:
            head = f"{call.name}({digest_arguments(call.arguments)})"
            uses.setdefault(call.call_id, []).append((f"{head} -> pending", [message.id]))
            pending.setdefault(call.call_id, []).append(len(uses[call.call_id]) - 1)
        for result in message.tool_results:
            body = digest_result(result.text)
            slots = pending.get(result.call_id)
            if slots:
                head, sources = uses[result.call_id][slots.pop(0)]
                entry = (head.replace(" -> pending", f" -> {body}"), [*sources, message.id])
                uses[result.call_id][uses[result.call_id].index((head, sources))] = entry
            else:
                uses.setdefault(result.call_id, []).append((f"result -> {body}", [message.id]))
    return uses


def _digests(messages: Sequence[Message]) -> list[ToolResultDigest]:
    names = {c.call_id: c.name for m in messages for c in m.tool_calls}
    digests = []
    for call_id, entries in _pairs(messages).items():
        text = " | ".join(" ".join(d.split()) for d, _ in entries).replace(INJECTION_MARKER, "")
        sources = list(dict.fromkeys(s for _, ids in entries for s in ids))
        digests.append(
            ToolResultDigest(
                tool_call_id=call_id, tool_name=names.get(call_id, "unknown"),
                digest=text[:4000], source_ids=sources,
            )
        )  # fmt: skip
    return digests


def _read_chunk(request: SummaryRequest) -> _Chunk:
    chunk = _Chunk()
    previous = list(request.previous.open_questions) if request.previous else []
    order = 0
    for message in request.messages:
        if message.role == "assistant":
            _close_answered(chunk, message, previous)
        if message.role in ("user", "assistant") and message.text:
            order = _read_text(chunk, message, request, order)
    chunk.digests = _digests(request.messages)
    by_id = {m.id: m for m in request.messages}
    chunk.digests = [d for d in chunk.digests if passes_checks(d, by_id, chunk.texts)]
    answered = {normalize_item_text(text) for text in chunk.answered}
    chunk.questions = [
        q for q in chunk.questions if normalize_item_text(q.text) not in answered
    ]  # fmt: skip
    return chunk


class ExtractiveSummarizer:
    """Offline, deterministic ``Summarizer`` (``name="extractive"``, ``model=None``).

    Args:
        count_tokens: token counter for budget decisions; ``estimate_tokens`` when omitted.
        note_chars: longest verbatim note group (characters) per fact.
    """

    name: str = "extractive"
    model: str | None = None

    def __init__(
        self, *, count_tokens: Callable[[str], int] | None = None, note_chars: int = 800
    ) -> None:
        self._count = count_tokens or estimate_tokens
        self._note_chars = note_chars

    @clause_cache()
    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        """Summarize ``request.messages`` and merge the result into ``request.previous``."""
        chunk = _read_chunk(request)
        delta = CompactionSummary(
            summary_version=request.next_version,
            source_message_ids=list(dict.fromkeys(m.id for m in request.messages)),
            facts=chunk.facts,
            decisions=chunk.decisions,
            open_questions=chunk.questions,
            tool_result_digests=chunk.digests,
            created_at=request.now,
        )
        base = merge_summaries(
            request.previous, delta, now=request.now, answered_questions=chunk.answered
        ).summary
        used = self._count(render_summary_block(base))
        room = max(request.budget_tokens - used, int(request.budget_tokens * _NOTE_FLOOR))
        notes = self._notes(chunk, room)
        if notes:
            delta = delta.model_copy(update={"facts": [*chunk.facts, *notes]})
            base = merge_summaries(
                request.previous, delta, now=request.now, answered_questions=chunk.answered
            ).summary
        facts = [*base.facts, *_replaced_in_chunk(chunk.facts, base.facts)]
        base = base.model_copy(update={"facts": eviction_order(facts)})
        tokens_in = self._count(render_summary_block(request.previous)) if request.previous else 0
        tokens_in += sum(self._count(_input_text(m)) for m in request.messages)
        return SummaryResponse(
            summary=base,
            tokens_in=tokens_in,
            tokens_out=self._count(render_summary_block(base)),
        )

    def _notes(self, chunk: _Chunk, room: int) -> list[Fact]:
        """Verbatim notes of the most salient remaining sentences, within ``room`` tokens."""
        ranked = sorted(
            (n for n in chunk.notes if n[0] >= _MIN_SALIENCE), key=lambda n: (-n[0], n[1])
        )
        chosen: list[tuple[int, Message, str, str]] = []
        spent = 0
        for _, order, message, sentence, annotation in ranked:
            cost = self._count(json.dumps(sentence + annotation, ensure_ascii=False)) + 2
            if spent + cost > room:
                continue
            chosen.append((order, message, sentence, annotation))
            spent += cost
            # Each note group costs a fixed overhead (key, status, sources): account for it.
            if len(chosen) % 4 == 1:
                spent += 30
        by_id = {m.id: m for _, _, m, _, _ in chunk.notes}
        return self._group(sorted(chosen, key=lambda c: c[0]), by_id)

    def _group(
        self, chosen: list[tuple[int, Message, str, str]], by_id: Mapping[str, Message]
    ) -> list[Fact]:
        """Consecutive notes joined into facts of at most ``note_chars`` characters.

        A note that would make its group fail validation goes without its date annotation,
        else starts a group of its own; one that fails even alone is left out.
        """
        facts: list[Fact] = []
        parts: list[str] = []
        sources: list[str] = []
        for _, message, sentence, annotation in chosen:
            size = sum(len(p) + 1 for p in parts)
            if parts and size + len(sentence) > self._note_chars:
                facts.append(self._note(parts, sources))
                parts, sources = [], []
            candidate = self._fit(parts, sources, message, (sentence + annotation, sentence), by_id)
            if candidate is None and parts:
                facts.append(self._note(parts, sources))
                parts, sources = [], []
                candidate = self._fit(
                    parts, sources, message, (sentence + annotation, sentence), by_id
                )
            if candidate is not None:
                parts, sources = candidate
        if parts:
            facts.append(self._note(parts, sources))
        return facts

    def _fit(
        self,
        parts: list[str],
        sources: list[str],
        message: Message,
        variants: tuple[str, ...],
        by_id: Mapping[str, Message],
    ) -> tuple[list[str], list[str]] | None:
        for text in dict.fromkeys(variants):
            note, new_parts, new_sources = self._extend(parts, sources, message, text)
            if passes_checks(note, by_id):
                return new_parts, new_sources
        return None

    def _extend(
        self, parts: list[str], sources: list[str], message: Message, sentence: str
    ) -> tuple[Fact, list[str], list[str]]:
        last_role = self._last_role(parts)
        label = f"{message.role}: " if message.role != last_role else ""
        new_parts = [*parts, label + sentence]
        new_sources = sources if message.id in sources else [*sources, message.id]
        return self._note(new_parts, new_sources), new_parts, new_sources

    @staticmethod
    def _last_role(parts: list[str]) -> str:
        for part in reversed(parts):
            role, sep, _ = part.partition(": ")
            if sep and role in ("user", "assistant"):
                return role
        return ""

    @staticmethod
    def _note(parts: list[str], sources: list[str]) -> Fact:
        return Fact(
            key=f"notes.{_tag(sources[0] + chr(10) + parts[0])}",
            value=" ".join(parts)[:2000],
            status="observed",
            confidence=0.9,
            source_ids=sources,
        )
