"""Throwaway databases: the one factory every suite's database fixtures are built from.

``throwaway_url(backend, directory)`` is a fresh, empty database for the block: a SQLite file
in ``directory``, or a PostgreSQL database created on the test server and dropped (``WITH
FORCE``, by a background thread) afterwards; ``migrate=True`` makes it a copy of a migrated
template made once per process (every migration applied, without running them again).
``migrated_engine`` is the same with an engine over it. The fixtures in ``tests/conftest.py``
(``sqlite_url``, ``postgres_url``, ``database_url``, ``module_database_url``,
``shared_database_url``) and the per-suite engines are all built on these two.
``finish_throwaway_databases()`` (the session's last step, also registered with ``atexit``)
drops the templates and waits for the queued drops.

PostgreSQL is ``TIERMEM_TEST_POSTGRES_URL`` (default: ``postgres@127.0.0.1:5432/test``); when
it is unreachable the test is skipped, or fails under ``TIERMEM_REQUIRE_POSTGRES=1``.
"""

from __future__ import annotations

import atexit
import os
import queue
import shutil
import sqlite3
import tempfile
import threading
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

import pytest
from sqlalchemy import Engine

from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine

if TYPE_CHECKING:
    import psycopg

__all__ = [
    "BACKENDS",
    "POSTGRES_ADMIN_URL",
    "Backend",
    "copy_migrated_sqlite",
    "finish_throwaway_databases",
    "migrated_engine",
    "require_postgres",
    "throwaway_url",
]

