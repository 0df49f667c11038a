"""Errors of the long-term tier.

Refusals that must leave a trace (a trust-order refusal, a policy denial, a stale ``If-Match``)
are not exceptions: ``longterm.write_path.submit`` returns them as outcomes so that the caller
commits the history and audit rows before answering. Exceptions are for requests that never
reach the store::

    LongtermError
    ├── InvalidKey (ValueError)            the key is not a dotted key
    ├── InvalidValue (ValueError)          the value does not match the key's registered type
    ├── InvalidRequest (ValueError)        a write or query is malformed (ttl and expires_at, ...)
    ├── InvalidCursor (ValueError)         an opaque pagination cursor was tampered with
    ├── SupersedeNotAllowed (PermissionError)  supersede without an admin key or user_stated
    ├── MemoryNotFound (LookupError)       no such (unexpired) preference or event in the tenant
    ├── StalePrecondition                  a delete's If-Match names another version
    └── IdempotencyMismatch (ValueError)   an Idempotency-Key reused with another request body
"""

from __future__ import annotations

__all__ = [
    "IdempotencyMismatch",
    "InvalidCursor",
    "InvalidKey",
    "InvalidRequest",
    "InvalidValue",
    "LongtermError",
    "MemoryNotFound",
    "StalePrecondition",
    "SupersedeNotAllowed",
]


class LongtermError(Exception):
    """Base of every error the long-term tier raises."""


class InvalidKey(LongtermError, ValueError):
    """A preference key is not a lowercase dotted key of the allowed shape."""


class InvalidValue(LongtermError, ValueError):
    """A value does not match the type its key is registered with."""


class InvalidRequest(LongtermError, ValueError):
    """A write or query carries contradictory or out-of-range fields."""


class InvalidCursor(LongtermError, ValueError):
    """A pagination cursor could not be decoded or belongs to another listing."""


class SupersedeNotAllowed(LongtermError, PermissionError):
    """``supersede: true`` was sent by a key that is not admin and a source that is not
    ``user_stated``."""


class MemoryNotFound(LongtermError, LookupError):
    """The preference or event does not exist, is expired, or belongs to another tenant/user."""


class IdempotencyMismatch(LongtermError, ValueError):
    """The same Idempotency-Key was used before with a different request."""


class StalePrecondition(LongtermError):
    """A delete's ``If-Match`` does not name the current version; nothing was changed."""

    def __init__(self, current_etag: str) -> None:
        super().__init__("If-Match does not match the current value")
        self.current_etag = current_etag
