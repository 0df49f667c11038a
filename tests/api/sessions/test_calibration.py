"""The pure calibration of ``api.sessions.calibration``: the factor, the calibrated budget and the
adaptive trigger (no database)."""

from __future__ import annotations

import pytest

from api.sessions.calibration import (
    FACTOR_MAX,
    FACTOR_MIN,
    adapt_trigger,
    calibrated_budget,
    update_factor,
)
from runtime.budget import Budget


@pytest.mark.parametrize(
    ("factor", "samples", "provider", "own", "expected"),
    [
        (1.0, 0, 1100, 1000, 1.1),  # the first sample counts fully
        (1.1, 1, 1300, 1000, 1.2),  # then a running mean
        (1.0, 10, 2000, 1000, 1.3),  # then an EMA with alpha 0.3
        (1.0, 0, 50_000, 1000, FACTOR_MAX),  # clamped
        (1.0, 0, 10, 1000, FACTOR_MIN),
        (1.3, 4, 1000, 0, 1.3),  # no own count: unchanged
    ],
)
def test_update_factor(factor, samples, provider, own, expected) -> None:
    got = update_factor(factor, samples, provider_tokens=provider, own_tokens=own)
    assert got == pytest.approx(expected, abs=1e-9)


def test_calibrated_budget_rescales_only_the_usable_part() -> None:
    budget = Budget(10_000, max_output_tokens=1000, tool_reserve=500, safety_margin=500)
    scaled = calibrated_budget(budget, 1.25)
    assert scaled.usable == 6400 and scaled.max_output_tokens == 1000
    assert calibrated_budget(budget, 1.0) is budget


@pytest.mark.parametrize(
    ("limit", "max_out", "tools", "reasons", "effective"),
    [
        (10_000, 1000, [100, 200], (), 0.8),
        (10_000, 1000, [4000], ("large_tool_results",), 0.65),  # floor: target + 0.05
        (10_000, 1000, [2000], ("large_tool_results",), 7000 / 9000),  # room for one more
        (10_000, 1000, [1000], (), 0.8),  # 8000 / 9000 is above the trigger anyway
        (10_000, 4000, [], ("high_output_limit",), 0.8 - 0.075),
    ],
)
def test_adaptive_trigger(limit, max_out, tools, reasons, effective) -> None:
    budget = Budget(limit, max_output_tokens=max_out, tool_reserve=0, safety_margin=0)
    got = adapt_trigger(budget, recent_tool_result_tokens=tools)
    assert got.reasons == reasons
    assert got.effective == pytest.approx(effective, abs=1e-3)
    assert budget.target + 0.05 - 1e-9 <= got.effective <= budget.trigger
