"""Verbatim notes across rolling versions: what the rolling step evicts first."""

from __future__ import annotations

from datetime import UTC, datetime

from runtime.messages import Message
from runtime.summary.extractive import ExtractiveSummarizer, estimate_tokens, eviction_order
from runtime.summary.rolling import roll_summary
from runtime.summary.schema import CompactionSummary, Fact

NOW = datetime(2023, 6, 1, 12, 0, tzinfo=UTC)
SPECIFIC = "Caroline moved from Sweden to Boston on 2023-05-07 and joined the Riverside Art Club."
VAGUE = "That sounds really nice, I am so happy for you and all of that stuff."


def _note(key: str, value: str, source: str) -> Fact:
    return Fact(key=key, value=value, status="observed", confidence=0.9, source_ids=[source])


def test_least_specific_notes_are_listed_first_other_facts_keep_their_place() -> None:
    constraint = Fact(key="no.insurance", value="no travel insurance", status="constraint",
                      confidence=1.0, source_ids=["m1"])  # fmt: skip
    facts = [constraint, _note("notes.bbb", f"user: {SPECIFIC}", "m2"),
             _note("notes.ccc", f"assistant: {VAGUE}", "m3")]  # fmt: skip
    ordered = eviction_order(facts)
    assert [f.key for f in ordered] == ["no.insurance", "notes.ccc", "notes.bbb"]
    assert eviction_order(ordered) == ordered  # stable: same input, same bytes


def _turn(i: int, text: str) -> Message:
    role = "user" if i % 2 else "assistant"
    return Message(id=f"D1:{i}", index=i, role=role, text=text, raw={},  # type: ignore[arg-type]
                   timestamp="2023-05-08T13:56:00")  # fmt: skip


def _roll(
    previous: CompactionSummary | None, chunk: list[Message], done: list[Message]
) -> CompactionSummary:
    outcome = roll_summary(
        previous=previous, chunk=chunk, summarized_range=done, summarizer=ExtractiveSummarizer(),
        budget_tokens=190, count_tokens=estimate_tokens, pinned_ids=frozenset(), now=NOW,
    )  # fmt: skip
    assert outcome.summary is not None, outcome.validation
    return outcome.summary


def test_an_old_specific_note_outlives_newer_vague_ones() -> None:
    """The raw window keeps the recent turns; the summary keeps the most specific older ones."""
    turns = [_turn(1, SPECIFIC)] + [
        _turn(i, f"{VAGUE} Really, it is great number {i}!") for i in range(2, 8)
    ]
    summary = None
    for end in range(1, len(turns) + 1):
        summary = _roll(summary, turns[end - 1 : end], turns[:end])
    assert summary is not None
    notes = " ".join(f.value for f in summary.facts)
    assert SPECIFIC.rstrip(".") in notes  # a dated statement: kept as the user's clause
    assert "number 7" not in notes or "number 2" not in notes  # the budget forced evictions
