"""``tiermem compact`` (placeholder until the run-time window lands)."""

import typer

from api.cli import app


@app.command()
def compact() -> None:
    """Compact a transcript file (not implemented yet)."""
    typer.echo("tiermem compact: not implemented yet", err=True)
    raise typer.Exit(2)
