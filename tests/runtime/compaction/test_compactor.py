"""Compactor: trigger, window, pins, state threading, formats, report, the summary strategy."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from runtime import Budget, BudgetError, CompactionState, Compactor, FormatError, ProtocolError
from runtime.errors import SummaryError
from runtime.formats import read_history
from runtime.recall import RECALL_MESSAGE_ID
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from runtime.summary.schema import CompactionSummary, Fact
from runtime.tokens import TiktokenCounter

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
REPORT_KEYS = {
    "format", "encoding", "input_tokens", "compacted_tokens", "usable_tokens", "trigger_tokens",
    "target_tokens", "triggered", "strategy", "over_budget", "groups_total", "groups_kept", "ids",
    "kept_ids", "dropped_ids", "pinned_ids", "elapsed_ms", "fallback", "summary",
    "summary_validation",
}  # fmt: skip


def budget(usable: int, *, trigger: float = 0.8, target: float = 0.6) -> Budget:
    return Budget(
        usable, max_output_tokens=0, tool_reserve=0, safety_margin=0, trigger=trigger, target=target
    )


COUNTER = TiktokenCounter()


def compactor(usable: int, **kwargs: Any) -> Compactor:
    return Compactor(
        budget=budget(usable, **{k: kwargs.pop(k) for k in ("trigger", "target") if k in kwargs}),
        counter=COUNTER,
        **kwargs,
    )


def words(i: int, n: int = 20) -> str:
    return " ".join(f"w{i}x{j}" for j in range(n))


def chat_history(turns: int, *, system: bool = True) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = (
        [{"role": "system", "content": "You are a travel agent."}] if system else []
    )
    for i in range(turns):
        out.append({"role": "user" if i % 2 == 0 else "assistant", "content": words(i)})
    return out


def tool_round(call_ids: list[str], *, text: str = "result") -> list[dict[str, Any]]:
    calls = [
        {
            "id": c,
            "type": "function",
            "function": {"name": "search", "arguments": f'{{"q": "{c}"}}'},
        }
        for c in call_ids
    ]
    results = [
        {"role": "tool", "tool_call_id": c, "content": f"{text} {c} " * 10} for c in call_ids
    ]
    return [{"role": "assistant", "content": None, "tool_calls": calls}, *results]


def test_under_trigger_returns_the_history_unchanged() -> None:
    history = chat_history(6)
    result = compactor(10_000).compact(history)
    assert result.messages == history
    assert all(a is b for a, b in zip(result.messages, history, strict=True))
    r = result.report
    assert (r["strategy"], r["triggered"], r["over_budget"]) == ("none", False, False)
    assert r["input_tokens"] == r["compacted_tokens"]
    assert r["dropped_ids"] == [] and r["ids"] == r["kept_ids"] == result.ids
    assert set(r) >= REPORT_KEYS
    assert r["fallback"] is None and r["summary"] is None and r["summary_validation"] is None
    assert result.state == CompactionState(format="openai-chat", prefix_length=1)


def test_over_trigger_compacts_to_target_keeping_prefix_and_recent() -> None:
    history = chat_history(40)
    c = compactor(1_000)
    result = c.compact(history)
    r = result.report
    assert r["triggered"] and r["strategy"] == "window"
    assert r["input_tokens"] > r["trigger_tokens"] >= r["target_tokens"] >= r["compacted_tokens"]
    assert result.messages[0] is history[0]
    assert result.messages[-1] is history[-1]
    # contiguous recency run after the prefix, in original order
    start = history.index(result.messages[1])
    assert result.messages[1:] == history[start:]
    # maximal: the next older message would not have fit the window's part of the target
    # (the target less the recall reserve; no block here, the block would come on top)
    assert r["recall"]["tokens"] == 0
    nxt = read_history(history[start - 1 : start]).messages
    limit = r["target_tokens"] - r["recall"]["reserve_tokens"]
    assert r["compacted_tokens"] + COUNTER.count_messages(nxt)[0] > limit
    assert set(r["kept_ids"]) | set(r["dropped_ids"]) == {
        m.id for m in read_history(history).messages
    }
    assert result.state.cut_id == result.ids[1]
    assert r["groups_total"] == 41 and r["groups_kept"] == len(result.messages)


def test_tool_group_is_never_split() -> None:
    history = [
        *chat_history(10),
        *tool_round(["call_a", "call_b", "call_c"]),
        {"role": "assistant", "content": "done"},
    ]
    c = compactor(600, target=0.5)
    for limit in range(150, 700, 25):
        result = Compactor(budget=budget(limit, target=0.5), counter=COUNTER).compact(history)
        kept = result.messages
        calls_kept = any(m.get("tool_calls") for m in kept)
        results_kept = [m for m in kept if m.get("role") == "tool"]
        assert len(results_kept) in (0, 3)
        assert calls_kept == bool(results_kept)
    assert c.compact(history).report["over_budget"] is False


def test_pinned_groups_survive_in_order_without_duplicates() -> None:
    history = chat_history(40)
    ids = [m.id for m in read_history(history).messages]
    pins = [ids[3], ids[10], ids[39], "no-such-id", ids[0]]
    result = compactor(1_000).compact(history, pinned_ids=pins)
    r = result.report
    # recall is on by default: its block is the one entry that is not the caller's
    sent = [i for i in result.ids if i != RECALL_MESSAGE_ID]
    assert (RECALL_MESSAGE_ID in result.ids) == bool(r["recall"]["recalled"])
    assert {ids[3], ids[10], ids[39], ids[0]} <= set(sent)
    assert sent == sorted(sent, key=ids.index)
    assert len(set(result.ids)) == len(result.ids)
    assert r["pinned_ids"] == [ids[0], ids[3], ids[10], ids[39]]
    assert r["unknown_pinned_ids"] == ["no-such-id"]
    assert r["compacted_tokens"] <= r["target_tokens"]


def test_over_budget_when_pins_and_last_group_do_not_fit() -> None:
    history = [*chat_history(4), {"role": "user", "content": words(99, 800)}]
    result = compactor(500).compact(history)
    r = result.report
    assert r["over_budget"] is True
    assert "usable" in r["over_budget_reason"]
    assert result.messages[-1] is history[-1] and result.messages[0] is history[0]
    assert r["compacted_tokens"] > r["usable_tokens"]


def test_state_threading_only_compacts_when_trigger_is_crossed() -> None:
    c = compactor(1_200)
    history = chat_history(60)
    first = c.compact(history)
    assert first.report["triggered"]
    state = CompactionState.from_json(first.state.to_json())
    history.append({"role": "user", "content": "one more"})
    second = c.compact(history, state=state)
    r = second.report
    assert not r["triggered"] and r["strategy"] == "none"
    assert second.messages == [*first.messages, history[-1]]
    assert r["context_tokens"] == r["compacted_tokens"] > first.report["compacted_tokens"]
    assert r["input_tokens"] > r["trigger_tokens"]  # the raw history alone would have triggered
    fired = 0
    for i in range(60, 120):
        history.append({"role": "user" if i % 2 == 0 else "assistant", "content": words(i)})
        result = c.compact(history, state=state)
        assert result.report["triggered"] == (
            result.report["context_tokens"] > result.report["trigger_tokens"]
        )
        assert result.report["compacted_tokens"] <= result.report["trigger_tokens"]
        fired += result.report["triggered"]
        state = result.state
    assert 1 <= fired < 20


def test_changed_history_or_format_resets_the_state() -> None:
    c = compactor(1_000)
    history = chat_history(40)
    state = c.compact(history).state
    edited = [history[0], *history[5:]]  # derived ids carry the position: the cut is gone
    result = c.compact(edited, state=state)
    assert result.report["state_reset"] == "history_changed"
    anthropic = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "text", "text": "yo"}]},
    ]
    reset = c.compact(anthropic, format="anthropic", state=state)
    assert reset.report["state_reset"] == "format_changed"


def test_cut_found_by_own_id_after_front_trimming() -> None:
    history = [{**m, "id": f"msg-{i}"} for i, m in enumerate(chat_history(40))]
    c = compactor(1_000)
    first = c.compact(history)
    cut = first.state.cut_id
    trimmed = [history[0], *history[3:]]
    again = c.compact(trimmed, state=first.state)
    assert again.report["state_reset"] is None
    assert again.ids == first.ids
    assert first.state.cut_index is not None
    assert again.state.cut_id == cut and again.state.cut_index == first.state.cut_index - 2


def test_state_json_round_trip_and_errors() -> None:
    state = CompactionState(format="anthropic", cut_index=4, cut_id="m4-abc", summary_version=0)
    assert CompactionState.from_json(state.to_json()) == state
    assert CompactionState.from_json(state.to_dict()) == state
    json.loads(state.to_json())
    for bad in [
        "nope",
        "[]",
        '{"format": "x"}',
        '{"format": "anthropic", "extra": 1}',
        '{"format": "anthropic", "cut_index": -1}',
        '{"schema": "v0", "format": "anthropic"}',
    ]:
        with pytest.raises(FormatError):
            CompactionState.from_json(bad)


def test_anthropic_payload_keeps_system_untouched_and_counts_it() -> None:
    system = [
        {"type": "text", "text": "You are careful. " * 50, "cache_control": {"type": "ephemeral"}}
    ]
    messages = [
        {
            "role": "user" if i % 2 == 0 else "assistant",
            "content": [{"type": "text", "text": words(i)}],
        }
        for i in range(40)
    ]
    c = compactor(1_500)
    with_system = c.compact({"system": system, "messages": messages})
    without = c.compact({"messages": messages}, format="anthropic")
    assert with_system.system is system
    assert with_system.report["format"] == "anthropic"
    assert with_system.report["input_tokens"] - without.report[
        "input_tokens"
    ] == COUNTER.count_system(system)
    assert with_system.messages[-1] is messages[-1]
    assert len(with_system.messages) < len(without.messages)


def test_tools_are_counted() -> None:
    tools = [
        {
            "type": "function",
            "function": {
                "name": "search",
                "description": "Search.",
                "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
            },
        }
    ]
    history = chat_history(4)
    c = compactor(10_000)
    plain = c.compact(history).report["input_tokens"]
    assert c.compact(history, tools=tools).report["input_tokens"] == plain + COUNTER.count_tools(
        tools
    )
    assert c.compact({"messages": history, "tools": tools}).report[
        "input_tokens"
    ] == plain + COUNTER.count_tools(tools)


def test_responses_reasoning_stays_with_its_call() -> None:
    items: list[dict[str, Any]] = [
        {
            "type": "message",
            "role": "developer",
            "content": [{"type": "input_text", "text": "be brief"}],
        }
    ]
    for i in range(15):
        items.append(
            {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": words(i)}],
            }
        )
        items.append(
            {
                "type": "reasoning",
                "id": f"rs_{i}",
                "summary": [{"type": "summary_text", "text": words(i, 5)}],
            }
        )
        items.append(
            {"type": "function_call", "call_id": f"c{i}", "name": "search", "arguments": "{}"}
        )
        items.append({"type": "function_call_output", "call_id": f"c{i}", "output": words(i, 10)})
    for limit in (400, 700, 1_000, 1_500):
        result = Compactor(budget=budget(limit), counter=COUNTER).compact(items)
        kept = result.messages
        assert result.report["format"] == "openai-responses"
        for j, item in enumerate(kept):
            if item.get("type") == "reasoning":
                assert kept[j + 1]["type"] == "function_call"
            if item.get("type") == "function_call":
                assert kept[j + 1]["type"] == "function_call_output"


def test_protocol_errors_raise() -> None:
    with pytest.raises(ProtocolError):
        compactor(1_000).compact([{"role": "tool", "tool_call_id": "x", "content": "orphan"}])
    with pytest.raises(FormatError):
        compactor(1_000).compact({"neither": []})


def test_one_instance_serves_many_sessions() -> None:
    shared = compactor(1_000)
    a, b = chat_history(40), chat_history(30, system=False)
    interleaved = [shared.compact(a), shared.compact(b), shared.compact(a)]
    alone_a = compactor(1_000).compact(a)
    alone_b = Compactor(budget=budget(1_000)).compact(b)
    assert interleaved[0].messages == interleaved[2].messages == alone_a.messages
    assert interleaved[1].messages == alone_b.messages
    assert interleaved[0].state == alone_a.state


class SpyCounter(TiktokenCounter):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def _encode_lengths(self, texts: list[str]) -> list[int]:
        self.seen.extend(texts)
        return super()._encode_lengths(texts)


def test_warm_compaction_tokenizes_only_the_new_message() -> None:
    spy = SpyCounter()
    c = Compactor(budget=budget(1_000), counter=spy)
    history = chat_history(40)
    state = c.compact(history).state
    spy.seen.clear()
    history.append({"role": "user", "content": "and the hotel?"})
    c.compact(history, state=state)
    assert spy.seen == ["and the hotel?"]


# ---------------------------------------------------------------- summary strategy


class FakeSummarizer:
    """Records requests; adds one fact per chunk, citing its first messages."""

    name = "fake"
    model: str | None = None

    def __init__(self, *, fail: bool = False, huge: bool = False) -> None:
        self.requests: list[SummaryRequest] = []
        self.fail = fail
        self.huge = huge

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        self.requests.append(request)
        if self.fail:
            raise SummaryError("boom")
        facts = list(request.previous.facts) if request.previous else []
        chunk_ids = [m.id for m in request.messages]
        value = ("long " * 390) if self.huge else "seen"
        key = "chunk." + "abcdefghijklmnopqrstuvwxyz"[request.next_version % 26]
        facts.append(
            Fact(
                key=key,
                value=value,
                status="observed",
                confidence=1.0,
                source_ids=chunk_ids[:2],
                pinned=self.huge,
            )
        )
        summary = CompactionSummary(
            summary_version=request.next_version,
            previous_version=request.previous.summary_version if request.previous else None,
            source_message_ids=[i for f in facts for i in f.source_ids],
            facts=facts,
            created_at=request.now,
        )
        return SummaryResponse(summary=summary)


def test_summary_is_injected_after_prefix_and_rolls_with_state() -> None:
    fake = FakeSummarizer()
    c = Compactor(budget=budget(6_000), counter=COUNTER, summarizer=fake)
    history = chat_history(150)
    first = c.compact(history, now=NOW)
    r = first.report
    if r["strategy"] != "summary":
        pytest.fail(f"fell back: {r['fallback']} {r['summary_validation']}")
    assert first.ids[1] == "summary-v1"
    assert first.messages[0] is history[0]
    assert first.messages[1]["role"] == "user"
    assert "<compaction_summary trust='untrusted' schema='v2'>" in first.messages[1]["content"]
    assert r["compacted_tokens"] <= r["target_tokens"]
    assert first.state.summary_version == 1 and first.state.summary is not None
    assert first.state.summary_until_id == first.state.cut_id == first.ids[2]
    summarized = [m.id for m in fake.requests[0].messages]
    assert summarized == r["summarized_ids"] == r["dropped_ids"]
    # not triggered: the same summary message is re-sent byte for byte
    history.append({"role": "user", "content": "ok"})
    second = c.compact(history, state=first.state, now=NOW)
    assert second.report["strategy"] == "none"
    assert second.messages == [*first.messages, history[-1]]
    # grow until it triggers again: only the newly dropped messages are summarized
    state = second.state
    for i in range(151, 400):
        history.append({"role": "user" if i % 2 == 0 else "assistant", "content": words(i)})
        result = c.compact(history, state=state, now=NOW)
        state = result.state
        if result.report["triggered"]:
            break
    assert result.report["strategy"] == "summary", result.report["fallback"]
    assert result.ids[1] == "summary-v2"
    newly = [m.id for m in fake.requests[1].messages]
    assert newly and newly[0] == first.state.cut_id
    assert not set(newly) & set(summarized)


def test_summarizer_error_falls_back_to_window_at_full_target() -> None:
    c = Compactor(budget=budget(2_000), counter=COUNTER, summarizer=FakeSummarizer(fail=True))
    history = chat_history(60)
    result = c.compact(history, now=NOW)
    window = compactor(2_000).compact(history)
    r = result.report
    assert r["strategy"] == "window" and r["fallback"] == "summarizer_error"
    assert result.messages == window.messages
    assert result.state.summary is None and result.state.summary_until_id is None


def test_over_budget_summary_falls_back() -> None:
    c = Compactor(budget=budget(2_000), counter=COUNTER, summarizer=FakeSummarizer(huge=True))
    result = c.compact(chat_history(60), now=NOW)
    assert result.report["strategy"] == "window"
    assert result.report["fallback"] == "summary_over_budget"


def test_invalid_summary_in_state_is_a_format_error() -> None:
    state = CompactionState(format="openai-chat", summary={"not": "a summary"}, summary_active=True)
    with pytest.raises(FormatError, match="invalid summary"):
        compactor(1_000).compact(chat_history(4), state=state)


def test_responses_instructions_are_counted() -> None:
    items = [{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]}]
    c = compactor(10_000)
    plain = c.compact({"input": items}).report["input_tokens"]
    request = {"instructions": "Answer in French. " * 20, "input": items}
    with_instructions = c.compact(request).report["input_tokens"]
    assert with_instructions - plain == COUNTER.count_system(request["instructions"])


def test_clock_gives_now_when_the_call_passes_none() -> None:
    fake = FakeSummarizer()
    later = datetime(2027, 1, 2, 3, 4, tzinfo=UTC)
    c = Compactor(budget=budget(6_000), counter=COUNTER, summarizer=fake, clock=lambda: later)
    c.compact(chat_history(150))
    assert fake.requests[0].now == later
    c.compact(chat_history(150), now=NOW)
    assert fake.requests[1].now == NOW


def test_summary_budget_is_validated() -> None:
    with pytest.raises(BudgetError):
        Compactor(budget=budget(1_000), summary_budget=1.0)


def _anthropic_history(turns: int) -> list[dict[str, Any]]:
    """One user question, then a long run of assistant tool turns, then another question."""
    out: list[dict[str, Any]] = [{"role": "user", "content": words(0)}]
    for i in range(turns):
        use = {
            "type": "tool_use",
            "id": f"toolu_{i}",
            "name": "search",
            "input": {"q": words(i, 5)},
        }
        out.append({"role": "assistant", "content": [use]})
        result = {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": words(i)}
        out.append({"role": "user", "content": [result]})
        out.append({"role": "assistant", "content": [{"type": "text", "text": words(i, 8)}]})
        out.append({"role": "user", "content": words(100 + i, 6)})
    return out


@pytest.mark.parametrize("usable", [150, 300, 500, 900])
def test_anthropic_window_opens_with_a_user_turn(usable: int) -> None:
    from runtime.protocol import find_protocol_errors

    history = _anthropic_history(8)
    result = compactor(usable).compact(history, format="anthropic")
    assert result.report["triggered"]
    assert result.messages[0]["role"] == "user"
    assert not find_protocol_errors(result.messages, format="anthropic")


def test_anthropic_pinned_answer_keeps_its_question() -> None:
    from runtime.protocol import find_protocol_errors

    history = _anthropic_history(8)
    ids = [m.id for m in read_history(history, format="anthropic").messages]
    c = compactor(400)
    result = c.compact(history, format="anthropic", pinned_ids=[ids[3]])
    assert ids[3] in result.ids and ids[0] in result.ids  # the question before the pinned answer
    assert not find_protocol_errors(result.messages, format="anthropic")
    # the next, untriggered call reads only the slices and keeps the same messages
    more = [*history, {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}]
    warm = c.compact(more, format="anthropic", pinned_ids=[ids[3]], state=result.state)
    assert warm.report["incremental"] and not warm.report["triggered"]
    assert warm.ids == [*result.ids, warm.ids[-1]]


def _grow_until_triggered(
    c: Compactor, history: list[dict[str, Any]], state: Any, *, pins: list[str], start: int
) -> Any:
    for i in range(start, start + 300):
        history.append({"role": "user" if i % 2 == 0 else "assistant", "content": words(i)})
        result = c.compact(history, state=state, pinned_ids=pins, now=NOW)
        state = result.state
        if result.report["triggered"]:
            return result
    pytest.fail("never triggered")


def test_pinned_groups_are_held_out_of_the_summary_until_unpinned() -> None:
    fake = FakeSummarizer()
    c = Compactor(budget=budget(6_000), counter=COUNTER, summarizer=fake)
    history = chat_history(150)
    pin = read_history(history).messages[5].id
    first = c.compact(history, pinned_ids=[pin], now=NOW)
    assert first.report["strategy"] == "summary", first.report["fallback"]
    # kept verbatim, so not handed to the summarizer
    assert pin in first.ids and pin not in first.report["summarized_ids"]
    assert pin not in [m.id for m in fake.requests[0].messages]
    assert first.state.held_out == ((5, pin),)
    # unpinned: still kept (nothing covers it yet), the state survives a JSON round trip
    state = CompactionState.from_json(first.state.to_json())
    history.append({"role": "user", "content": "ok"})
    second = c.compact(history, state=state, now=NOW)
    assert not second.report["triggered"] and pin in second.ids
    assert second.report["incremental"]
    # the next roll summarizes it (and only then drops it)
    third = _grow_until_triggered(c, history, second.state, pins=[], start=151)
    assert third.report["strategy"] == "summary", third.report["fallback"]
    assert pin in third.report["summarized_ids"] and pin not in third.ids
    assert pin in [m.id for m in fake.requests[-1].messages]
    assert third.state.held_out == ()


def test_still_pinned_groups_stay_held_out_across_rolls() -> None:
    fake = FakeSummarizer()
    c = Compactor(budget=budget(6_000), counter=COUNTER, summarizer=fake)
    history = chat_history(150)
    pin = read_history(history).messages[5].id
    first = c.compact(history, pinned_ids=[pin], now=NOW)
    again = _grow_until_triggered(c, history, first.state, pins=[pin], start=150)
    assert again.report["strategy"] == "summary"
    assert pin in again.ids and pin not in again.report["summarized_ids"]
    assert again.state.held_out == ((5, pin),)
    assert all(pin not in [m.id for m in r.messages] for r in fake.requests)
