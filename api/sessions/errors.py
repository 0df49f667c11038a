"""Errors of the persisted sessions; ``api.problems`` maps each to an RFC 9457 response.

The sessions code raises these (never an HTTP-status error); which status, ``type`` and title a
class answers with is decided in ``api.problems`` alone. The tree::

    SessionError
    ├── SessionNotFound (LookupError)         missing, another tenant's, or another user's for a
    │                                         key restricted to one user (the same answer); also
    │                                         a ``policy.errors.SessionNotFound``, so the policy
    │                                         tier's session source raises the one class
    ├── SummaryNotFound (LookupError)         no such summary version, or no snapshot record of it
    ├── DecisionNotFound (LookupError)        no ``/context`` call has stored a decision yet
    ├── SessionConflict                       the request conflicts with the stored state
    │   ├── MessageConflict                   an id or a position already holds other content
    │   ├── PurgedContent                     it needs raw messages the tenant's retention purged
    │   ├── SummaryConflict                   a restore of the current version, or one the stored
    │   │                                     history can no longer resume from
    │   └── StaleVersion                      concurrent updates kept winning (optimistic check)
    ├── InvalidSessionInput (ValueError)      well-formed input that breaks a rule of sessions
    │   ├── InvalidUnicode                    text UTF-8 cannot carry (a lone surrogate escape)
    │   ├── InvalidBudget                     an impossible budget (or override)
    │   ├── InvalidHistory                    malformed entries, a protocol error, a bad offset
    │   ├── InvalidPins                       pinned ids naming no message, or purged ones
    │   ├── InvalidSummary                    a restored version fails validation
    │   └── InvalidRetention                  a retention outside 1..36500 days
    └── SummarizerMisconfigured (RuntimeError) the configured summarizer cannot be built

Keyword arguments are the error's facts (ids, positions, counts, reasons; never message
content); they are kept in ``extensions`` and become the problem's extension members.
"""

from __future__ import annotations

from typing import Any

from policy.errors import SessionNotFound as _PolicySessionNotFound

__all__ = [
    "DecisionNotFound",
    "InvalidBudget",
    "InvalidHistory",
    "InvalidPins",
    "InvalidRetention",
    "InvalidSessionInput",
    "InvalidSummary",
    "InvalidUnicode",
    "MessageConflict",
    "PurgedContent",
    "SessionConflict",
    "SessionError",
    "SessionNotFound",
    "StaleVersion",
    "SummarizerMisconfigured",
    "SummaryConflict",
    "SummaryNotFound",
]


class SessionError(Exception):
    """Base of every error of the persisted sessions.

    Args:
        message: what went wrong, for a human (it becomes the problem's ``detail``).
        **extensions: the error's facts (JSON-serializable ids, positions, counts; never
            message content).
    """

    def __init__(self, message: str, **extensions: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extensions: dict[str, Any] = extensions


class SessionNotFound(SessionError, _PolicySessionNotFound):
    """No such session for this caller: missing, another tenant's, or another user's when the
    key is restricted to one user (the three are answered alike)."""

    def __init__(self, session_id: str, **extensions: Any) -> None:
        super().__init__(f"session {session_id!r} not found", **extensions)
        self.session_id = session_id


class SummaryNotFound(SessionError, LookupError):
    """No such summary version of the session, or no snapshot record of it."""


class DecisionNotFound(SessionError, LookupError):
    """No ``/context`` call of the session has stored its decision yet."""


class SessionConflict(SessionError):
    """The request conflicts with the stored state of the session."""


class MessageConflict(SessionConflict):
    """A message id or a history position already holds other content."""


class PurgedContent(SessionConflict):
    """The request needs raw messages that the tenant's retention replaced by tombstones."""


class SummaryConflict(SessionConflict):
    """A restore of the current version, or of one the stored history cannot resume from."""


class StaleVersion(SessionConflict):
    """The session's state changed under a unit of work (its optimistic check failed).

    Raised inside a unit to have it run again (``api.sessions.store.run_with_retry``), and by
    ``run_with_retry`` itself when concurrent updates kept winning: the client may retry.
    """


class InvalidSessionInput(SessionError, ValueError):
    """Well-formed input that breaks a rule of sessions."""


class InvalidUnicode(InvalidSessionInput):
    """Text that UTF-8 cannot carry (a lone surrogate escape such as ``\\ud800``)."""


class InvalidBudget(InvalidSessionInput):
    """An impossible budget: no usable tokens, a target above the trigger, a bad share."""


class InvalidHistory(InvalidSessionInput):
    """Entries malformed for the session's format, a tool-call protocol error, an offset past
    the end of the history, or the tombstone mark in an appended entry."""


class InvalidPins(InvalidSessionInput):
    """Pinned ids that name no message of the session, or messages whose content was purged."""


class InvalidSummary(InvalidSessionInput):
    """The summary version to restore fails validation against the messages it covered."""


class InvalidRetention(InvalidSessionInput):
    """A retention of raw messages outside the allowed number of days."""


class SummarizerMisconfigured(SessionError, RuntimeError):
    """The configured summarizer cannot be built (e.g. ``openai`` without a model)."""
