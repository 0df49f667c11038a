"""Incremental reads: between compactions only what the state implies is read, and any change
the window depends on forces a full read (moved from test_compactor.py)."""

from __future__ import annotations

from typing import Any

import pytest

from runtime import CompactionState, Compactor, ProtocolError
from runtime.formats import read_history
from tests.runtime.compaction.test_compactor import chat_history, compactor, words


def _warm_setup(pins: tuple[str, ...] = ()) -> tuple[Compactor, list[dict[str, Any]], Any]:
    c = compactor(1_000)
    history = chat_history(40)
    first = c.compact(history, pinned_ids=pins)
    assert first.report["triggered"] and first.state.cut_index is not None
    history.append({"role": "user", "content": "next"})
    return c, history, first.state


def test_between_compactions_only_the_window_is_read() -> None:
    c, history, state = _warm_setup()
    warm = c.compact(history, state=state)
    assert warm.report["incremental"] and not warm.report["triggered"]
    assert warm.report["input_tokens"] == c.compact(history).report["input_tokens"]
    assert warm.report["groups_total"] == 42 and warm.report["history_messages"] == 42
    assert warm.report["dropped_ids"] == []
    # what is not read is not looked at: a dropped entry may even be garbage
    assert state.cut_index is not None
    history[3] = {"role": "user", "content": "edited after it was dropped"}
    assert c.compact(history, state=state).ids == warm.ids


def test_changes_the_window_depends_on_force_a_full_read() -> None:
    c, history, state = _warm_setup()
    assert state.cut_index is not None
    at_cut = list(history)
    at_cut[state.cut_index] = {"role": "user", "content": "rewritten"}
    result = c.compact(at_cut, state=state)
    assert not result.report["incremental"] and result.report["state_reset"] == "history_changed"
    grown_prefix = [{"role": "system", "content": "Also be polite."}, *history]
    assert not c.compact(grown_prefix, state=state).report["incremental"]
    as_other = c.compact(history, state=state, format="anthropic")
    assert not as_other.report["incremental"]
    # an edited system prompt of the same length is read again and sent as it is now
    edited = [{"role": "system", "content": "You are a careful travel agent."}, *history[1:]]
    result = c.compact(edited, state=state)
    assert result.report["incremental"] and result.messages[0] is edited[0]


def test_pins_before_the_cut_are_read_where_the_state_left_them() -> None:
    ids = [m.id for m in read_history(chat_history(40)).messages]
    c, history, state = _warm_setup(pins=(ids[3],))
    assert state.pinned_spans == ((3, 4, (ids[3],)),)
    warm = c.compact(history, pinned_ids=[ids[3]], state=state)
    assert warm.report["incremental"] and ids[3] in warm.ids
    unpinned = c.compact(history, state=state)
    assert unpinned.report["incremental"] and ids[3] not in unpinned.ids
    assert unpinned.state.pinned_spans == ()
    new_pin = c.compact(history, pinned_ids=[ids[3], ids[5]], state=state)
    assert not new_pin.report["incremental"]
    assert {ids[3], ids[5]} <= set(new_pin.ids)


def test_protocol_errors_after_the_cut_still_raise() -> None:
    c, history, state = _warm_setup()
    history.append({"role": "tool", "tool_call_id": "ghost", "content": "orphan"})
    with pytest.raises(ProtocolError, match="ghost"):
        c.compact(history, state=state)


def test_an_own_id_repeated_across_the_cut_forces_a_full_read() -> None:
    items: list[dict[str, Any]] = [
        {"type": "message", "role": "user", "id": f"u{i}", "content": words(i)} for i in range(40)
    ]
    c = compactor(1_000)
    state = c.compact(items, format="openai-responses").state
    items.append({"type": "item_reference", "id": "u1"})  # refers to an item before the cut
    result = c.compact(items, format="openai-responses", state=state)
    assert not result.report["incremental"]
    assert result.ids[-1] != "u1"  # the repeat gets its derived id, as a full read gives it


def test_a_pin_naming_nothing_does_not_force_full_reads() -> None:
    c, history, state = _warm_setup()
    stale = c.compact(history, pinned_ids=["summary-v9", "m999-0123456789ab"], state=state)
    assert stale.report["incremental"]
    assert stale.report["unknown_pinned_ids"] == ["m999-0123456789ab", "summary-v9"]
    dropped = read_history(history).messages[4].id  # before the cut: must be read whole
    assert not c.compact(history, pinned_ids=[dropped], state=state).report["incremental"]


def test_a_hand_made_state_without_counts_is_read_whole() -> None:
    c, history, state = _warm_setup()
    bare = CompactionState(format="openai-chat", cut_index=state.cut_index, cut_id=state.cut_id)
    result = c.compact(history, state=bare)
    assert not result.report["incremental"]
    assert result.report["input_tokens"] == c.compact(history).report["input_tokens"]
    assert result.state.skipped_messages == state.skipped_messages
    assert c.compact(history, state=result.state).report["incremental"]


def test_state_with_pinned_spans_round_trips() -> None:
    ids = [m.id for m in read_history(chat_history(40)).messages]
    _, _, state = _warm_setup(pins=(ids[3],))
    assert state.pinned_spans
    assert CompactionState.from_json(state.to_json()) == state
