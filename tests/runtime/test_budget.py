"""Budget: the arithmetic of usable, trigger and target, and its validation."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from runtime import Budget, BudgetError


def test_defaults_and_derived_figures() -> None:
    budget = Budget(128_000)
    assert budget.usable == 128_000 - 4096 - 1000 - 500
    assert budget.trigger_tokens == math.floor(0.8 * budget.usable)
    assert budget.target_tokens == math.floor(0.6 * budget.usable)
    assert budget.to_dict()["usable_tokens"] == budget.usable


def test_is_frozen() -> None:
    budget = Budget(10_000)
    with pytest.raises(dataclasses.FrozenInstanceError):
        budget.context_limit = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "usable", "trigger", "target"),
    [
        (
            dict(context_limit=10_000, max_output_tokens=0, tool_reserve=0, safety_margin=0),
            10_000,
            8_000,
            6_000,
        ),
        (
            dict(context_limit=1_000, max_output_tokens=100, tool_reserve=100, safety_margin=100),
            700,
            560,
            420,
        ),
        (
            dict(
                context_limit=5_000,
                max_output_tokens=0,
                tool_reserve=0,
                safety_margin=0,
                trigger=1.0,
                target=1.0,
            ),
            5_000,
            5_000,
            5_000,
        ),
        (
            dict(
                context_limit=3,
                max_output_tokens=0,
                tool_reserve=0,
                safety_margin=0,
                trigger=1,
                target=0.5,
            ),
            3,
            3,
            1,
        ),
    ],
)
def test_table(kwargs: dict[str, Any], usable: int, trigger: int, target: int) -> None:
    budget = Budget(**kwargs)
    assert (budget.usable, budget.trigger_tokens, budget.target_tokens) == (usable, trigger, target)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (dict(context_limit=-1), "context_limit"),
        (dict(context_limit=0), "context_limit"),
        (dict(context_limit=10_000, max_output_tokens=-1), "max_output_tokens"),
        (dict(context_limit=10_000, tool_reserve=-5), "tool_reserve"),
        (dict(context_limit=10_000, safety_margin=-1), "safety_margin"),
        (dict(context_limit=10_000, trigger=0), "trigger"),
        (dict(context_limit=10_000, trigger=1.5), "trigger"),
        (dict(context_limit=10_000, target=-0.1), "target"),
        (dict(context_limit=10_000, target=float("nan")), "target"),
        (dict(context_limit=10_000, trigger=0.5, target=0.7), "must not exceed"),
        (dict(context_limit=5_000), "no usable tokens"),
        (dict(context_limit=5_596), "no usable tokens"),
        (
            dict(
                context_limit=1,
                max_output_tokens=0,
                tool_reserve=0,
                safety_margin=0,
                target=0.5,
                trigger=0.6,
            ),
            "rounds down",
        ),
        (dict(context_limit=10_000.5), "integer"),
        (dict(context_limit=True), "integer"),
        (dict(context_limit=10_000, trigger="0.8"), "number"),
    ],
)
def test_invalid_budgets_raise(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(BudgetError, match=match):
        Budget(**kwargs)


def test_budget_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Budget(100)
