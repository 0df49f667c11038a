"""Constraints set aside for room compete again at the next roll (runtime.summary.set_aside)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from runtime.errors import FormatError
from runtime.formats import read_history
from runtime.messages import Message
from runtime.state import CompactionState
from runtime.summary.envelope import render_summary_block
from runtime.summary.merge import merge_summaries
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from runtime.summary.rolling import RollOutcome, roll_summary
from runtime.summary.schema import CompactionSummary, Decision, Fact, OpenQuestion
from runtime.summary.set_aside import (
    SET_ASIDE_LIMIT,
    left_out,
    offer,
    set_aside_of_json,
    set_aside_to_json,
)
from tests.runtime.summary.trip_fixture import count_tokens

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
HISTORY = read_history(
    [
        {"id": "u1", "role": "user", "content": "Keep the whole trip under 900 euros, trains, "
         "hotel nights and museum tickets included."},
        {"id": "a1", "role": "assistant", "content": "Noted."},
        {"id": "u2", "role": "user", "content": "No flights."},
        {"id": "a2", "role": "assistant", "content": "Okay."},
        {"id": "u3", "role": "user", "content": "Make that under 500 euros."},
    ],
    format="openai-chat",
).messages  # fmt: skip
LONG_BUDGET = "under 900 euros, trains, hotel nights and museum tickets included"


def _fact(key: str, value: str, source: str) -> Fact:
    return Fact(key=key, value=value, status="constraint", confidence=0.9, source_ids=[source])


def _summary(version: int, *facts: Fact, decisions: tuple[Decision, ...] = ()) -> CompactionSummary:
    ids = list(dict.fromkeys(i for item in [*facts, *decisions] for i in item.source_ids))
    return CompactionSummary(
        summary_version=version,
        previous_version=version - 1 or None,
        source_message_ids=ids,
        facts=list(facts),
        decisions=list(decisions),
        created_at=NOW,
    )


@dataclass
class Merging:
    """Merges a scripted delta per call into the previous summary, as a rolling summarizer does."""

    deltas: list[CompactionSummary]
    name: str = "merging"
    model: str | None = None

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        delta = self.deltas.pop(0).model_copy(update={"summary_version": request.next_version})
        merged = merge_summaries(request.previous, delta, now=request.now).summary
        return SummaryResponse(summary=merged, tokens_in=1, tokens_out=1)


def _roll(
    summarizer: Merging,
    previous: CompactionSummary | None,
    chunk: Sequence[Message],
    covered: Sequence[Message],
    budget: int,
    set_aside: Sequence[Fact | Decision] = (),
) -> RollOutcome:
    return roll_summary(
        previous=previous,
        chunk=chunk,
        summarized_range=covered,
        summarizer=summarizer,
        budget_tokens=budget,
        count_tokens=count_tokens,
        pinned_ids=frozenset(),
        now=NOW,
        set_aside=set_aside,
    )


def _keys(summary: CompactionSummary | None) -> set[tuple[str, str]]:
    assert summary is not None
    return {(f.key, f.value) for f in summary.facts if f.status != "superseded"}


def test_a_constraint_dropped_for_room_returns_when_room_comes_back() -> None:
    budget_long = _fact("budget.total.max", LONG_BUDGET, "u1")
    flights = _fact("no.flights", "No flights", "u2")
    budget_short = _fact("budget.total.max", "under 500 euros", "u3")
    room = count_tokens(render_summary_block(_summary(1, budget_long))) + 2
    first = _roll(
        Merging([_summary(1, budget_long, flights)]), None, HISTORY[:4], HISTORY[:4], room
    )
    assert _keys(first.summary) == {("budget.total.max", LONG_BUDGET)}
    assert [f.key for f in first.set_aside if isinstance(f, Fact)] == ["no.flights"]
    # the long budget is superseded by a short one: the room it leaves goes to what was said
    # first among what is left, the exclusion set aside, as compacting everything at once does
    second = _roll(
        Merging([_summary(2, budget_short)]),
        first.summary,
        HISTORY[4:],
        HISTORY,
        room,
        first.set_aside,
    )
    at_once = _roll(
        Merging([_summary(1, budget_long, flights, budget_short)]), None, HISTORY, HISTORY, room
    )
    assert ("no.flights", "No flights") in _keys(second.summary)
    assert _keys(second.summary) == _keys(at_once.summary)


def test_offer_skips_what_the_candidate_already_tells_and_what_lies_outside_the_range() -> None:
    candidate = _summary(2, _fact("budget.total.max", "under 500 euros", "u3"))
    older = _fact("budget.total.max", LONG_BUDGET, "u1")  # a newer value supersedes it
    outside = _fact("no.flights", "No flights", "u9")  # not summarized (an older version)
    repeat_first = _fact("no.night_trains", "no night trains", "u1")
    kept = offer(candidate, [older, outside], ["u1", "a1", "u2", "a2", "u3"])
    assert _keys(kept) == {("budget.total.max", "under 500 euros")}
    again = candidate.model_copy(
        update={"facts": [*candidate.facts, _fact("no.night_trains", "no night trains", "u3")]}
    )
    merged = offer(again, [repeat_first], ["u1", "a1", "u2", "a2", "u3"])
    night = next(f for f in merged.facts if f.key == "no.night_trains")
    assert night.source_ids == ["u1"]  # the earlier saying, as a one-shot merge cites it
    assert merged.source_message_ids == ["u1", "u3"]  # in history order: "said first" reads it


def test_left_out_keeps_constraint_tiers_earliest_first_and_bounded() -> None:
    facts = [_fact(f"no.item{i}", f"no item {i}", f"m{i}") for i in range(SET_ASIDE_LIMIT + 5)]
    note = Fact(key="notes.x", value="chat", status="observed", confidence=0.9, source_ids=["m0"])
    candidate = _summary(1, *reversed(facts), note, decisions=(Decision(text="skip G1",
                         reason="late", source_ids=["m1"]),))  # fmt: skip
    candidate = candidate.model_copy(
        update={
            "source_message_ids": [f"m{i}" for i in range(SET_ASIDE_LIMIT + 5)],
            "open_questions": [OpenQuestion(text="which day?", source_ids=["m2"])],
        }
    )
    adopted = _summary(1, facts[0])
    dropped = left_out(candidate, adopted)
    assert len(dropped) == SET_ASIDE_LIMIT
    assert all(not (isinstance(d, Fact) and d.status == "observed") for d in dropped)
    assert [d.source_ids[0] for d in dropped[:3]] == ["m1", "m1", "m2"]  # said first, first
    assert isinstance(dropped[0], Fact | Decision)


def test_set_aside_travels_in_the_state_and_refuses_garbage() -> None:
    items = (_fact("no.flights", "No flights", "u2"), Decision(text="skip G1", source_ids=["u2"]))
    state = CompactionState(format="openai-chat", set_aside=set_aside_to_json(items))
    again = CompactionState.from_json(state.to_json())
    assert again.set_aside_items == set_aside_of_json(set_aside_to_json(items))
    assert "set_aside" not in CompactionState(format="openai-chat").to_dict()  # old states
    with pytest.raises(FormatError):
        CompactionState.from_json({**state.to_dict(), "set_aside": {"facts": [{"key": 1}]}})
    with pytest.raises(FormatError):
        CompactionState.from_json({**state.to_dict(), "set_aside": [1]})
