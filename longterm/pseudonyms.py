"""Keyed references: how the audit trail names what a user or agent chose, and erased users.

A user id, an unregistered preference key, an event kind or a consent category a caller made up
is free text; the audit log must be able to say "the same thing again" without holding the text.
A bare hash would not do: a dictionary of likely names (or user ids) reverses it in seconds. So
the reference is an HMAC-SHA256 under a random per-tenant secret (``lt_tenant_secrets``, 32
bytes, created on first use in the caller's transaction): ``user:hmac:<32 hex>``. Whoever holds
the secret can test a guess (the operator re-applying an erasure after a restore does exactly
that); a reader of the audit API, an export or a copy of the audit table alone cannot.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from sqlalchemy import Column
from sqlmodel import Field, Session, SQLModel

from longterm.registry import DEFAULT_REGISTRY, SENSITIVE_CATEGORIES
from longterm.validation import EVENT_CATEGORY_ALIASES, insert_ignore
from storage.types import UtcDateTime

__all__ = [
    "REF_MARK",
    "FreeText",
    "TenantSecretRow",
    "category_name",
    "existing_user_ref",
    "hmac_ref",
    "is_ref",
    "keyed_ref",
    "refs_of",
    "tenant_secret",
    "user_ref",
]

REF_MARK: Final = ":hmac:"
"""What every keyed reference contains (``<kind>:hmac:<32 hex>``)."""

_DIGEST_HEX: Final = 32  # 128 bits: collisions are out of reach, the reference stays short


class TenantSecretRow(SQLModel, table=True):
    """One tenant's HMAC secret for keyed references. Never leaves the database."""

    __tablename__ = "lt_tenant_secrets"

    tenant_id: str = Field(primary_key=True, max_length=128)
    secret: str = Field(max_length=64)
    created_at: datetime = Field(sa_column=Column(UtcDateTime(), nullable=False))


@dataclass(frozen=True, slots=True)
class FreeText:
    """A name a user or agent chose, given to ``longterm.audit.record`` in place of a string;
    the row stores only ``keyed_ref(kind, value)``.

    Attributes:
        kind: what the text is (``key``, ``kind``, ``category``, ``user``): part of the reference,
            so equal texts of different kinds do not link.
        value: the text itself.
    """

    kind: str
    value: str


def category_name(category: str) -> str | FreeText:
    """A category as the audit may store it: a vocabulary word stays, anything else is free text.

    The vocabulary is what tiermem itself names: the registry's categories, the sensitive ones,
    ``other`` and the event-kind aliases' targets.
    """
    known = {spec.category for spec in DEFAULT_REGISTRY.known()}
    if category in known | SENSITIVE_CATEGORIES | {"other"} | set(EVENT_CATEGORY_ALIASES.values()):
        return category
    return FreeText("category", category)


def hmac_ref(secret: bytes, kind: str, value: str) -> str:
    """``<kind>:hmac:<32 hex>`` of ``value`` under ``secret`` (pure; the stores share it)."""
    digest = hmac.new(secret, f"{kind}\x00{value}".encode(), hashlib.sha256).hexdigest()
    return f"{kind}{REF_MARK}{digest[:_DIGEST_HEX]}"


def is_ref(value: str | None) -> bool:
    """True when ``value`` looks like a keyed reference (already pseudonymized)."""
    return value is not None and REF_MARK in value


def tenant_secret(db: Session, *, tenant_id: str, now: datetime) -> bytes:
    """The tenant's secret, created (32 random bytes) in the caller's transaction if missing.

    Two transactions creating it at once both insert with ``ON CONFLICT DO NOTHING``; the loser
    reads the winner's secret.
    """
    row = db.get(TenantSecretRow, tenant_id)
    if row is None:
        values = {"tenant_id": tenant_id, "secret": secrets.token_hex(32), "created_at": now}
        insert_ignore(db, TenantSecretRow, values)
        row = db.get(TenantSecretRow, tenant_id, populate_existing=True)
    if row is None:  # pragma: no cover - the insert above or a concurrent one made it
        raise LookupError(f"no secret for tenant {tenant_id!r}")
    return bytes.fromhex(row.secret)


def existing_user_ref(db: Session, *, tenant_id: str, user_id: str) -> str | None:
    """``user_ref`` without creating the secret (for reads): None when the tenant has none yet,
    in which case nothing can be stored under a reference."""
    row = db.get(TenantSecretRow, tenant_id)
    return None if row is None else hmac_ref(bytes.fromhex(row.secret), "user", user_id)


def keyed_ref(db: Session, *, tenant_id: str, text: FreeText, now: datetime) -> str:
    """The keyed reference of ``text`` in ``tenant_id`` (creates the secret on first use)."""
    return hmac_ref(tenant_secret(db, tenant_id=tenant_id, now=now), text.kind, text.value)


def user_ref(db: Session, *, tenant_id: str, user_id: str, now: datetime) -> str:
    """What stays of an erased user id: ``user:hmac:<32 hex>``."""
    return keyed_ref(db, tenant_id=tenant_id, text=FreeText("user", user_id), now=now)


def refs_of(secret: bytes, kind: str, values: Iterable[str]) -> dict[str, str]:
    """``{reference: value}`` for candidate values: how an operator finds who a reference names."""
    return {hmac_ref(secret, kind, value): value for value in values}
