"""Reading with an earlier read's messages (``runtime.formats.reuse``) gives exactly what a
fresh read gives, whatever the caller did to the entries in between."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runtime import Budget, Compactor
from runtime.formats import read_history
from runtime.formats.reuse import memo_of, reused
from runtime.messages import Format, Message
from tests.runtime.histories import FORMATS, conversations

SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)

EDITS = ("keep", "edit_in_place", "equal_copy", "insert", "delete", "repeat_own_id")


def _fields(message: Message) -> tuple[Any, ...]:
    return (
        message.id,
        message.index,
        message.role,
        message.text,
        message.item_type,
        message.tool_calls,
        message.tool_results,
        message.image_count,
        message.own_id,
        message.timestamp,
        message.digest,
    )


def _edited(entries: list[Any], edit: str, at: int) -> list[Any]:
    """``entries`` after one thing a caller may do between two calls (objects shared)."""
    out = list(entries)
    at = min(at, len(out) - 1)
    if edit == "edit_in_place" and isinstance(out[at], dict):
        out[at]["note"] = "edited"  # the same object, other content
    elif edit == "equal_copy":
        out[at] = copy.deepcopy(out[at])  # equal content, another object
    elif edit == "insert":
        out.insert(at, {"role": "user", "content": "inserted"})
    elif edit == "delete" and len(out) > 1:
        del out[at]
    elif edit == "repeat_own_id" and isinstance(out[at], dict):
        out.append({**out[at], "id": out[at].get("id") or "repeated"})
    return out


@pytest.mark.parametrize("fmt", FORMATS)
@SETTINGS
@given(data=st.data())
def test_a_read_with_reuse_equals_a_fresh_read(data: st.DataObject, fmt: Format) -> None:
    entries = data.draw(conversations(fmt, min_exchanges=2, max_exchanges=6, messy=True))
    first = read_history(entries, format=fmt)
    memo = memo_of(first.messages)
    edits = data.draw(st.lists(st.sampled_from(EDITS), min_size=1, max_size=3))
    later = copy.copy(entries)
    for edit in edits:
        later = _edited(later, edit, data.draw(st.integers(0, len(later) - 1)))
    later.append(
        {"role": "user", "content": "one more"}
        if fmt != "openai-responses"
        else {"type": "message", "role": "user", "content": "one more"}
    )
    start = data.draw(st.integers(0, 3))
    fresh = read_history(later, format=fmt, start=start)
    again = read_history(later, format=fmt, start=start, memo=memo)
    assert [_fields(m) for m in again.messages] == [_fields(m) for m in fresh.messages]
    assert all(m.raw is e for m, e in zip(again.messages, later, strict=True))


def test_only_the_same_unchanged_object_at_the_same_position_is_reused() -> None:
    entry: dict[str, Any] = {"role": "user", "content": "hello"}
    (message,) = read_history([entry], format="openai-chat").messages
    memo = memo_of([message])
    assert reused(memo, 0, entry) is message
    assert reused(memo, 1, entry) is None  # another position: another derived id
    assert reused(memo, 0, dict(entry)) is None  # an equal copy is the caller's other object
    entry["content"] = "changed"
    assert reused(memo, 0, entry) is None  # edited in place


def test_a_legacy_function_result_is_always_read_again() -> None:
    """It pairs with the entry before it, which may have changed."""
    call = {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": ""}}
    result = {"role": "function", "name": "f", "content": "42"}
    first = read_history([call, result], format="openai-chat")
    memo = memo_of(first.messages)
    other = {"role": "assistant", "content": "no call"}
    fresh = read_history([other, result], format="openai-chat").messages
    again = read_history([other, result], format="openai-chat", memo=memo).messages
    assert again[1].tool_results == fresh[1].tool_results == ()
    assert first.messages[1].tool_results != ()


def _loop(turns: int) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = [{"role": "system", "content": "You book trains."}]
    for i in range(turns):
        entries.append({"role": "user", "content": f"Question {i}: what leaves at 0{i % 9}:15?"})
        entries.append({"role": "assistant", "content": f"Train G{7000 + i} leaves then. " * 8})
    return entries


def test_the_state_carries_the_reads_and_a_compactor_keeps_none() -> None:
    compactor = Compactor(Budget(2_000, max_output_tokens=0, tool_reserve=0))
    history = _loop(40)
    first = compactor.compact(history)
    assert first.state._reads is not None
    assert first.state.to_dict() == Compactor(compactor.budget).compact(history).state.to_dict()
    assert "_reads" not in first.state.to_dict()
    assert compactor._stateless_reads is None  # only with keep_stateless_index
    history.append({"role": "user", "content": "And the last one?"})
    reads = first.state._reads
    second = compactor.compact(history, state=first.state)
    assert first.state._reads is None  # handed over: a chain of states holds one memo
    assert second.state._reads is not None
    cut = second.state.cut_index or 0
    assert all(m.index >= cut or m.index <= 1 for m in second.state._reads.values())
    object.__setattr__(first.state, "_reads", reads)
    fresh = Compactor(compactor.budget).compact(history, state=first.state)
    assert second.ids == fresh.ids and second.report["incremental"]
    history[-3]["content"] = "Edited: the 09:15 train is cancelled."  # in the window, in place
    third = compactor.compact(history, state=second.state)
    assert "Edited: the 09:15 train is cancelled." in str(third.messages)


def test_the_stateless_option_keeps_the_reads_until_forgotten() -> None:
    compactor = Compactor(
        Budget(2_000, max_output_tokens=0, tool_reserve=0), keep_stateless_index=True
    )
    history = _loop(40)
    compactor.compact(history)
    assert compactor._stateless_reads is not None
    history.append({"role": "user", "content": "And the last one?"})
    again = compactor.compact(history)
    assert again.ids == Compactor(compactor.budget).compact(history).ids
    compactor.forget_stateless_index()
    assert compactor._stateless_reads is None


@pytest.mark.parametrize("fmt", FORMATS)
@SETTINGS
@given(data=st.data())
def test_an_unchanged_history_is_not_parsed_again(data: st.DataObject, fmt: Format) -> None:
    entries = data.draw(conversations(fmt, min_exchanges=2, max_exchanges=6))
    first = read_history(entries, format=fmt).messages
    again = read_history(entries, format=fmt, memo=memo_of(first)).messages
    legacy = [isinstance(e, dict) and e.get("role") == "function" for e in entries]
    assert all(a is b or skip for a, b, skip in zip(again, first, legacy, strict=True))


def test_pickling_or_copying_a_state_leaves_the_reads_behind() -> None:
    state = Compactor(Budget(2_000, max_output_tokens=0, tool_reserve=0)).compact(_loop(40)).state
    assert state._reads
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert copied == state and copied._reads is None
