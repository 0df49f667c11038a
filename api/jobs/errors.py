"""Errors of the background jobs; ``api.problems`` maps each to an RFC 9457 response::

JobError
└── UnknownJob (LookupError)    no background job with that name (404)
"""

from __future__ import annotations

__all__ = ["JobError", "UnknownJob"]


class JobError(Exception):
    """Base of every error the background jobs raise."""


class UnknownJob(JobError, LookupError):
    """No background job with that name."""
