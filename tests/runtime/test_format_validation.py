"""``runtime.formats.validation``: valid histories of each format are accepted in it, entries of
another format, unknown roles, bad content and bad tool arguments are refused with the entry's
index and a JSON pointer, and ``auto`` narrows only on entries one format alone accepts."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.errors import EntryFormatError
from runtime.formats.validation import (
    ALL_FORMATS,
    entry_fault,
    fitting_formats,
    narrow_formats,
    reading_format,
)
from runtime.messages import Format
from tests.runtime.histories import FORMATS, conversations

PLAIN = {"role": "user", "content": "plan a trip to Beijing"}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FORMATS).flatmap(lambda f: st.tuples(st.just(f), conversations(f))))
def test_valid_histories_are_accepted_in_their_format(drawn: tuple[Format, list[Any]]) -> None:
    fmt, entries = drawn
    assert fmt in narrow_formats(entries)
    assert narrow_formats(entries, frozenset({fmt})) == {fmt}


def _mutations(fmt: Format) -> list[tuple[str, Any]]:
    """(name, entry) pairs no session of ``fmt`` may store."""
    bad_args_key = {
        "openai-chat": {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": {}}}
            ],
        },
        "openai-responses": {
            "type": "function_call",
            "call_id": "c1",
            "name": "f",
            "arguments": {},
        },
        "anthropic": {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "c1", "name": "f", "input": "{}"}],
        },
    }[fmt]
    foreign = {
        "openai-chat": {"role": "assistant", "content": [{"type": "tool_use", "id": "x"}]},
        "openai-responses": {"role": "tool", "tool_call_id": "c1", "content": "ok"},
        "anthropic": {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"},
    }[fmt]
    return [
        ("unknown role", {"role": "wizard", "content": "abracadabra"}),
        ("number content", {"role": "user", "content": 5}),
        ("not an object", "hello"),
        ("bad arguments", bad_args_key),
        ("foreign entry", foreign),
    ]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(FORMATS).flatmap(
        lambda f: st.tuples(
            st.just(f),
            conversations(f),
            st.integers(0, 4),
            st.integers(0, 1000),
        )
    )
)
def test_mutated_histories_are_refused_at_the_mutated_index(
    drawn: tuple[Format, list[Any], int, int],
) -> None:
    fmt, entries, which, where = drawn
    name, bad = _mutations(fmt)[which]
    index = where % (len(entries) + 1)
    mutated = [*copy.deepcopy(entries[:index]), bad, *copy.deepcopy(entries[index:])]
    with pytest.raises(EntryFormatError) as err:
        narrow_formats(mutated, frozenset({fmt}))
    assert err.value.index == index, name
    assert err.value.formats == (fmt,)


@pytest.mark.parametrize(
    ("entry", "pointer"),
    [
        ({"role": "wizard", "content": "x"}, "/role"),
        ({"role": "user", "content": 5}, "/content"),
        ({"role": "user", "content": [{"type": "input_text", "text": "x"}]}, "/content/0/type"),
        (
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": {"a": 1}}}],
            },
            "/tool_calls/0/function/arguments",
        ),
        (
            {
                "role": "assistant",
                "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": "{oops"}}],
            },
            "/tool_calls/0/function/arguments",
        ),
        ({"role": "tool", "content": "x"}, "/tool_call_id"),
    ],
)
def test_chat_faults_point_at_the_value(entry: dict[str, Any], pointer: str) -> None:
    fault = entry_fault(entry, "openai-chat", index=7)
    assert fault is not None and fault.index == 7 and fault.pointer == pointer


def test_anthropic_tool_blocks_need_object_input_and_the_right_role() -> None:
    use = {"type": "tool_use", "id": "t1", "name": "f", "input": {"q": 1}}
    assert entry_fault({"role": "assistant", "content": [use]}, "anthropic") is None
    fault = entry_fault({"role": "user", "content": [use]}, "anthropic")
    assert fault is not None and fault.pointer == "/content/0/type"
    result = {"type": "tool_result", "tool_use_id": "t1", "content": 5}
    fault = entry_fault({"role": "user", "content": [result]}, "anthropic")
    assert fault is not None and fault.pointer == "/content/0/content"
    fault = entry_fault({"role": "system", "content": "x"}, "anthropic")
    assert fault is not None and fault.pointer == "/role"


def test_auto_stays_undecided_on_plain_strings_and_narrows_on_marks() -> None:
    assert fitting_formats(PLAIN) == ALL_FORMATS
    assert fitting_formats({"role": "assistant", "content": "ok"}) == ALL_FORMATS
    assert narrow_formats([PLAIN, {"role": "assistant", "content": "ok"}]) == ALL_FORMATS
    system = {"role": "system", "content": "be brief"}
    assert narrow_formats([system]) == {"openai-chat", "openai-responses"}
    blocks = {"role": "user", "content": [{"type": "text", "text": "hi"}]}
    assert narrow_formats([blocks]) == ALL_FORMATS
    use = {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}],
    }
    assert narrow_formats([PLAIN, use]) == {"anthropic"}
    call = {"type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}
    assert narrow_formats([PLAIN, call]) == {"openai-responses"}
    tool = {"role": "tool", "tool_call_id": "c", "content": "ok"}
    assert narrow_formats([PLAIN, tool]) == {"openai-chat"}


def test_a_batch_of_two_formats_is_refused_with_every_reason() -> None:
    use = {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "t", "name": "f", "input": {}}],
    }
    tool = {"role": "tool", "tool_call_id": "t", "content": "ok"}
    with pytest.raises(EntryFormatError) as err:
        narrow_formats([PLAIN, use, tool], start=10)
    assert err.value.index == 12 and err.value.formats == ("anthropic",)
    system = {"role": "system", "content": "x"}
    with pytest.raises(EntryFormatError) as err:
        narrow_formats([system, use])
    assert err.value.index == 1
    assert err.value.formats == ("openai-chat", "openai-responses")
    assert "as openai-chat" in str(err.value) and "as openai-responses" in str(err.value)


def test_reading_format_is_a_fixed_candidate() -> None:
    assert reading_format(ALL_FORMATS) == "openai-chat"
    assert reading_format(frozenset({"anthropic"})) == "anthropic"
