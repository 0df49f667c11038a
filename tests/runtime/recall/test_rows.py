"""A recalled group's stored rows (v2), its block line (v3), and v1 bodies from held states."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.blocks import render_json_body
from runtime.formats import read_history
from runtime.grouping import group_messages
from runtime.recall import (
    INDEX_SCHEMA,
    ROW_COLUMNS,
    RecallIndex,
    block_line,
    block_turns,
    index_evicted,
    mark_superseded,
    render_turns,
    turns_body,
    turns_of_body,
    upgrade_body,
)
from runtime.recall.render import block_items, line_pieces
from runtime.tokens import TiktokenCounter

COUNTER = TiktokenCounter()

_TEXT = st.text(max_size=40)
_CALL = st.fixed_dictionaries({"id": _TEXT, "name": _TEXT, "args": _TEXT})
_RESULT = st.fixed_dictionaries(
    {"call_id": _TEXT, "text": _TEXT}, optional={"error": st.just(True)}
)
_TURN = st.fixed_dictionaries(
    {"id": st.text(min_size=1, max_size=12), "role": st.sampled_from(["user", "assistant"])},
    optional={
        "name": _TEXT,
        "at": _TEXT,
        "text": _TEXT,
        "type": st.sampled_from(["reasoning", "function_call"]),
        "calls": st.lists(_CALL, min_size=1, max_size=2),
        "results": st.lists(_RESULT, min_size=1, max_size=2),
    },
)


@given(st.lists(_TURN, min_size=1, max_size=4))
def test_rows_read_back_as_the_turns_they_were_written_from(turns: list[dict[str, Any]]) -> None:
    body = turns_body(turns)
    assert body.startswith("[[")
    assert turns_of_body(body) == turns
    assert upgrade_body(body) is body  # a v2 body is never parsed again


def test_a_plain_turn_is_a_short_row_and_only_extra_fields_add_a_column() -> None:
    rows = json.loads(
        turns_body(
            [
                {
                    "id": "D1:3",
                    "role": "user",
                    "name": "Caroline",
                    "at": "2023-05-08",
                    "text": "hi",
                },
                {"id": "D1:4", "role": "assistant", "text": "hello"},
                {
                    "id": "c1",
                    "role": "assistant",
                    "calls": [{"id": "x", "name": "f", "args": "{}"}],
                },
            ]
        )
    )
    assert rows[0] == ["D1:3", "user", "Caroline", "2023-05-08", "hi"]
    assert rows[1] == ["D1:4", "assistant", None, None, "hello"]
    assert rows[2] == [
        "c1",
        "assistant",
        None,
        None,
        None,
        {"calls": [{"id": "x", "name": "f", "args": "{}"}]},
    ]
    assert len(ROW_COLUMNS) == 5


def _said(turns: list[dict[str, Any]]) -> list[str | None]:
    """When each stored turn was said: its ``at``, else the turn before's."""
    times: list[str | None] = []
    for position, turn in enumerate(turns):
        at = turn.get("at")
        times.append(at if at is not None else times[-1] if position else None)
    return times


@given(st.lists(st.lists(_TURN, min_size=1, max_size=3), min_size=1, max_size=4))
def test_block_lines_read_back_as_their_turns_said_at_their_times_by_their_speakers(
    groups: list[list[dict[str, Any]]],
) -> None:
    lines = [block_line(turns_body(turns)) for turns in groups]
    items = [json.loads(i if isinstance(i, str) else i.text) for i in block_items(lines)]
    read = block_turns(items)
    assert len(read) == len(groups)
    for turns, back in zip(groups, read, strict=True):
        assert [t.get("at") for t in back] == _said(turns)
        assert [_without_at(t) for t in back] == [_without_at(t) for t in turns]


def _without_at(turn: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in turn.items() if key != "at"}


