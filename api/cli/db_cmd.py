"""``tiermem db upgrade`` and ``tiermem db current``: the schema, by Alembic.

SQLAlchemy and Alembic are imported inside the commands, so ``tiermem --help`` loads neither.
"""

from __future__ import annotations

import typer

from api.cli import app
from api.cli.database import announce_new_database, masked_url

db_app = typer.Typer(help="Database schema (reads TIERMEM_DATABASE_URL).", no_args_is_help=True)
app.add_typer(db_app, name="db")


def fail(message: str) -> typer.Exit:
    """Print one line on stderr and return the exit (code 2) to raise."""
    typer.echo(f"tiermem: {message}", err=True)
    return typer.Exit(2)


@db_app.command("upgrade")
def upgrade() -> None:
    """Apply every pending migration (idempotent)."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from api.settings import Settings
    from api.storage.migrate import expected_heads, upgrade_database

    url = Settings().database_url
    announce_new_database(url, typer.echo)
    try:
        upgrade_database(url)
    except (ArgumentError, SQLAlchemyError, OSError) as exc:
        raise fail(f"cannot migrate {masked_url(url)}: {str(exc).splitlines()[0]}") from None
    typer.echo(f"database at {masked_url(url)} is at {', '.join(sorted(expected_heads()))}")


@db_app.command("current")
def current() -> None:
    """Show the revisions the database is at, and whether it is up to date."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from api.settings import Settings
    from api.storage.migrate import current_heads, expected_heads
    from storage.engine import create_db_engine

    url = Settings().database_url
    try:
        engine = create_db_engine(url)
        try:
            heads = current_heads(engine)
        finally:
            engine.dispose()
    except (ArgumentError, SQLAlchemyError, OSError) as exc:
        raise fail(f"cannot read {masked_url(url)}: {str(exc).splitlines()[0]}") from None
    state = "up to date" if heads == expected_heads() else "needs `tiermem db upgrade`"
    typer.echo(f"{', '.join(sorted(heads)) or '(empty)'}: {state}")
