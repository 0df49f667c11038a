"""``tiermem schema summary``: print the JSON Schema of ``compaction_summary.v2``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from api.cli import app

__all__ = ["schema_app"]

schema_app = typer.Typer(help="Published JSON Schemas.", no_args_is_help=True)
app.add_typer(schema_app, name="schema")

_DIALECT = "https://json-schema.org/draft/2020-12/schema"


@schema_app.command("summary")
def summary(
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="The variant sent to OpenAI strict structured outputs (every field required).",
        ),
    ] = False,
    indent: Annotated[
        int, typer.Option("--indent", min=0, max=8, help="JSON indentation (0: one line).")
    ] = 2,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write to this file instead of stdout."),
    ] = None,
) -> None:
    """Print the JSON Schema of the compaction summary (compaction_summary.v2)."""
    from runtime.summary.schema import SCHEMA_VERSION, summary_json_schema

    schema = summary_json_schema(strict=strict)
    if not strict:
        schema = {"$schema": _DIALECT, "$id": f"urn:tiermem:{SCHEMA_VERSION}", **schema}
    text = json.dumps(schema, indent=indent or None, ensure_ascii=False, sort_keys=False) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        typer.echo(f"tiermem schema summary: cannot write {output}: {exc.strerror}", err=True)
        raise typer.Exit(2) from None
