"""Running a unit of work again when the database says it lost a race.

Transient errors are recognized by their code, never by message text (messages are localized
and a message mentioning "locked" need not be a lock error):

- PostgreSQL: SQLSTATE ``40001`` (serialization failure) and ``40P01`` (deadlock detected),
  read from the driver's exception (``exc.orig.sqlstate``, psycopg 3).
- SQLite: ``SQLITE_BUSY`` and ``SQLITE_LOCKED``, extended codes included
  (``SQLITE_BUSY_SNAPSHOT`` is busy), read from ``exc.orig.sqlite_errorcode`` (the primary code
  is its low byte) or, failing that, ``sqlite_errorname``.

A retried unit starts over in a fresh transaction: ``rollback`` runs after every failed attempt,
then a jittered exponential wait ("full jitter": uniform in ``[0, min(cap, base * 2**n)]``) lets
racing units fall out of lockstep. The number of attempts is bounded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar

from sqlalchemy.exc import DBAPIError

from storage.errors import RetriesExhausted

__all__ = [
    "DEFAULT_BACKOFF",
    "SQLITE_TRANSIENT_CODES",
    "TRANSIENT_SQLSTATES",
    "Backoff",
    "is_transient",
    "retry_unit",
]

T = TypeVar("T")

TRANSIENT_SQLSTATES: Final = frozenset({"40001", "40P01"})
"""PostgreSQL: serialization_failure, deadlock_detected."""
SQLITE_TRANSIENT_CODES: Final = {5: "SQLITE_BUSY", 6: "SQLITE_LOCKED"}
"""SQLite primary result codes of a busy or locked database."""


def is_transient(exc: BaseException) -> bool:
    """True when ``exc`` (a SQLAlchemy ``DBAPIError`` or a driver exception) means "the unit
    lost a race; running it again may succeed"."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    if getattr(orig, "sqlstate", None) in TRANSIENT_SQLSTATES:
        return True
    code = getattr(orig, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in SQLITE_TRANSIENT_CODES
    name = getattr(orig, "sqlite_errorname", None)
    return isinstance(name, str) and name.startswith(tuple(SQLITE_TRANSIENT_CODES.values()))


@dataclass(frozen=True, slots=True)
class Backoff:
    """How often and how long to wait: ``attempts`` in all (>= 1), waits up to
    ``min(cap_s, base_s * 2**n)`` seconds after the n-th failure."""

    attempts: int = 6
    base_s: float = 0.004
    cap_s: float = 0.5

    def __post_init__(self) -> None:
        if self.attempts < 1 or self.base_s < 0 or self.cap_s < 0:
            raise ValueError("attempts must be >= 1 and the waits non-negative")

    def wait_s(self, failures: int, rng: random.Random) -> float:
        """The jittered wait after ``failures`` failed attempts (1 for the first)."""
        return rng.uniform(0.0, min(self.cap_s, self.base_s * 2 ** (failures - 1)))


DEFAULT_BACKOFF: Final = Backoff()
_RNG = random.Random()


def retry_unit(
    unit: Callable[[], T],
    *,
    rollback: Callable[[], None],
    backoff: Backoff = DEFAULT_BACKOFF,
    also_retry: tuple[type[Exception], ...] = (),
    sleep: Callable[[float], None] = time.sleep,
    rng: random.Random | None = None,
) -> T:
    """Run ``unit`` (which commits at its end) until it returns, at most ``backoff.attempts``
    times, again after each transient database error.

    Args:
        unit: the whole unit of work; it must be safe to run again after ``rollback``.
        rollback: discards a failed attempt (usually ``session.rollback``).
        backoff: attempts and waits.
        also_retry: further exception types that mean "run it again" (an optimistic check the
            caller makes itself, a unique key a concurrent unit took first).
        sleep, rng: injectable for tests.

    Raises:
        RetriesExhausted: the last attempt failed transiently too (its error is ``__cause__``).
        Exception: any other error of ``unit``, unchanged and at once (no rollback here: the
            caller's unit-of-work scope discards it).
    """
    rng = rng or _RNG
    last: Exception | None = None
    for failures in range(1, backoff.attempts + 1):
        try:
            return unit()
        except also_retry as exc:
            last = exc
        except DBAPIError as exc:
            if not is_transient(exc):
                raise
            last = exc
        rollback()
        if failures < backoff.attempts:
            sleep(backoff.wait_s(failures, rng))
    raise RetriesExhausted(backoff.attempts) from last
