"""What the commands say about the database they use: its URL with the password masked, and
whether a SQLite file is about to be created.

A command that silently opened a second, empty database (another working directory, a typo in
``TIERMEM_DATABASE_URL``) would hand out keys the service never sees; saying which database is
used, and when it is new, makes that visible. SQLAlchemy is imported only when a URL is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

__all__ = ["announce_new_database", "masked_url", "new_sqlite_file"]


def masked_url(url: str) -> str:
    """``url`` with its password replaced by ``***`` (``<invalid url>`` if it cannot be parsed)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "<invalid url>"


def new_sqlite_file(url: str) -> Path | None:
    """The SQLite file ``url`` names when it does not exist yet (None: it exists, or the URL is
    in-memory, PostgreSQL or unparsable)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        return None
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    path = Path(parsed.database).resolve()
    return None if path.exists() else path


def announce_new_database(url: str, echo: Callable[..., object]) -> None:
    """Say on stderr (through ``echo``, e.g. ``typer.echo``) that ``url``'s SQLite file is new."""
    path = new_sqlite_file(url)
    if path is not None:
        echo(f"tiermem: creating a new database at {path}", err=True)
