"""``tiermem expire``: hard-delete expired long-term rows, and re-apply erasures after a restore.

Reads ``TIERMEM_DATABASE_URL``. Every purge is audited (actor ``cli:expire``, role admin). Prints
one JSON line per tenant with the counts per kind.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated

import typer
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from api.cli import app
from api.memory.hooks import erase_hooks
from api.sessions.retention import (
    purge_session_messages,
    reclaim_purged_space,
    tenants_with_retention,
)
from api.settings import Settings
from longterm.erasure import finalize_erasure, reapply_receipts
from longterm.expiry import purge_expired, tenants_with_expired
from longterm.gate import Principal
from storage.engine import create_db_engine, session_scope

__all__ = ["expire"]

CLI_ACTOR = "cli:expire"


def _fail(message: str) -> typer.Exit:
    typer.echo(f"tiermem: {message}", err=True)
    return typer.Exit(2)


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
    if reapply_erasures and tenant is None:
        raise _fail("--reapply-erasures needs --tenant")
    url = Settings().database_url
    now = datetime.now(UTC)
    try:
        engine = create_db_engine(url)
    except ArgumentError as exc:
        raise _fail(f"invalid database URL: {str(exc).splitlines()[0]}") from None
    try:
        with session_scope(engine) as db:
            tenants = (
                [tenant]
                if tenant
                else sorted(
                    set(tenants_with_expired(db, now=now)) | set(tenants_with_retention(db))
                )
            )
        for name in tenants:
            subject = Principal(role="admin", tenant_id=name, key_id=CLI_ACTOR)
            with session_scope(engine) as db:
                counts = purge_expired(db, subject=subject, now=now)
                line: dict[str, object] = {"tenant": name, "purged": counts}
                if reapply_erasures:
                    hooks, session_hooks = erase_hooks()
                    line["reapplied"] = reapply_receipts(
                        db, subject=subject, now=now, hooks=hooks, session_hooks=session_hooks
                    )
                db.commit()
                # raw session messages past the tenant's retention, once summarized (tombstones)
                line["session_retention"] = purge_session_messages(db, subject=subject, now=now)
            typer.echo(json.dumps(line, sort_keys=True))
        finalize_erasure(engine, vacuum=vacuum)
        if vacuum:
            reclaim_purged_space(engine)  # tombstoned session messages' old row versions
    except SQLAlchemyError as exc:
        raise _fail(f"expire failed: {str(exc).splitlines()[0]}") from None
    finally:
        engine.dispose()
    if not tenants:
        typer.echo(json.dumps({"tenant": None, "purged": {}}))
