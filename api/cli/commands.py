"""Imports every sub-command module so that each registers itself on the typer app."""

from api.cli import compact_cmd  # noqa: F401
from api.cli import eval_cmd  # noqa: F401
