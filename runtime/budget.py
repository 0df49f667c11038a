"""The token budget of one model request.

``usable = context_limit - max_output_tokens - tool_reserve - safety_margin`` is what the
history may take. Compaction starts when the context to be sent exceeds ``trigger x usable``
and then shrinks it to at most ``target x usable``; the gap between the two is what keeps a
long session from compacting again on every turn.
"""

from __future__ import annotations

import math
from dataclasses import KW_ONLY, dataclass
from typing import Any

from runtime.errors import BudgetError

__all__ = ["Budget"]


def _check_part(name: str, value: object, *, positive: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BudgetError(f"{name} must be an integer, got {value!r}")
    if value < 0 or (positive and value == 0):
        bound = "positive" if positive else "non-negative"
        raise BudgetError(f"{name} must be {bound}, got {value}")


def _check_fraction(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BudgetError(f"{name} must be a number in (0, 1], got {value!r}")
    if not math.isfinite(value) or not 0 < value <= 1:
        raise BudgetError(f"{name} must be in (0, 1], got {value}")


@dataclass(frozen=True, slots=True)
class Budget:
    """Token budget of one request; validated on construction, immutable afterwards.

    Args:
        context_limit: the model's context window in tokens.
        max_output_tokens: tokens reserved for the model's answer.
        tool_reserve: tokens reserved for tool definitions and results the next turn may add.
        safety_margin: slack for counting differences between tiktoken and the provider.
        trigger: fraction of ``usable`` above which compaction starts.
        target: fraction of ``usable`` the compacted context must fit in (``<= trigger``).

    Raises:
        BudgetError: a negative part, a fraction outside (0, 1], ``target > trigger``, or no
            usable tokens left once the reserves are taken.
    """

    context_limit: int
    _: KW_ONLY
    max_output_tokens: int = 4096
    tool_reserve: int = 1000
    safety_margin: int = 500
    trigger: float = 0.8
    target: float = 0.6

    def __post_init__(self) -> None:
        _check_part("context_limit", self.context_limit, positive=True)
        _check_part("max_output_tokens", self.max_output_tokens)
        _check_part("tool_reserve", self.tool_reserve)
        _check_part("safety_margin", self.safety_margin)
        _check_fraction("trigger", self.trigger)
        _check_fraction("target", self.target)
        if self.target > self.trigger:
            raise BudgetError(f"target ({self.target}) must not exceed trigger ({self.trigger})")
        if self.usable <= 0:
            raise BudgetError(
                f"no usable tokens: context_limit {self.context_limit} minus reserves "
                f"({self.max_output_tokens} + {self.tool_reserve} + {self.safety_margin}) "
                f"leaves {self.usable}"
            )
        if self.target_tokens <= 0:
            raise BudgetError(f"target x usable rounds down to 0 tokens (usable {self.usable})")

    @property
    def usable(self) -> int:
        """Tokens the history may take: the limit minus output, tool reserve and margin."""
        return self.context_limit - self.max_output_tokens - self.tool_reserve - self.safety_margin

    @property
    def trigger_tokens(self) -> int:
        """Compaction starts when the context to be sent exceeds this many tokens."""
        return math.floor(self.trigger * self.usable)

    @property
    def target_tokens(self) -> int:
        """A compaction shrinks the context to at most this many tokens."""
        return math.floor(self.target * self.usable)

    def to_dict(self) -> dict[str, Any]:
        """The parameters and derived figures, for reports."""
        return {
            "context_limit": self.context_limit,
            "max_output_tokens": self.max_output_tokens,
            "tool_reserve": self.tool_reserve,
            "safety_margin": self.safety_margin,
            "trigger": self.trigger,
            "target": self.target,
            "usable_tokens": self.usable,
            "trigger_tokens": self.trigger_tokens,
            "target_tokens": self.target_tokens,
        }
