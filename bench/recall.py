"""LoCoMo evidence retention with recall on, at caps of 4k / 8k / 16k tokens: the tuning driver.

The measure is ``tiermem eval``'s own (``api.evaluation``: each conversation replayed turn by
turn, then each question asked as the latest user message, recall on; retained when every
evidence turn is in that context verbatim or an answer over four characters appears as whole
words; the question itself is never searched). This script only narrows it for tuning: one
file, tiermem alone (``--baseline`` adds the two windows), chosen conversations, and the recall
and summary knobs on the command line.

Constants are tuned on conversations 0-4 (``--conversations 0-4``); 5-9 are reported as held
out, beside the total and the per-conversation minimum.

    .venv/bin/python bench/recall.py [--caps 4000 8000 16000] [--conversations 0-9]
        [--share S] [--floor F] [--max-groups N] [--summary-share 0.25] [--target 0.8]
        [--feedback-groups 20] [--feedback-terms 20] [--feedback-weight 0.5]
        [--no-recall] [--baseline] [--ask-with max_groups=40,floor=1.0 ...]

``--ask-with`` replays each conversation once (with the other knobs) and asks its questions
under each recall setting given (floor and max_groups do not change the replay), which is how
``docs/runtime.md``'s table of settings was measured.

Needs ``../shared/data/locomo/locomo10.json``; prints one line per cap and method, writes nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.evaluation.asking import ask_questions
from api.evaluation.datasets import load_runs
from api.evaluation.replay import replay_run
from api.evaluation.runner import EvalConfig, evaluate
from runtime import Budget, Compactor
from runtime.recall import RecallConfig
from runtime.summary.extractive import ExtractiveSummarizer

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo" / "locomo10.json"


def _pct(value: float | None) -> str:
    return "    -" if value is None else f"{100 * value:5.1f}%"


def _line(cell: dict[str, Any], wall: float) -> str:
    per = cell.get("retention_by_run") or {}
    return (
        f"{cell['method']:>18} @{cell['target_tokens']:>5}: retained {_pct(cell['retention'])}"
        f" held-out {_pct(cell.get('retention_held_out'))}"
        f" (verbatim {_pct(cell.get('verbatim_rate'))}, held-out"
        f" {_pct(cell.get('verbatim_held_out'))}) min/conv {_pct(cell.get('retention_min'))}"
        f" recall p50 {cell.get('recall_p50_ms')} p95 {cell.get('recall_p95_ms')} ms"
        f" (cpu p50 {cell.get('recall_cpu_p50_ms')} ms)"
        f" inj/turn {cell.get('recall_tokens_per_turn')} max sent {cell['max_context_tokens']}"
        f" prefix reuse {_pct(cell.get('prefix_reuse'))} [{wall:.0f} s]\n"
        f"    per conversation: "
        + " ".join(f"{name.split(':')[-1]}:{100 * rate:.0f}" for name, rate in per.items())
    )


def _ask_with(spec: str, base: RecallConfig) -> RecallConfig:
    """``max_groups=40,floor=1.0`` read as ``base`` with those fields replaced."""
    changes: dict[str, Any] = {}
    for part in spec.split(","):
        key, _, value = part.partition("=")
        changes[key] = int(value) if key in ("max_groups", "max_chars") else float(value)
    return replace(base, **changes)


def _sweep(args: argparse.Namespace, recall: RecallConfig, chosen: tuple[int, ...]) -> None:
    """Replay each conversation once with ``recall``, then ask its questions under each
    ``--ask-with`` setting (the replay does not depend on floor or max_groups)."""
    runs = [r for r in load_runs(DATA) if r.meta.get("index") in chosen]
    settings = [(spec, _ask_with(spec, recall)) for spec in args.ask_with]
    for cap in args.caps:
        budget = Budget(
            cap,
            max_output_tokens=0,
            tool_reserve=0,
            safety_margin=0,
            trigger=1.0,
            target=args.target,
        )
        made = {
            spec: Compactor(
                budget,
                summarizer=ExtractiveSummarizer(),
                summary_budget=args.summary_share,
                recall=config,
            )
            for spec, config in [("replay", recall), *settings]
        }
        kept: dict[str, list[str]] = {spec: [] for spec, _ in settings}
        for run in runs:
            replayed = replay_run(run, compact=made["replay"].compact)
            for spec, _ in settings:
                asked = ask_questions(replayed, compact=made[spec].compact)
                rate = sum(a.retained for a in asked) / len(asked)
                kept[spec].append(f"{100 * rate:.0f}:{sum(a.retained for a in asked)}/{len(asked)}")
        for spec, rows in kept.items():
            done = sum(int(r.split(":")[1].split("/")[0]) for r in rows)
            asked_n = sum(int(r.split("/")[1]) for r in rows)
            print(f"@{cap} {spec}: retained {100 * done / asked_n:.1f}%  per conversation {rows}")


def main() -> None:
    """Parse the knobs, run the narrowed eval, print a line per cell."""
    defaults = RecallConfig()
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--caps", type=int, nargs="+", default=[4000, 8000, 16000])
    parser.add_argument("--conversations", default="0-9")
    parser.add_argument("--share", type=float, default=defaults.share)
    parser.add_argument("--floor", type=float, default=defaults.floor)
    parser.add_argument("--max-groups", type=int, default=defaults.max_groups)
    parser.add_argument("--feedback-groups", type=int, default=defaults.feedback_groups)
    parser.add_argument("--feedback-terms", type=int, default=defaults.feedback_terms)
    parser.add_argument("--feedback-weight", type=float, default=defaults.feedback_weight)
    parser.add_argument("--summary-share", type=float, default=0.25)
    parser.add_argument("--target", type=float, default=0.8)
    parser.add_argument("--no-recall", action="store_true", help="recall off (the baseline)")
    parser.add_argument("--baseline", action="store_true", help="the two windows beside it")
    parser.add_argument(
        "--ask-with",
        nargs="+",
        metavar="FIELD=VALUE,...",
        help="replay once, ask the questions under each of these recall settings",
    )
    args = parser.parse_args()
    if not DATA.exists():
        sys.exit(f"bench/recall.py: {DATA} is absent (the shared LoCoMo data)")
    low, _, high = args.conversations.partition("-")
    chosen = tuple(range(int(low), int(high or low) + 1))
    recall = RecallConfig(
        enabled=not args.no_recall,
        share=args.share,
        floor=args.floor,
        max_groups=args.max_groups,
        feedback_groups=args.feedback_groups,
        feedback_terms=args.feedback_terms,
        feedback_weight=args.feedback_weight,
    )
    print(
        f"recall {'off' if args.no_recall else 'on'} share {args.share} floor {args.floor} "
        f"max_groups {args.max_groups}; feedback {args.feedback_groups} groups"
        f" {args.feedback_terms} terms at {args.feedback_weight};"
        f" summary share {args.summary_share}; target {args.target};"
        f" conversations {args.conversations}"
    )
    if args.ask_with:
        _sweep(args, recall, chosen)
        return
    for cap in args.caps:
        started = time.perf_counter()
        result = evaluate(
            [DATA],
            EvalConfig(
                targets=(cap,),
                target_fraction=args.target,
                summary_budget=args.summary_share,
                baseline=args.baseline,
                recall=recall,
                runs=chosen,
            ),
            summarizer=ExtractiveSummarizer(),
            summarizer_name="extractive",
        )
        for cell in result["cells"]:
            print(_line(cell, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main()
