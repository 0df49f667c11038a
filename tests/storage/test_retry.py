"""Retry of a unit of work on transient database errors, recognized by code on both backends."""

from __future__ import annotations

import random
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from storage.engine import create_db_engine
from storage.errors import RetriesExhausted, StorageError
from storage.retry import DEFAULT_BACKOFF, Backoff, is_transient, retry_unit


@dataclass
class DriverError(Exception):
    """A stand-in driver exception carrying only the attributes ``is_transient`` reads."""

    sqlstate: str | None = None
    sqlite_errorcode: int | None = None
    sqlite_errorname: str | None = None


def _wrapped(orig: Exception) -> OperationalError:
    return OperationalError("UPDATE t SET n = 1", {}, orig)


@pytest.mark.parametrize(
    ("orig", "transient"),
    [
        (DriverError(sqlstate="40001"), True),  # serialization_failure
        (DriverError(sqlstate="40P01"), True),  # deadlock_detected
        (DriverError(sqlstate="23505"), False),  # unique_violation: not a race to retry here
        (DriverError(sqlstate="57P01"), False),  # admin_shutdown
        (DriverError(sqlite_errorcode=5), True),  # SQLITE_BUSY
        (DriverError(sqlite_errorcode=6), True),  # SQLITE_LOCKED
        (DriverError(sqlite_errorcode=517), True),  # SQLITE_BUSY_SNAPSHOT
        (DriverError(sqlite_errorcode=262), True),  # SQLITE_LOCKED_SHAREDCACHE
        (DriverError(sqlite_errorcode=1), False),  # SQLITE_ERROR
        (DriverError(sqlite_errorcode=13), False),  # SQLITE_FULL
        (DriverError(sqlite_errorname="SQLITE_BUSY_RECOVERY"), True),
        (DriverError(sqlite_errorname="SQLITE_READONLY"), False),
        # Message text never decides, either way.
        (sqlite3.OperationalError("database is locked"), False),
        (Exception("could not serialize access; deadlock detected"), False),
    ],
)
def test_is_transient_reads_codes_not_messages(orig: Exception, transient: bool) -> None:
    assert is_transient(_wrapped(orig)) is transient
    assert is_transient(orig) is transient


class Recorder:
    """A unit that fails with the given errors in turn, then returns ``"done"``."""

    def __init__(self, *errors: Exception) -> None:
        self.errors = list(errors)
        self.calls = 0
        self.rollbacks = 0
        self.waits: list[float] = []

    def unit(self) -> str:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return "done"

    def rollback(self) -> None:
        self.rollbacks += 1

    def run(self, backoff: Backoff = DEFAULT_BACKOFF, **kwargs: object) -> str:
        return retry_unit(
            self.unit,
            rollback=self.rollback,
            backoff=backoff,
            sleep=self.waits.append,
            rng=random.Random(7),
            **kwargs,  # type: ignore[arg-type]
        )


BUSY = _wrapped(DriverError(sqlite_errorcode=5))
SERIAL = _wrapped(DriverError(sqlstate="40001"))


def test_transient_errors_are_retried_with_a_rollback_each() -> None:
    rec = Recorder(BUSY, SERIAL)
    assert rec.run() == "done"
    assert (rec.calls, rec.rollbacks, len(rec.waits)) == (3, 2, 2)


def test_other_errors_propagate_at_once() -> None:
    boom = _wrapped(DriverError(sqlstate="42P01"))
    rec = Recorder(boom)
    with pytest.raises(OperationalError) as caught:
        rec.run()
    assert caught.value is boom
    assert (rec.calls, rec.rollbacks, rec.waits) == (1, 0, [])
    with pytest.raises(KeyError):
        Recorder(KeyError("x")).run()


def test_attempts_are_bounded() -> None:
    rec = Recorder(*[BUSY] * 10)
    with pytest.raises(RetriesExhausted) as caught:
        rec.run(Backoff(attempts=4))
    assert isinstance(caught.value, StorageError)
    assert caught.value.attempts == 4
    assert caught.value.__cause__ is BUSY
    # Four attempts, four rollbacks, a wait between attempts only.
    assert (rec.calls, rec.rollbacks, len(rec.waits)) == (4, 4, 3)


def test_also_retry_names_more_exceptions() -> None:
    taken = IntegrityError("INSERT", {}, DriverError(sqlstate="23505"))

    class Stale(Exception):
        pass

    rec = Recorder(taken, Stale())
    assert rec.run(also_retry=(IntegrityError, Stale)) == "done"
    assert rec.calls == 3
    with pytest.raises(IntegrityError):
        Recorder(taken).run()


