"""One rolling compaction step: previous summary + one bounded chunk -> the next version.

The compactor calls ``roll_summary`` with the groups newly dropped since its cut. The chunk is
sanitized before the summarizer sees it, so the summarizer's input is bounded by the chunk and
the previous summary, never by the session's length. The summarizer's answer gets its items'
speakers from tiermem (``runtime.summary.provenance``: derived from the cited messages, any
claim overwritten) and is written as ``compaction_summary.v2``. The candidate is shrunk into
its budget, diffed against the previous version, validated against every message summarized
so far, and only then adopted together with its snapshot record. Whatever goes wrong is
reported as a fallback to the window, never raised:

- ``summarizer_error``: the summarizer raised (``SummaryError``, a timeout, an OS error).
- ``summary_over_budget``: even after shrinking, only pinned items are left and it is over,
  or the budget cannot hold a single item (an empty skeleton is never adopted).
- ``invalid_summary``: a check failed; the previous version stays current (``rolled_back``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal, get_args

from pydantic import ValidationError

from runtime.errors import SummaryError
from runtime.messages import Message
from runtime.summary.coverage import Coverage, check_coverage, with_coverage
from runtime.summary.diff import SummaryDiff, diff_summaries
from runtime.summary.polarity import clause_cache
from runtime.summary.protocol import Summarizer, SummaryRequest, SummaryResponse
from runtime.summary.provenance import attribute_speakers
from runtime.summary.sanitize import SanitizeCounts, sanitize_messages
from runtime.summary.schema import CompactionSummary, Decision, Fact
from runtime.summary.set_aside import SetAside, left_out, offer
from runtime.summary.shrink import ShrinkResult, shrink_summary
from runtime.summary.snapshots import SnapshotRecord, make_snapshot
from runtime.summary.validate import (
    SourceTexts,
    ValidationReport,
    check_item,
    validate_summary,
)

__all__ = ["FALLBACK_REASONS", "Fallback", "RollOutcome", "roll_summary"]

Fallback = Literal["summarizer_error", "invalid_summary", "summary_over_budget"]
"""Why a rolling step adopted no new version (see the module docstring)."""

FALLBACK_REASONS: tuple[Fallback, ...] = get_args(Fallback)


@dataclass(frozen=True)
class RollOutcome:
    """The result of one rolling step.

    Attributes:
        summary: the adopted new version; ``None`` means the caller falls back to the window
            (and keeps its previous summary as the current one).
        fallback: ``None`` or one of ``FALLBACK_REASONS``.
        validation: the candidate's validation (``None`` when the summarizer failed).
        snapshot: the record of the new version, produced before it replaces the old one
            (``None`` unless adopted); the caller stores it.
        rolled_back: a new version was rejected by validation and the previous one stays.
        sanitize_counts: what sanitizing the chunk redacted, flagged, removed, truncated.
        tokens_in: the summarizer's input tokens.
        tokens_out: the summarizer's output tokens.
        elapsed_ms: wall time of the whole step.
        diff: the candidate's diff against the previous version, evictions recorded.
        error: a one-line description of the summarizer error, for the report.
        set_aside: the constraint-tier items the adopted version could not place, for the next
            roll to offer again (``runtime.summary.set_aside``); empty unless adopted.
    """

    summary: CompactionSummary | None
    fallback: Fallback | None
    validation: ValidationReport | None
    snapshot: SnapshotRecord | None
    rolled_back: bool
    sanitize_counts: SanitizeCounts
    tokens_in: int
    tokens_out: int
    elapsed_ms: float
    diff: SummaryDiff | None
    error: str | None = None
    set_aside: SetAside = ()


@dataclass(frozen=True)
class _Step:
    """The fixed inputs of one rolling step that judging a candidate needs."""

    previous: CompactionSummary | None
    chunk: Sequence[Message]
    summarized_range: Sequence[Message]
    budget_tokens: int
    count_tokens: Callable[[str], int]
    pinned_ids: frozenset[str]
    max_chars: int

    def judge(
        self,
        candidate: CompactionSummary,
        count_summary: Callable[[CompactionSummary], int] | None,
    ) -> tuple[ShrinkResult, SummaryDiff, ValidationReport]:
        """Shrink the candidate into the budget, diff it against the previous version (an
        open question may close only if an assistant or tool message arrived) and validate."""
        shrunk = shrink_summary(
            candidate,
            budget_tokens=self.budget_tokens,
            count_tokens=self.count_tokens,
            pinned_ids=self.pinned_ids,
            count_summary=count_summary,
        )
        diff, validation = self.check(shrunk, count_summary)
        return shrunk, diff, validation

    def check(
        self, shrunk: ShrinkResult, count_summary: Callable[[CompactionSummary], int] | None
    ) -> tuple[SummaryDiff, ValidationReport]:
        """Diff ``shrunk`` against the previous version (its evictions on record) and validate."""
        answers = [m.id for m in self.chunk if m.role in {"assistant", "tool"}]
        diff = diff_summaries(
            self.previous, shrunk.summary, evicted=shrunk.evicted, new_message_ids=answers
        )
        validation = validate_summary(
            shrunk.summary,
            sources=self.summarized_range,
            previous=self.previous,
            diff=diff,
            budget_tokens=self.budget_tokens,
            count_tokens=self.count_tokens,
            pinned_ids=self.pinned_ids,
            count_summary=count_summary,
            max_chars=self.max_chars,
        )
        return diff, validation


def _base(counts: SanitizeCounts, response: SummaryResponse | str) -> RollOutcome:
    """The outcome before judging: a fallback with nothing adopted yet."""
    return RollOutcome(
        summary=None,
        fallback=None,
        validation=None,
        snapshot=None,
        rolled_back=False,
        sanitize_counts=counts,
        tokens_in=0 if isinstance(response, str) else response.tokens_in,
        tokens_out=0 if isinstance(response, str) else response.tokens_out,
        elapsed_ms=0.0,
        diff=None,
    )


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0


def _call(summarizer: Summarizer, request: SummaryRequest) -> SummaryResponse | str:
    """The response, or a one-line error text when the summarizer failed."""
    try:
        return summarizer.summarize(request)
    except (SummaryError, TimeoutError, OSError) as exc:
        return f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
    except ValidationError as exc:
        # A summarizer that builds an invalid summary is a summarizer failure too.
        return f"invalid summary from summarizer: {exc.error_count()} errors"


@clause_cache()
def roll_summary(
    *,
    previous: CompactionSummary | None,
    chunk: Sequence[Message],
    summarized_range: Sequence[Message],
    summarizer: Summarizer,
    budget_tokens: int,
    count_tokens: Callable[[str], int],
    pinned_ids: frozenset[str],
    now: datetime,
    max_chars: int = 4000,
    count_summary: Callable[[CompactionSummary], int] | None = None,
    set_aside: Sequence[Fact | Decision] = (),
) -> RollOutcome:
    """Summarize ``chunk`` into ``previous`` and decide whether the result is adopted.

    Args:
        previous: the current summary, ``None`` at the first compaction.
        chunk: the messages newly dropped since the cut (raw; sanitized here).
        summarized_range: every message summarized so far, ``chunk`` included, in order; source
            ids are checked against it and it is the range the snapshot records.
        summarizer: any ``Summarizer``.
        budget_tokens: the summary budget (the rendered block must fit it).
        count_tokens: token counter for a text.
        pinned_ids: pinned message ids (their items are never evicted or contradicted).
        now: the caller's clock.
        max_chars: per-text length limit applied by sanitizing.
        count_summary: exact cost of a summary as injected (the compactor's data message);
            defaults to ``count_tokens(render_summary_block(summary))``.
        set_aside: what earlier rolls dropped for room, offered again before the shrink.

    Returns:
        The outcome; never raises for summarizer failures or bad summaries.
    """
    started = time.perf_counter()
    sanitized, counts = sanitize_messages(chunk, max_chars=max_chars)
    request = SummaryRequest(
        previous=previous,
        messages=sanitized,
        pinned_ids=pinned_ids,
        now=now,
        next_version=previous.summary_version + 1 if previous is not None else 1,
        budget_tokens=budget_tokens,
    )
    response = _call(summarizer, request)
    base = _base(counts, response)

    def done(**fields: Any) -> RollOutcome:
        return replace(base, elapsed_ms=_ms(started), **fields)

    if isinstance(response, str):
        return done(fallback="summarizer_error", error=response)
    step = _Step(
        previous, chunk, summarized_range, budget_tokens, count_tokens, pinned_ids, max_chars
    )
    # Constraints the candidate dropped go back in from the user's clause (coverage.py) ...
    coverage = _coverage(step, response.summary, sanitized, max_chars)
    # Constraints earlier rolls set aside compete again, by when they were said ...
    offered = offer(coverage.summary, set_aside, [m.id for m in summarized_range])
    # ... and who wrote each cited source is tiermem's to say, whatever the summarizer claimed.
    candidate = attribute_speakers(
        offered, messages=sanitized, previous=previous, context=summarized_range
    )
    shrunk, diff, validation = step.judge(candidate, count_summary)
    validation = with_coverage(validation, coverage)
    judged: dict[str, Any] = {"validation": validation, "diff": diff}
    if not shrunk.fits or _emptied(coverage.summary, shrunk.summary):
        # an empty skeleton is no summary: the budget cannot hold one item (never adopted)
        return done(fallback="summary_over_budget", **judged)
    if not validation.passed:
        return done(fallback="invalid_summary", rolled_back=previous is not None, **judged)
    snapshot = make_snapshot(
        shrunk.summary,
        covered=summarized_range,
        summarizer=summarizer.name,
        model=response.model or summarizer.model,
        diff=diff,
        validation=validation,
        now=now,
        lost=[entry.to_dict() for entry in coverage.lost(shrunk.summary)],
    )
    return done(
        summary=shrunk.summary,
        snapshot=snapshot,
        set_aside=left_out(candidate, shrunk.summary),
        **judged,
    )


def _emptied(candidate: CompactionSummary, shrunk: CompactionSummary) -> bool:
    """The shrink left none of the candidate's items."""
    return bool(candidate.items()) and not shrunk.items()


def _coverage(
    step: _Step, candidate: CompactionSummary, sanitized: Sequence[Message], max_chars: int
) -> Coverage:
    """The coverage check of a candidate (``runtime.summary.coverage``), repaired."""
    by_id = {m.id: m for m in step.summarized_range}
    texts = SourceTexts(max_chars=max_chars)
    return check_coverage(
        candidate,
        raw_chunk=step.chunk,
        chunk=sanitized,
        sent_ids=step.pinned_ids,
        accept=lambda fact: (
            not check_item(fact, [by_id[i] for i in fact.source_ids if i in by_id], texts=texts)
        ),
        previous=step.previous,
        max_chars=max_chars,
    )
