"""Budget feedback from the provider: the calibration factor and the adaptive trigger.

Both are pure functions of numbers the service stores, so they are unit-tested without a
database. The service applies them before every ``/context`` decision and shows both in the report.

*Calibration.* tiermem counts with tiktoken; the provider bills with its own tokenizer, its own
message framing and hidden tool definitions. After each model call the agent reports the
provider's ``input_tokens``; the ratio provider/own for the context tiermem returned is smoothed
(a running mean for the first samples, then an exponential moving average) and clamped, and the
budget's usable tokens are divided by it: if the provider counts 10% more, tiermem compacts to
10% less of its own count.

*Adaptive trigger.* A fixed trigger fraction is too late when the next turn will add a lot: a
tool that returned 3k tokens last time is likely to return as much again, and a high
``max_output_tokens`` means long answers that join the history. The effective trigger is lowered
so that the context plus one more such tool result still fits, and by a bounded step when the
output limit is a large share of the context window; never below ``target + TRIGGER_GAP``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from runtime.budget import Budget

__all__ = [
    "ALPHA",
    "FACTOR_MAX",
    "FACTOR_MIN",
    "OUTPUT_SHARE_THRESHOLD",
    "TRIGGER_GAP",
    "AdaptiveTrigger",
    "adapt_trigger",
    "calibrated_budget",
    "update_factor",
    "with_trigger",
]

FACTOR_MIN = 0.5
FACTOR_MAX = 2.0
ALPHA = 0.3
TRIGGER_GAP = 0.05
OUTPUT_SHARE_THRESHOLD = 0.25
MAX_OUTPUT_STEP = 0.15


def _clamp(value: float) -> float:
    return min(FACTOR_MAX, max(FACTOR_MIN, value))


def update_factor(factor: float, samples: int, *, provider_tokens: int, own_tokens: int) -> float:
    """Fold one provider report into the session's factor.

    Args:
        factor: the current factor (1.0 before any sample).
        samples: how many samples it already holds.
        provider_tokens: the provider's ``input_tokens`` for the call.
        own_tokens: tiermem's own count of the context that call sent.

    Returns:
        The new factor, clamped to [FACTOR_MIN, FACTOR_MAX]. A report without a usable own count
        (zero) leaves the factor unchanged.
    """
    if own_tokens <= 0 or provider_tokens <= 0:
        return factor
    ratio = _clamp(provider_tokens / own_tokens)
    # A running mean while few samples exist (the first report counts fully), then an EMA so
    # that a change of model or of the agent's framing is followed within a few calls.
    weight = max(ALPHA, 1.0 / (samples + 1))
    return _clamp(weight * ratio + (1.0 - weight) * factor)


def calibrated_budget(budget: Budget, factor: float) -> Budget:
    """``budget`` with its usable tokens divided by ``factor`` (the limit shrinks or grows).

    The reserves (output, tools, margin) are the provider's own numbers and stay as they are;
    only the share tiermem measures with its own tokenizer is rescaled.
    """
    factor = _clamp(factor)
    if math.isclose(factor, 1.0, abs_tol=1e-3):
        return budget
    usable = max(1, math.floor(budget.usable / factor))
    return Budget(
        budget.context_limit - budget.usable + usable,
        max_output_tokens=budget.max_output_tokens,
        tool_reserve=budget.tool_reserve,
        safety_margin=budget.safety_margin,
        trigger=budget.trigger,
        target=budget.target,
    )


@dataclass(frozen=True, slots=True)
class AdaptiveTrigger:
    """The trigger fraction actually used, and why it differs from the configured one."""

    base: float
    effective: float
    reasons: tuple[str, ...]
    recent_tool_result_tokens: int
    output_share: float

    def to_dict(self) -> dict[str, Any]:
        """For the compaction report."""
        return {
            "base_trigger": self.base,
            "effective_trigger": self.effective,
            "reasons": list(self.reasons),
            "recent_tool_result_tokens": self.recent_tool_result_tokens,
            "output_share": round(self.output_share, 4),
        }


def adapt_trigger(budget: Budget, *, recent_tool_result_tokens: Sequence[int]) -> AdaptiveTrigger:
    """Lower the trigger when the next turn is likely to add a lot.

    Args:
        budget: the (calibrated) budget of this call.
        recent_tool_result_tokens: token counts of the last few tool results of the session,
            in tiermem's own count (the budget is already calibrated to that unit).

    Returns:
        The effective trigger, in ``[min(base, target + TRIGGER_GAP), base]``.
    """
    base = budget.trigger
    floor = min(base, budget.target + TRIGGER_GAP)
    expected = max(recent_tool_result_tokens, default=0)
    share = budget.max_output_tokens / budget.context_limit
    candidates = [base]
    reasons: list[str] = []
    room = (budget.usable - expected) / budget.usable
    if expected and room < base:
        candidates.append(room)
        reasons.append("large_tool_results")
    if share > OUTPUT_SHARE_THRESHOLD:
        candidates.append(base - min(MAX_OUTPUT_STEP, (share - OUTPUT_SHARE_THRESHOLD) * 0.5))
        reasons.append("high_output_limit")
    effective = round(max(floor, min(candidates)), 4)
    if effective >= base:
        return AdaptiveTrigger(base, base, (), expected, share)
    return AdaptiveTrigger(base, effective, tuple(reasons), expected, share)


def with_trigger(budget: Budget, trigger: float) -> Budget:
    """``budget`` with another trigger fraction (target kept, never above the trigger)."""
    if trigger == budget.trigger:
        return budget
    return Budget(
        budget.context_limit,
        max_output_tokens=budget.max_output_tokens,
        tool_reserve=budget.tool_reserve,
        safety_margin=budget.safety_margin,
        trigger=trigger,
        target=min(budget.target, trigger),
    )
