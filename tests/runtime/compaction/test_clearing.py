"""Opt-in tool-result clearing in all three wire formats."""

from __future__ import annotations

import copy
import json

import pytest

from runtime.compaction.clearing import clear_tool_result, clear_tool_results, clearing_marker
from runtime.formats import read_history
from runtime.summary.schema import CompactionSummary, ToolResultDigest
from tests.runtime.summary.trip_fixture import NOW, count_tokens

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
