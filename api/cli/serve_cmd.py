"""``tiermem serve``: run the API with uvicorn (reads every TIERMEM_* setting).

With ``--workers N`` (N > 1) uvicorn starts N worker processes, each building its own app from
the environment through the factory ``api.app:create_app``; migrations run once here, before
the workers start, and are switched off in the workers so they never race each other.
"""

from __future__ import annotations

import os
from typing import Any

import typer
from pydantic import ValidationError
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from api.cli import app
from api.cli.db_cmd import fail
from api.logging import uvicorn_log_config
from api.settings import Settings


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to bind."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="TCP port."),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64, help="Worker processes (uvicorn); 1 serves in-process."
    ),
) -> None:
    """Serve the HTTP API (SQLite by default, PostgreSQL via TIERMEM_DATABASE_URL)."""
    import uvicorn

    from api.app import create_app
    from api.http_timeouts import HeaderTimeoutH11Protocol
    from api.services import services_of
    from api.storage.migrate import upgrade_database

    try:
        settings = Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise fail(f"invalid setting {where}: {first['msg']}") from None
    try:
        # Fail here with one line rather than with a traceback inside uvicorn's start-up.
        if settings.run_migrations_on_start:
            upgrade_database(settings.database_url)
        application = create_app(settings)
    except (ArgumentError, SQLAlchemyError) as exc:
        raise fail(f"database error: {str(exc).splitlines()[0]}") from None
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    typer.echo(f"tiermem: serving on http://{shown}:{port}")
    typer.echo(f"tiermem: API docs at http://{shown}:{port}/docs (OpenAPI at /openapi.json)")
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "access_log": False,  # tiermem writes its own JSON access line per request
        "log_level": settings.log_level.lower(),
        "log_config": uvicorn_log_config(settings.log_level),
        # Slow or silent clients: headers within header_timeout_seconds, idle keep-alive
        # connections closed after keep_alive_seconds; the app bounds each request itself.
        "http": HeaderTimeoutH11Protocol,
        "timeout_keep_alive": settings.keep_alive_seconds,
    }
    HeaderTimeoutH11Protocol.header_timeout = settings.header_timeout_seconds
    if workers == 1:
        uvicorn.run(application, **options)
        return
    services_of(application).engine.dispose()  # built only to fail early on a bad configuration
    typer.echo(f"tiermem: {workers} worker processes")
    # Workers import the app themselves (uvicorn needs an import string for that); the schema
    # is already current, so they must not each run the migrations at once.
    os.environ["TIERMEM_RUN_MIGRATIONS_ON_START"] = "false"
    uvicorn.run("api.app:create_app", factory=True, workers=workers, **options)
