"""Errors of the long-term tier, one tree under ``LongtermError``.

Refusals that must leave a trace (a trust-order refusal, a policy denial, a stale ``If-Match``
on a write) are not exceptions: ``longterm.write_path.submit`` returns them as outcomes so that
the caller commits the history and audit rows before answering. Exceptions are for requests
that never reach the store, and for what is not there::

    LongtermError
    ├── InvalidInput (ValueError)              the request is malformed; nothing was read or stored
    │   ├── InvalidKey                         the key is not a dotted key
    │   ├── InvalidValue                       the value does not match the key's registered type
    │   ├── InvalidRequest                     a write or query is malformed (ttl and expires_at..)
    │   ├── InvalidCursor                      an opaque pagination cursor was tampered with
    │   └── IdempotencyMismatch                an Idempotency-Key reused with another request body
    ├── SupersedeNotAllowed (PermissionError)  supersede without an admin key or user_stated
    ├── NotFound (LookupError)                 no such (unexpired) preference, event or user that
    │                                          the principal may address in the tenant
    └── StalePrecondition                      a delete's If-Match names another version

A principal restricted to another user, or of another tenant, gets ``NotFound`` exactly like a
missing row: a caller cannot tell "not yours" from "not there".
"""

from __future__ import annotations

__all__ = [
    "IdempotencyMismatch",
    "InvalidCursor",
    "InvalidInput",
    "InvalidKey",
    "InvalidRequest",
    "InvalidValue",
    "LongtermError",
    "NotFound",
    "StalePrecondition",
    "SupersedeNotAllowed",
]


class LongtermError(Exception):
    """Base of every error the long-term tier raises."""


class InvalidInput(LongtermError, ValueError):
    """The request is malformed; nothing was read or stored."""


class InvalidKey(InvalidInput):
    """A preference key is not a lowercase dotted key of the allowed shape."""


class InvalidValue(InvalidInput):
    """A value does not match the type its key is registered with."""


class InvalidRequest(InvalidInput):
    """A write or query carries contradictory or out-of-range fields."""


class InvalidCursor(InvalidInput):
    """A pagination cursor could not be decoded or belongs to another listing."""


class IdempotencyMismatch(InvalidInput):
    """The same Idempotency-Key was used before with a different request."""


class SupersedeNotAllowed(LongtermError, PermissionError):
    """``supersede: true`` was sent by a key that is not admin and a source that is not
    ``user_stated``."""


class NotFound(LongtermError, LookupError):
    """The preference, event or user does not exist, is expired, or is not the principal's to
    address (another tenant, or a user the key is restricted from)."""


class StalePrecondition(LongtermError):
    """A delete's ``If-Match`` does not name the current version; nothing was changed."""

    def __init__(self, current_etag: str) -> None:
        super().__init__("If-Match does not match the current value")
        self.current_etag = current_etag
