"""LoCoMo evidence retention on the final context, no question asked: the README trace's measure.

``tiermem eval`` asks each question last (``api.evaluation.asking``); the figures before recall
(README, "The LoCoMo regression of the recall-off figures") were taken on the context after the
last turn of each conversation instead. This script replays conversations with recall off and
judges every question against that final context with the eval's own rule: retained when every
evidence turn is in it verbatim (a kept message, or its whole text inside the summary), or an
answer over four characters appears as whole words. Tune on conversations 0-4 only.

    .venv/bin/python bench/final_context.py [--cap 4000] [--conversations 0-1]

Needs ``../shared/data/locomo/locomo10.json``; prints one line per conversation and the total.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.evaluation.asking import _readable, _squash, answer_present
from api.evaluation.datasets import load_runs
from api.evaluation.replay import replay_run
from api.evaluation.runner import EvalConfig, _methods
from runtime.formats import read_history
from runtime.recall import RecallConfig
from runtime.summary.extractive import ExtractiveSummarizer

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"


def main() -> None:
    """Replay the chosen conversations at one cap and print what the final context keeps."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--cap", type=int, default=4000)
    parser.add_argument("--conversations", default="0-1")
    args = parser.parse_args()
    if not DATA.exists():
        sys.exit(f"bench/final_context.py: {DATA} is absent (the shared LoCoMo data)")
    low, _, high = args.conversations.partition("-")
    chosen = range(int(low), int(high or low) + 1)
    runs = [run for i, run in enumerate(load_runs(DATA)) if i in chosen]
    config = EvalConfig(targets=(args.cap,), baseline=False, recall=RecallConfig(enabled=False))
    ((_, compactor, stateless),) = _methods(
        args.cap, config, summarizer=ExtractiveSummarizer(), summarizer_name="extractive"
    )
    total = retained = 0
    for run in runs:
        result = replay_run(run, compact=compactor.compact, stateless=stateless)
        sent = read_history(result.final_messages, format=result.format).messages
        kept, flat = {m.id for m in sent}, _readable(sent)
        turns = {m.id: _squash(m.text) for m in result.history}
        hits = sum(
            all(e in kept or bool(turns.get(e) and turns[e] in flat) for e in q.evidence)
            or answer_present(q.answer, flat)
            for q in run.questions
        )
        print(f"{run.name}: {hits} of {len(run.questions)} retained", flush=True)
        total, retained = total + len(run.questions), retained + hits
    print(f"@{args.cap}, recall off, final context: {retained} of {total} = {retained / total:.1%}")


if __name__ == "__main__":
    main()
