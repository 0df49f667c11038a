"""``tiermem expire``: hard-delete expired long-term rows, and re-apply erasures after a restore.

Reads ``TIERMEM_DATABASE_URL``. Every purge is audited (actor ``cli:expire``, role admin). Prints
one JSON line per tenant with the counts per kind. It is the scheduler's expiry
(``api.jobs.expiry``) under the same run-once lock per tenant: a tenant another process is
expiring right now is printed as ``{"tenant": ..., "locked": true}`` and the exit status is 1.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from api.cli import app

if TYPE_CHECKING:  # imported inside the command: ``tiermem --help`` loads no SQLAlchemy
    from api.jobs.results import TenantExpiry

__all__ = ["expire"]

CLI_ACTOR = "cli:expire"


def _fail(message: str) -> typer.Exit:
    typer.echo(f"tiermem: {message}", err=True)
    return typer.Exit(2)


def _line(run: TenantExpiry, *, reapplied: bool) -> dict[str, object]:
    """One tenant's JSON line: counts per kind (the shape this command always printed)."""
    if run.locked:
        return {"tenant": run.tenant_id, "locked": True}
    line: dict[str, object] = {
        "tenant": run.tenant_id,
        "purged": run.purged,
        "session_retention": run.session_retention.model_dump(),
    }
    if reapplied:
        line["reapplied"] = run.reapplied or {}
    return line


@app.command()
def expire(
    tenant: Annotated[
        str | None, typer.Option(help="only this tenant (default: every tenant with expired rows)")
    ] = None,
    reapply_erasures: Annotated[
        bool,
        typer.Option(
            "--reapply-erasures",
            help="after restoring a backup: erase again every user with an erasure receipt "
            "(needs --tenant)",
        ),
    ] = False,
    vacuum: Annotated[
        bool,
        typer.Option(
            "--vacuum", help="PostgreSQL: VACUUM the long-term tables afterwards (dead tuples)"
        ),
    ] = False,
) -> None:
    """Hard-delete expired preferences, events, history and stored responses, and purge raw
    session messages past the tenant's retention (audited)."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from api.jobs.expiry import expire as expire_tenants
    from api.services import system_clock
    from api.sessions.retention import reclaim_purged_space
    from api.settings import Settings
    from api.user_memory.erasure import erase_hooks
    from longterm.erasure import finalize_erasure
    from storage.engine import create_db_engine

    if reapply_erasures and tenant is None:
        raise _fail("--reapply-erasures needs --tenant")
    url = Settings().database_url
    try:
        engine = create_db_engine(url)
    except ArgumentError as exc:
        raise _fail(f"invalid database URL: {str(exc).splitlines()[0]}") from None
    try:
        # The same expiry as the scheduler's job, under the same run-once lock per tenant.
        runs = expire_tenants(
            engine,
            now=system_clock(),
            role="admin",
            key_id=CLI_ACTOR,
            tenant_id=tenant,
            reapply=erase_hooks() if reapply_erasures else None,
        )
        for run in runs:
            typer.echo(json.dumps(_line(run, reapplied=reapply_erasures), sort_keys=True))
        finalize_erasure(engine, vacuum=vacuum)
        if vacuum:
            reclaim_purged_space(engine)  # tombstoned session messages' old row versions
    except SQLAlchemyError as exc:
        raise _fail(f"expire failed: {str(exc).splitlines()[0]}") from None
    finally:
        engine.dispose()
    if not runs:
        typer.echo(json.dumps({"tenant": None, "purged": {}}))
    if locked := [run.tenant_id for run in runs if run.locked]:
        typer.echo(f"tiermem: another process is expiring {', '.join(locked)}; run again", err=True)
        raise typer.Exit(1)
