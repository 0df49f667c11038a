"""``tiermem eval`` retention at several summary shares (``Compactor(summary_budget=...)``).

``tiermem eval`` always uses the compactor's default share (25 % of the target); this runs the
same evaluation (``api.evaluation.runner.evaluate``, extractive summarizer, window beside it)
with the compactor built with each share given, and prints retention per cap.

Usage: python bench/summary_share.py PATH [--share 0.25 --share 0.45 ...]
[--target-tokens 4000 ...] [--limit-runs N]
"""

from __future__ import annotations

import argparse
import functools
from pathlib import Path

import api.evaluation.runner as runner
from runtime import Compactor
from runtime.summary.extractive import ExtractiveSummarizer


def main() -> None:
    parser = argparse.ArgumentParser(description="retention by summary share")
    parser.add_argument("path", type=Path)
    parser.add_argument("--share", type=float, action="append")
    parser.add_argument("--target-tokens", type=int, action="append")
    parser.add_argument("--limit-runs", type=int, default=None)
    args = parser.parse_args()
    targets = tuple(args.target_tokens or (4000, 8000, 16000))
    for share in args.share or [0.25]:
        # evaluate() builds its compactors itself; hand it one with this share.
        setattr(runner, "Compactor", functools.partial(Compactor, summary_budget=share))  # noqa: B010
        config = runner.EvalConfig(targets=targets, limit_runs=args.limit_runs)
        result = runner.evaluate(
            [args.path], config, summarizer=ExtractiveSummarizer(), summarizer_name="extractive"
        )
        cells = ", ".join(
            f"{c['target_tokens']} {c['method']} {c['retention']:.4f}" for c in result["cells"]
        )
        print(f"share {share}: {cells}")


if __name__ == "__main__":
    main()
