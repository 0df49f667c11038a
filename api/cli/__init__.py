"""The ``tiermem`` command line.

Each sub-command lives in its own module and registers itself on ``app``; this module only
imports them. Bad input exits with code 2 and a one-line message, never a traceback.

``tiermem --help`` must answer at once, so the command modules import nothing heavy at module
level (FastAPI, SQLAlchemy, OpenAI, the tokenizer are imported inside the commands; a test
checks ``sys.modules`` after rendering the help). Help is plain text (no rich panels) and shows
metavars (``--port N``, ``--tenant TENANT``), never Python type names: ``_metavars`` gives every
option and argument that has none a metavar from its name and type (``_Group``).
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup


def _labelled(command: Any) -> None:
    """Give every option and argument of ``command`` (and its sub-commands) a metavar."""
    from typer.core import TyperArgument

    for param in getattr(command, "params", ()):
        descriptor = getattr(param, "type_descriptor", None)
        if descriptor is None or getattr(param, "is_flag", False):
            continue
        argument = isinstance(param, TyperArgument)
        if param.metavar is None:
            param.metavar = _metavar_for(param.name or "value", descriptor, argument=argument)
        if argument:
            # Typer prints an argument's Python type beside its name even with a metavar
            # (``INPUT <str>``), with no setting to turn it off: show the metavar alone.
            setattr(param, "display_type_rich", _no_type)  # noqa: B010
    for sub in getattr(command, "commands", {}).values():
        _labelled(sub)


def _no_type(ctx: Any) -> None:
    return None


def _metavar_for(name: str, descriptor: Any, *, argument: bool) -> str:
    """``N`` for integers, ``NUMBER`` for floats, ``PATH`` for paths, the parameter's name in
    capitals otherwise (``TENANT``); a list is labelled by its items (repeatable)."""
    annotation = descriptor.annotation
    if typing.get_origin(annotation) is list:
        annotation = (typing.get_args(annotation) or (str,))[0]
    if argument:
        label = name.upper()
    elif annotation is int:
        label = "N"
    elif annotation is float:
        label = "NUMBER"
    elif isinstance(annotation, type) and issubclass(annotation, Path):
        label = "PATH"
    else:
        label = name.upper()
    return label


class _Group(TyperGroup):
    """The root group: labels each sub-command's parameters as it is looked up."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _labelled(command)
        return command


app = typer.Typer(
    name="tiermem",
    help="Two-tier memory for LLM agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=_Group,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"tiermem {version('tiermem')}")
        raise typer.Exit()


@app.callback()
def _root(
    show_version: bool = typer.Option(
        False, "--version", is_eager=True, callback=_version, help="Print the version and exit."
    ),
) -> None:
    """Two-tier memory for LLM agents: run-time compaction and gated long-term memory."""


def _register() -> None:
    # Imported for their side effect of adding commands to ``app``.
    from api.cli import commands  # noqa: F401


def main() -> None:
    """Entry point of the ``tiermem`` console script."""
    _register()
    app()


__all__ = ["app", "main"]
