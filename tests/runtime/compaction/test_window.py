"""fit_window / keep_from over abstract group costs (no messages involved)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.compaction.window import fit_window, keep_from


@pytest.mark.parametrize(
    ("costs", "base", "limit", "pinned", "kept", "cut", "tokens"),
    [
        # everything fits
        ([10, 10, 10], 5, 100, set(), (0, 1, 2), 0, 35),
        # most recent first, stop at the first that does not fit
        ([10, 10, 10], 5, 26, set(), (1, 2), 1, 25),
        # a small older group behind a big one is NOT taken: the run stays contiguous
        ([1, 50, 10], 5, 20, set(), (2,), 2, 15),
        # the last group is kept even when it alone exceeds the limit
        ([10, 99], 5, 20, set(), (1,), 1, 104),
        # pinned groups are kept wherever they are and use up the limit first
        ([10, 10, 10, 10], 0, 30, {0}, (0, 2, 3), 2, 30),
        # a pinned group inside the recency run costs nothing extra there
        ([10, 10, 10, 10], 0, 40, {2}, (0, 1, 2, 3), 0, 40),
        # no groups at all
        ([], 7, 10, set(), (), 0, 7),
    ],
)
def test_fit_window_table(
    costs: list[int],
    base: int,
    limit: int,
    pinned: set[int],
    kept: tuple[int, ...],
    cut: int,
    tokens: int,
) -> None:
    fit = fit_window(costs, base=base, limit=limit, usable=1_000, pinned=pinned)
    assert (fit.kept, fit.cut, fit.tokens, fit.over_budget) == (kept, cut, tokens, False)


def test_over_budget_when_mandatory_part_exceeds_usable() -> None:
    fit = fit_window([10, 500, 600], base=50, limit=100, usable=1_000, pinned={1})
    assert fit.kept == (1, 2)
    assert fit.over_budget
    assert fit.over_budget_reason is not None and "1150" in fit.over_budget_reason


def test_floor_stops_the_walk_but_keeps_pins_below_it() -> None:
    fit = fit_window([1, 1, 1, 1, 1], base=0, limit=100, usable=100, pinned={0}, floor=3)
    assert fit.kept == (0, 3, 4)
    assert fit.cut == 3


def test_keep_from_is_the_state_window() -> None:
    fit = keep_from([5, 6, 7, 8], base=1, cut=2, pinned={0, 3})
    assert fit.kept == (0, 2, 3)
    assert fit.tokens == 1 + 5 + 7 + 8
    assert keep_from([5], base=0, cut=9).kept == ()


@settings(max_examples=200, deadline=None)
@given(
    costs=st.lists(st.integers(1, 50), max_size=30),
    base=st.integers(0, 100),
    limit=st.integers(0, 400),
    data=st.data(),
)
def test_fit_window_invariants(
    costs: list[int], base: int, limit: int, data: st.DataObject
) -> None:
    pinned = data.draw(st.sets(st.integers(0, max(len(costs) - 1, 0))) if costs else st.just(set()))
    usable = data.draw(st.integers(limit, limit + 200))
    fit = fit_window(costs, base=base, limit=limit, usable=usable, pinned=pinned)
    n = len(costs)
    if not n:
        return
    assert list(fit.kept) == sorted(set(fit.kept))
    assert n - 1 in fit.kept and pinned <= set(fit.kept)
    assert set(range(fit.cut, n)) <= set(fit.kept)
    assert fit.tokens == base + sum(costs[i] for i in fit.kept)
    mandatory = base + sum(costs[i] for i in pinned | {n - 1})
    assert fit.over_budget == (mandatory > usable)
    if fit.tokens > limit:
        # only the mandatory part may exceed the limit
        assert set(fit.kept) == pinned | {n - 1} | set(range(fit.cut, n))
        assert fit.tokens == mandatory
    dropped = [i for i in range(fit.cut) if i not in fit.kept]
    if dropped:
        assert fit.tokens + costs[max(dropped)] > limit


@pytest.mark.parametrize(
    ("costs", "limit", "pinned", "user_led", "kept", "cut"),
    [
        # the walk reaches group 1 (assistant-led): it is dropped, the run opens at user turn 2
        ([10, 10, 10, 10], 31, set(), {0, 2}, (2, 3), 2),
        # the walk reaches a user turn: nothing changes
        ([10, 10, 10, 10], 41, set(), {0, 2}, (0, 1, 2, 3), 0),
        # over the limit from the last user turn on: that turn and the latest group (issue 10;
        # it used to keep everything from the last user turn on, over the limit)
        ([10, 10, 10, 10], 5, set(), {0, 1}, (1, 3), 3),
        # a leading assistant-led pinned group keeps the user turn before it
        ([10, 10, 10, 10, 10], 30, {2}, {0, 1, 3}, (1, 2, 3, 4), 1),
        # a leading user-led pinned group needs no anchor
        ([10, 10, 10, 10, 10], 30, {1}, {0, 1, 3}, (1, 3, 4), 3),
        # no user turn at all: nothing to honour
        ([10, 10, 10], 21, set(), set(), (1, 2), 1),
    ],
)
def test_fit_window_opens_with_a_user_turn(
    costs: list[int],
    limit: int,
    pinned: set[int],
    user_led: set[int],
    kept: tuple[int, ...],
    cut: int,
) -> None:
    fit = fit_window(costs, base=0, limit=limit, usable=1_000, pinned=pinned, user_led=user_led)
    assert (fit.kept, fit.cut) == (kept, cut)
    assert fit.tokens == sum(costs[i] for i in kept)


def test_keep_from_keeps_the_user_turn_of_a_leading_pinned_answer() -> None:
    fit = keep_from([10, 10, 10, 10], base=0, cut=3, pinned={2}, user_led={0, 1, 3})
    assert fit.kept == (1, 2, 3)
    assert keep_from([10, 10, 10, 10], base=0, cut=3, pinned={2}).kept == (2, 3)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(
    costs=st.lists(st.integers(1, 30), min_size=1, max_size=12),
    limit=st.integers(0, 200),
    data=st.data(),
)
def test_user_led_window_is_maximal_under_the_constraint(
    costs: list[int], limit: int, data: st.DataObject
) -> None:
    n = len(costs)
    user_led = set(data.draw(st.lists(st.integers(0, n - 1), min_size=1)))
    fit = fit_window(costs, base=0, limit=limit, usable=10_000, user_led=user_led)
    assert fit.kept[0] in user_led
    prompt = max(user_led)
    if sum(costs[prompt:]) > limit and prompt < n - 1:
        # a tool loop under one prompt: the prompt, then the latest groups that fit
        assert fit.kept == (prompt, *range(fit.cut, n)) and fit.cut > prompt
        longer = costs[prompt] + sum(costs[fit.cut - 1 :])
        assert fit.cut == prompt + 1 or fit.cut == n - 1 or longer > limit
        return
    assert fit.cut in user_led
    assert fit.kept == tuple(range(fit.cut, n))
    # any longer run opening with a user turn would exceed the limit
    for start in (i for i in user_led if i < fit.cut):
        assert sum(costs[start:]) > limit


def test_a_tool_loop_under_one_prompt_keeps_the_prompt_and_the_latest_groups() -> None:
    # group 0: the user's prompt; 1..5: assistant tool_use + user tool_result pairs
    costs = [20, 30, 30, 30, 30, 30]
    fit = fit_window(costs, base=10, limit=100, usable=120, user_led={0})
    assert not fit.over_budget
    assert (fit.kept, fit.cut) == ((0, 4, 5), 4)
    assert fit.tokens == 10 + 20 + 30 + 30
    # the state it leaves implies the same context: the prompt comes back with the cut
    assert keep_from(costs, base=10, cut=fit.cut, user_led={0}).kept == fit.kept
    # when the tail from the prompt fits, nothing changes
    assert fit_window(costs, base=0, limit=500, usable=500, user_led={0}).kept == tuple(range(6))


def test_a_tool_loop_whose_prompt_and_last_group_cannot_fit_is_over_budget() -> None:
    fit = fit_window([80, 30, 90], base=10, limit=100, usable=150, user_led={0})
    assert fit.over_budget and fit.over_budget_reason


def test_anthropic_window_only_shrinks_a_long_tool_loop_under_one_prompt() -> None:
    from runtime import Budget, Compactor
    from runtime.protocol import find_protocol_errors

    messages: list[dict[str, object]] = [
        {"role": "user", "content": "Collect the prices of every train today, at most 200 CNY."}
    ]
    page = "G1 73 CNY " * 40
    for i in range(30):
        messages.append({"role": "assistant", "content": [
            {"type": "tool_use", "id": f"t{i}", "name": "search", "input": {"page": i}},
        ]})  # fmt: skip
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"t{i}", "content": f"{i}: {page}"},
        ]})  # fmt: skip
    compactor = Compactor(Budget(6000, max_output_tokens=1000, tool_reserve=0, safety_margin=0))
    result = compactor.compact(messages, format="anthropic")
    report = result.report
    assert report["strategy"] == "window" and not report["over_budget"], report[
        "over_budget_reason"
    ]
    assert report["compacted_tokens"] <= report["budget"]["target_tokens"]
    # the prompt opens the window (a recall block may come right before it)
    assert _without_recall(result)[0] == messages[0]
    assert result.messages[-1] == messages[-1]  # the latest results are there
    assert find_protocol_errors(result.messages, format="anthropic") == []
    # the state implies the same context on the next call
    again = compactor.compact(messages, format="anthropic", state=result.state)
    assert again.messages == result.messages
    # a warm call (read from the cut on) after one more turn of the loop opens with the prompt
    more = [*messages, {"role": "assistant", "content": "Done: every train is under 200 CNY."}]
    warm = compactor.compact(more, format="anthropic", state=again.state)
    assert _without_recall(warm)[0] == messages[0] and warm.messages[-1] == more[-1]
    assert find_protocol_errors(warm.messages, format="anthropic") == []


def _without_recall(result: Any) -> list[Any]:
    return [e for e, i in zip(result.messages, result.ids, strict=True) if i != "recall"]
