"""``tiermem keys create|list|revoke``: API keys of a tenant (reads TIERMEM_DATABASE_URL)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import typer
from sqlalchemy import Engine
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from api.cli import app
from api.cli.db_cmd import fail
from api.settings import Settings
from api.storage.keys import ApiKey, InvalidKeyInput, KeyNotFound, KeyStore
from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine

keys_app = typer.Typer(help="API keys: create, list, revoke.", no_args_is_help=True)
app.add_typer(keys_app, name="keys")


@contextmanager
def _store() -> Iterator[KeyStore]:
    url = Settings().database_url
    engine: Engine | None = None
    try:
        engine = create_db_engine(url)
        upgrade_database(url, engine=engine)
        yield KeyStore(engine)
    except (ArgumentError, SQLAlchemyError) as exc:
        raise fail(f"database error: {str(exc).splitlines()[0]}") from None
    finally:
        if engine is not None:
            engine.dispose()


@keys_app.command("create")
def create(
    tenant: str = typer.Option(..., "--tenant", help="Tenant the key belongs to."),
    role: str = typer.Option(..., "--role", help="agent, admin or consolidator."),
    user: str | None = typer.Option(None, "--user", help="Restrict the key to one end user."),
) -> None:
    """Create a key and print it once; the last line is the key alone. Only its hash is kept."""
    with _store() as store:
        try:
            key, secret = store.create(tenant_id=tenant, role=role, user_id=user)
        except InvalidKeyInput as exc:
            raise fail(str(exc)) from None
    scope = f", user {key.user_id}" if key.user_id else ""
    typer.echo(f"created {key.key_id} (tenant {key.tenant_id}, role {key.role}{scope})")
    typer.echo("store this key now; it is not shown again:")
    typer.echo(secret)


@keys_app.command("list")
def list_keys(
    tenant: str = typer.Option(..., "--tenant", help="Tenant whose keys to list."),
    as_json: bool = typer.Option(False, "--json", help="One JSON array, for scripts."),
) -> None:
    """List a tenant's keys (ids, roles, users, state; never secrets)."""
    with _store() as store:
        keys = store.list(tenant_id=tenant)
    if as_json:
        typer.echo(json.dumps([_as_dict(key) for key in keys], indent=2))
        return
    if not keys:
        typer.echo(f"no keys for tenant {tenant}")
        return
    for key in keys:
        state = f"revoked {key.revoked_at:%Y-%m-%dT%H:%M:%SZ}" if key.revoked_at else "active"
        typer.echo(
            f"{key.key_id}\t{key.role}\t{key.user_id or '-'}\t{key.display_prefix}…"
            f"\t{key.created_at:%Y-%m-%dT%H:%M:%SZ}\t{state}"
        )


def _as_dict(key: ApiKey) -> dict[str, str | None]:
    return {
        "key_id": key.key_id,
        "tenant_id": key.tenant_id,
        "role": key.role,
        "user_id": key.user_id,
        "display_prefix": key.display_prefix,
        "created_at": key.created_at.isoformat(),
        "revoked_at": key.revoked_at.isoformat() if key.revoked_at else None,
    }


@keys_app.command("revoke")
def revoke(
    key_id: str = typer.Argument(..., help="Id of the key, as shown by `keys list`."),
) -> None:
    """Revoke a key; requests with it get 401 from then on."""
    with _store() as store:
        try:
            key = store.revoke_as_operator(key_id)
        except KeyNotFound as exc:
            raise fail(str(exc)) from None
    typer.echo(f"revoked {key.key_id} (tenant {key.tenant_id})")
