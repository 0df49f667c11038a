"""Invariants of the window over generated histories in all three formats.

For every drawn history, budget and set of pins: groups are never split, the prefix and every
pinned group are kept, order is kept, nothing is duplicated, kept entries are the caller's own
objects, the result fits ``usable`` unless it says ``over_budget``, a triggered window is
maximal, and the reported token figures are what a fresh count of the output gives. Threading
the state through a growing history, compaction happens exactly when the context the state
implies crosses the trigger, and between compactions the output only grows by the new entries.
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from runtime import Budget, CompactionResult, CompactionState, Compactor
from runtime.formats import read_history
from runtime.grouping import group_messages
from runtime.messages import Format
from runtime.protocol import find_protocol_errors
from runtime.recall import RECALL_MESSAGE_ID, RecallConfig, is_user_authored
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.tokens import REPLY_PRIMING_TOKENS, TiktokenCounter
from tests.runtime.histories import FORMATS, conversations

COUNTER = TiktokenCounter()
RECALL_ON = RecallConfig()
"""What a ``Compactor`` without ``recall=`` gets (the properties run on the library's defaults;
``check_recall_block`` asserts recall ran)."""
NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
# No shrink phase: shrinking these histories took over five minutes on a failure, which the
# whole suite's time budget cannot afford; a failure prints the unshrunk example instead.
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)


@st.composite
def budgets(draw: st.DrawFn, total: int) -> Budget:
    factor = draw(st.sampled_from([0.5, 3.0, 0.1, 1.5, 0.25, 1.0, 0.75]))
    usable = max(2, int(total * factor) + draw(st.integers(-20, 20)))
    trigger = draw(st.floats(0.3, 1.0))
    target = draw(st.floats(0.1, trigger))
    if int(target * usable) <= 0:
        usable = max(usable, 10)
        target = max(target, 0.1)
    return Budget(
        usable, max_output_tokens=0, tool_reserve=0, safety_margin=0, trigger=trigger, target=target
    )


def tokens_of(entries: list[Any], fmt: Format) -> int:
    if not entries:
        return REPLY_PRIMING_TOKENS
    messages = read_history(entries, format=fmt).messages
    return sum(COUNTER.count_messages(messages)) + REPLY_PRIMING_TOKENS


def without_recall(result: CompactionResult) -> tuple[list[Any], list[str]]:
    """The entries and ids sent, the recall block left out."""
    pairs = [(e, i) for e, i in zip(result.messages, result.ids, strict=True) if i != "recall"]
    return [e for e, _ in pairs], [i for _, i in pairs]


def expected_trigger(compactor: Compactor, state: CompactionState | None) -> int:
    """The trigger a call resuming ``state`` applies: the budget's until something was evicted,
    then lowered so that the window leaves the recall reserve free."""
    budget = compactor.budget
    if state is None or not len(state.recall_index) or not compactor.recall.enabled:
        return budget.trigger_tokens
    reserve = math.floor(compactor.recall.share * budget.target_tokens)
    return min(budget.trigger_tokens, budget.usable - reserve)


def check_recall_block(entries: list[Any], fmt: Format, result: CompactionResult) -> None:
    """The block: at most one, right before the group of the latest user-authored message
    (or inside it right after leading pass-through items; so never between a call and its
    results, nor before an Anthropic tool_result message alone), recalled groups whole and not
    sent otherwise, its tokens in the report."""
    r = result.report
    recall = r["recall"]
    assert recall["enabled"] is True  # on by default
    blocks = [p for p, i in enumerate(result.ids) if i == RECALL_MESSAGE_ID]
    assert len(blocks) <= 1
    if currently_in_test_context():  # also called from plain tests (the tau-bench replay)
        event(f"recall block: {bool(blocks)}")
    if not blocks:
        assert recall["tokens"] == 0 and not recall["recalled"]
        return
    assert recall["tokens"] > 0 and recall["reason"] is None
    assert recall["tokens"] <= recall["budget_tokens"] <= recall["reserve_tokens"]
    at = blocks[0]
    messages = read_history(entries, format=fmt).messages
    by_id = {m.id: m for m in messages}
    groups = group_messages(messages)
    group_of = {i: g.index for g in groups for i in g.ids}
    sent = [i for i in result.ids if i in by_id]
    after = result.ids[at + 1]
    # the group right after the block holds the latest user-authored message sent
    latest = max((group_of[i] for i in sent if is_user_authored(by_id[i])), default=None)
    assert latest is not None and group_of[after] == latest
    # the block opens that group, or follows only its leading pass-through items (a Responses
    # compaction item: no message, reasoning, call or result) and precedes the user's message
    lead = groups[latest].ids[: groups[latest].ids.index(after)]
    assert all(
        by_id[i].item_type not in {"message", "reasoning"}
        and not by_id[i].tool_calls
        and not by_id[i].tool_results
        for i in lead
    ), lead
    assert not lead or is_user_authored(by_id[after])
    recalled = set(recall["recalled_ids"])
    assert not recalled & set(sent)
    for group in groups:
        ids = set(group.ids)
        assert ids <= recalled or not ids & recalled, "a recalled group was split"
    check_block_placement(result.messages, fmt, at)


def check_block_placement(sent: list[Any], fmt: Format, at: int) -> None:
    """Read as the provider reads the request: every call made before the block is answered
    before it, and the block itself is a plain user data message (on Anthropic, no
    ``tool_result`` block inside it, and the message after it carries no result of a call
    made before it)."""
    messages = read_history(sent, format=fmt).messages
    block = messages[at]
    assert block.role == "user" and not block.tool_results and not block.tool_calls
    open_calls: set[str] = set()
    for message in messages[:at]:
        open_calls.update(c.call_id for c in message.tool_calls)
        open_calls.difference_update(res.call_id for res in message.tool_results)
    answered_after = {res.call_id for m in messages[at + 1 :] for res in m.tool_results}
    assert not open_calls & answered_after, "the block separates a call from its results"


def check_window(
    entries: list[Any], fmt: Format, result: CompactionResult, budget: Budget, pins: set[str]
) -> None:
    """Every invariant of one result against its input (the window without the recall
    block, which is checked on its own: ``check_recall_block``)."""
    r = result.report
    check_recall_block(entries, fmt, result)
    # the window fills the target less the recall reserve; the block comes on top of it
    window_tokens = r["compacted_tokens"] - r["recall"]["tokens"]
    limit = budget.target_tokens - r["recall"]["reserve_tokens"]
    sent_all = result.messages
    sent, out_ids = without_recall(result)
    messages = read_history(entries, format=fmt).messages
    groups = group_messages(messages)
    position = {m.id: i for i, m in enumerate(messages)}
    # order, no duplicates, the caller's own objects
    assert len(set(out_ids)) == len(out_ids)
    assert [position[i] for i in out_ids] == sorted(position[i] for i in out_ids)
    for entry, mid in zip(sent, out_ids, strict=True):
        assert entry is entries[position[mid]]
    kept = set(out_ids)
    for group in groups:
        ids = set(group.ids)
        assert ids <= kept or not ids & kept, f"group {group.index} split"
        if group.kind == "prefix" or ids & pins:
            assert ids <= kept
    if groups:
        assert set(groups[-1].ids) <= kept
    # figures agree with a fresh count of the output
    assert r["compacted_tokens"] == tokens_of(sent_all, fmt)
    assert r["input_tokens"] == tokens_of(entries, fmt)
    # the whole request, recall block included, within usable
    assert r["over_budget"] or r["compacted_tokens"] <= budget.usable
    if not find_protocol_errors(entries, format=fmt):
        # a valid history stays valid (a sliced history may end in a lone reasoning item)
        assert not find_protocol_errors(sent_all, format=fmt)
    if not r["triggered"]:
        return
    if window_tokens <= limit:
        # a compaction whose window fits its part: window and block within the target
        assert r["compacted_tokens"] <= budget.target_tokens
    check_maximal(groups, fmt, kept, window_tokens, limit, pins)


def check_maximal(
    groups: Any, fmt: Format, kept: set[str], window_tokens: int, limit: int, pins: set[str]
) -> None:
    """A triggered window is maximal within its part of the target (``limit``)."""
    body = [g for g in groups if g.kind != "prefix"]
    if fmt == "anthropic":
        check_anthropic_window(body, kept, window_tokens, limit, pins)
        return
    # maximal: the most recent dropped group would not have fit the window's part
    dropped = [g for g in body if not set(g.ids) & kept]
    if dropped:
        extra = sum(COUNTER.count_messages(dropped[-1].messages))
        assert window_tokens + extra > limit
    if window_tokens > limit:
        # over the target only when nothing but the mandatory part is kept
        for group in body:
            if set(group.ids) <= kept:
                assert set(group.ids) & pins or group is body[-1]


def _user_led(group: Any) -> bool:
    return bool(group.messages[0].role == "user")


def check_anthropic_window(
    body: list[Any], kept: set[str], window_tokens: int, limit: int, pins: set[str]
) -> None:
    """Anthropic: the window opens with a user turn and is maximal under that constraint."""
    flags = [bool(set(g.ids) <= kept) for g in body]
    first = next((g for g, k in zip(body, flags, strict=True) if k), None)
    if first is not None and any(_user_led(g) for g in body if body.index(g) <= body.index(first)):
        assert _user_led(first), "the window does not open with a user turn"
    led = [i for i, g in enumerate(body) if _user_led(g)]
    if not led:
        return
    tail = led[-1]
    run = len(body)
    while run > 0 and flags[run - 1]:
        run -= 1
    # maximal: the dropped groups back to the nearest user turn before the run would not fit
    start = max((i for i in led if i < run), default=None)
    if start is not None:
        extra = sum(
            sum(COUNTER.count_messages(body[i].messages)) for i in range(start, run) if not flags[i]
        )
        assert window_tokens + extra > limit
    if window_tokens > limit:
        # over the target only with the mandatory part: pins, their user turn, the last turn
        for i, group in enumerate(body):
            # the last user turn is mandatory too (a tool loop's prompt, issue 10)
            if flags[i] and i < run and not set(group.ids) & pins and i != tail:
                nxt = next(j for j in range(i + 1, len(body)) if flags[j])
                assert set(body[nxt].ids) & pins and not _user_led(body[nxt])
            if flags[i] and i >= run and not set(group.ids) & pins:
                assert i >= tail or run == tail


@pytest.mark.parametrize("fmt", FORMATS)
@SETTINGS
@given(data=st.data())
def test_one_call_invariants(data: st.DataObject, fmt: Format) -> None:
    entries = data.draw(conversations(fmt, max_exchanges=8))
    budget = data.draw(budgets(tokens_of(entries, fmt)))
    ids = [m.id for m in read_history(entries, format=fmt).messages]
    pins = set(data.draw(st.lists(st.sampled_from(ids), max_size=3))) if ids else set()
    compactor = Compactor(budget=budget, counter=COUNTER)
    assert compactor.recall == RECALL_ON
    result = compactor.compact(entries, pinned_ids=sorted(pins), format=fmt)
    r = result.report
    event(f"{fmt} triggered={r['triggered']} over_budget={r['over_budget']}")
    assert r["triggered"] == (r["input_tokens"] > budget.trigger_tokens)
    if not r["triggered"]:
        # nothing evicted, nothing to recall: sent as is
        assert result.messages == entries and r["strategy"] == "none"
    else:
        assert r["strategy"] == "window"
    check_window(entries, fmt, result, budget, pins)


def assert_same_as_full_read(
    compactor: Compactor,
    history: list[Any],
    fmt: Format,
    pins: set[str],
    state: CompactionState,
    result: CompactionResult,
) -> None:
    """The incremental read (from the cut on) decides exactly what a full read decides."""
    with patch("runtime.compaction.compactor.view_from_cut", return_value=None):
        full = compactor.compact(history, pinned_ids=sorted(pins), format=fmt, state=state)
    assert result.ids == full.ids
    # the caller's own objects; the recall block is made per call, equal but not the same
    pairs = zip(result.messages, full.messages, result.ids, strict=True)
    assert all(a is b or (i == RECALL_MESSAGE_ID and a == b) for a, b, i in pairs)
    assert result.state == full.state
    volatile = {"elapsed_ms", "incremental"}
    assert {k: v for k, v in result.report.items() if k not in volatile} == {
        k: v for k, v in full.report.items() if k not in volatile
    }


@pytest.mark.parametrize("fmt", FORMATS)
@SETTINGS
@given(data=st.data())
def test_threading_state_compacts_only_when_the_trigger_is_crossed(
    data: st.DataObject, fmt: Format
) -> None:
    entries = data.draw(conversations(fmt, min_exchanges=3, max_exchanges=10, pending_tail=False))
    budget = data.draw(budgets(tokens_of(entries, fmt) // 2))
    ids = [m.id for m in read_history(entries, format=fmt).messages]
    pins = set(data.draw(st.lists(st.sampled_from(ids), max_size=2)))
    lengths = sorted(set(data.draw(st.lists(st.integers(1, len(entries)), min_size=1, max_size=8))))
    lengths.append(len(entries))
    compactor = Compactor(budget=budget, counter=COUNTER)
    state = None
    previous: CompactionResult | None = None
    previous_length = 0
    for length in lengths:
        history = entries[:length]
        result = compactor.compact(history, pinned_ids=sorted(pins), format=fmt, state=state)
        r = result.report
        event(f"step triggered={r['triggered']} incremental={r['incremental']}")
        if state is not None:
            assert_same_as_full_read(compactor, history, fmt, pins, state, result)
        assert r["trigger_tokens"] == expected_trigger(compactor, state)
        assert r["triggered"] == (r["context_tokens"] > r["trigger_tokens"])
        if previous is not None and not r["triggered"]:
            # between compactions the context only grows by what was appended
            # (the recall block lives for one call: it is left out of the comparison)
            before = without_recall(previous)[0]
            assert without_recall(result)[0] == [*before, *history[previous_length:]]
        check_window(history, fmt, result, budget, pins & {m for m in ids[:length]})
        state, previous, previous_length = result.state, result, length


@pytest.mark.parametrize("fmt", FORMATS)
@SETTINGS
@given(data=st.data())
def test_summary_strategy_threading_state(data: st.DataObject, fmt: Format) -> None:
    """With the extractive summarizer: the summary sits right after the prefix as data, the
    rest keeps every window invariant, versions grow by one, and the output stays valid."""
    entries = data.draw(conversations(fmt, min_exchanges=3, max_exchanges=10, pending_tail=False))
    budget = data.draw(budgets(tokens_of(entries, fmt)))
    lengths = sorted(set(data.draw(st.lists(st.integers(1, len(entries)), min_size=1, max_size=6))))
    compactor = Compactor(budget=budget, counter=COUNTER, summarizer=ExtractiveSummarizer())
    ids = [m.id for m in read_history(entries, format=fmt).messages]
    pins = set(data.draw(st.lists(st.sampled_from(ids), max_size=2)))
    state: CompactionState | None = None
    version = 0
    for length in [*lengths, len(entries)]:
        history = entries[:length]
        result = compactor.compact(history, format=fmt, state=state, pinned_ids=pins, now=NOW)
        r = result.report
        event(f"strategy={r['strategy']} fallback={r['fallback']}")
        assert r["trigger_tokens"] == expected_trigger(compactor, state)
        assert r["triggered"] == (r["context_tokens"] > r["trigger_tokens"])
        summary_ids = [i for i in result.ids if i.startswith("summary-v")]
        assert len(summary_ids) <= 1
        if summary_ids:
            at = result.ids.index(summary_ids[0])
            # right after the prefix: everything before it is prefix, nothing after it is
            assert all(_is_prefix_role(m) for m in result.messages[:at])
            assert "<compaction_summary trust='untrusted'" in json.dumps(result.messages[at])
            assert not _is_prefix_role(result.messages[at])
        if r["strategy"] == "summary" and r["summarized_ids"]:
            assert r["summary_version"] == version + 1
        # pinned groups are kept verbatim and never handed to the summarizer
        assert not pins & set(r["summarized_ids"])
        assert pins & set(ids[:length]) <= set(result.ids)
        version = r["summary_version"]
        check_recall_block(history, fmt, result)
        sent = [
            (m, i)
            for m, i in zip(result.messages, result.ids, strict=True)
            if not i.startswith("summary-v") and i != RECALL_MESSAGE_ID
        ]
        stripped = CompactionResult(
            messages=[m for m, _ in sent],
            ids=[i for _, i in sent],
            report={**r, "compacted_tokens": r["compacted_tokens"] - r["summary_tokens"]},
            state=result.state,
        )
        check_window_shape(history, fmt, stripped, budget, sent=result.messages)
        assert r["over_budget"] or r["compacted_tokens"] <= budget.usable
        state = result.state


def _is_prefix_role(entry: Any) -> bool:
    return isinstance(entry, dict) and entry.get("role") in ("system", "developer")


def check_window_shape(
    entries: list[Any],
    fmt: Format,
    result: CompactionResult,
    budget: Budget,
    *,
    sent: list[Any] | None = None,
) -> None:
    """Order, no duplicates, own objects, groups whole, prefix and last group kept, valid
    (``sent``: what is sent, summary included, when ``result`` was stripped of it)."""
    messages = read_history(entries, format=fmt).messages
    position = {m.id: i for i, m in enumerate(messages)}
    assert len(set(result.ids)) == len(result.ids)
    assert [position[i] for i in result.ids] == sorted(position[i] for i in result.ids)
    for entry, mid in zip(result.messages, result.ids, strict=True):
        assert entry is entries[position[mid]]
    kept = set(result.ids)
    groups = group_messages(messages)
    for group in groups:
        ids = set(group.ids)
        assert ids <= kept or not ids & kept
        if group.kind == "prefix":
            assert ids <= kept
    if groups:
        assert set(groups[-1].ids) <= kept
    if not find_protocol_errors(entries, format=fmt):
        assert not find_protocol_errors(sent or result.messages, format=fmt)


@pytest.mark.parametrize("fmt", FORMATS)
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@given(data=st.data())
def test_clearing_tool_results_keeps_the_protocol(data: st.DataObject, fmt: Format) -> None:
    """With ``clear_tool_results``: cleared entries keep their ids and call pairing, the output
    stays valid, only results are cleared, and a later call sends the same cleared entries."""
    entries = data.draw(conversations(fmt, min_exchanges=3, max_exchanges=10, pending_tail=False))
    budget = data.draw(budgets(tokens_of(entries, fmt)))
    compactor = Compactor(
        budget=budget, counter=COUNTER, summarizer=ExtractiveSummarizer(), clear_tool_results=True
    )
    result = compactor.compact(entries, format=fmt, now=NOW)
    r = result.report
    event(f"cleared={len(r['cleared'])}")
    if not find_protocol_errors(entries, format=fmt):
        assert not find_protocol_errors(result.messages, format=fmt)
    by_id = {m.id: m for m in read_history(entries, format=fmt).messages}
    cleared = {e["message_id"] for e in r["cleared"]}
    assert cleared <= set(result.ids)
    for entry, mid in zip(result.messages, result.ids, strict=True):
        if mid in cleared:
            assert by_id[mid].tool_results and "tool result cleared" in json.dumps(entry)
        elif not mid.startswith("summary-v") and mid != RECALL_MESSAGE_ID:
            assert entry is by_id[mid].raw
    check_recall_block(entries, fmt, result)
    assert [i for _, i in result.state.cleared] == sorted(cleared, key=result.ids.index)
    again = compactor.compact(entries, format=fmt, state=result.state, now=NOW)
    if not again.report["triggered"]:
        assert again.messages == result.messages and again.report["cleared"] == r["cleared"]
