"""Imports every sub-command module so that each registers itself on the typer app."""

from api.cli import (
    compact_cmd,  # noqa: F401
    consolidate_cmd,  # noqa: F401
    db_cmd,  # noqa: F401
    db_rewrite_cmd,  # noqa: F401
    demo_cmd,  # noqa: F401
    eval_cmd,  # noqa: F401
    expire_cmd,  # noqa: F401
    keys_cmd,  # noqa: F401
    schema_cmd,  # noqa: F401
    serve_cmd,  # noqa: F401
)
