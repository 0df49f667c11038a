"""Errors of the policy package.

A denial is never an exception: ``PolicyGate.decide`` answers with ``GateDecision(allowed=False)``.
Exceptions are for requests that cannot be answered at all::

    PolicyError
    ├── InvalidRule (ValueError)          a per-tenant rule is malformed or reaches past its tenant
    ├── InvalidConsent (ValueError)       a consent names a category that cannot be consented to
    ├── ConsentNotFound (LookupError)     no consent recorded for that user and category
    ├── SessionNotFound (LookupError)     the session source has no such session in the
    │                                     caller's tenant, or it is another user's for a key
    │                                     restricted to one user (the same answer)
    ├── SessionNotEndable (ValueError)    the session was already ended with another request
    └── PolicyUnavailable (RuntimeError)  the model or default policy file cannot be loaded

``api.problems`` maps the tree to RFC 9457 responses (404 for the two not-found errors, 409 for
``SessionNotEndable``, 422 for the invalid ones; ``PolicyUnavailable`` is a server fault, 500).
``api.sessions.errors.SessionNotFound`` subclasses ``SessionNotFound``, so one ``except`` catches
a missing session whichever tier found it missing.
"""

from __future__ import annotations

__all__ = [
    "ConsentNotFound",
    "InvalidConsent",
    "InvalidRule",
    "PolicyError",
    "PolicyUnavailable",
    "SessionNotEndable",
    "SessionNotFound",
]


class PolicyError(Exception):
    """Base of every error the policy package raises."""


class InvalidRule(PolicyError, ValueError):
    """A per-tenant rule is malformed, or could let one tenant touch another's data."""


class InvalidConsent(PolicyError, ValueError):
    """A consent request names a category that cannot be consented to."""


class ConsentNotFound(PolicyError, LookupError):
    """No consent is recorded for that user and category."""


class SessionNotFound(PolicyError, LookupError):
    """No session with that id in the caller's tenant (or visible to the caller's key)."""


class SessionNotEndable(PolicyError, ValueError):
    """The session cannot be ended as asked: it was already ended with another request."""


class PolicyUnavailable(PolicyError, RuntimeError):
    """The policy model or the default policy file cannot be loaded."""
