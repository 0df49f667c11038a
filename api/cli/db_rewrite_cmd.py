"""``tiermem db rewrite``: rewrite the tables so erased and purged bytes leave the database files.

On PostgreSQL it runs ``VACUUM (FULL, ANALYZE)`` on every tiermem table (or the ``--table`` ones),
one at a time: each holds an ``ACCESS EXCLUSIVE`` lock while it is rewritten, so the service
waits (requests on that table block, up to their own lock timeout) — run it in a maintenance
window. On SQLite it runs ``VACUUM`` and truncates the WAL. Prints one JSON line. See
docs/erasure.md for what it covers and what it does not (WAL archives, backups).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from api.cli.database import masked_url
from api.cli.db_cmd import db_app, fail

__all__ = ["rewrite"]


@db_app.command("rewrite")
def rewrite(
    table: Annotated[
        list[str] | None,
        typer.Option(help="only this table (repeatable; default: every tiermem table)"),
    ] = None,
    lock_timeout: Annotated[
        int,
        typer.Option(min=1, help="PostgreSQL: seconds to wait for each table's lock, then fail"),
    ] = 30,
) -> None:
    """Rewrite tables so deleted rows leave the files (PostgreSQL: VACUUM FULL, an ACCESS
    EXCLUSIVE lock per table while it runs; SQLite: VACUUM)."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from api.settings import Settings
    from storage.engine import create_db_engine
    from storage.rewrite import UnknownTable, rewrite_tables

    url = Settings().database_url
    try:
        engine = create_db_engine(url)
    except ArgumentError as exc:
        raise fail(f"invalid database URL: {str(exc).splitlines()[0]}") from None
    try:
        result = rewrite_tables(engine, tables=table or (), lock_timeout_seconds=lock_timeout)
    except UnknownTable as exc:
        raise fail(str(exc)) from None
    except SQLAlchemyError as exc:
        raise fail(f"rewrite of {masked_url(url)} failed: {str(exc).splitlines()[0]}") from None
    finally:
        engine.dispose()
    line = {"backend": result.backend, "statement": result.statement, "tables": result.tables}
    typer.echo(json.dumps(line))
