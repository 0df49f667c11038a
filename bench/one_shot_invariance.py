"""One-shot against turn-by-turn compaction on corpus files the test does not use.

``tests/runtime/summary/test_never_empty.py`` checks, on ``corpus.jsonl`` (every fourth
statement under ``scripts/check --full``, every eighth by default, padded with chat from a trip
transcript), that compacting the whole history at once
at 1/3, 1/6 and 1/12 of its tokens keeps the same constraints as compacting after every turn.
This script asks the same of other files and other strides, so that the invariance is measured
on input the test was not written against. It prints each disagreement and a count.

    .venv/bin/python bench/one_shot_invariance.py [--strides 4:0,3:1] holdout_30.jsonl ...

``--strides`` takes ``stride:offset`` pairs (every ``stride``-th statement from ``offset``;
``1:0`` is every statement, a history of about 300 messages per file). A setting where
either run falls back to the window (the summary's reserve cannot hold even its head: a limit
of a few hundred tokens) is counted apart, as ``window``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.runtime.summary import test_never_empty as never_empty
from tests.runtime.summary.constraint_corpus import DATA

STRIDES = ((4, 0), (3, 1))
TIMES = (3, 6, 12)


def _arguments(argv: list[str]) -> tuple[list[str], tuple[tuple[int, int], ...]]:
    """The files and the ``(stride, offset)`` pairs of the command line."""
    strides = STRIDES
    if argv[:1] == ["--strides"]:
        pairs = [pair.split(":") for pair in argv[1].split(",")]
        strides = tuple((int(stride), int(offset)) for stride, offset in pairs)
        argv = argv[2:]
    return argv or ["corpus.jsonl"], strides


def main() -> None:
    """Run every file, stride and limit given; print disagreements and the counts."""
    counts = {"agree": 0, "disagree": 0, "window": 0}
    names, strides = _arguments(sys.argv[1:])
    for name in names:
        for stride, offset in strides:
            messages, rows = never_empty.padded_history(DATA / name, stride=stride, offset=offset)
            for times in TIMES:
                compactor = never_empty._compactor(never_empty._tokens(messages) // times)
                one = compactor.compact(messages, now=never_empty.NOW)
                turns, empty = never_empty._turn_by_turn(compactor, messages)
                label = f"{name} every {stride} from {offset}, limit 1/{times}"
                if one.state.summary_model is None or turns.state.summary_model is None:
                    counts["window"] += 1
                    print(f"window  {label}: {one.report['fallback']} / {turns.report['fallback']}")
                    continue
                evicted = {r["id"] for r in rows} - set(one.ids) - set(turns.ids)
                a = never_empty._kept(one, rows, evicted)
                b = never_empty._kept(turns, rows, evicted)
                if a == b and empty == 0 and never_empty._empty(one) == 0:
                    counts["agree"] += 1
                    continue
                counts["disagree"] += 1
                print(f"differ  {label}: one-shot only {sorted(a - b)}, turns only {sorted(b - a)}")
    print(counts)


if __name__ == "__main__":
    main()
