"""A summary never pushes a request past ``usable``: beside a window larger than its share it
goes out trimmed to the room left, or withheld, and the state keeps it whole
(``runtime.compaction.summary_fit``)."""

from __future__ import annotations

from typing import Any

from runtime import Budget, Compactor
from runtime.protocol import find_protocol_errors
from runtime.summary.extractive import ExtractiveSummarizer
from tests.runtime.compaction.test_compactor_properties import COUNTER

BUDGET = Budget(
    3_000, max_output_tokens=0, tool_reserve=0, safety_margin=0, trigger=0.8, target=0.6
)
SETUP = (
    "Find me a flight from Boston to Denver on May 3. My budget is at most $200 per ticket, "
    "I must land before 18:30, and do not book anything automatically."
)


def history(result_words: int) -> list[dict[str, Any]]:
    """The user's setup, a dozen exchanges, then a tool call with a result of that size."""
    entries: list[dict[str, Any]] = [{"role": "user", "content": SETUP}]
    for i in range(12):
        entries.append({"role": "assistant", "content": f"Option {i}: UA{100 + i} at 09:{i:02d}."})
        entries.append({"role": "user", "content": f"What do the fare rules of option {i} say?"})
    call = {"id": "call_1", "type": "function", "function": {"name": "search", "arguments": "{}"}}
    entries.append({"role": "assistant", "content": None, "tool_calls": [call]})
    entries.append({"role": "tool", "tool_call_id": "call_1", "content": "fare " * result_words})
    return entries


def compact(entries: list[dict[str, Any]]) -> Any:
    compactor = Compactor(BUDGET, counter=COUNTER, summarizer=ExtractiveSummarizer())
    return compactor.compact(entries)


def test_every_size_of_last_result_stays_within_usable_or_says_over_budget() -> None:
    sent: dict[str, list[int]] = {}
    for words in range(2_000, 3_200, 50):
        result = compact(history(words))
        r = result.report
        assert r["strategy"] == "summary"
        assert r["over_budget"] or r["compacted_tokens"] <= BUDGET.usable, words
        sent.setdefault(str(r["summary_sent"]), []).append(words)
        # the state keeps the whole summary, whatever this call sent
        assert result.state.summary == r["summary"]
    assert {"whole", "trimmed", "withheld"} <= set(sent), sent


def test_a_trimmed_summary_keeps_the_users_constraints_first() -> None:
    for words in range(2_000, 3_200, 50):
        result = compact(history(words))
        r = result.report
        if r["summary_sent"] != "trimmed":
            continue
        text = result.messages[0]["content"]
        assert "$200" in text and "18:30" in text and "automatically" in text
        assert (
            0 < r["summary_tokens"] <= BUDGET.usable - (r["compacted_tokens"] - r["summary_tokens"])
        )
        return
    raise AssertionError("no size left the summary trimmed")


def test_the_next_call_with_room_sends_the_summary_whole_again() -> None:
    compactor = Compactor(BUDGET, counter=COUNTER, summarizer=ExtractiveSummarizer())
    entries = history(2_700)
    first = compactor.compact(entries)
    assert first.report["summary_sent"] in ("trimmed", "withheld")
    entries += [
        {"role": "assistant", "content": "The search found three fares."},
        {"role": "user", "content": "Which of them is the cheapest?"},
    ]
    second = compactor.compact(entries, state=first.state)
    assert second.report["summary_sent"] == "whole"
    assert second.report["compacted_tokens"] <= BUDGET.usable


def anthropic_history(result_words: int) -> list[dict[str, Any]]:
    """``history`` in Anthropic's blocks: the last group a ``tool_use`` and its result."""
    entries = history(result_words)[:-2]
    use = {"type": "tool_use", "id": "toolu_1", "name": "search", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "fare " * result_words}
    return [
        *entries,
        {"role": "assistant", "content": [use]},
        {"role": "user", "content": [result]},
    ]


def test_on_anthropic_the_loops_prompt_opens_the_window_when_the_summary_does_not_fit() -> None:
    """Without the summary the kept part would open with the ``tool_use`` turn, which the API
    refuses: the user turn before it comes back instead (it is small where the summary is
    not), and only when even that is over ``usable`` does the whole summary go out with
    over_budget."""
    sent = set()
    for words in range(2_000, 3_200, 100):
        compactor = Compactor(BUDGET, counter=COUNTER, summarizer=ExtractiveSummarizer())
        result = compactor.compact(anthropic_history(words), format="anthropic")
        r = result.report
        assert find_protocol_errors(result.messages, format="anthropic") == [], words
        assert result.messages[0]["role"] == "user"
        assert r["over_budget"] or r["compacted_tokens"] <= BUDGET.usable, words
        if r["summary_sent"] == "withheld":
            assert result.messages[0]["content"] == "What do the fare rules of option 11 say?"
            assert result.messages[1]["content"][0]["type"] == "tool_use"
            assert not r["over_budget"]
        if r["over_budget"]:  # the window alone leaves no room for the prompt either
            window = r["compacted_tokens"] - r["summary_tokens"]
            assert window + 15 > BUDGET.usable, words
        # the state keeps the whole summary, whatever this call sent
        assert result.state.summary == r["summary"]
        sent.add((r["summary_sent"], r["over_budget"]))
    assert {("whole", False), ("trimmed", False), ("withheld", False), ("whole", True)} <= sent


def test_on_anthropic_the_call_after_a_withheld_summary_sends_it_whole_again() -> None:
    compactor = Compactor(BUDGET, counter=COUNTER, summarizer=ExtractiveSummarizer())
    entries = anthropic_history(2_900)
    first = compactor.compact(entries, format="anthropic")
    assert first.report["summary_sent"] == "withheld"
    entries += [
        {"role": "assistant", "content": "The search found three fares."},
        {"role": "user", "content": "Which of them is the cheapest?"},
    ]
    second = compactor.compact(entries, state=first.state, format="anthropic")
    assert second.report["summary_sent"] == "whole"
    assert second.report["compacted_tokens"] <= BUDGET.usable
    assert find_protocol_errors(second.messages, format="anthropic") == []
