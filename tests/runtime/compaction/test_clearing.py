"""Opt-in tool-result clearing in all three wire formats: the clearing of one message, and the
compactor clearing old results to fit (the latter moved from test_compactor.py)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from runtime import BudgetError, CompactionState, Compactor
from runtime.compaction.clearing import clear_tool_result, clear_tool_results, clearing_marker
from runtime.formats import read_history
from runtime.recall import RecallConfig
from runtime.summary.schema import CompactionSummary, ToolResultDigest
from tests.runtime.compaction.test_compactor import COUNTER, budget, words
from tests.runtime.summary.trip_fixture import NOW, count_tokens

NO_RECALL = RecallConfig(enabled=False)
"""These tests size the window against one huge result: the whole target is the window's."""

BIG = "row: G7301 08:05 73元 direct; " * 400


def summary_with(*call_ids: str) -> CompactionSummary:
    return CompactionSummary(
        summary_version=4,
        facts=[],
        tool_result_digests=[
            ToolResultDigest(
                tool_call_id=c, tool_name="search", digest="G7301 73元", source_ids=["x"]
            )
            for c in call_ids
        ],
        created_at=NOW,
    )


def call(fmt: str, call_id: str):
    if fmt == "openai-chat":
        return {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": "search", "arguments": "{}"},
                }
            ],
        }
    if fmt == "openai-responses":
        return {"type": "function_call", "call_id": call_id, "name": "search", "arguments": "{}"}
    return {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": call_id, "name": "search", "input": {}}],
    }


def result(fmt: str, call_id: str, text: str):
    if fmt == "openai-chat":
        return {"role": "tool", "tool_call_id": call_id, "content": text}
    if fmt == "openai-responses":
        return {"type": "function_call_output", "call_id": call_id, "output": text}
    return {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": call_id, "content": text}],
    }


FORMATS = ["openai-chat", "openai-responses", "anthropic"]


def history(fmt: str):
    raw = [
        {"role": "user", "content": "find trains"},
        call(fmt, "c1"),
        result(fmt, "c1", BIG),
        call(fmt, "c2"),
        result(fmt, "c2", "small"),
        call(fmt, "c3"),
        result(fmt, "c3", BIG),
    ]
    return raw, read_history(raw, format=fmt).messages


@pytest.mark.parametrize("fmt", FORMATS)
def test_only_old_oversized_results_with_a_digest_are_cleared(fmt):
    raw, messages = history(fmt)
    before = copy.deepcopy(raw)
    last = messages[-1].id
    outcome = clear_tool_results(
        messages,
        format=fmt,  # type: ignore[arg-type]
        summary=summary_with("c1", "c2", "c3"),
        count_tokens=count_tokens,
        limit_tokens=500,
        protected_ids=frozenset({last}),
    )
    assert raw == before  # the caller's objects are untouched
    assert [e.message_id for e in outcome.cleared] == [messages[2].id]
    entry = outcome.cleared[0]
    assert entry.tool_call_ids == ("c1",) and entry.summary_version == 4
    assert entry.tokens_before > 2000 and entry.tokens_after < 60
    cleared = outcome.messages[2]
    assert cleared.id == messages[2].id and cleared.index == messages[2].index
    assert "tool_result_digests[tool_call_id=c1]" in cleared.text
    assert cleared.tool_results[0].call_id == "c1"
    # Everything else is byte-identical, and the result still pairs with its call.
    for i in (0, 1, 3, 4, 5, 6):
        assert outcome.raw[i] is raw[i]
    reread = read_history(outcome.raw, format=fmt).messages  # type: ignore[arg-type]
    assert [m.tool_results[0].call_id for m in reread if m.tool_results] == ["c1", "c2", "c3"]
    assert "<" not in json.dumps(outcome.raw[2])


@pytest.mark.parametrize("fmt", FORMATS)
def test_result_without_a_digest_is_kept(fmt):
    _, messages = history(fmt)
    outcome = clear_tool_results(
        messages,
        format=fmt,  # type: ignore[arg-type]
        summary=summary_with("c3"),
        count_tokens=count_tokens,
        limit_tokens=500,
    )
    assert [e.tool_call_ids for e in outcome.cleared] == [("c3",)]
    assert outcome.messages[2] is messages[2]


def test_anthropic_message_with_several_results_clears_only_those_with_digests():
    raw = [
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "a", "name": "s", "input": {}},
                {"type": "tool_use", "id": "b", "name": "s", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "a", "content": BIG},
                {"type": "tool_result", "tool_use_id": "b", "content": BIG, "is_error": True},
                {"type": "text", "text": "both done"},
            ],
        },
    ]
    message = read_history(raw, format="anthropic").messages[1]
    done = clear_tool_result(
        message, format="anthropic", summary=summary_with("b"), count_tokens=count_tokens
    )
    assert done is not None
    new, entry = done
    blocks = new.raw["content"]
    assert blocks[0]["content"] == BIG
    assert blocks[1]["content"].startswith("[tiermem: tool result cleared")
    assert blocks[1]["is_error"] is True and blocks[2] == {"type": "text", "text": "both done"}
    assert entry.to_dict()["tool_call_ids"] == ["b"]


def test_marker_names_the_digest():
    text = clearing_marker("call_9", summary_version=2, tokens=1234)
    assert "1234 tokens" in text and "tool_call_id=call_9" in text and "v2" in text


