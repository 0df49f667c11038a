"""Grouping: prefix, tool groups with all their results, pending tails, pass-through items."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.errors import ProtocolError
from runtime.formats import read_history
from runtime.grouping import Group, group_messages
from runtime.messages import Format
from tests.conftest import shared_data
from tests.runtime.histories import FORMATS, conversations, formatted_conversations


def _shape(
    entries: list[Any], fmt: Format
) -> list[tuple[str, list[int], tuple[str, ...], tuple[str, ...]]]:
    groups = group_messages(read_history(entries, format=fmt).messages)
    return [(g.kind, [m.index for m in g.messages], g.call_ids, g.pending_call_ids) for g in groups]


def _call(call_id: str, name: str = "f") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}


def _assistant(*call_ids: str) -> dict[str, Any]:
    return {"role": "assistant", "content": None, "tool_calls": [_call(c) for c in call_ids]}


def _tool(call_id: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": f"result {call_id}"}


SYS = {"role": "system", "content": "policy"}
DEV = {"role": "developer", "content": "rules"}
USER = {"role": "user", "content": "hi"}
REPLY = {"role": "assistant", "content": "ok"}

# --- OpenAI Chat -------------------------------------------------------------------------------

CHAT_CASES = [
    (
        "prefix, parallel calls, reply",
        [SYS, DEV, USER, _assistant("a", "b"), _tool("a"), _tool("b"), REPLY],
        [
            ("prefix", [0, 1], (), ()),
            ("message", [2], (), ()),
            ("tool", [3, 4, 5], ("a", "b"), ()),
            ("message", [6], (), ()),
        ],
    ),
    (
        "pending tail: one of two parallel calls answered",
        [SYS, USER, _assistant("a", "b"), _tool("a")],
        [("prefix", [0], (), ()), ("message", [1], (), ()), ("tool", [2, 3], ("a", "b"), ("b",))],
    ),
    (
        "approval pending: call with no result at the tail",
        [USER, REPLY, USER, _assistant("book")],
        [
            ("message", [0], (), ()),
            ("message", [1], (), ()),
            ("message", [2], (), ()),
            ("tool", [3], ("book",), ("book",)),
        ],
    ),
    (
        "interleaved user message stays inside the group",
        [USER, _assistant("a", "b"), _tool("a"), USER, _tool("b"), REPLY],
        [
            ("message", [0], (), ()),
            ("tool", [1, 2, 3, 4], ("a", "b"), ()),
            ("message", [5], (), ()),
        ],
    ),
    (
        "a second call before the first result joins the group (closure)",
        [USER, _assistant("a"), _assistant("b"), _tool("a"), _tool("b")],
        [("message", [0], (), ()), ("tool", [1, 2, 3, 4], ("a", "b"), ())],
    ),
    (
        "unanswered call not at the tail is its own group, no error",
        [USER, _assistant("a"), USER, REPLY],
        [
            ("message", [0], (), ()),
            ("tool", [1], ("a",), ()),
            ("message", [2], (), ()),
            ("message", [3], (), ()),
        ],
    ),
    (
        "call id reused after its answer is a new call (recorded tau-bench runs do this)",
        [USER, _assistant("a"), _tool("a"), USER, _assistant("a"), _tool("a")],
        [
            ("message", [0], (), ()),
            ("tool", [1, 2], ("a",), ()),
            ("message", [3], (), ()),
            ("tool", [4, 5], ("a",), ()),
        ],
    ),
    (
        "system message later in the history is a plain message, not prefix",
        [USER, SYS, REPLY],
        [("message", [0], (), ()), ("message", [1], (), ()), ("message", [2], (), ())],
    ),
    (
        "unknown role rides with the next group, or the last at the tail",
        [SYS, {"role": "critic", "content": "x"}, USER, REPLY, {"role": "critic", "content": "y"}],
        [("prefix", [0], (), ()), ("message", [1, 2], (), ()), ("message", [3, 4], (), ())],
    ),
    ("empty history", [], []),
    ("prefix only", [SYS], [("prefix", [0], (), ())]),
]


@pytest.mark.parametrize(
    ("name", "entries", "expected"), CHAT_CASES, ids=[c[0] for c in CHAT_CASES]
)
def test_chat_grouping(name: str, entries: list[Any], expected: list[Any]) -> None:
    assert _shape(entries, "openai-chat") == expected


# --- OpenAI Responses --------------------------------------------------------------------------


def _fc(call_id: str) -> dict[str, Any]:
    return {"type": "function_call", "call_id": call_id, "name": "f", "arguments": "{}"}


def _fco(call_id: str) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": "r"}


R_USER = {"role": "user", "content": "hi"}
R_REPLY = {
    "type": "message",
    "role": "assistant",
    "content": [{"type": "output_text", "text": "ok"}],
}
REASONING = {"type": "reasoning", "id": "rs_1", "summary": []}
WEB = {"type": "web_search_call", "id": "ws_1", "status": "completed"}
COMPACTION = {"type": "compaction", "encrypted_content": "gAAA"}
REF = {"type": "item_reference", "id": "msg_0"}

RESPONSES_CASES = [
    (
        "reasoning stays with the parallel function calls that follow it",
        [
            {"role": "developer", "content": "d"},
            R_USER,
            REASONING,
            _fc("a"),
            _fc("b"),
            _fco("b"),
            _fco("a"),
            R_REPLY,
        ],
        [
            ("prefix", [0], (), ()),
            ("message", [1], (), ()),
            ("tool", [2, 3, 4, 5, 6], ("a", "b"), ()),
            ("message", [7], (), ()),
        ],
    ),
    (
        "pending tail: parallel calls with no outputs yet",
        [R_USER, REASONING, _fc("a"), _fc("b")],
        [("message", [0], (), ()), ("tool", [1, 2, 3], ("a", "b"), ("a", "b"))],
    ),
    (
        "consecutive calls group even when the first stays unanswered",
        [R_USER, _fc("a"), _fc("b"), _fco("b"), R_USER],
        [("message", [0], (), ()), ("tool", [1, 2, 3], ("a", "b"), ()), ("message", [4], (), ())],
    ),
    (
        "unknown items join the following group, never split from a call",
        [COMPACTION, R_USER, WEB, REF, _fc("a"), _fco("a"), R_REPLY],
        [("message", [0, 1], (), ()), ("tool", [2, 3, 4, 5], ("a",), ()), ("message", [6], (), ())],
    ),
    (
        "unknown items at the tail join the last group",
        [R_USER, R_REPLY, WEB, COMPACTION],
        [("message", [0], (), ()), ("message", [1, 2, 3], (), ())],
    ),
    (
        "interleaved user message between a call and its output",
        [R_USER, _fc("a"), R_USER, _fco("a"), R_REPLY],
        [("message", [0], (), ()), ("tool", [1, 2, 3], ("a",), ()), ("message", [4], (), ())],
    ),
    (
        "outputs of stored calls pair with their item_reference items",
        [
            R_USER,
            {"type": "item_reference", "id": "fc_1"},
            {"type": "item_reference", "id": "fc_2"},
            _fco("c1"),
            R_USER,
            _fco("c2"),
            R_REPLY,
        ],
        [
            ("message", [0], (), ()),
            ("tool", [1, 2, 3, 4, 5], ("c1", "c2"), ()),
            ("message", [6], (), ()),
        ],
    ),
    (
        "an item_reference no output claims rides along",
        [R_USER, REF, R_REPLY],
        [("message", [0], (), ()), ("message", [1, 2], (), ())],
    ),
    (
        "only unknown items form one group",
        [WEB, COMPACTION],
        [("message", [0, 1], (), ())],
    ),
    (
        "approval request pending at the tail",
        [R_USER, {"type": "mcp_approval_request", "id": "mr_1", "name": "book", "arguments": "{}"}],
        [("message", [0], (), ()), ("tool", [1], ("mr_1",), ("mr_1",))],
    ),
    (
        "approval answered groups with its request",
        [
            R_USER,
            {"type": "mcp_approval_request", "id": "mr_1", "name": "book", "arguments": "{}"},
            {"type": "mcp_approval_response", "approval_request_id": "mr_1", "approve": False},
            R_REPLY,
        ],
        [("message", [0], (), ()), ("tool", [1, 2], ("mr_1",), ()), ("message", [3], (), ())],
    ),
    (
        "a pending call followed only by pass-through items is still at the tail",
        [R_USER, _fc("a"), WEB],
        [("message", [0], (), ()), ("tool", [1, 2], ("a",), ("a",))],
    ),
]


@pytest.mark.parametrize(
    ("name", "entries", "expected"), RESPONSES_CASES, ids=[c[0] for c in RESPONSES_CASES]
)
def test_responses_grouping(name: str, entries: list[Any], expected: list[Any]) -> None:
    assert _shape(entries, "openai-responses") == expected


# --- Anthropic ---------------------------------------------------------------------------------


def _use(*ids: str, thinking: bool = False) -> dict[str, Any]:
    blocks: list[Any] = (
        [{"type": "thinking", "thinking": "t", "signature": "s"}] if thinking else []
    )
    blocks += [{"type": "tool_use", "id": i, "name": "f", "input": {}} for i in ids]
    return {"role": "assistant", "content": blocks}


def _results(*ids: str) -> dict[str, Any]:
    return {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": i, "content": "r"} for i in ids],
    }


A_USER = {"role": "user", "content": "hi"}
A_REPLY = {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}

ANTHROPIC_CASES = [
    (
        "parallel tool_use with thinking, results in the next user message",
        [A_USER, _use("t1", "t2", thinking=True), _results("t1", "t2"), A_REPLY],
        [("message", [0], (), ()), ("tool", [1, 2], ("t1", "t2"), ()), ("message", [3], (), ())],
    ),
    (
        "pending tail: tool_use awaiting its results",
        [A_USER, A_REPLY, A_USER, _use("t1")],
        [
            ("message", [0], (), ()),
            ("message", [1], (), ()),
            ("message", [2], (), ()),
            ("tool", [3], ("t1",), ("t1",)),
        ],
    ),
    (
        "interleaved user message before the results message",
        [A_USER, _use("t1"), A_USER, _results("t1"), A_REPLY],
        [("message", [0], (), ()), ("tool", [1, 2, 3], ("t1",), ()), ("message", [4], (), ())],
    ),
    (
        "results and a new user question in one message",
        [
            A_USER,
            _use("t1"),
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "t1", "content": "r"},
                    {"type": "text", "text": "and the hotel?"},
                ],
            },
            A_REPLY,
        ],
        [("message", [0], (), ()), ("tool", [1, 2], ("t1",), ()), ("message", [3], (), ())],
    ),
    (
        "server tools and images pass through inside their message",
        [
            {"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": "u"}}]},
            {
                "role": "assistant",
                "content": [
                    {"type": "server_tool_use", "id": "s1", "name": "web_search", "input": {}},
                    {"type": "web_search_tool_result", "tool_use_id": "s1", "content": []},
                ],
            },
        ],
        [("message", [0], (), ()), ("message", [1], (), ())],
    ),
]


@pytest.mark.parametrize(
    ("name", "entries", "expected"), ANTHROPIC_CASES, ids=[c[0] for c in ANTHROPIC_CASES]
)
def test_anthropic_grouping(name: str, entries: list[Any], expected: list[Any]) -> None:
    assert _shape(entries, "anthropic") == expected


# --- protocol errors ---------------------------------------------------------------------------

ERRORS = [
    ("orphan result", "openai-chat", [USER, _tool("x")], "orphan_result", 1, "x"),
    (
        "result before its call",
        "openai-chat",
        [_tool("a"), _assistant("a")],
        "orphan_result",
        0,
        "a",
    ),
    (
        "answered twice",
        "openai-chat",
        [USER, _assistant("a"), _tool("a"), _tool("a")],
        "answered_twice",
        3,
        "a",
    ),
    (
        "duplicate id in parallel calls",
        "openai-chat",
        [USER, _assistant("a", "a")],
        "duplicate_call_id",
        1,
        "a",
    ),
    (
        "duplicate id while the first is unanswered",
        "openai-responses",
        [R_USER, _fc("a"), _fc("a"), _fco("a")],
        "duplicate_call_id",
        2,
        "a",
    ),
    (
        "anthropic result twice in one message",
        "anthropic",
        [A_USER, _use("t"), _results("t", "t")],
        "answered_twice",
        2,
        "t",
    ),
    ("anthropic orphan", "anthropic", [A_USER, _results("nope")], "orphan_result", 1, "nope"),
]


@pytest.mark.parametrize(
    ("name", "fmt", "entries", "reason", "index", "call_id"), ERRORS, ids=[e[0] for e in ERRORS]
)
def test_protocol_errors_name_message_and_call(
    name: str, fmt: Format, entries: list[Any], reason: str, index: int, call_id: str
) -> None:
    messages = read_history(entries, format=fmt).messages
    with pytest.raises(ProtocolError) as info:
        group_messages(messages)
    error = info.value
    assert (error.reason, error.index, error.call_id) == (reason, index, call_id)
    assert error.message_id == messages[index].id
    assert messages[index].id in str(error) and repr(call_id) in str(error)
    assert isinstance(error, ValueError)


# --- invariants --------------------------------------------------------------------------------


def _check_invariants(groups: tuple[Group, ...], count: int) -> None:
    flat = [m.index for g in groups for m in g.messages]
    assert flat == list(range(count)), "groups partition the history in order"
    assert [g.index for g in groups] == list(range(len(groups)))
    home: dict[tuple[int, str], int] = {}
    for group in groups:
        assert group.messages, "no empty group"
        assert group.kind != "prefix" or group.index == 0
        if group.kind == "prefix":
            assert all(m.role in ("system", "developer") for m in group.messages)
        if group.pending_call_ids:
            assert group is groups[-1], "pending calls only in the tail group"
        for message in group.messages:
            for call in message.tool_calls:
                home[(message.index, call.call_id)] = group.index
    # every result sits in the same group as the most recent call with its id (results of
    # stored calls named by an item_reference are checked in the table cases)
    latest: dict[str, int] = {}
    for group in groups:
        for message in group.messages:
            for result in message.tool_results:
                if result.call_id in latest:
                    assert home[(latest[result.call_id], result.call_id)] == group.index
            for call in message.tool_calls:
                latest[call.call_id] = message.index


@settings(max_examples=100, deadline=None)
@given(formatted_conversations())
def test_groups_never_split_a_call_from_its_results(drawn: tuple[Format, list[Any]]) -> None:
    fmt, entries = drawn
    messages = read_history(entries, format=fmt).messages
    groups = group_messages(messages)
    _check_invariants(groups, len(messages))
    group_of = {m.index: g.index for g in groups for m in g.messages}
    for message in messages[:-1]:
        if message.item_type == "reasoning" or message.role == "other":
            # pass-through items ride with the entry after them
            assert group_of[message.index] == group_of[message.index + 1]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(FORMATS), st.data())
def test_messy_histories_group_without_error(fmt: Format, data: st.DataObject) -> None:
    # interleaved messages, calls unanswered mid-history, ids reused after their answer:
    # providers reject these, grouping must still cover them without splitting a call
    entries = data.draw(conversations(fmt, messy=True))
    messages = read_history(entries, format=fmt).messages
    _check_invariants(group_messages(messages), len(messages))


def test_tau_bench_all_runs_group_every_call() -> None:
    runs = json.loads(shared_data("tau-bench", "gpt-4o-airline.json").read_text())
    calls = 0
    for run in runs:
        messages = read_history(run["traj"]).messages
        groups = group_messages(messages)
        _check_invariants(groups, len(messages))
        assert groups[0].kind == "prefix"
        assert not any(g.pending_call_ids for g in groups)
        calls += sum(len(g.call_ids) for g in groups)
    assert len(runs) == 200
    assert calls == 1164
