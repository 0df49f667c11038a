"""Per-request cost of the service foundation: routing, middleware, auth, JSON log, metrics.

Run by hand (not in CI), from the repository root::

    .venv/bin/python bench/service_overhead.py [--clients 16] [--requests 200]
        [--backends sqlite,postgresql]

For each backend a fresh database is made, ``tiermem serve`` is started on 127.0.0.1 in a
subprocess, and ``--clients`` threads (one keep-alive ``httpx.Client`` each) call each route
``--requests`` times: ``/healthz`` (no database), ``/readyz`` (``SELECT 1`` and the schema
revision), ``/v1/me`` (bearer-key lookup by hash). Reported per route: requests/s, p50/p95 wall
latency, and the server process's CPU milliseconds per request (from /proc, so it stays
meaningful on a shared, loaded machine where wall time mostly measures the neighbours).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from api.storage.keys import KeyStore  # noqa: E402
from api.storage.migrate import upgrade_database  # noqa: E402
from storage.engine import create_db_engine  # noqa: E402

PG_ADMIN = os.environ.get(
    "TIERMEM_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
ROUTES = ("/healthz", "/readyz", "/v1/me")


@contextmanager
def database(backend: str) -> Iterator[str]:
    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/bench.db"
        return
    import psycopg

    name = f"tiermem_bench_{uuid.uuid4().hex[:8]}"
    admin = PG_ADMIN.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{PG_ADMIN.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def server(url: str) -> Iterator[tuple[str, int]]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    env = os.environ | {
        "TIERMEM_DATABASE_URL": url,
        "TIERMEM_SCHEDULER_ENABLED": "false",
        "TIERMEM_LOG_LEVEL": "WARNING",
    }
    cmd = [sys.executable, "-c", "from api.cli import main; main()", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.2)
        else:
            raise SystemExit("server did not come up within 60 s")
        yield base, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def hammer(base: str, route: str, *, key: str, clients: int, requests: int) -> list[float]:
    latencies: list[float] = []
    lock = threading.Lock()
    start = threading.Barrier(clients)

    def client() -> None:
        own: list[float] = []
        headers = {"Authorization": f"Bearer {key}"}
        with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
            start.wait()
            for _ in range(requests):
                t0 = time.perf_counter()
                response = http.get(route)
                own.append(time.perf_counter() - t0)
                response.raise_for_status()
        with lock:
            latencies.extend(own)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    return latencies


def run(backend: str, *, clients: int, requests: int) -> None:
    with database(backend) as url:
        upgrade_database(url)
        engine = create_db_engine(url)
        _k, key = KeyStore(engine).create(tenant_id="bench", role="agent")
        engine.dispose()
        with server(url) as (base, pid):
            hammer(base, "/v1/me", key=key, clients=clients, requests=5)  # warm-up
            for route in ROUTES:
                cpu0, t0 = cpu_seconds(pid), time.perf_counter()
                lat = hammer(base, route, key=key, clients=clients, requests=requests)
                wall, cpu = time.perf_counter() - t0, cpu_seconds(pid) - cpu0
                q = statistics.quantiles(lat, n=20)
                print(
                    f"{backend:10} {route:9} n={len(lat):5} {len(lat) / wall:7.0f} req/s"
                    f"  p50 {q[9] * 1000:6.1f} ms  p95 {q[18] * 1000:6.1f} ms"
                    f"  server CPU {cpu / len(lat) * 1000:5.2f} ms/req"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs")
    for backend in args.backends.split(","):
        run(backend, clients=args.clients, requests=args.requests)


if __name__ == "__main__":
    main()
