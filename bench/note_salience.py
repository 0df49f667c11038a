"""How well the extractive summarizer's note ranking finds the turns LoCoMo questions rest on.

Every turn of every conversation is scored as the summarizer scores a note (``salience`` and
salience per token, ``note_value``); a turn is "evidence" when a category 1-4 question lists it.
Reports the AUC of each score, the evidence rate of the top 10 % of turns, and the share of
evidence turns captured when turns are taken best first until 10 % / 20 % of the
conversation's tokens are spent (the summary budget is the limit that matters).

Usage: python bench/note_salience.py [PATH]
(PATH defaults to ../shared/data/locomo/locomo10.json).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from api.evaluation.datasets import load_runs
from runtime.formats import read_history
from runtime.summary.extract_clauses import salience
from runtime.summary.extractive import estimate_tokens, note_value
from runtime.summary.schema import Fact

DEFAULT = Path(__file__).resolve().parents[2] / "shared/data/locomo/locomo10.json"


def _turns(path: Path) -> list[tuple[str, bool]]:
    rows: list[tuple[str, bool]] = []
    for run in load_runs(path):
        evidence = {e for q in run.questions for e in q.evidence}
        rows += [(m.text, m.id in evidence) for m in read_history(run.payload).messages]
    return rows


def auc(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """Rank AUC (Mann-Whitney), ties counted as half."""
    pairs = sorted(zip(scores, labels, strict=True))
    positives = sum(labels)
    negatives = len(labels) - positives
    rank_sum, i = 0.0, 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        rank_sum += (i + j + 1) / 2 * sum(1 for k in range(i, j) if pairs[k][1])
        i = j
    return (rank_sum - positives * (positives + 1) / 2) / max(positives * negatives, 1)


def captured(scores: Sequence[float], rows: Sequence[tuple[str, bool]], share: float) -> float:
    """Share of evidence turns among the best turns that fit ``share`` of all tokens."""
    tokens = [estimate_tokens(text) for text, _ in rows]
    room = share * sum(tokens)
    spent = got = 0
    for i in sorted(range(len(rows)), key=lambda k: -scores[k]):
        if spent + tokens[i] <= room:
            spent += tokens[i]
            got += rows[i][1]
    return got / max(sum(1 for _, label in rows if label), 1)


def _as_note(text: str) -> float:
    return note_value(Fact(key="notes.x", value=text, status="observed", confidence=0.9,
                           source_ids=["x"]))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT)
    rows = _turns(parser.parse_args().path)
    labels = [label for _, label in rows]
    print(f"{len(rows)} turns, evidence rate {sum(labels) / len(rows):.3f}")
    scorers: dict[str, Callable[[str], float]] = {"salience": salience, "note_value": _as_note}
    for name, scorer in scorers.items():
        scores = [scorer(text) for text, _ in rows]
        top = sorted(range(len(rows)), key=lambda k: -scores[k])[: len(rows) // 10]
        print(
            f"{name}: AUC {auc(scores, labels):.3f}, "
            f"top 10 % of turns {sum(labels[k] for k in top) / len(top):.3f} evidence, "
            f"evidence in best 10 % / 20 % of tokens "
            f"{captured(scores, rows, 0.1):.3f} / {captured(scores, rows, 0.2):.3f}"
        )


if __name__ == "__main__":
    main()
