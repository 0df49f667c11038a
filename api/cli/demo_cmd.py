"""``tiermem demo``: the guided tour of the product, offline, on the source document's trip.

Runs four steps in one process (the run-time tier as a library, a rollback, recall of an
evicted turn, the service in process) and prints with rich what each shows and checks. Exit 0
only if every check held; 1 with a one-line reason on stderr otherwise; 2 when the demo cannot
start (bad database URL).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from api.cli import app

__all__ = ["demo"]


@app.command()
def demo(
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            help="Database of the service step (default: a temporary SQLite file, removed after).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a machine-readable record of the steps instead.")
    ] = False,
) -> None:
    """Walk through the product on a Shanghai-to-Hangzhou trip, checking every step."""
    from rich.console import Console

    from api.demo.render import render_step, render_verdict
    from api.demo.runner import DemoSetupError, run_demo

    console = Console(width=120, highlight=False)
    try:
        record = run_demo(
            database_url, on_step=None if as_json else lambda step: render_step(console, step)
        )
    except DemoSetupError as exc:
        typer.echo(f"tiermem demo: {str(exc).splitlines()[0]}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(record.to_dict(), ensure_ascii=False, indent=2))
    else:
        render_verdict(console, record)
    failure = record.first_failure()
    if failure is not None:
        typer.echo(f"tiermem demo: {failure}", err=True)
        raise typer.Exit(1)
