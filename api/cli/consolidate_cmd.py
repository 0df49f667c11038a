"""``tiermem consolidate``: one consolidation run now (reads TIERMEM_DATABASE_URL and
TIERMEM_IDLE_MINUTES), printed as JSON. Safe beside running services: units are serialized
with the same locks the scheduler uses."""

from __future__ import annotations

import json
from datetime import timedelta

import typer

from api.cli import app
from api.cli.db_cmd import fail


@app.command()
def consolidate(
    tenant: str | None = typer.Option(None, "--tenant", help="Only this tenant's sessions."),
    idle_minutes: int | None = typer.Option(
        None, "--idle-minutes", min=0, help="Override TIERMEM_IDLE_MINUTES for this run."
    ),
    expire: bool = typer.Option(
        True, "--expire/--no-expire", help="Also sweep expired long-term rows (default: yes)."
    ),
) -> None:
    """Consolidate sessions idle for TIERMEM_IDLE_MINUTES that are not consolidated yet, then
    sweep expired rows."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from api.jobs.scheduler import JobRunner
    from api.services import system_clock
    from api.settings import Settings
    from api.storage.migrate import upgrade_database
    from policy.gate import CasbinGate
    from policy.rules import is_valid_tenant_id
    from storage.engine import create_db_engine

    if tenant is not None and not is_valid_tenant_id(tenant):
        raise fail(f"invalid tenant id {tenant!r}")
    settings = Settings()
    idle = timedelta(minutes=settings.idle_minutes if idle_minutes is None else idle_minutes)
    engine = None
    try:
        engine = create_db_engine(settings.database_url)
        upgrade_database(settings.database_url, engine=engine)
        runner = JobRunner(engine, CasbinGate(engine=engine), idle, clock=system_clock)
        results = [("consolidate", runner.run("consolidate", tenant_id=tenant))]
        if expire:
            results.append(("expire", runner.run("expire", tenant_id=tenant)))
    except (ArgumentError, SQLAlchemyError, OSError) as exc:
        raise fail(f"database error: {str(exc).splitlines()[0]}") from None
    finally:
        if engine is not None:
            engine.dispose()
    for job, counts in results:
        typer.echo(json.dumps({"job": job, **counts.model_dump(mode="json")}, sort_keys=True))
