"""``tiermem db upgrade`` and ``tiermem db current``: the schema, by Alembic."""

from __future__ import annotations

import typer
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from api.cli import app
from api.settings import Settings
from api.storage.migrate import current_heads, expected_heads, upgrade_database
from storage.engine import create_db_engine

db_app = typer.Typer(help="Database schema (reads TIERMEM_DATABASE_URL).", no_args_is_help=True)
app.add_typer(db_app, name="db")


def fail(message: str) -> typer.Exit:
    """Print one line on stderr and return the exit (code 2) to raise."""
    typer.echo(f"tiermem: {message}", err=True)
    return typer.Exit(2)


@db_app.command("upgrade")
def upgrade() -> None:
    """Apply every pending migration (idempotent)."""
    url = Settings().database_url
    try:
        upgrade_database(url)
    except (ArgumentError, SQLAlchemyError) as exc:
        raise fail(f"cannot migrate {_safe(url)}: {str(exc).splitlines()[0]}") from None
    typer.echo(f"database at {_safe(url)} is at {', '.join(sorted(expected_heads()))}")


@db_app.command("current")
def current() -> None:
    """Show the revisions the database is at, and whether it is up to date."""
    url = Settings().database_url
    try:
        engine = create_db_engine(url)
        try:
            heads = current_heads(engine)
        finally:
            engine.dispose()
    except (ArgumentError, SQLAlchemyError) as exc:
        raise fail(f"cannot read {_safe(url)}: {str(exc).splitlines()[0]}") from None
    state = "up to date" if heads == expected_heads() else "needs `tiermem db upgrade`"
    typer.echo(f"{', '.join(sorted(heads)) or '(empty)'}: {state}")


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "<invalid url>"