def _history_with_a_huge_result(fmt: str) -> list[dict[str, Any]]:
    """Small talk, one tool call whose result is huge, more small talk."""
    huge = " ".join(f"row{j} price {100 + j} CNY" for j in range(700))
    out: list[dict[str, Any]] = []
    for i in range(30):
        out.append({"role": "user", "content": words(i)})
        if i == 10:
            if fmt == "anthropic":
                use = {"type": "tool_use", "id": "toolu_big", "name": "search", "input": {"q": "x"}}
                out.append({"role": "assistant", "content": [use]})
                block = {"type": "tool_result", "tool_use_id": "toolu_big", "content": huge}
                out.append({"role": "user", "content": [block]})
            elif fmt == "openai-responses":
                out[-1] = {"type": "message", "role": "user", "content": words(i)}
                call = {"name": "search", "arguments": '{"q":"x"}', "call_id": "call_big"}
                out.append({"type": "function_call", **call})
                out.append({"type": "function_call_output", "call_id": "call_big", "output": huge})
            else:
                fn = {"name": "search", "arguments": '{"q":"x"}'}
                chat_call = {"id": "call_big", "type": "function", "function": fn}
                out.append({"role": "assistant", "content": None, "tool_calls": [chat_call]})
                out.append({"role": "tool", "tool_call_id": "call_big", "content": huge})
        out.append({"role": "assistant", "content": words(100 + i)})
    return out


def _clearing_compactor(usable: int) -> Compactor:
    from runtime.summary.extractive import ExtractiveSummarizer

    return Compactor(
        budget=budget(usable),
        counter=COUNTER,
        summarizer=ExtractiveSummarizer(),
        clear_tool_results=True,
        recall=NO_RECALL,
    )


@pytest.mark.parametrize("fmt", ["openai-chat", "anthropic", "openai-responses"])
def test_clear_tool_results_keeps_the_skeleton_and_points_at_the_digest(fmt: str) -> None:
    from runtime.protocol import find_protocol_errors

    history = _history_with_a_huge_result(fmt)
    # usable 10,000: the window may hold 4,500 tokens, the one result alone is about 4,900
    plain = _summary_only(10_000).compact(history, format=fmt, now=NOW)  # type: ignore[arg-type]
    c = _clearing_compactor(10_000)
    result = c.compact(history, format=fmt, now=NOW)  # type: ignore[arg-type]
    r = result.report
    assert r["strategy"] == "summary", r["fallback"]
    (entry,) = r["cleared"]
    assert entry["tokens_after"] < entry["tokens_before"] // 20
    call_id = entry["tool_call_ids"][0]
    # the skeleton is kept: the call and the (cleared) result, protocol-valid
    sent = json.dumps(result.messages)
    assert call_id in sent and "tool result cleared" in sent and "row699" not in sent
    assert not find_protocol_errors(result.messages, format=fmt)  # type: ignore[arg-type]
    digests = {d["tool_call_id"] for d in r["summary"]["tool_result_digests"]}
    assert call_id in digests
    # the window reaches further back than it could with the huge result verbatim
    assert len(result.ids) > len(plain.ids)
    assert r["compacted_tokens"] <= r["target_tokens"]
    # the caller's objects are untouched
    assert "row699" in json.dumps(history)
    # later calls clear the same message the same way, also from an incremental read
    assert [i for _, i in result.state.cleared] == [entry["message_id"]]
    grown = [*history, _user(fmt, "and the return trip?")]
    state = CompactionState.from_json(result.state.to_json())
    warm = c.compact(grown, format=fmt, state=state, now=NOW)  # type: ignore[arg-type]
    assert not warm.report["triggered"] and warm.report["incremental"]
    assert warm.report["cleared"] == r["cleared"]
    assert warm.messages[:-1] == result.messages
    full = c.compact(grown, format=fmt, state=replace_skipped(state), now=NOW)  # type: ignore[arg-type]
    assert not full.report["incremental"] and full.messages == warm.messages


def _user(fmt: str, text: str) -> dict[str, Any]:
    if fmt == "openai-responses":
        return {"type": "message", "role": "user", "content": text}
    return {"role": "user", "content": text}


def replace_skipped(state: CompactionState) -> CompactionState:
    """The same state without the counts that allow an incremental read."""
    from dataclasses import replace

    return replace(state, skipped_messages=state.skipped_messages + 1)


def test_clearing_resolves_an_over_budget_pin() -> None:
    history = _history_with_a_huge_result("openai-chat")
    ids = [m.id for m in read_history(history).messages]
    call_message = next(i for i, m in enumerate(history) if m.get("tool_calls"))
    pins = [ids[call_message]]
    plain = _summary_only(4_500).compact(history, pinned_ids=pins, now=NOW)
    assert plain.report["over_budget"]
    cleared = _clearing_compactor(4_500).compact(history, pinned_ids=pins, now=NOW)
    assert not cleared.report["over_budget"], cleared.report["over_budget_reason"]
    assert [e["tool_call_ids"] for e in cleared.report["cleared"]] == [["call_big"]]
    assert ids[call_message] in cleared.ids  # the pinned call itself stays, verbatim


def _summary_only(usable: int) -> Compactor:
    from runtime.summary.extractive import ExtractiveSummarizer

    return Compactor(
        budget=budget(usable), counter=COUNTER, summarizer=ExtractiveSummarizer(), recall=NO_RECALL
    )


def test_clearing_is_off_by_default_and_needs_a_summarizer() -> None:
    history = _history_with_a_huge_result("openai-chat")
    result = _summary_only(6_000).compact(history, now=NOW)
    assert result.report["cleared"] == [] and result.state.cleared == ()
    # the big result is sent whole or not at all (its digest may stay in the summary)
    sent = [m for m in result.messages if m.get("tool_call_id") == "call_big"]
    assert not sent or "row699" in json.dumps(sent)
    with pytest.raises(BudgetError, match="summarizer"):
        Compactor(budget=budget(6_000), clear_tool_results=True)