def test_speakers_are_named_once_while_each_keeps_a_role() -> None:
    chat = [
        [{"id": "a1", "role": "user", "name": "Caroline", "text": "hi"}],
        [
            {"id": "a2", "role": "user", "name": "Caroline", "text": "again"},
            {"id": "a3", "role": "assistant", "name": "Melanie", "text": "yes"},
        ],
        [{"id": "a4", "role": "assistant", "name": "Melanie", "text": "still me"}],
        [  # a group chat: two users in one group name themselves in their rows
            {"id": "a5", "role": "user", "name": "Caroline", "text": "me"},
            {"id": "a6", "role": "user", "name": "Jon", "text": "and me"},
        ],
        [{"id": "a7", "role": "user", "name": "Caroline", "text": "back"}],
    ]
    items = block_items([block_line(turns_body(turns)) for turns in chat])
    names = [json.loads(i) for i in items if isinstance(i, str) and i.startswith("{")]
    assert names == [
        {"user": "Caroline"},
        {"user": "Caroline", "assistant": "Melanie"},
        {"assistant": "Melanie"},
        {"user": "Caroline", "assistant": "Melanie"},
    ]
    read = block_turns([json.loads(i if isinstance(i, str) else i.text) for i in items])
    assert [[t["name"] for t in g] for g in read] == [[t["name"] for t in g] for g in chat]


@settings(max_examples=200)
@given(st.lists(_TURN, min_size=1, max_size=4))
def test_a_line_not_counted_costs_at_most_its_stored_rows(
    turns: list[dict[str, Any]],
) -> None:
    """A group indexed before block lines kept its rows' cost: an upper bound of its line's."""
    body = turns_body(turns)
    line = block_line(body)
    if line.counted:
        return
    for piece, stored in zip(line_pieces(line.text), line_pieces(body), strict=True):
        assert COUNTER.count_text(piece) <= COUNTER.count_text(stored)


def _v1_body(entries: list[Any]) -> str:
    turns, _ = render_turns(read_history(entries).messages, max_chars=2000)
    return render_json_body(turns)  # how bodies were written before rows


ENTRIES = [
    {"role": "user", "name": "mia", "content": "My budget is 200 CNY <b>tops</b>."},
    {"role": "assistant", "content": "Noted: 200 CNY."},
]


def test_a_v1_body_is_rewritten_as_rows_and_costs_fewer_tokens() -> None:
    old = _v1_body(ENTRIES)
    assert old.startswith("[{")
    new = upgrade_body(old)
    assert turns_of_body(new) == json.loads(old)
    assert "<" not in new  # still escaped
    assert COUNTER.count_text(new) < COUNTER.count_text(old)


def test_an_index_held_from_before_rows_shows_its_bodies_as_rows() -> None:
    groups = group_messages(read_history([*ENTRIES, {"role": "user", "content": "and?"}]).messages)
    index = index_evicted(RecallIndex(), groups, stop=2, counter=COUNTER, max_chars=2000)
    held = index.to_dict()
    assert held["schema"] == INDEX_SCHEMA
    for item in held["groups"]:
        item[4] = render_json_body(turns_of_body(item[4]))  # as a v1 state stored it
        assert item[4].startswith("[{")
    loaded = RecallIndex.from_dict(held)
    assert [g.body for g in loaded.groups] == [g.body for g in index.groups]
    assert all(g.tokens >= i.tokens for g, i in zip(loaded.groups, index.groups, strict=True))


def test_superseded_marks_go_to_the_cited_row_only() -> None:
    body = turns_body(
        [
            {"id": "a", "role": "user", "text": 'quote ["b", inside'},
            {"id": "b", "role": "assistant", "text": "ok"},
        ]
    )
    mark = ({"key": "budget", "value": "300 CNY", "now": "200 CNY"},)
    turns = turns_of_body(mark_superseded(body, {"b": mark}))
    assert "superseded" not in turns[0] and turns[1]["superseded"] == list(mark)
    assert mark_superseded(body, {"zz": mark}) is body