def test_waits_are_jittered_exponential_and_capped() -> None:
    backoff = Backoff(attempts=12, base_s=0.01, cap_s=0.08)
    rec = Recorder(*[BUSY] * 11)
    assert rec.run(backoff) == "done"
    for failures, wait in enumerate(rec.waits, start=1):
        assert 0.0 <= wait <= min(0.08, 0.01 * 2 ** (failures - 1))
    assert len(set(rec.waits)) == len(rec.waits)  # jitter: no two waits in lockstep
    assert max(rec.waits) > 0.04  # and they do grow


@pytest.mark.parametrize("bad", [{"attempts": 0}, {"base_s": -1.0}, {"cap_s": -0.1}])
def test_backoff_rejects_nonsense(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Backoff(**bad)  # type: ignore[arg-type]


# --- real databases ---------------------------------------------------------------------------


def test_sqlite_busy_is_transient(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'busy.db'}"
    engine = create_db_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE probe (id INTEGER PRIMARY KEY, n INTEGER)"))
            conn.execute(text("INSERT INTO probe VALUES (1, 0)"))
        holder = sqlite3.connect(tmp_path / "busy.db", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # holds the write lock
        try:
            with engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA busy_timeout=0")
                with pytest.raises(OperationalError) as caught:
                    conn.execute(text("UPDATE probe SET n = 1"))
                    conn.commit()
            assert is_transient(caught.value)
            assert caught.value.orig.sqlite_errorname.startswith("SQLITE_BUSY")  # type: ignore[union-attr]
        finally:
            holder.execute("ROLLBACK")
            holder.close()
    finally:
        engine.dispose()


postgres_only = pytest.mark.parametrize("engine", ["postgresql"], indirect=True)


def _pg(engine: Engine) -> Engine:
    assert engine.dialect.name == "postgresql"
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE IF NOT EXISTS retry_probe (id INT PRIMARY KEY, n INT)"))
        conn.execute(text("DELETE FROM retry_probe"))
        conn.execute(text("INSERT INTO retry_probe VALUES (1, 0), (2, 0)"))
    return engine


def _bump_elsewhere(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.execute(text("UPDATE retry_probe SET n = n + 100 WHERE id = 1"))


@postgres_only
def test_postgres_serialization_failure_is_retried(engine: Engine) -> None:
    engine = _pg(engine)
    attempts: list[int] = []

    def unit() -> int:
        attempts.append(1)
        with engine.connect() as conn:
            conn.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
            n = conn.execute(text("SELECT n FROM retry_probe WHERE id = 1")).scalar_one()
            if len(attempts) == 1:
                _bump_elsewhere(engine)  # a concurrent unit commits in between
            conn.execute(text("UPDATE retry_probe SET n = :n WHERE id = 1"), {"n": n + 1})
            conn.commit()
            return int(n) + 1

    assert retry_unit(unit, rollback=lambda: None, sleep=lambda _s: None) == 101
    assert len(attempts) == 2
    with engine.connect() as conn:
        assert conn.execute(text("SELECT n FROM retry_probe WHERE id = 1")).scalar_one() == 101


@postgres_only
def test_postgres_serialization_failure_has_sqlstate_40001(engine: Engine) -> None:
    engine = _pg(engine)
    with engine.connect() as conn:
        conn.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"))
        conn.execute(text("SELECT n FROM retry_probe WHERE id = 1")).scalar_one()
        _bump_elsewhere(engine)
        with pytest.raises(DBAPIError) as caught:
            conn.execute(text("UPDATE retry_probe SET n = 0 WHERE id = 1"))
    assert isinstance(caught.value.orig, psycopg.errors.SerializationFailure)
    assert is_transient(caught.value)


@postgres_only
def test_postgres_deadlock_has_sqlstate_40p01(engine: Engine) -> None:
    engine = _pg(engine)
    errors: list[BaseException] = []
    both_locked = threading.Barrier(2, timeout=10)

    def worker(first: int, second: int) -> Callable[[], None]:
        def run() -> None:
            try:
                with engine.begin() as conn:
                    conn.execute(text("SET LOCAL deadlock_timeout = '50ms'"))
                    conn.execute(
                        text("UPDATE retry_probe SET n = n + 1 WHERE id = :i"), {"i": first}
                    )
                    both_locked.wait()
                    conn.execute(
                        text("UPDATE retry_probe SET n = n + 1 WHERE id = :i"), {"i": second}
                    )
            except DBAPIError as exc:
                errors.append(exc)

        return run

    threads = [threading.Thread(target=worker(1, 2)), threading.Thread(target=worker(2, 1))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(errors) == 1, errors
    failed = errors[0]
    assert isinstance(failed, DBAPIError)
    assert getattr(failed.orig, "sqlstate", None) == "40P01"
    assert is_transient(failed)
