"""Protocol validator: every reason, per format; valid histories report nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.formats import read_history
from runtime.messages import Format
from runtime.protocol import ProtocolIssue, find_protocol_errors, pair_calls
from tests.conftest import shared_data
from tests.runtime.histories import conversations, formatted_conversations


def _call(call_id: str) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": "f", "arguments": "{}"}}


def _assistant(*call_ids: str) -> dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [_call(c) for c in call_ids]}


def _tool(call_id: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": "r"}


def _fc(call_id: str) -> dict[str, Any]:
    return {"type": "function_call", "call_id": call_id, "name": "f", "arguments": "{}"}


def _fco(call_id: str) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": "r"}


def _use(*ids: str) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": i, "name": "f", "input": {}} for i in ids],
    }


def _results(*ids: str, text_first: bool = False) -> dict[str, Any]:
    blocks: list[Any] = [{"type": "tool_result", "tool_use_id": i, "content": "r"} for i in ids]
    if text_first:
        blocks.insert(0, {"type": "text", "text": "here"})
    return {"role": "user", "content": blocks}


SYS = {"role": "system", "content": "policy"}
USER = {"role": "user", "content": "hi"}
REPLY = {"role": "assistant", "content": "ok"}
R_USER = {"role": "user", "content": "hi"}
REASONING = {"type": "reasoning", "id": "rs_1", "summary": []}

CASES: list[tuple[str, Format, list[Any], list[tuple[str, int, str | None]]]] = [
    (
        "chat valid",
        "openai-chat",
        [SYS, USER, _assistant("a", "b"), _tool("b"), _tool("a"), REPLY],
        [],
    ),
    ("chat pending tail is fine", "openai-chat", [USER, _assistant("a", "b"), _tool("a")], []),
    ("chat orphan", "openai-chat", [SYS, _tool("a"), USER], [("orphan_result", 1, "a")]),
    (
        "chat answered twice",
        "openai-chat",
        [USER, _assistant("a"), _tool("a"), _tool("a")],
        [("answered_twice", 3, "a")],
    ),
    (
        "chat duplicate id",
        "openai-chat",
        [USER, _assistant("a", "a"), _tool("a")],
        [("duplicate_call_id", 1, "a")],
    ),
    (
        "chat unanswered before a later message",
        "openai-chat",
        [USER, _assistant("a", "b"), _tool("a"), USER],
        [("unanswered_call", 1, "b")],
    ),
    (
        "chat tool message after an interleaved user message",
        "openai-chat",
        [USER, _assistant("a"), USER, _tool("a")],
        [("result_not_adjacent", 3, "a")],
    ),
    (
        "chat reused id after the answer is fine",
        "openai-chat",
        [USER, _assistant("a"), _tool("a"), USER, _assistant("a"), _tool("a")],
        [],
    ),
    (
        "responses outputs in any order, not adjacent",
        "openai-responses",
        [R_USER, REASONING, _fc("a"), _fc("b"), _fco("b"), {"type": "web_search_call"}, _fco("a")],
        [],
    ),
    (
        "responses pending tail followed by pass-through items",
        "openai-responses",
        [R_USER, _fc("a"), {"type": "compaction", "encrypted_content": "x"}],
        [],
    ),
    (
        "responses unanswered before a user message",
        "openai-responses",
        [R_USER, _fc("a"), R_USER],
        [("unanswered_call", 1, "a")],
    ),
    ("responses orphan", "openai-responses", [R_USER, _fco("zz")], [("orphan_result", 1, "zz")]),
    (
        "responses output of a stored call named by item_reference",
        "openai-responses",
        [R_USER, {"type": "item_reference", "id": "fc_9"}, _fco("c9"), _fco("c10")],
        [("orphan_result", 3, "c10")],
    ),
    (
        "responses reference to a message does not stand for a call",
        "openai-responses",
        [R_USER, {"type": "item_reference", "id": "msg_9"}, _fco("c9")],
        [("orphan_result", 2, "c9")],
    ),
    (
        "responses reasoning whose call was dropped",
        "openai-responses",
        [R_USER, REASONING, R_USER],
        [("orphan_reasoning", 1, None)],
    ),
    (
        "responses reasoning at the very end is in flight",
        "openai-responses",
        [R_USER, REASONING],
        [],
    ),
    (
        "responses reasoning before an assistant message is fine",
        "openai-responses",
        [R_USER, REASONING, {"role": "assistant", "content": "ok"}],
        [],
    ),
    ("anthropic valid", "anthropic", [USER, _use("t1", "t2"), _results("t2", "t1"), REPLY], []),
    ("anthropic pending tail", "anthropic", [USER, _use("t1")], []),
    (
        "anthropic result not in the next message",
        "anthropic",
        [USER, _use("t1"), USER, _results("t1")],
        [("result_not_adjacent", 3, "t1")],
    ),
    (
        "anthropic next message lacks a result",
        "anthropic",
        [USER, _use("t1", "t2"), _results("t1"), REPLY],
        [("unanswered_call", 1, "t2")],
    ),
    (
        "anthropic text before tool_result",
        "anthropic",
        [USER, _use("t1"), _results("t1", text_first=True)],
        [("result_not_first", 2, "t1")],
    ),
]


@pytest.mark.parametrize(("name", "fmt", "entries", "expected"), CASES, ids=[c[0] for c in CASES])
def test_find_protocol_errors(
    name: str, fmt: Format, entries: list[Any], expected: list[tuple[str, int, str | None]]
) -> None:
    issues = find_protocol_errors(entries, format=fmt)
    assert [(i.reason, i.index, i.call_id) for i in issues] == expected
    assert all(isinstance(i, ProtocolIssue) and i.detail for i in issues)


def test_several_problems_reported_in_position_order() -> None:
    entries = [_tool("x"), USER, _assistant("a", "a"), USER, _tool("a"), _tool("a")]
    reasons = [(i.index, i.reason) for i in find_protocol_errors(entries, format="openai-chat")]
    assert reasons == [
        (0, "orphan_result"),
        (2, "duplicate_call_id"),
        (4, "result_not_adjacent"),
        (5, "answered_twice"),
    ]


@settings(max_examples=100, deadline=None)
@given(formatted_conversations())
def test_generated_histories_are_valid(drawn: tuple[Format, list[Any]]) -> None:
    fmt, entries = drawn
    assert find_protocol_errors(entries, format=fmt) == []


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["openai-chat", "openai-responses", "anthropic"]), st.data())
def test_messy_histories_report_placement_not_pairing(fmt: Format, data: st.DataObject) -> None:
    entries = data.draw(conversations(fmt, messy=True))
    reasons = {issue.reason for issue in find_protocol_errors(entries, format=fmt)}
    assert reasons <= {"unanswered_call", "result_not_adjacent"}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["openai-chat", "openai-responses", "anthropic"]), st.data())
def test_dropping_a_call_leaves_orphans(fmt: Format, data: st.DataObject) -> None:
    entries = data.draw(conversations(fmt, pending_tail=False, min_exchanges=2))
    messages = read_history(entries, format=fmt).messages
    answered = pair_calls(messages).answers
    callers = sorted({call_position for call_position, _ in answered})
    if not callers:
        return
    drop = data.draw(st.sampled_from(callers))
    remaining = entries[:drop] + entries[drop + 1 :]
    reasons = {i.reason for i in find_protocol_errors(remaining, format=fmt)}
    assert "orphan_result" in reasons


def test_tau_bench_runs_have_no_protocol_errors() -> None:
    runs = json.loads(shared_data("tau-bench", "gpt-4o-airline.json").read_text())
    assert sum(len(find_protocol_errors(r["traj"], format="openai-chat")) for r in runs) == 0
    # a naive "prefix + last 5 messages" cut often starts on a tool result: caught as orphans
    naive = [r["traj"][:1] + r["traj"][-5:] for r in runs if len(r["traj"]) > 8]
    flagged = sum(1 for cut in naive if find_protocol_errors(cut, format="openai-chat"))
    assert flagged > 0


def test_scores_langchain_trim_messages_output() -> None:
    from langchain_core.messages import (
        convert_to_messages,
        convert_to_openai_messages,
        trim_messages,
    )

    # an approval prompt answered while the tool call is still open (valid for grouping, which
    # keeps it in the call's group); trim_messages starts the window on that human message
    history = [
        SYS,
        USER,
        _assistant("a"),
        {"role": "user", "content": "yes, go"},
        _tool("a"),
        REPLY,
    ]
    trimmed = trim_messages(
        convert_to_messages(history),
        strategy="last",
        include_system=True,
        start_on="human",
        token_counter=len,
        max_tokens=4,
    )
    entries = convert_to_openai_messages(trimmed)
    issues = find_protocol_errors(entries, format="openai-chat")
    assert [(i.reason, i.call_id) for i in issues] == [("orphan_result", "a")]


def test_anthropic_history_must_open_with_a_user_turn() -> None:
    reply = {"role": "assistant", "content": [{"type": "text", "text": "hi"}]}
    question = {"role": "user", "content": "hello"}
    issues = find_protocol_errors([reply, question], format="anthropic")
    assert [i.reason for i in issues] == ["first_not_user"]
    assert not find_protocol_errors([question, reply], format="anthropic")
    # OpenAI Chat and Responses accept an assistant turn first
    assert not find_protocol_errors([{"role": "assistant", "content": "hi"}], format="openai-chat")
    item = {"type": "message", "role": "assistant", "content": "hi"}
    assert not find_protocol_errors([item], format="openai-responses")
