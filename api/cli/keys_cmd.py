"""``tiermem keys create|list|revoke``: API keys of a tenant (reads TIERMEM_DATABASE_URL)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import TYPE_CHECKING

import typer

from api.cli import app
from api.cli.database import new_sqlite_file
from api.cli.db_cmd import fail

if TYPE_CHECKING:  # imported inside the commands: ``tiermem --help`` loads no SQLAlchemy
    from api.storage.keys import ApiKey, KeyStore

keys_app = typer.Typer(help="API keys: create, list, revoke.", no_args_is_help=True)
app.add_typer(keys_app, name="keys")


@contextmanager
def _store() -> Iterator[KeyStore]:
    """The key store over the configured database, migrated first."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from api.settings import Settings
    from api.storage.keys import KeyStore
    from api.storage.migrate import upgrade_database
    from storage.engine import create_db_engine

    url = Settings().database_url
    engine = None
    try:
        engine = create_db_engine(url)
        upgrade_database(url, engine=engine)
        yield KeyStore(engine)
    except (ArgumentError, SQLAlchemyError, OSError) as exc:
        raise fail(f"database error: {str(exc).splitlines()[0]}") from None
    finally:
        if engine is not None:
            engine.dispose()


@keys_app.command("create")
def create(
    tenant: str = typer.Option(..., "--tenant", help="Tenant the key belongs to."),
    role: str = typer.Option(..., "--role", help="agent, admin or consolidator."),
    user: str | None = typer.Option(
        None, "--user", help="Restrict the key to one end user (not for admin keys)."
    ),
    expires_in: str | None = typer.Option(
        None, "--expires-in", help="Expire the key after this long: 90d, 12h, 30m or 3600s."
    ),
) -> None:
    """Create a key and print it once; the last line is the key alone. Only its hash is kept."""
    from api.settings import Settings
    from api.storage.keys import InvalidKeyInput
    from storage.metadata import utcnow

    lifetime = _lifetime(expires_in) if expires_in is not None else None
    # A key in a database the service does not use gets 401: say when the database is new.
    new_database = new_sqlite_file(Settings().database_url)
    with _store() as store:
        try:
            expires_at = utcnow() + lifetime if lifetime is not None else None
            key, secret = store.create(
                tenant_id=tenant, role=role, user_id=user, expires_at=expires_at
            )
        except InvalidKeyInput as exc:
            raise fail(str(exc)) from None
    scope = f", user {key.user_id}" if key.user_id else ""
    if key.expires_at is not None:
        scope += f", expires {key.expires_at:%Y-%m-%dT%H:%M:%SZ}"
    if new_database is not None:
        typer.echo(f"tiermem: created a new database at {new_database}", err=True)
    typer.echo(f"created {key.key_id} (tenant {key.tenant_id}, role {key.role}{scope})")
    typer.echo("store this key now; it is not shown again:")
    typer.echo(secret)


_UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def _lifetime(text: str) -> timedelta:
    """``90d``/``12h``/``30m``/``3600s`` (or bare seconds) as a duration; exit 2 otherwise."""
    from api.storage.keys import MAX_KEY_LIFETIME

    value = text.strip().lower()
    unit = value[-1:] if value[-1:] in _UNITS else "s"
    number = value[:-1] if value[-1:] in _UNITS else value
    if (
        not number.isdigit()
        or not 0 < int(number) * _UNITS[unit] <= MAX_KEY_LIFETIME.total_seconds()
    ):
        raise fail(
            f"invalid --expires-in {text!r}: a positive duration such as 90d, 12h, 30m or 3600s, "
            f"at most {MAX_KEY_LIFETIME.days}d"
        )
    return timedelta(seconds=int(number) * _UNITS[unit])


@keys_app.command("list")
def list_keys(
    tenant: str = typer.Option(..., "--tenant", help="Tenant whose keys to list."),
    as_json: bool = typer.Option(False, "--json", help="One JSON array, for scripts."),
) -> None:
    """List a tenant's keys (ids, roles, users, state; never secrets)."""
    from storage.metadata import utcnow

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
        if key.expires_at is not None and key.revoked_at is None:
            word = "expired" if key.expired(utcnow()) else "expires"
            state = f"{word} {key.expires_at:%Y-%m-%dT%H:%M:%SZ}"
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
        "expires_at": key.expires_at.isoformat() if key.expires_at else None,
    }


@keys_app.command("revoke")
def revoke(
    key_id: str = typer.Argument(..., help="Id of the key, as shown by `keys list`."),
) -> None:
    """Revoke a key; requests with it get 401 from then on."""
    from api.storage.keys import KeyNotFound, LastAdminKey

    with _store() as store:
        try:
            key = store.revoke_as_operator(key_id)
        except (KeyNotFound, LastAdminKey) as exc:
            raise fail(str(exc)) from None
    typer.echo(f"revoked {key.key_id} (tenant {key.tenant_id})")
