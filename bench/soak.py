"""Load and soak: mixed traffic from many clients against several ``tiermem serve`` processes on
one PostgreSQL database, with the scheduler running, then a check that nothing acknowledged was
lost.

Run by hand (not in CI), from the repository root, on 127.0.0.1 only::

    .venv/bin/python bench/soak.py [--minutes 10] [--clients 32] [--servers 3]

A fresh database is created on the test PostgreSQL (``TIERMEM_TEST_POSTGRES_URL``, default
``postgresql+psycopg://postgres@127.0.0.1:5432/test``) and dropped afterwards. Each client has
its own tenant-of-four and user, an agent key restricted to that user, one session, and a
keep-alive connection to one of the servers (round robin). It loops over: append a message,
compact (``/context``), put a preference, add an event, read preferences, events and ``/v1/me``.
Every 2xx write is remembered; at the end every remembered message and event must be readable
and every preference must hold its last acknowledged value. Rate limits stay at their defaults:
a 429 counts apart, not as an error (it acknowledges nothing). Printed: requests, error rate
(5xx and transport errors), 429s, p50/p95/p99 per route, each server's resident memory after
warm-up and at the end, and the loss check.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from api.storage.keys import KeyStore  # noqa: E402
from api.storage.migrate import upgrade_database  # noqa: E402
from storage.engine import create_db_engine  # noqa: E402

PG_ADMIN = os.environ.get(
    "TIERMEM_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
TENANTS = 4


@contextmanager
def database() -> Iterator[str]:
    import psycopg

    name = f"tiermem_soak_{uuid.uuid4().hex[:8]}"
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
        "TIERMEM_SCHEDULER_ENABLED": "true",
        "TIERMEM_IDLE_MINUTES": "1",
        "TIERMEM_RUN_MIGRATIONS_ON_START": "false",
        "TIERMEM_LOG_LEVEL": "WARNING",
    }
    cmd = [sys.executable, "-c", "from api.cli import main; main()", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.3)
        else:
            raise SystemExit("server did not come up within 120 s")
        yield base, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class Client:
    """One simulated agent: its key, user, session, and what the service acknowledged."""

    base: str
    key: str
    user: str
    session: str = ""
    messages: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    preference: str | None = None


@dataclass
class Tally:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    transport_errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, route: str, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies[route].append(seconds)
            self.statuses[status] += 1


def call(
    http: httpx.Client, tally: Tally, route: str, method: str, path: str, **kw: Any
) -> httpx.Response | None:
    started = time.perf_counter()
    try:
        response = http.request(method, path, **kw)
    except httpx.TransportError:
        with tally.lock:
            tally.transport_errors += 1
        return None
    tally.add(route, time.perf_counter() - started, response.status_code)
    return response


def step(http: httpx.Client, client: Client, tally: Tally, rng: random.Random) -> None:
    user = client.user
    choice = rng.random()
    if choice < 0.30:
        marker = f"soak-{uuid.uuid4().hex}"
        body: dict[str, Any] = {
            "messages": [{"role": "user", "content": f"please remember {marker}"}]
        }
        r = call(
            http, tally, "append", "POST", f"/v1/sessions/{client.session}/messages", json=body
        )
        if r is not None and r.is_success:
            client.messages.append(marker)
    elif choice < 0.40:
        call(http, tally, "context", "POST", f"/v1/sessions/{client.session}/context", json={})
    elif choice < 0.55:
        value = f"note {uuid.uuid4().hex[:12]}"
        body = {"value": value, "source": "user_stated", "supersede": True}
        path = f"/v1/users/{user}/preferences/other.note"
        r = call(http, tally, "put_preference", "PUT", path, json=body)
        if r is not None and r.is_success:
            client.preference = value
    elif choice < 0.65:
        body = {
            "kind": "note",
            "text": f"soak event {uuid.uuid4().hex[:12]}",
            "occurred_at": datetime.now(UTC).isoformat(),
            "source": "user_stated",
        }
        r = call(http, tally, "post_event", "POST", f"/v1/users/{user}/events", json=body)
        if r is not None and r.is_success:
            client.events.append(r.json()["id"])
    elif choice < 0.80:
        call(http, tally, "get_preferences", "GET", f"/v1/users/{user}/preferences")
    elif choice < 0.92:
        call(http, tally, "get_events", "GET", f"/v1/users/{user}/events", params={"limit": 5})
    else:
        call(http, tally, "me", "GET", "/v1/me")


def drive(client: Client, tally: Tally, *, until: float, seed: int) -> None:
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {client.key}"}
    with httpx.Client(base_url=client.base, headers=headers, timeout=60) as http:
        created = http.post("/v1/sessions", json={"user_id": client.user, "format": "openai-chat"})
        created.raise_for_status()
        client.session = created.json()["id"]
        while time.monotonic() < until:
            step(http, client, tally, rng)


def read_all(http: httpx.Client, path: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor: str | None = None
    while True:
        params = {"limit": 200} | ({"cursor": cursor} if cursor else {})
        page = http.get(path, params=params)
        page.raise_for_status()
        body = page.json()
        items.extend(body["items"])
        cursor = body.get("next_cursor")
        if not cursor:
            return items


def lost(client: Client) -> dict[str, int]:
    """What the service acknowledged to ``client`` and cannot show now."""
    headers = {"Authorization": f"Bearer {client.key}"}
    with httpx.Client(base_url=client.base, headers=headers, timeout=120) as http:
        stored = read_all(http, f"/v1/sessions/{client.session}/messages")
        text = " ".join(str(m) for m in stored)
        events = {e["id"] for e in read_all(http, f"/v1/users/{client.user}/events")}
        pref = http.get(f"/v1/users/{client.user}/preferences/other.note")
        value = pref.json().get("value") if pref.is_success else None
    return {
        "messages": sum(marker not in text for marker in client.messages),
        "events": sum(event not in events for event in client.events),
        "preferences": int(client.preference is not None and value != client.preference),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--servers", type=int, default=3)
    args = parser.parse_args()
    with database() as url, ExitStack() as stack:
        upgrade_database(url)
        engine = create_db_engine(url)
        store = KeyStore(engine)
        servers = [stack.enter_context(server(url)) for _ in range(args.servers)]
        clients = [
            Client(
                base=servers[i % len(servers)][0],
                key=store.create(tenant_id=f"soak{i % TENANTS}", role="agent", user_id=f"u{i}")[1],
                user=f"u{i}",
            )
            for i in range(args.clients)
        ]
        engine.dispose()
        tally = Tally()
        warm_until = time.monotonic() + 15
        run_until = warm_until + args.minutes * 60
        threads = [
            threading.Thread(target=drive, args=(c, tally), kwargs={"until": run_until, "seed": i})
            for i, c in enumerate(clients)
        ]
        for thread in threads:
            thread.start()
        time.sleep(max(0.0, warm_until - time.monotonic()))
        memory_start = [rss_mib(pid) for _, pid in servers]
        for thread in threads:
            thread.join()
        memory_end = [rss_mib(pid) for _, pid in servers]
        losses: dict[str, int] = defaultdict(int)
        for client in clients:
            for kind, count in lost(client).items():
                losses[kind] += count
        report(args, tally, memory_start, memory_end, clients, losses)


def report(
    args: argparse.Namespace,
    tally: Tally,
    memory_start: list[float],
    memory_end: list[float],
    clients: list[Client],
    losses: dict[str, int],
) -> None:
    total = sum(tally.statuses.values()) + tally.transport_errors
    errors = sum(n for s, n in tally.statuses.items() if s >= 500) + tally.transport_errors
    print(f"soak: {args.minutes:g} min, {args.clients} clients, {args.servers} servers, PostgreSQL")
    print(f"requests {total}, {total / (args.minutes * 60 + 15):.1f}/s")
    print(f"errors (5xx + transport) {errors} = {errors / max(total, 1):.4%}")
    statuses = dict(sorted(tally.statuses.items()))
    print(f"statuses {statuses}, transport errors {tally.transport_errors}")
    print("| route | n | p50 ms | p95 ms | p99 ms |")
    print("| --- | --- | --- | --- | --- |")
    for route, values in sorted(tally.latencies.items()):
        q = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
        p50, p95, p99 = (q[i] * 1000 for i in (49, 94, 98))
        print(f"| {route} | {len(values)} | {p50:.0f} | {p95:.0f} | {p99:.0f} |")
    print("server RSS MiB after warm-up:", ", ".join(f"{m:.0f}" for m in memory_start))
    print("server RSS MiB at the end:   ", ", ".join(f"{m:.0f}" for m in memory_end))
    acked = {
        "messages": sum(len(c.messages) for c in clients),
        "events": sum(len(c.events) for c in clients),
        "preferences": sum(c.preference is not None for c in clients),
    }
    print(f"acknowledged {acked}; lost {dict(losses)}")


if __name__ == "__main__":
    main()
