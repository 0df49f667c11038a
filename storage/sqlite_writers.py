"""SQLite writers of one process queue in turn instead of polling for the write lock.

SQLite lets one connection write at a time. A writer that finds the lock taken runs the busy
handler, which sleeps and polls with growing sleeps (1 ms up to 100 ms); it is not a queue. Under
heavy load many threads of one process racing for the lock starve some of them: measured with 16
threads on one key at load 10, the median write took 20-70 ms, the slowest over 5 s, past the
busy timeout, so a client got ``database is locked`` (a 503 through the API) while the database
was merely busy (``tests/longterm/test_concurrency.py``).

``install`` gives an engine a first-in-first-out lock: a connection takes it before its
transaction's first ``INSERT``, ``UPDATE``, ``DELETE`` or ``REPLACE`` and gives it back when
the transaction commits or rolls back (or the connection returns to the pool, or is
invalidated), so writers of one process wait in arrival order without polling. The wait is
bounded by the busy timeout; past it the statement fails with ``SQLITE_BUSY``, as SQLite's own
wait would (transient: retried where the caller retries, else a 503 with ``Retry-After``).
Other processes on the same file are still kept apart by SQLite's lock and its busy timeout.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import deque
from typing import Any, Final

from sqlalchemy import Engine, event

__all__ = ["FifoLock", "install"]

_HOLDS: Final = "tiermem_sqlite_writer"
_WRITES: Final = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class FifoLock:
    """A lock handed to its waiters in arrival order (``threading.Lock`` may be barged)."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._waiters: deque[threading.Event] = deque()
        self._held = False

    def acquire(self, timeout_s: float) -> bool:
        """Take the lock, waiting at most ``timeout_s`` seconds; False when it was not had."""
        with self._mutex:
            if not self._held:
                self._held = True
                return True
            turn = threading.Event()
            self._waiters.append(turn)
        if turn.wait(timeout_s):
            return True
        with self._mutex:
            if turn.is_set():  # handed over as the wait ran out
                return True
            self._waiters.remove(turn)
            return False

    def release(self) -> None:
        """Hand the lock to the longest waiter, or free it."""
        with self._mutex:
            if self._waiters:
                self._waiters.popleft().set()  # still held: now by that waiter
            else:
                self._held = False


def _busy() -> sqlite3.OperationalError:
    """The error SQLite itself raises when its busy timeout runs out (read by its code)."""
    exc = sqlite3.OperationalError("database is locked")
    exc.sqlite_errorcode = sqlite3.SQLITE_BUSY
    exc.sqlite_errorname = "SQLITE_BUSY"
    return exc


def install(engine: Engine, *, timeout_ms: int) -> FifoLock:
    """Queue the writers of ``engine`` (a file database with a pool of connections).

    Raises (from a statement, wrapped by SQLAlchemy as ``OperationalError``):
        sqlite3.OperationalError: ``SQLITE_BUSY``, the turn did not come within ``timeout_ms``.
    """
    lock = FifoLock()
    timeout_s = max(0, timeout_ms) / 1000

    def before_write(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if conn.info.get(_HOLDS) or not statement.lstrip()[:7].upper().startswith(_WRITES):
            return
        if not lock.acquire(timeout_s):
            raise _busy()
        conn.info[_HOLDS] = True

    def end_of_transaction(conn: Any) -> None:
        # an invalidated connection has no info to read (``back_in_pool`` gave the turn back)
        if not conn.invalidated and conn.info.pop(_HOLDS, False):
            lock.release()

    def back_in_pool(_dbapi: Any, record: Any, *_args: Any) -> None:
        if record is not None and record.info.pop(_HOLDS, False):
            lock.release()

    event.listen(engine, "before_cursor_execute", before_write)
    event.listen(engine, "commit", end_of_transaction)
    event.listen(engine, "rollback", end_of_transaction)
    event.listen(engine.pool, "checkin", back_in_pool)
    event.listen(engine.pool, "invalidate", back_in_pool)
    return lock
