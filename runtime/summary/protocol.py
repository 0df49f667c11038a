"""The summarizer interface: previous summary + one bounded chunk in, full new summary out.

A rolling compaction never hands a summarizer the whole session: only the summary so far and the
messages dropped since the last cut, so the summarizer's input stays bounded however long the
session runs. Implementations: ``ExtractiveSummarizer`` (offline, deterministic, the default) and
the OpenAI-compatible adapter (outside the pure core).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

from runtime.messages import Message
from runtime.summary.schema import CompactionSummary

__all__ = ["Summarizer", "SummaryRequest", "SummaryResponse"]


@dataclass(frozen=True)
class SummaryRequest:
    """What a summarizer is asked to do.

    Attributes:
        previous: the current summary, carried over into the new one (``None`` at first).
        messages: the newly dropped chunk, already passed through ``sanitize_messages``.
            Summarizers read only ``text``, ``tool_calls`` and ``tool_results``, never ``raw``.
        pinned_ids: ids of pinned messages; facts taken from them get ``pinned=True``.
        now: the caller's clock, used for ``created_at`` and for relative dates of messages
            without a timestamp.
        next_version: the ``summary_version`` the new summary must carry.
        budget_tokens: rough token budget of the rendered summary; the rolling step enforces it
            exactly, so summarizers order items by priority and may exceed it slightly.
    """

    previous: CompactionSummary | None
    messages: tuple[Message, ...]
    pinned_ids: frozenset[str]
    now: datetime
    next_version: int
    budget_tokens: int


@dataclass(frozen=True)
class SummaryResponse:
    """A summarizer's answer.

    Attributes:
        summary: the FULL new summary (previous carried over, the new chunk merged in).
        tokens_in: tokens the summarizer consumed (for offline summarizers: the size of what
            they read, previous summary plus chunk, so the flat-line measure works for them).
        tokens_out: tokens it produced (for offline summarizers: the rendered summary).
        model: the model that produced it, ``None`` for offline summarizers.
    """

    summary: CompactionSummary
    tokens_in: int = 0
    tokens_out: int = 0
    model: str | None = None


@runtime_checkable
class Summarizer(Protocol):
    """Turns a ``SummaryRequest`` into a ``SummaryResponse``.

    Implementations raise ``runtime.errors.SummaryError`` (or ``SummarizerTimeout``) when they
    cannot produce a summary; the compactor then falls back to the window and reports why.
    """

    name: str
    model: str | None

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        """Summarize ``request.messages`` into ``request.previous``; see the class docstring."""
        ...
