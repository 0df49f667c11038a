"""A compactor keeping its stateless index (``keep_stateless_index``) reuses the recall index
of its previous call made without a state, and answers exactly as a new compactor would."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from runtime import Budget, Compactor
from runtime.messages import Format
from runtime.summary.extractive import ExtractiveSummarizer
from tests.runtime.histories import FORMATS, conversations

BUDGET = Budget(700, max_output_tokens=0, tool_reserve=0, safety_margin=0)
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _compactor(*, keep: bool = False) -> Compactor:
    return Compactor(BUDGET, summarizer=ExtractiveSummarizer(), keep_stateless_index=keep)


def _outcome(compactor: Compactor, entries: list[Any]) -> tuple[Any, ...]:
    result = compactor.compact(entries, now=NOW)
    return (
        result.messages,
        result.report.recall.recalled_ids,
        result.state.recall_index,
    )


@settings(max_examples=15, deadline=None)
@given(data=st.data(), fmt=st.sampled_from(FORMATS))
def test_a_growing_history_without_state_recalls_as_a_new_compactor(
    data: st.DataObject, fmt: Format
) -> None:
    entries = data.draw(conversations(fmt, min_exchanges=6, max_exchanges=14, extras=False))
    reused = _compactor(keep=True)
    steps = sorted(set(data.draw(st.lists(st.integers(1, len(entries)), max_size=5))))
    for length in [*steps, len(entries)]:
        part = entries[:length]
        try:
            fresh = _outcome(_compactor(), part)
        except Exception as exc:  # a cut mid-round is not a valid history: both must refuse
            try:
                reused.compact(part, now=NOW)
            except type(exc):
                continue
            raise AssertionError("the reusing compactor accepted what a new one refused") from exc
        assert _outcome(reused, part) == fresh
        event(f"indexed groups: {min(len(fresh[2]), 3)}+")


def test_an_edited_history_drops_what_changed() -> None:
    turns: list[dict[str, Any]] = []
    for n in range(40):
        turns.append(
            {"role": "user", "content": f"turn {n}: the budget for trip {n} is {n}00 yuan"}
        )
        turns.append({"role": "assistant", "content": f"noted, trip {n} costs at most {n}00"})
    reused = _compactor(keep=True)
    question = {"role": "user", "content": "what was the budget of trip 3?"}
    first = reused.compact([*turns, question], now=NOW)
    assert len(first.state.recall_index)
    assert len(reused._stateless[0]) == len(first.state.recall_index)
    edited = [dict(t) for t in turns]
    edited[6] = {"role": "user", "content": "turn 3: the budget for trip 3 is 999 yuan"}
    assert _outcome(reused, [*edited, question]) == _outcome(_compactor(), [*edited, question])
    reused.forget_stateless_index()
    assert _outcome(reused, [*edited, question]) == _outcome(_compactor(), [*edited, question])
