"""What the service benches share: a throw-away database and ``tiermem serve`` in a subprocess.

``bench/soak.py`` and ``bench/service_overhead.py`` (and any bench that talks HTTP to the real
service) start the server the same way: a free port on 127.0.0.1, the settings as
``TIERMEM_*`` environment variables, a bounded wait for ``/healthz``, and on exit a terminate
then a bounded wait (a kill after it). Per-process figures come from ``/proc`` so they stay
meaningful on a shared, loaded machine: resident memory and CPU seconds of the server alone.

Not a test helper: the tests start the app in process (``tests/api/conftest.py``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import httpx

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get(
    "TIERMEM_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
"""The PostgreSQL the benches create their databases on (the test one by default)."""

__all__ = ["PG_ADMIN", "ROOT", "Server", "cpu_seconds", "database", "rss_mib", "serve"]


@dataclass(frozen=True, slots=True)
class Server:
    """A running ``tiermem serve``: where to reach it and which process it is."""

    base: str
    pid: int
    port: int


@contextmanager
def database(backend: str, *, prefix: str = "tiermem_bench") -> Iterator[str]:
    """A fresh, empty database URL (``sqlite`` in a temporary directory, or ``postgresql`` on
    ``PG_ADMIN``), dropped afterwards (``WITH (FORCE)``: a server killed mid-run may leave
    connections)."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/bench.db"
        return
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    admin = PG_ADMIN.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{PG_ADMIN.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve(
    url: str,
    *,
    env: Mapping[str, str] | None = None,
    ready_seconds: float = 120.0,
    stderr: IO[bytes] | None = None,
) -> Iterator[Server]:
    """Run ``tiermem serve`` on ``url`` at a free 127.0.0.1 port until the block ends.

    Args:
        url: the database (already migrated unless ``env`` turns migrations on).
        env: extra ``TIERMEM_*`` settings; by default migrations on start are off, the log level
            is WARNING and the scheduler is off.
        ready_seconds: how long to wait for ``/healthz`` (a loaded machine needs tens of
            seconds to import the app).
        stderr: where the server's JSON log goes (discarded by default).

    Raises:
        SystemExit: the server did not answer ``/healthz`` in time, or exited.
    """
    port = _free_port()
    settings = {
        "TIERMEM_DATABASE_URL": url,
        "TIERMEM_RUN_MIGRATIONS_ON_START": "false",
        "TIERMEM_SCHEDULER_ENABLED": "false",
        "TIERMEM_LOG_LEVEL": "WARNING",
    } | dict(env or {})
    cmd = [sys.executable, "-c", "from api.cli import main; main()", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env=os.environ | settings,
        stdout=subprocess.DEVNULL,
        stderr=stderr if stderr is not None else subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base, proc, ready_seconds)
        yield Server(base=base, pid=proc.pid, port=port)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def _wait_ready(base: str, proc: subprocess.Popen[bytes], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"tiermem serve exited with {proc.returncode} before it was ready")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"tiermem serve did not answer /healthz within {seconds:g} s")


def rss_mib(pid: int) -> float:
    """Resident memory of process ``pid`` in MiB (``VmRSS``), NaN once it is gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except FileNotFoundError:
        return float("nan")
    for line in lines:
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds process ``pid`` has used (``/proc/PID/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
