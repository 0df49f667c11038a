"""Formats: detection, lossless reading/writing, canonical fields, data messages."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.errors import FormatError
from runtime.formats import (
    FORMATS,
    detect_format,
    make_data_message,
    read_history,
    write_messages,
)
from runtime.formats.entries import MESSAGE_FIELDS
from runtime.messages import Message, ToolCall, ToolResult, content_digest, derive_message_id
from tests.conftest import shared_data
from tests.runtime.histories import formatted_conversations, payloads

# --- auto-detection ----------------------------------------------------------------------------

PLAIN = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
CHAT_CALL = {
    "role": "assistant",
    "content": None,
    "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}],
}
DETECTION = [
    ("empty list", [], "openai-chat"),
    ("plain role+string list is Chat", PLAIN, "openai-chat"),
    ("Chat tool_calls", [CHAT_CALL], "openai-chat"),
    ("Chat tool role", [{"role": "tool", "tool_call_id": "c1", "content": "x"}], "openai-chat"),
    (
        "Chat image_url part",
        [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "u"}}]}],
        "openai-chat",
    ),
    ("Chat envelope", {"messages": [CHAT_CALL], "tools": []}, "openai-chat"),
    (
        "Responses item",
        [{"type": "function_call", "call_id": "c", "name": "f"}],
        "openai-responses",
    ),
    (
        "Responses unknown item",
        [{"type": "compaction", "encrypted_content": "x"}],
        "openai-responses",
    ),
    (
        "Responses input_text part",
        [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}],
        "openai-responses",
    ),
    ("Responses envelope", {"input": PLAIN}, "openai-responses"),
    ("Responses string input", {"input": "hello"}, "openai-responses"),
    (
        "Anthropic tool_use",
        [
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}],
            }
        ],
        "anthropic",
    ),
    (
        "Anthropic thinking",
        [
            {
                "role": "assistant",
                "content": [{"type": "thinking", "thinking": "x", "signature": "s"}],
            }
        ],
        "anthropic",
    ),
    ("Anthropic top-level system", {"system": "be brief", "messages": PLAIN}, "anthropic"),
    (
        "Anthropic system blocks",
        {"system": [{"type": "text", "text": "x"}], "messages": PLAIN},
        "anthropic",
    ),
]


@pytest.mark.parametrize(("name", "payload", "expected"), DETECTION, ids=[d[0] for d in DETECTION])
def test_detect_format(name: str, payload: Any, expected: str) -> None:
    assert detect_format(payload) == expected
    assert read_history(payload).format == expected


BAD_SHAPES = [
    ("a number", 3, "top-level int"),
    ("a string", "hello", "top-level str"),
    ("object without messages", {"model": "x"}, "neither 'messages' nor 'input'"),
    ("messages not a list", {"messages": {"role": "user"}}, "'messages' must be a list"),
    ("entry not an object", [{"role": "user", "content": "x"}, 5], "entry 1"),
    ("entry without role or type", [{"content": "x"}], "entry 0"),
    (
        "LangChain message dicts",
        [{"type": "human", "data": {"content": "hi"}}],
        "entry 0: a LangChain message dict (type 'human')",
    ),
]


@pytest.mark.parametrize(("name", "payload", "needle"), BAD_SHAPES, ids=[b[0] for b in BAD_SHAPES])
def test_shapes_that_fit_nothing_raise_one_line(name: str, payload: Any, needle: str) -> None:
    with pytest.raises(FormatError) as info:
        read_history(payload)
    assert needle in str(info.value)
    assert "\n" not in str(info.value)


def test_a_tuple_of_entries_reads_like_a_list() -> None:
    assert read_history(tuple(PLAIN)).messages == read_history(PLAIN).messages


def test_unknown_format_name() -> None:
    with pytest.raises(FormatError, match="unknown format 'gemini'"):
        read_history(PLAIN, format="gemini")  # type: ignore[arg-type]


# --- lossless round trip -----------------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(formatted_conversations())
def test_round_trip_is_byte_identical(drawn: tuple[str, list[Any]]) -> None:
    fmt, entries = drawn
    before = json.dumps(entries, ensure_ascii=False)
    transcript = read_history(entries, format=fmt)  # type: ignore[arg-type]
    assert json.dumps(write_messages(transcript.messages), ensure_ascii=False) == before
    assert json.dumps(entries, ensure_ascii=False) == before  # reading never mutates
    assert [m.index for m in transcript.messages] == list(range(len(entries)))
    assert len({m.id for m in transcript.messages}) == len(entries)


@settings(max_examples=40, deadline=None)
@given(payloads("anthropic"))
def test_anthropic_system_and_tools_kept_untouched(payload: dict[str, Any]) -> None:
    transcript = read_history(payload, format="anthropic")
    assert transcript.system is payload.get("system")
    assert transcript.tools is payload.get("tools")
    assert write_messages(transcript.messages) == payload["messages"]


def test_write_messages_emits_the_callers_objects() -> None:
    entries = [copy.deepcopy(CHAT_CALL), {"role": "tool", "tool_call_id": "c1", "content": "ok"}]
    written = write_messages(read_history(entries).messages)
    assert all(out is inp for out, inp in zip(written, entries, strict=True))


def test_tau_bench_runs_round_trip() -> None:
    runs = json.loads(shared_data("tau-bench", "gpt-4o-airline.json").read_text())
    for run in runs:
        transcript = read_history(run["traj"])
        assert transcript.format == "openai-chat"
        assert json.dumps(write_messages(transcript.messages)) == json.dumps(run["traj"])


_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5))
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)
_KEY_NAMES = (
    "role content type tool_calls tool_call_id id call_id name arguments output input function "
    "function_call text tool_use_id summary approval_request_id timestamp custom action"
)
_VALUE_NAMES = (
    "user assistant tool system function message function_call function_call_output "
    "reasoning tool_use tool_result text image_url input_text custom"
)
_KEYS = st.sampled_from(_KEY_NAMES.split())
_VALUES = st.one_of(_JSON, st.sampled_from(_VALUE_NAMES.split()))
_PARTS = st.lists(st.dictionaries(_KEYS, _VALUES, max_size=5), max_size=3)
_ENTRIES = st.lists(st.dictionaries(_KEYS, st.one_of(_VALUES, _PARTS), max_size=6), max_size=5)


@settings(max_examples=200, deadline=None)
@given(_ENTRIES, st.sampled_from(["auto", *FORMATS]))
def test_arbitrary_entries_raise_format_error_or_read(entries: list[Any], fmt: str) -> None:
    # whatever JSON arrives, the only failure is a one-line FormatError (never a traceback)
    try:
        transcript = read_history(entries, format=fmt)  # type: ignore[arg-type]
    except FormatError as exc:
        assert "\n" not in str(exc)
        return
    assert write_messages(transcript.messages) == entries


def test_non_json_values_are_format_errors() -> None:
    with pytest.raises(FormatError, match="entry 0: not a JSON value"):
        read_history([{"role": "user", "content": {1, 2}}], format="openai-chat")


# --- ids and timestamps ------------------------------------------------------------------------


def test_ids_own_or_derived_and_stable() -> None:
    entries = [{"role": "user", "content": "a", "id": "u-1"}, {"role": "assistant", "content": "b"}]
    first = read_history(entries).messages
    again = read_history(copy.deepcopy(entries)).messages
    assert (first[0].id, first[0].own_id) == ("u-1", True)
    assert first[1].id == derive_message_id(1, entries[1]) and not first[1].own_id
    assert [m.id for m in first] == [m.id for m in again]
    edited = [entries[0], {"role": "assistant", "content": "B"}]
    assert read_history(edited).messages[1].id != first[1].id


@settings(max_examples=40, deadline=None)
@given(formatted_conversations())
def test_derived_ids_and_digest_hints_match_the_definitions(drawn: tuple[str, list[Any]]) -> None:
    fmt, entries = drawn
    for message in read_history(entries, format=fmt).messages:  # type: ignore[arg-type]
        assert message.digest == content_digest(message.raw)
        if not message.own_id:
            assert message.id == derive_message_id(message.index, message.raw)


@settings(max_examples=30, deadline=None)
@given(formatted_conversations())
def test_content_digest_is_sha256_of_canonical_json(drawn: tuple[str, list[Any]]) -> None:
    for entry in drawn[1]:
        text = json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        assert content_digest(entry) == hashlib.sha256(text.encode()).hexdigest()


def test_digest_hint_is_ignored_once_raw_is_replaced() -> None:
    message = read_history([{"role": "user", "content": "a"}]).messages[0]
    other = {"role": "user", "content": "b"}
    assert dataclasses.replace(message, raw=other).digest == content_digest(other)


def test_positional_message_construction_matches_the_dataclass() -> None:
    assert tuple(f.name for f in dataclasses.fields(Message)) == MESSAGE_FIELDS


def test_repeated_own_ids_fall_back_to_derived_ids() -> None:
    items = [
        {"type": "message", "id": "msg_1", "role": "user", "content": "a"},
        {"type": "item_reference", "id": "msg_1"},
        {"type": "message", "id": "msg_1", "role": "user", "content": "a"},
    ]
    msgs = read_history(items, format="openai-responses").messages
    assert (msgs[0].id, msgs[0].own_id) == ("msg_1", True)
    assert msgs[1].id == derive_message_id(1, items[1]) and not msgs[1].own_id
    assert msgs[2].id == derive_message_id(2, items[2])
    assert msgs[2].digest == content_digest(items[2])


def test_timestamp_only_from_iso_strings() -> None:
    entries = [
        {"role": "user", "content": "a", "timestamp": "2026-09-19T08:00:00+08:00"},
        {"role": "assistant", "content": "b", "created_at": "2026-09-19T08:00:05Z"},
        {"role": "user", "content": "c", "created_at": 1758240000},
        {"role": "user", "content": "d", "timestamp": "yesterday"},
    ]
    stamps = [m.timestamp for m in read_history(entries).messages]
    assert stamps == ["2026-09-19T08:00:00+08:00", "2026-09-19T08:00:05Z", None, None]


# --- OpenAI Chat Completions -------------------------------------------------------------------


def test_chat_canonical_fields() -> None:
    entries = [
        {"role": "system", "content": "policy"},
        {"role": "developer", "content": [{"type": "text", "text": "dev"}]},
        {
            "role": "user",
            "name": "alice",
            "content": [
                {"type": "text", "text": "look"},
                {"type": "image_url", "image_url": {"url": "data:,"}},
                {"type": "image_url", "image_url": {"url": "data:,"}},
            ],
        },
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "f", "arguments": '{"x":1}'}},
                {"id": "b", "type": "function", "function": {"name": "g", "arguments": "{}"}},
            ],
        },
        {"role": "tool", "tool_call_id": "a", "content": "A out"},
        {"role": "tool", "tool_call_id": "b", "content": [{"type": "text", "text": "B out"}]},
        {"role": "assistant", "content": None, "refusal": "I can't"},
        {"role": "critic", "content": "opaque"},
    ]
    msgs = read_history(entries, format="openai-chat").messages
    assert [m.role for m in msgs] == [
        "system",
        "developer",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
        "other",
    ]
    assert msgs[1].text == "dev" and msgs[2].text == "look" and msgs[2].image_count == 2
    assert msgs[3].text == "" and msgs[3].tool_calls == (
        ToolCall("a", "f", '{"x":1}'),
        ToolCall("b", "g", "{}"),
    )
    assert msgs[4].tool_results == (ToolResult("a", "A out"),) and msgs[4].text == "A out"
    assert msgs[5].tool_results == (ToolResult("b", "B out"),)
    assert msgs[6].text == "I can't"
    assert msgs[7].item_type == "opaque"


def test_chat_custom_tool_call_and_dict_arguments() -> None:
    entries = [
        {
            "role": "assistant",
            "tool_calls": [
                {"id": "c", "type": "custom", "custom": {"name": "patch", "input": "*** diff"}},
                {"id": "d", "type": "function", "function": {"name": "f", "arguments": {"k": 1}}},
            ],
        }
    ]
    calls = read_history(entries, format="openai-chat").messages[0].tool_calls
    assert calls == (ToolCall("c", "patch", "*** diff"), ToolCall("d", "f", '{"k": 1}'))


def test_chat_legacy_function_pairs_by_name() -> None:
    entries = [
        {"role": "user", "content": "weather?"},
        {"role": "assistant", "content": None, "function_call": {"name": "w", "arguments": "{}"}},
        {"role": "function", "name": "w", "content": "sunny"},
        {"role": "function", "name": "w", "content": "stray"},
    ]
    msgs = read_history(entries, format="openai-chat").messages
    assert msgs[1].tool_calls == (ToolCall("legacy-function:1", "w", "{}"),)
    assert msgs[2].tool_results == (ToolResult("legacy-function:1", "sunny"),)
    assert msgs[3].role == "tool" and msgs[3].tool_results == ()


CHAT_MALFORMED = [
    ("tool without tool_call_id", [{"role": "tool", "content": "x"}], "entry 0: tool_call_id"),
    ("role not a string", [{"role": 1, "content": "x"}], "entry 0"),
    (
        "tool_calls not a list",
        [{"role": "user", "content": "x"}, {"role": "assistant", "tool_calls": {}}],
        "entry 1: tool_calls must be a list",
    ),
    (
        "call without id",
        [{"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "f"}}]}],
        "entry 0: tool_calls[].id",
    ),
    (
        "call without function",
        [{"role": "assistant", "tool_calls": [{"id": "c", "type": "function"}]}],
        "entry 0: tool call 'c' has no function",
    ),
]


@pytest.mark.parametrize(
    ("name", "entries", "needle"), CHAT_MALFORMED, ids=[c[0] for c in CHAT_MALFORMED]
)
def test_chat_malformed_entries_name_the_position(name: str, entries: Any, needle: str) -> None:
    with pytest.raises(FormatError) as info:
        read_history(entries, format="openai-chat")
    assert needle in str(info.value)


# --- OpenAI Responses --------------------------------------------------------------------------


def test_responses_canonical_fields() -> None:
    items = [
        {"role": "developer", "content": "rules"},
        {
            "type": "message",
            "id": "msg_1",
            "role": "user",
            "content": [
                {"type": "input_text", "text": "book it"},
                {"type": "input_image", "image_url": "data:,"},
            ],
        },
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "plan"}]},
        {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call", "call_id": "c2", "name": "g", "arguments": '{"a":2}'},
        {"type": "function_call_output", "call_id": "c1", "output": "one"},
        {
            "type": "function_call_output",
            "call_id": "c2",
            "output": [{"type": "input_text", "text": "two"}],
        },
        {"type": "web_search_call", "id": "ws_1", "status": "completed"},
        {"type": "custom_tool_call", "call_id": "c3", "name": "patch", "input": "diff"},
        {"type": "custom_tool_call_output", "call_id": "c3", "output": "applied"},
        {
            "type": "mcp_approval_request",
            "id": "mr_1",
            "name": "book",
            "arguments": "{}",
            "server_label": "s",
        },
        {"type": "mcp_approval_response", "approval_request_id": "mr_1", "approve": True},
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": "done"}],
        },
    ]
    msgs = read_history({"input": items}).messages
    assert [(m.role, m.item_type) for m in msgs] == [
        ("developer", "message"),
        ("user", "message"),
        ("assistant", "reasoning"),
        ("assistant", "function_call"),
        ("assistant", "function_call"),
        ("tool", "function_call_output"),
        ("tool", "function_call_output"),
        ("other", "web_search_call"),
        ("assistant", "custom_tool_call"),
        ("tool", "custom_tool_call_output"),
        ("assistant", "mcp_approval_request"),
        ("tool", "mcp_approval_response"),
        ("assistant", "message"),
    ]
    assert msgs[1].id == "msg_1" and msgs[1].text == "book it" and msgs[1].image_count == 1
    assert msgs[2].text == "plan"
    assert msgs[3].id == "fc_1" and msgs[3].tool_calls == (ToolCall("c1", "f", "{}"),)
    assert msgs[6].tool_results == (ToolResult("c2", "two"),)
    assert msgs[8].tool_calls == (ToolCall("c3", "patch", "diff"),)
    assert msgs[10].tool_calls[0].call_id == "mr_1"
    assert msgs[11].tool_results == (ToolResult("mr_1", "approved"),)
    assert msgs[12].text == "done"


def test_responses_outputs_of_other_tools() -> None:
    shot = {"type": "computer_screenshot", "image_url": "data:image/png;base64," + "A" * 400}
    items = [
        {"type": "computer_call", "call_id": "k1", "action": {"type": "click", "x": 1, "y": 2}},
        {"type": "computer_call_output", "call_id": "k1", "output": shot},
        {"type": "shell_call", "call_id": "s1", "action": {"commands": ["ls"]}},
        {
            "type": "shell_call_output",
            "call_id": "s1",
            "output": [
                {"stdout": "a.txt", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}
            ],
        },
        {"type": "local_shell_call", "id": "ls_1", "call_id": "l1", "action": {}},
    ]
    msgs = read_history(items, format="openai-responses").messages
    assert msgs[0].tool_calls == (
        ToolCall("k1", "computer_call", '{"type": "click", "x": 1, "y": 2}'),
    )
    assert (msgs[1].text, msgs[1].image_count) == ("", 1)
    assert msgs[3].tool_results == (ToolResult("s1", "a.txt"),)
    assert (msgs[4].role, msgs[4].item_type, msgs[4].tool_calls) == (
        "other",
        "local_shell_call",
        (),
    )


def test_responses_string_input_is_one_user_message() -> None:
    msgs = read_history({"input": "hello"}).messages
    assert [(m.role, m.text) for m in msgs] == [("user", "hello")]


def test_responses_call_without_call_id_names_position() -> None:
    items = [{"role": "user", "content": "x"}, {"type": "function_call", "name": "f"}]
    with pytest.raises(FormatError, match=r"entry 1: function_call.call_id"):
        read_history(items, format="openai-responses")


# --- Anthropic Messages ------------------------------------------------------------------------


def test_anthropic_canonical_fields() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "A"}}
    messages = [
        {"role": "user", "content": [image, {"type": "text", "text": "what is this"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "secret plan", "signature": "s"},
                {"type": "redacted_thinking", "data": "xx"},
                {"type": "text", "text": "checking"},
                {"type": "tool_use", "id": "t1", "name": "lookup", "input": {"q": "cat"}},
                {"type": "tool_use", "id": "t2", "name": "zoom", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "a cat"},
                {
                    "type": "tool_result",
                    "tool_use_id": "t2",
                    "is_error": True,
                    "content": [{"type": "text", "text": "failed"}, image],
                },
                {"type": "text", "text": "hurry"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "server_tool_use", "id": "s1", "name": "web_search", "input": {}},
                {"type": "web_search_tool_result", "tool_use_id": "s1", "content": []},
                {"type": "text", "text": "a cat."},
            ],
        },
    ]
    transcript = read_history({"system": "be kind", "messages": messages})
    msgs = transcript.messages
    assert transcript.format == "anthropic" and transcript.system == "be kind"
    assert msgs[0].image_count == 1 and msgs[0].text == "what is this"
    assert msgs[1].text == "checking"  # thinking is private reasoning, not text
    assert msgs[1].tool_calls == (
        ToolCall("t1", "lookup", '{"q": "cat"}'),
        ToolCall("t2", "zoom", "{}"),
    )
    assert msgs[2].role == "user" and msgs[2].image_count == 1
    assert msgs[2].tool_results == (ToolResult("t1", "a cat"), ToolResult("t2", "failed", True))
    assert msgs[2].text == "a cat\nfailed\nhurry"
    assert msgs[3].tool_calls == () and msgs[3].text == "a cat."


@pytest.mark.parametrize(
    ("entries", "needle"),
    [
        ([{"role": "user"}], "entry 0: an Anthropic message needs content"),
        ([{"role": "assistant", "content": [{"type": "tool_use", "name": "f"}]}], "tool_use.id"),
        ([{"role": "user", "content": [{"type": "tool_result"}]}], "tool_result.tool_use_id"),
        ([{"role": "user", "content": [3]}], "content blocks must be objects"),
    ],
)
def test_anthropic_malformed(entries: Any, needle: str) -> None:
    with pytest.raises(FormatError, match=needle):
        read_history(entries, format="anthropic")


# --- data messages -----------------------------------------------------------------------------

DATA = "<compaction_summary trust='untrusted' schema='v1'>{}</compaction_summary>"


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("openai-chat", {"role": "user", "content": DATA}),
        (
            "openai-responses",
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": DATA}]},
        ),
        ("anthropic", {"role": "user", "content": [{"type": "text", "text": DATA}]}),
    ],
)
def test_make_data_message(fmt: str, expected: Any) -> None:
    entry = make_data_message(fmt, DATA)  # type: ignore[arg-type]
    assert entry == expected
    message = read_history([entry], format=fmt).messages[0]  # type: ignore[arg-type]
    assert (message.role, message.text) == ("user", DATA)


def test_make_data_message_unknown_format() -> None:
    with pytest.raises(FormatError):
        make_data_message("gemini", "x")  # type: ignore[arg-type]


def test_formats_constant() -> None:
    assert FORMATS == ("openai-chat", "openai-responses", "anthropic")
