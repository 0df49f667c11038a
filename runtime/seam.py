"""The seam between the compactor and the rolling summary step (``runtime.summary.rolling``).

The compactor decides *what* is summarized (the groups dropped since the summary's end) and
*where* the summary goes; ``roll_summary`` sanitizes, summarizes, shrinks, diffs, validates and
snapshots. ``roll`` translates between the two so neither depends on the other's internals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from runtime.messages import Message
from runtime.report import RollInfo
from runtime.summary.protocol import Summarizer
from runtime.summary.rolling import roll_summary
from runtime.summary.schema import CompactionSummary

__all__ = ["RollRequest", "RollResult", "dump_summary", "roll"]


def dump_summary(summary: CompactionSummary | None) -> dict[str, Any] | None:
    """A summary as JSON (``None`` stays ``None``)."""
    return None if summary is None else summary.model_dump(mode="json")


@dataclass(frozen=True, slots=True)
class RollRequest:
    """What the summary step gets: the previous summary, the newly dropped chunk, the range."""

    previous: CompactionSummary | None
    chunk: tuple[Message, ...]
    summarized_range: tuple[Message, ...]
    pinned_ids: frozenset[str]
    now: datetime
    budget_tokens: int
    count_text: Callable[[str], int]
    count_summary: Callable[[CompactionSummary], int]


@dataclass(frozen=True, slots=True)
class RollResult:
    """The adopted summary (``None``: fall back to the window) and what to report."""

    summary: CompactionSummary | None
    info: RollInfo


def roll(summarizer: Summarizer, request: RollRequest) -> RollResult:
    """The seam to ``runtime.summary.rolling.roll_summary``: translate its outcome.

    ``roll_summary`` sanitizes the chunk, asks the summarizer, shrinks, diffs and validates the
    candidate and makes the snapshot; it never raises for summarizer failures.
    """
    outcome = roll_summary(
        previous=request.previous,
        chunk=request.chunk,
        summarized_range=request.summarized_range,
        summarizer=summarizer,
        budget_tokens=request.budget_tokens,
        count_tokens=request.count_text,
        pinned_ids=request.pinned_ids,
        now=request.now,
        count_summary=request.count_summary,
    )
    counts = outcome.sanitize_counts
    info = RollInfo(
        fallback=outcome.fallback,
        summary=dump_summary(outcome.summary),
        validation=outcome.validation.to_dict() if outcome.validation else None,
        diff=outcome.diff.to_dict() if outcome.diff else None,
        snapshot=outcome.snapshot.to_dict() if outcome.snapshot else None,
        rolled_back=outcome.rolled_back,
        tokens_in=outcome.tokens_in,
        tokens_out=outcome.tokens_out,
        summarized_ids=tuple(m.id for m in request.chunk),
        error=outcome.error,
        sanitized={
            "redacted": dict(counts.redacted),
            "injection_flags": counts.injection_flags,
            "invisible_removed": counts.invisible_removed,
            "truncated_texts": counts.truncated_texts,
        },
    )
    return RollResult(outcome.summary, info)
