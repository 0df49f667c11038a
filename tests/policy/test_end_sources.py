"""``policy.end_sources``: where a task end reads each candidate, and which saying wins."""

from __future__ import annotations

from longterm.registry import DEFAULT_REGISTRY
from policy.candidates import Candidate
from policy.end_sources import end_candidates, end_decisions
from runtime.summary.schema import CompactionSummary, Decision, Fact
from tests.scenarios.trip import trip_summary


def _fact(key: str, value: str, ids: list[str]) -> Fact:
    return Fact(key=key, value=value, status="constraint", confidence=0.9, source_ids=ids)


def _read(summary: CompactionSummary, stored: CompactionSummary, aside: Fact) -> list[Candidate]:
    return end_candidates(
        summary,
        stored=stored,
        set_aside=[aside],
        session_id="s1",
        registry=DEFAULT_REGISTRY,
        texts=None,
    )


def test_each_candidate_says_where_it_was_read() -> None:
    stored = trip_summary()
    late = _fact("seat.preference", "window", ["m9"])
    closed = stored.model_copy(update={"facts": [*stored.facts, late]})
    aside = _fact("diet", "no peanuts", ["m2"])
    read = {c.fact_key: c.read_from for c in _read(closed, stored, aside)}
    assert read["seat.preference"] == "closing"
    assert read["diet"] == "lost"
    assert read["budget.one_way_max"] == "summary"


def test_the_summary_saying_wins_over_an_older_one_set_aside() -> None:
    stored = trip_summary()
    older = _fact("budget.one_way_max", "150 CNY", ["m0"])
    found = _read(stored, stored, older)
    (budget,) = [c for c in found if c.key == "travel.budget.one_way_max"]
    assert (budget.read_from, budget.source_ids) == ("summary", ("session:s1", "m1"))


def test_decisions_set_aside_follow_the_summary_ones() -> None:
    kept = Decision(text="Book G7301", reason="arrives before 18:00", source_ids=["m4"])
    stored = trip_summary().model_copy(update={"decisions": [kept]})
    dropped = Decision(text="Skip the sleeper", reason=None, source_ids=["m2"])
    again = Decision(text="book  G7301", reason=None, source_ids=["m4"])
    found = end_decisions(stored, stored=stored, set_aside=[dropped, again])
    assert [(d.text, read) for d, read in found] == [
        ("Book G7301", "summary"),
        ("Skip the sleeper", "lost"),
    ]
