"""``tiermem serve``: run the API with uvicorn (reads every TIERMEM_* setting).

The listening socket is bound here, before uvicorn starts, so that the address is printed only
once it is really ours: a port already in use is one line on stderr and exit status 3 (bad
settings or an unusable database: status 2). The database in use is printed with its password
masked. With ``--workers N`` (N > 1) uvicorn starts N worker processes sharing that socket, each
building its own app from the environment through the factory ``api.app:create_app``;
migrations run once here, before the workers start, and are switched off in the workers so they
never race each other.
"""

from __future__ import annotations

import os
import socket
from typing import Any

import typer

from api.cli import app
from api.cli.database import masked_url, new_sqlite_file
from api.cli.db_cmd import fail

BIND_FAILED = 3
"""Exit status when the address cannot be bound (a port in use, a host not on this machine)."""


def _bind(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``(host, port)``, inheritable by worker processes.

    Raises:
        typer.Exit: the address cannot be bound (status 3, one line on stderr).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        typer.echo(f"tiermem: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True)
        raise typer.Exit(BIND_FAILED) from None
    sock.set_inheritable(True)
    return sock


@app.command(
    epilog="Exit status: 2 bad settings or database, 3 the address cannot be bound, 1 the app "
    "failed to start."
)
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to bind."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="TCP port."),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64, help="Worker processes (uvicorn); 1 serves in-process."
    ),
) -> None:
    """Serve the HTTP API (SQLite by default, PostgreSQL via TIERMEM_DATABASE_URL)."""
    from pydantic import ValidationError
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from api.app import create_app
    from api.http_timeouts import HeaderTimeoutH11Protocol
    from api.logging import uvicorn_log_config
    from api.services import services_of
    from api.settings import Settings
    from api.storage.migrate import upgrade_database

    try:
        settings = Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise fail(f"invalid setting {where}: {first['msg']}") from None
    created = new_sqlite_file(settings.database_url) is not None
    try:
        # Fail here with one line rather than with a traceback inside uvicorn's start-up.
        if settings.run_migrations_on_start:
            upgrade_database(settings.database_url)
        application = create_app(settings)
    except (ArgumentError, SQLAlchemyError, OSError) as exc:
        raise fail(f"database error: {str(exc).splitlines()[0]}") from None
    # On stdout like the address: stderr carries only the service's JSON log lines.
    new = " (a new file, created now)" if created else ""
    typer.echo(f"tiermem: database {masked_url(settings.database_url)}{new}")
    sock = _bind(host, port)
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    shown = f"[{shown}]" if ":" in shown else shown
    typer.echo(f"tiermem: serving on http://{shown}:{port}")
    typer.echo(f"tiermem: API docs at http://{shown}:{port}/docs (OpenAPI at /openapi.json)")
    options: dict[str, Any] = {
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
        launch(application, sock=sock, workers=1, options=options)
        return
    services_of(application).engine.dispose()  # built only to fail early on a bad configuration
    typer.echo(f"tiermem: {workers} worker processes")
    # Workers import the app themselves (uvicorn needs an import string for that); the schema
    # is already current, so they must not each run the migrations at once.
    os.environ["TIERMEM_RUN_MIGRATIONS_ON_START"] = "false"
    launch("api.app:create_app", sock=sock, workers=workers, options=options)


def launch(target: Any, *, sock: socket.socket, workers: int, options: dict[str, Any]) -> None:
    """Run uvicorn on the bound ``sock``: ``target`` in-process (one worker), or ``workers``
    processes importing the factory ``target`` names.

    Raises:
        typer.Exit: the app did not start (status 1; uvicorn logged why).
    """
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    if workers == 1:
        server = uvicorn.Server(uvicorn.Config(target, **options))
        server.run(sockets=[sock])
        if not server.started:
            raise typer.Exit(1)
        return
    config = uvicorn.Config(target, factory=True, workers=workers, **options)
    Multiprocess(config, sockets=[sock]).run()
