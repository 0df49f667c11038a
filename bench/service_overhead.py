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
import statistics
import sys
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.storage.keys import KeyStore
from api.storage.migrate import upgrade_database
from bench.serve import cpu_seconds, database, serve
from storage.engine import create_db_engine

ROUTES = ("/healthz", "/readyz", "/v1/me")
UNLIMITED = {"TIERMEM_RATE_LIMIT_PER_KEY": "0", "TIERMEM_RATE_LIMIT_PER_TENANT": "0"}
"""The bench measures the foundation's cost, not the rate limiter's 429s."""


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
    with database(backend, prefix="tiermem_bench") as url:
        upgrade_database(url)
        engine = create_db_engine(url)
        _k, key = KeyStore(engine).create(tenant_id="bench", role="agent")
        engine.dispose()
        with serve(url, env=UNLIMITED) as server:
            base, pid = server.base, server.pid
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
