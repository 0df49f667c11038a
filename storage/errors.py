"""Errors of the shared SQL plumbing.

Database errors themselves stay SQLAlchemy's (``sqlalchemy.exc.DBAPIError`` and its subclasses);
this tree is only for what the plumbing adds on top::

    StorageError
    └── RetriesExhausted            a unit of work kept failing transiently (serialization
                                    failure, deadlock, busy or locked database) at every attempt
"""

from __future__ import annotations

__all__ = ["RetriesExhausted", "StorageError"]


class StorageError(Exception):
    """Base of every error the shared SQL plumbing raises."""


class RetriesExhausted(StorageError):
    """Every attempt of a unit of work failed with a transient database error.

    ``attempts`` is how many were made; the last attempt's error is ``__cause__``. The unit
    wrote nothing (each failed attempt was rolled back), so the caller may run it again later.
    """

    def __init__(self, attempts: int) -> None:
        super().__init__(f"a unit of work failed transiently {attempts} times in a row")
        self.attempts = attempts