Backend = Literal["sqlite", "postgresql"]
BACKENDS: Final[tuple[Backend, ...]] = ("sqlite", "postgresql")
POSTGRES_ADMIN_URL: Final = os.environ.get(
    "TIERMEM_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
_ADMIN_DSN: Final = POSTGRES_ADMIN_URL.replace("postgresql+psycopg://", "postgresql://")


def _postgres_reachable() -> str | None:
    """None when PostgreSQL answers, else the reason it does not."""
    import psycopg

    try:
        with psycopg.connect(_ADMIN_DSN, connect_timeout=3):
            return None
    except psycopg.Error as exc:
        return f"PostgreSQL at {POSTGRES_ADMIN_URL} unreachable: {exc}".splitlines()[0]


def require_postgres() -> None:
    """Skip (or fail, when TIERMEM_REQUIRE_POSTGRES=1) if PostgreSQL is unreachable."""
    reason = _postgres_reachable()
    if reason is None:
        return
    if os.environ.get("TIERMEM_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"TIERMEM_REQUIRE_POSTGRES=1 but {reason}")
    pytest.skip(reason)


def _admin() -> psycopg.Connection[Any]:
    """An autocommit connection to the test server's admin database (CREATE/DROP DATABASE)."""
    import psycopg

    return psycopg.connect(_ADMIN_DSN, autocommit=True)


def _new_postgres_name(prefix: str) -> str:
    return f"tiermem_{prefix}_{uuid.uuid4().hex[:12]}"


def _postgres_url(name: str) -> str:
    return f"{POSTGRES_ADMIN_URL.rsplit('/', 1)[0]}/{name}"


class _Templates:
    """This process's migrated databases, made on first use; every migrated throwaway database
    is a copy of one. Running the migrations costs about a second per database (several under
    load); copying a small SQLite file or ``CREATE DATABASE ... TEMPLATE`` costs much less."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sqlite: Path | None = None
        self._postgres: str | None = None

    def sqlite(self) -> Path:
        """The migrated template file (journal mode DELETE: the file alone is the database)."""
        with self._lock:
            if self._sqlite is None:
                path = Path(tempfile.mkdtemp(prefix="tiermem_template_")) / "template.db"
                upgrade_database(f"sqlite:///{path}")
                with closing(sqlite3.connect(path)) as conn:
                    conn.execute("PRAGMA journal_mode=DELETE")
                self._sqlite = path
            return self._sqlite

    def postgres(self) -> str:
        """The name of the migrated template database on the test server."""
        with self._lock:
            if self._postgres is None:
                name = _new_postgres_name("template")
                with _admin() as conn:
                    conn.execute(f'CREATE DATABASE "{name}"')
                upgrade_database(_postgres_url(name))
                self._postgres = name
            return self._postgres

    def close(self) -> None:
        """Remove both templates (at the end of the session)."""
        with self._lock:
            if self._sqlite is not None:
                shutil.rmtree(self._sqlite.parent, ignore_errors=True)
                self._sqlite = None
            if self._postgres is not None:
                _drops.drop(self._postgres)
                self._postgres = None


class _Drops:
    """PostgreSQL databases to drop, dropped one after another by a background thread.

    ``DROP DATABASE`` waits for the server to remove the files (and for a checkpoint): up to
    seconds under load that no test needs to wait for. ``finish`` waits for the queue and
    raises when a drop failed, so a leak is still reported (at the end of the session).
    """

    def __init__(self) -> None:
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._failures: list[str] = []

    def drop(self, name: str) -> None:
        """Queue ``name`` for ``DROP DATABASE ... WITH (FORCE)``."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="drop-databases")
                self._thread.daemon = True
                self._thread.start()
        self._queue.put(name)

    def _run(self) -> None:
        import psycopg

        while (name := self._queue.get()) is not None:
            try:
                with _admin() as conn:
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            except psycopg.Error as exc:
                self._failures.append(f"{name}: {exc}")

    def finish(self) -> None:
        """Wait until every queued database is dropped.

        Raises:
            RuntimeError: a database could not be dropped (named in the message).
        """
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join()
        failures, self._failures = self._failures, []
        if failures:
            raise RuntimeError("throwaway databases not dropped: " + "; ".join(failures))


_drops = _Drops()
_templates = _Templates()


def finish_throwaway_databases() -> None:
    """Drop the templates and wait for every queued drop (the session's last step).

    Raises:
        RuntimeError: a database could not be dropped.
    """
    _templates.close()
    _drops.finish()


atexit.register(finish_throwaway_databases)


def copy_migrated_sqlite(path: Path) -> None:
    """Make ``path`` a migrated SQLite database: a copy of this process's template."""
    shutil.copyfile(_templates.sqlite(), path)


@contextmanager
def throwaway_url(
    backend: str, directory: Path, *, prefix: str = "t", migrate: bool = False
) -> Iterator[str]:
    """The URL of a fresh database of ``backend`` for the block (migrated when ``migrate``).

    A migrated database is a copy of this process's migrated template (``_templates``): a file
    copy on SQLite, ``CREATE DATABASE ... TEMPLATE`` on PostgreSQL, instead of running every
    migration again. A PostgreSQL database is dropped in the background after the block.

    Args:
        backend: ``sqlite`` or ``postgresql``.
        directory: where a SQLite file goes (a test's or module's temporary directory).
        prefix: names the PostgreSQL database (``tiermem_<prefix>_<random>``), for debugging.
        migrate: start from every migration applied.

    Raises:
        ValueError: ``backend`` is neither.
    """
    if backend == "sqlite":
        path = directory / f"tiermem_{prefix}.db"
        if migrate:
            copy_migrated_sqlite(path)
        yield f"sqlite:///{path}"
        return
    if backend != "postgresql":
        raise ValueError(f"unknown backend {backend!r}")
    require_postgres()
    name = _new_postgres_name(prefix)
    template = f' TEMPLATE "{_templates.postgres()}"' if migrate else ""
    with _admin() as conn:
        conn.execute(f'CREATE DATABASE "{name}"{template}')
    try:
        yield _postgres_url(name)
    finally:
        _drops.drop(name)


@contextmanager
def migrated_engine(backend: str, directory: Path, *, prefix: str = "t") -> Iterator[Engine]:
    """An engine over a fresh database of ``backend`` with every migration applied."""
    with throwaway_url(backend, directory, prefix=prefix, migrate=True) as url:
        engine = create_db_engine(url)
        try:
            yield engine
        finally:
            engine.dispose()
