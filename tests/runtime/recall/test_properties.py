"""Invariants of the recall block over drawn histories in the three formats.

Recalled groups are whole; the block never separates a call from its results and never adds
a protocol error; its tokens never exceed the room it was given, and equal the block's count
(times and names said once per run included); every recalled turn that carries a time or a
speaker's name reads back that time and that name.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from runtime.formats import read_history
from runtime.grouping import group_messages
from runtime.messages import Format
from runtime.protocol import find_protocol_errors
from runtime.recall import (
    RECALL_MESSAGE_ID,
    RecallConfig,
    RecallIndex,
    block_turns,
    index_evicted,
    recall,
    with_block,
)
from runtime.tokens import TiktokenCounter
from tests.runtime.histories import FORMATS, conversations

COUNTER = TiktokenCounter()
_TIMES = (None, "2026-09-01T09:00:00Z", "2026-09-01T09:00:00Z", "2026-09-02T10:30:00Z")
_NAMES = {"user": (None, "mia", "mia", "jon"), "assistant": (None, "Ada", "Ada")}
_BODY = re.compile(r"<recalled_turns[^>]*>\n(?P<body>.*)\n</recalled_turns>", re.DOTALL)


def _stamped(data: st.DataObject, entries: list[Any], fmt: Format) -> list[Any]:
    """``entries`` with some stamped with a time (runs of equal times, changes, gaps) and, in
    Chat, some user and assistant turns named (a speaker per role, or a group chat)."""
    if not data.draw(st.booleans()):
        return entries
    out: list[Any] = []
    for entry in entries:
        if not isinstance(entry, dict):
            out.append(entry)
            continue
        at = data.draw(st.sampled_from(_TIMES))
        entry = {**entry, "timestamp": at} if at else entry
        if fmt == "openai-chat" and entry.get("role") in ("user", "assistant"):
            name = data.draw(st.sampled_from(_NAMES[entry["role"]]))
            entry = {**entry, "name": name} if name else entry
        out.append(entry)
    return out


def _issues(entries: list[Any], fmt: Format) -> Counter[tuple[str, str | None]]:
    return Counter((i.reason, i.call_id) for i in find_protocol_errors(entries, format=fmt))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), fmt=st.sampled_from(FORMATS))
def test_the_block_keeps_groups_whole_and_the_protocol_intact(
    data: st.DataObject, fmt: Format
) -> None:
    entries = _stamped(data, data.draw(conversations(fmt, min_exchanges=2, max_exchanges=7)), fmt)
    messages = read_history(entries, format=fmt).messages
    groups = group_messages(messages)
    prefix = groups[0].messages if groups and groups[0].kind == "prefix" else ()
    start = 1 if prefix else 0
    cut = data.draw(st.integers(start, len(groups)))
    budget = data.draw(st.integers(0, 600))
    index = index_evicted(
        RecallIndex(), groups, start=start, stop=cut, counter=COUNTER, max_chars=500
    )
    context = [g.messages for g in groups[cut:]]
    outcome = recall(
        index,
        context=context,
        entries=entries,
        fmt=fmt,
        budget_tokens=budget,
        counter=COUNTER,
        config=RecallConfig(floor=data.draw(st.sampled_from([0.0, 1.0, 3.0]))),
    )
    before = [m.raw for m in (*prefix, *(m for g in context for m in g))]
    after_messages = (*prefix, *with_block(context, outcome))
    after = [m.raw for m in after_messages]
    event(f"block: {outcome.message is not None}, reason: {outcome.reason}")
    if outcome.message is None:
        assert after == before
        return
    assert outcome.tokens <= budget
    assert outcome.tokens == COUNTER.count_messages([outcome.message])[0]
    # whole groups: every recalled id belongs to a group all of whose ids were recalled
    recalled = set(outcome.ids)
    for group in groups:
        ids = set(group.ids)
        assert ids <= recalled or not ids & recalled
    assert not recalled & {m.id for g in context for m in g}
    # every turn said at a time reads back that time
    match = _BODY.fullmatch(outcome.message.text)
    assert match is not None
    read = block_turns(json.loads(match["body"])["groups"])
    said = {turn["id"]: turn.get("at") for group in read for turn in group}
    event(f"times said: {len({t for t in said.values() if t})}")
    assert set(said) == recalled
    named = {turn["id"]: turn.get("name") for group in read for turn in group}
    event(f"named turns: {any(named.values())}")
    for message in messages:
        if message.id in recalled and message.timestamp:
            assert said[message.id] == message.timestamp
        if message.id in recalled and isinstance(message.raw, dict) and message.role != "tool":
            assert named[message.id] == (message.raw.get("name") or None)
    # never between a call and its results: every call before the block is answered before it
    position = [m.id for m in after_messages].index(RECALL_MESSAGE_ID)
    open_calls: set[str] = set()
    for message in after_messages[:position]:
        open_calls.update(c.call_id for c in message.tool_calls)
        open_calls.difference_update(r.call_id for r in message.tool_results)
    later = {r.call_id for m in after_messages[position + 1 :] for r in m.tool_results}
    assert not open_calls & later
    # no protocol error added (a leading user block may even fix Anthropic's first_not_user)
    added = _issues(after, fmt) - _issues(before, fmt)
    assert not added, added
