"""fit_window / keep_from over abstract group costs (no messages involved)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.window import fit_window, keep_from


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
