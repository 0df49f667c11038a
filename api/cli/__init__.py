"""The ``tiermem`` command line.

Each sub-command lives in its own module and registers itself on ``app``; this module only
imports them. Bad input exits with code 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="tiermem",
    help="Two-tier memory for LLM agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Two-tier memory for LLM agents: run-time compaction and gated long-term memory."""


def _register() -> None:
    # Imported for their side effect of adding commands to ``app``.
    from api.cli import commands  # noqa: F401


def main() -> None:
    """Entry point of the ``tiermem`` console script."""
    _register()
    app()


__all__ = ["app", "main"]
