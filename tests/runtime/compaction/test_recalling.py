"""Recall as a step of the compactor: shares, the index carried in the state, the block."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runtime import Budget, BudgetError, CompactionState, Compactor, RecallConfig
from runtime.protocol import find_protocol_errors
from runtime.recall import RECALL_MESSAGE_ID
from runtime.summary.extractive import ExtractiveSummarizer
from tests.runtime.summary.trip_fixture import NOW

BUDGET = Budget(1500, max_output_tokens=0, tool_reserve=0, safety_margin=0)
ON = RecallConfig()


def chatter(turns: int) -> list[dict[str, Any]]:
    """A long chat whose first user turn holds a detail nothing later repeats."""
    out: list[dict[str, Any]] = [
        {"id": "u0", "role": "user", "content": "My cat Pixel is allergic to salmon kibble."},
        {"id": "a0", "role": "assistant", "content": "Noted: no salmon kibble for Pixel."},
    ]
    for i in range(1, turns):
        out.append({"id": f"u{i}", "role": "user", "content": f"Tell me fact {i} about trains."})
        out.append(
            {"id": f"a{i}", "role": "assistant", "content": f"Train fact {i}: " + "rails " * 30}
        )
    return out


def ask(history: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    return [*history, {"id": "q", "role": "user", "content": text}]


def test_shares_above_nine_tenths_are_refused() -> None:
    with pytest.raises(BudgetError, match=r"at most 0\.9"):
        Compactor(
            BUDGET,
            summarizer=ExtractiveSummarizer(),
            summary_budget=0.5,
            recall=RecallConfig(share=0.45),
        )
    # recall off, or no summary reserve: nothing to split
    Compactor(BUDGET, summarizer=ExtractiveSummarizer(), summary_budget=0.5,
              recall=RecallConfig(enabled=False, share=0.45))  # fmt: skip
    Compactor(BUDGET, recall=RecallConfig(share=0.9))


def test_recall_is_on_by_default_and_its_share_fits_beside_the_summary() -> None:
    """No ``recall=``: recall on, share 0.5, shrunk to ``0.9 - summary_budget`` when the
    summary reserve is larger (a default always validates); a share passed explicitly is
    refused instead, the message naming both shares."""
    assert Compactor(BUDGET).recall == RecallConfig()
    summarized = Compactor(BUDGET, summarizer=ExtractiveSummarizer())
    assert summarized.recall == RecallConfig()  # 0.25 + 0.5 fits
    wide = Compactor(BUDGET, summarizer=ExtractiveSummarizer(), summary_budget=0.75)
    assert wide.recall.enabled and wide.recall.share == pytest.approx(0.15)
    full = Compactor(BUDGET, summarizer=ExtractiveSummarizer(), summary_budget=0.9)
    assert full.recall.enabled and full.recall.share == 0
    # without a summarizer there is no summary reserve to make room for
    assert Compactor(BUDGET, summary_budget=0.75).recall == RecallConfig()
    with pytest.raises(BudgetError, match=r"summary share \(0\.75\) \+ recall share \(0\.5\)"):
        Compactor(
            BUDGET, summarizer=ExtractiveSummarizer(), summary_budget=0.75, recall=RecallConfig()
        )
    history = chatter(40)
    result = wide.compact(ask(history, "What is Pixel allergic to?"), now=NOW)
    assert result.report.recall.reserve_tokens == int(0.15 * BUDGET.target_tokens)
    assert result.report.compacted_tokens <= BUDGET.usable


@pytest.mark.parametrize("summarizer", [None, ExtractiveSummarizer()])
def test_an_evicted_turn_comes_back_for_the_question_that_needs_it(summarizer: Any) -> None:
    compactor = Compactor(BUDGET, summarizer=summarizer, recall=ON)
    history = chatter(40)
    first = compactor.compact(history, now=NOW)
    assert first.report.triggered and "u0" not in first.ids
    assert len(first.state.recall_index) > 0
    result = compactor.compact(
        ask(history, "What is Pixel allergic to?"), state=first.state, now=NOW
    )
    recall = result.report.recall
    assert "u0" in recall.recalled_ids and recall.reason is None
    at = result.ids.index(RECALL_MESSAGE_ID)
    assert result.ids[at + 1] == "q"  # right before the latest user message
    assert "salmon kibble" in json.dumps(result.messages[at])
    assert result.report.compacted_tokens <= BUDGET.usable
    assert recall.tokens <= recall.budget_tokens <= recall.reserve_tokens
    assert not find_protocol_errors(result.messages, format="openai-chat")


def test_a_warm_call_carries_the_index_without_rebuilding_it() -> None:
    compactor = Compactor(BUDGET, recall=ON)
    history = chatter(40)
    first = compactor.compact(history)
    warm = compactor.compact(ask(history, "What is Pixel allergic to?"), state=first.state)
    assert not warm.report.triggered and warm.report.incremental
    assert warm.state.recall_index is first.state.recall_index


def test_the_index_survives_the_state_json_and_old_states_read_as_empty() -> None:
    first = Compactor(BUDGET, recall=ON).compact(chatter(40))
    text = first.state.to_json()
    assert "recall_index" in json.loads(text)
    back = CompactionState.from_json(text)
    assert back == first.state and back.recall_index == first.state.recall_index
    old = {k: v for k, v in json.loads(text).items() if k != "recall_index"}
    assert len(CompactionState.from_json(old).recall_index) == 0
    assert "recall_index" not in json.loads(CompactionState(format="anthropic").to_json())


def test_recall_off_sends_no_block_and_keeps_no_index() -> None:
    compactor = Compactor(BUDGET, recall=RecallConfig(enabled=False))
    first = compactor.compact(chatter(40))
    result = compactor.compact(ask(chatter(40), "What is Pixel allergic to?"), state=first.state)
    assert RECALL_MESSAGE_ID not in result.ids and len(result.state.recall_index) == 0
    assert result.report.recall.reason == "disabled" and result.report.recall.reserve_tokens == 0


def test_the_window_gets_the_target_less_the_recall_reserve() -> None:
    on = Compactor(BUDGET, recall=ON).compact(chatter(40))
    off = Compactor(BUDGET, recall=RecallConfig(enabled=False)).compact(chatter(40))
    reserve = on.report.recall.reserve_tokens
    assert reserve == int(0.5 * BUDGET.target_tokens)
    window = on.report.compacted_tokens - on.report.recall.tokens
    assert window <= BUDGET.target_tokens - reserve < off.report.compacted_tokens
