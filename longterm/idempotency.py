"""``Idempotency-Key`` support: a retried POST/PUT gets the stored response back.

Keys are scoped per tenant and API key. The stored response is bound to a fingerprint of the
request (method, path, body); the same key with another request is an error (HTTP 422). Stored
responses carry the user's id so erasure removes them, and expire after ``DEFAULT_TTL``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, select

from longterm.errors import IdempotencyMismatch, InvalidRequest
from longterm.storage import IdempotencyRow, dumps
from longterm.validation import insert_ignore

__all__ = ["DEFAULT_TTL", "StoredResponse", "fingerprint", "lookup", "remember"]

DEFAULT_TTL = timedelta(hours=24)
MAX_KEY_LENGTH = 256


@dataclass(frozen=True, slots=True)
class StoredResponse:
    """A response as first sent: status, JSON body, the headers worth replaying (ETag)."""

    status_code: int
    body: Any
    headers: dict[str, str]


def fingerprint(method: str, path: str, body: bytes) -> str:
    """SHA-256 of the request's method, path and canonical JSON body (raw bytes if not JSON)."""
    try:
        canonical = dumps(json.loads(body)).encode() if body else b""
    except ValueError:
        canonical = body
    digest = hashlib.sha256()
    for part in (method.upper().encode(), path.encode(), canonical):
        digest.update(len(part).to_bytes(8, "big") + part)
    return digest.hexdigest()


def _check_key(key: str) -> None:
    if not 0 < len(key) <= MAX_KEY_LENGTH or not key.isprintable():
        raise InvalidRequest(f"Idempotency-Key must be 1-{MAX_KEY_LENGTH} printable characters")


def lookup(
    db: Session, *, tenant_id: str, owner: str, key: str, request_hash: str, now: datetime
) -> StoredResponse | None:
    """The stored response for ``key``, or None when the key is new (or expired).

    Raises:
        IdempotencyMismatch: the key was used with a different request.
        InvalidRequest: the key is empty, too long or not printable.
    """
    _check_key(key)
    row = db.exec(
        select(IdempotencyRow).where(
            IdempotencyRow.tenant_id == tenant_id,
            IdempotencyRow.owner == owner,
            IdempotencyRow.idem_key == key,
        )
    ).first()
    if row is None or row.expires_at <= now:
        return None
    if row.request_hash != request_hash:
        raise IdempotencyMismatch("this Idempotency-Key was used with a different request")
    return StoredResponse(
        row.status_code, json.loads(row.response_json), json.loads(row.headers_json)
    )


def remember(
    db: Session,
    *,
    tenant_id: str,
    owner: str,
    key: str,
    user_id: str,
    request_hash: str,
    response: StoredResponse,
    now: datetime,
) -> bool:
    """Store ``response`` for ``key`` in the caller's transaction; False when a concurrent
    request stored one first (the caller then rolls back and replays that one).
    """
    # An expired row of the same key would block the insert; it is dead anyway.
    db.connection().execute(
        IdempotencyRow.__table__.delete().where(  # type: ignore[attr-defined]
            IdempotencyRow.tenant_id == tenant_id,
            IdempotencyRow.owner == owner,
            IdempotencyRow.idem_key == key,
            IdempotencyRow.expires_at <= now,
        )
    )
    values = {
        "tenant_id": tenant_id,
        "owner": owner,
        "idem_key": key,
        "user_id": user_id,
        "request_hash": request_hash,
        "status_code": response.status_code,
        "response_json": dumps(response.body),
        "headers_json": dumps(response.headers),
        "created_at": now,
        "expires_at": now + DEFAULT_TTL,
    }
    return insert_ignore(db, IdempotencyRow, values)
