"""The writers of one process queue for SQLite's write lock in arrival order, bounded by the busy
timeout, and a transaction that ends any way gives its turn back."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

from storage.engine import create_db_engine
from storage.retry import is_transient
from storage.sqlite_writers import FifoLock


def _engine(tmp_path: Path, *, timeout_ms: int = 5_000) -> Engine:
    engine = create_db_engine(f"sqlite:///{tmp_path / 'w.db'}", sqlite_busy_timeout_ms=timeout_ms)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE t (n INTEGER)"))
    return engine


def test_the_lock_goes_to_its_waiters_in_arrival_order() -> None:
    lock = FifoLock()
    assert lock.acquire(0)
    order: list[int] = []
    threads = []
    for n in range(5):
        thread = threading.Thread(
            target=lambda n=n: (lock.acquire(10), order.append(n), lock.release())
        )
        thread.start()
        threads.append(thread)
        time.sleep(0.05)  # each thread queues before the next one starts
    lock.release()
    for thread in threads:
        thread.join(10)
    assert order == [0, 1, 2, 3, 4]


def test_a_wait_that_runs_out_leaves_the_queue() -> None:
    lock = FifoLock()
    assert lock.acquire(0)
    assert not lock.acquire(0.05)
    lock.release()
    assert lock.acquire(0)  # free again: the timed-out waiter was not handed the lock


def test_a_second_writer_waits_for_the_first_to_commit(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    first = engine.connect()
    first.execute(text("INSERT INTO t VALUES (1)"))
    done = threading.Event()

    def second() -> None:
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO t VALUES (2)"))
        done.set()

    thread = threading.Thread(target=second)
    thread.start()
    assert not done.wait(0.3)  # queued behind the open transaction
    first.commit()
    assert done.wait(5)
    thread.join(5)
    first.close()
    with engine.connect() as conn:
        assert conn.execute(text("SELECT n FROM t ORDER BY n")).scalars().all() == [1, 2]
    engine.dispose()


def test_a_turn_that_never_comes_is_a_transient_busy_error(tmp_path: Path) -> None:
    engine = _engine(tmp_path, timeout_ms=200)
    holder = engine.connect()
    holder.execute(text("INSERT INTO t VALUES (1)"))
    failure: list[BaseException] = []

    def writer() -> None:
        try:
            with engine.begin() as conn:
                conn.execute(text("UPDATE t SET n = 2"))
        except OperationalError as exc:
            failure.append(exc)

    thread = threading.Thread(target=writer)
    thread.start()
    thread.join(5)
    assert len(failure) == 1 and is_transient(failure[0])  # a 503 + Retry-After in the API
    holder.rollback()
    holder.close()
    engine.dispose()


@pytest.mark.parametrize("end", ["rollback", "close", "invalidate"])
def test_every_end_of_a_transaction_gives_the_turn_back(tmp_path: Path, end: str) -> None:
    engine = _engine(tmp_path, timeout_ms=500)
    conn = engine.connect()
    conn.execute(text("INSERT INTO t VALUES (1)"))
    if end == "rollback":
        conn.rollback()
    elif end == "invalidate":
        conn.invalidate()
        conn.rollback()
    conn.close()
    with engine.begin() as other:  # would fail with SQLITE_BUSY after 0.5 s if the turn leaked
        other.execute(text("INSERT INTO t VALUES (2)"))
    engine.dispose()
