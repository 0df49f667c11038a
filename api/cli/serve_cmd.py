"""``tiermem serve``: run the API with uvicorn (reads every TIERMEM_* setting)."""

from __future__ import annotations

import typer
from pydantic import ValidationError

from api.cli import app
from api.cli.db_cmd import fail
from api.settings import Settings


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to bind."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="TCP port."),
) -> None:
    """Serve the HTTP API (SQLite by default, PostgreSQL via TIERMEM_DATABASE_URL)."""
    import uvicorn

    from api.app import create_app

    try:
        settings = Settings()
    except ValidationError as exc:
        raise fail(
            f"invalid settings: {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}"
        ) from None
    application = create_app(settings)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    typer.echo(
        f"tiermem: serving on http://{shown}:{port} (API docs at http://{shown}:{port}/docs)"
    )
    uvicorn.run(
        application,
        host=host,
        port=port,
        access_log=False,  # tiermem writes its own JSON access line per request
        log_level=settings.log_level.lower(),
    )
