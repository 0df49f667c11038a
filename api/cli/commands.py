"""Imports every sub-command module so that each registers itself on the typer app."""

from api.cli import compact_cmd  # noqa: F401
from api.cli import eval_cmd  # noqa: F401
from api.cli import db_cmd  # noqa: F401
from api.cli import keys_cmd  # noqa: F401
from api.cli import serve_cmd  # noqa: F401
from api.cli import consolidate_cmd  # noqa: F401
from api.cli import schema_cmd  # noqa: F401
from api.cli import expire_cmd  # noqa: F401
