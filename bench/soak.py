"""Load and soak: mixed traffic from many clients against several ``tiermem serve`` processes on
one PostgreSQL database, with the scheduler running, then a check that nothing acknowledged was
lost.

Run by hand (not in CI), from the repository root, on 127.0.0.1 only::

    .venv/bin/python bench/soak.py [--seconds 600] [--clients 32] [--servers 3]

A fresh database is created on the test PostgreSQL (``TIERMEM_TEST_POSTGRES_URL``, default
``postgresql+psycopg://postgres@127.0.0.1:5432/test``) and dropped afterwards. The servers run
the scheduler with ``TIERMEM_IDLE_MINUTES=1`` (consolidation looks for idle sessions every
minute in each process) and rate limits raised to ``--rate-limit`` per key and per tenant
through the settings' environment variables: the soak measures the service, not the limiter (a
429 would still be counted apart: it acknowledges nothing).

Each client has a tenant (one of four), a user, an agent key restricted to that user, standing
consent to ``travel``, and a keep-alive connection to one server (round robin). It loops over:
append a user message (some state a budget, which consolidation may write as a preference),
``/context`` (a small budget, so summaries and snapshots are written), put a preference, add an
event, read preferences, events and ``/v1/me``, and now and then leave its session for a new
one (the old one goes idle, the scheduler consolidates it) or end it (``/end``, promotion).
Every 2xx write is remembered; at the end every remembered message and event is read back
*through another server than the one that acknowledged it*, and every preference must hold its
last acknowledged value.

Printed: requests, error rate (5xx and transport errors) and status counts per route,
p50/p95/p99 per route, each server's resident memory sampled every 30 s (after warm-up, min, max,
end), the load average over the run, the scheduler's runs from each server's ``/metrics``,
ERROR/"locked" lines in the servers' logs, and the loss check. Exit status 1 when anything was
lost or any request failed with a 5xx or a transport error.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.storage.keys import KeyStore
from api.storage.migrate import upgrade_database
from bench.serve import Server, database, rss_mib, serve
from storage.engine import create_db_engine

TENANTS = 4
BUDGET = {"context_limit": 1500, "max_output_tokens": 200, "tool_reserve": 0, "safety_margin": 0}
"""Small, so a session compacts (summaries, snapshots, rolling merges) after a few dozen turns."""
SAMPLE_SECONDS = 30.0


@dataclass
class Client:
    """One simulated agent: its key, user, sessions, and what the service acknowledged."""

    base: str
    check_base: str  # another server, for the read-back
    key: str
    user: str
    session: str = ""
    messages: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    events: list[str] = field(default_factory=list)
    preference: str | None = None
    unacknowledged: set[str] = field(default_factory=set)  # preference values sent, not acked
    sessions: int = 0


@dataclass
class Tally:
    """Latencies and statuses per route, shared by the client threads."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, dict[int, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    transport: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    slowest: dict[str, list[tuple[float, float]]] = field(default_factory=lambda: defaultdict(list))
    started: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, route: str, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies[route].append(seconds)
            self.statuses[route][status] += 1
            # the three slowest per route, with when they ended (s since start): a cold start
            # and a stall mid-run look alike in percentiles, not here
            slow = self.slowest[route]
            slow.append((seconds, time.monotonic() - self.started))
            slow.sort(reverse=True)
            del slow[3:]

    def failed(self, route: str) -> None:
        with self.lock:
            self.transport[route] += 1


def call(
    http: httpx.Client, tally: Tally, route: str, method: str, path: str, **kw: Any
) -> httpx.Response | None:
    started = time.perf_counter()
    try:
        response = http.request(method, path, **kw)
    except httpx.TransportError:
        tally.failed(route)
        return None
    tally.add(route, time.perf_counter() - started, response.status_code)
    return response


def open_session(http: httpx.Client, client: Client, tally: Tally) -> None:
    body = {"user_id": client.user, "format": "openai-chat", "budget": BUDGET}
    r = call(http, tally, "create_session", "POST", "/v1/sessions", json=body)
    if r is not None and r.is_success:
        client.session = r.json()["id"]
        client.sessions += 1


def append(http: httpx.Client, client: Client, tally: Tally, rng: random.Random) -> None:
    marker = f"soak-{uuid.uuid4().hex}"
    said = f"please remember {marker}."
    if rng.random() < 0.2:
        said += f" My one-way budget is at most {rng.randint(100, 999)} CNY."
    body = {"messages": [{"role": "user", "content": said}]}
    path = f"/v1/sessions/{client.session}/messages"
    r = call(http, tally, "append", "POST", path, json=body)
    if r is not None and r.is_success:
        client.messages[client.session].append(marker)


def put_preference(http: httpx.Client, client: Client, tally: Tally) -> None:
    value = f"note {uuid.uuid4().hex[:12]}"
    body = {"value": value, "source": "user_stated", "supersede": True}
    path = f"/v1/users/{client.user}/preferences/other.note"
    r = call(http, tally, "put_preference", "PUT", path, json=body)
    if r is not None and r.is_success:
        client.preference = value
        client.unacknowledged.clear()
    else:
        client.unacknowledged.add(value)


def post_event(http: httpx.Client, client: Client, tally: Tally) -> None:
    body = {
        "kind": "note",
        "text": f"soak event {uuid.uuid4().hex[:12]}",
        "occurred_at": datetime.now(UTC).isoformat(),
        "source": "user_stated",
    }
    r = call(http, tally, "post_event", "POST", f"/v1/users/{client.user}/events", json=body)
    if r is not None and r.is_success:
        client.events.append(r.json()["id"])


def leave(http: httpx.Client, client: Client, tally: Tally, rng: random.Random) -> None:
    """Leave the session for a new one: ended (promotion) or left idle for the scheduler."""
    if rng.random() < 0.5:
        consents = [{"key": "travel.budget.one_way_max"}]
        path = f"/v1/sessions/{client.session}/end"
        call(http, tally, "end", "POST", path, json={"consents": consents})
    open_session(http, client, tally)


def step(http: httpx.Client, client: Client, tally: Tally, rng: random.Random) -> None:
    user, choice = client.user, rng.random()
    if choice < 0.30:
        append(http, client, tally, rng)
    elif choice < 0.40:
        path = f"/v1/sessions/{client.session}/context"
        call(http, tally, "context", "POST", path, json={})
    elif choice < 0.54:
        put_preference(http, client, tally)
    elif choice < 0.64:
        post_event(http, client, tally)
    elif choice < 0.78:
        call(http, tally, "get_preferences", "GET", f"/v1/users/{user}/preferences")
    elif choice < 0.90:
        path = f"/v1/users/{user}/events"
        call(http, tally, "get_events", "GET", path, params={"limit": 5})
    elif choice < 0.98:
        call(http, tally, "me", "GET", "/v1/me")
    else:
        leave(http, client, tally, rng)


def drive(client: Client, tally: Tally, *, until: float, seed: int) -> None:
    rng = random.Random(seed)
    headers = {"Authorization": f"Bearer {client.key}"}
    with httpx.Client(base_url=client.base, headers=headers, timeout=60) as http:
        r = http.put(f"/v1/users/{client.user}/consents/travel")
        r.raise_for_status()
        open_session(http, client, tally)
        while time.monotonic() < until:
            if not client.session:
                open_session(http, client, tally)
                continue
            step(http, client, tally, rng)


def read_all(http: httpx.Client, path: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor: str | None = None
    for _ in range(10_000):  # bounded: a page loop that never ends is a finding, not a hang
        params: dict[str, Any] = {"limit": 200} | ({"cursor": cursor} if cursor else {})
        page = http.get(path, params=params)
        page.raise_for_status()
        body = page.json()
        items.extend(body["items"])
        cursor = body.get("next_cursor")
        if not cursor:
            return items
    raise RuntimeError(f"{path}: more than 10,000 pages")


def lost(client: Client) -> dict[str, int]:
    """What the service acknowledged to ``client`` and cannot show now (read through another
    server than the acknowledging one)."""
    headers = {"Authorization": f"Bearer {client.key}"}
    missing = {"messages": 0, "events": 0, "preferences": 0, "preferences_unacked_applied": 0}
    with httpx.Client(base_url=client.check_base, headers=headers, timeout=120) as http:
        for session, markers in client.messages.items():
            stored = read_all(http, f"/v1/sessions/{session}/messages")
            text = " ".join(str(m) for m in stored)
            missing["messages"] += sum(marker not in text for marker in markers)
        events = {e["id"] for e in read_all(http, f"/v1/users/{client.user}/events")}
        missing["events"] = sum(event not in events for event in client.events)
        pref = http.get(f"/v1/users/{client.user}/preferences/other.note")
        value = pref.json().get("value") if pref.is_success else None
    if client.preference is not None and value != client.preference:
        # A write whose answer never arrived may have been applied: not lost, but said apart.
        key = "preferences_unacked_applied" if value in client.unacknowledged else "preferences"
        missing[key] += 1
    return missing


class Sampler(threading.Thread):
    """Every ``SAMPLE_SECONDS``: each server's RSS and the 1-minute load average."""

    def __init__(self, servers: list[Server], stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.servers, self.stop = servers, stop
        self.rss: list[list[float]] = []
        self.load: list[float] = []

    def sample(self) -> None:
        self.rss.append([rss_mib(s.pid) for s in self.servers])
        self.load.append(os.getloadavg()[0])

    def run(self) -> None:
        while not self.stop.wait(SAMPLE_SECONDS):
            self.sample()


def job_runs(server: Server) -> dict[str, float]:
    """The scheduler's runs, consolidation candidates and denials by label, from ``/metrics``."""
    text = httpx.get(f"{server.base}/metrics", timeout=30).text
    out: dict[str, float] = {}
    names = "job_runs|consolidation_candidates|consolidation_denials"
    pattern = rf"^(tiermem_(?:{names})_total)\{{([^}}]*)\}} ([\d.e+]+)$"
    for name, labels, value in re.findall(pattern, text, re.M):
        short = name.removeprefix("tiermem_").removesuffix("_total")
        out[f"{short}{{{labels}}}"] = float(value)
    return out


def log_findings(logs: Sequence[IO[bytes]]) -> list[dict[str, int]]:
    found = []
    for log in logs:
        log.flush()
        text = Path(log.name).read_text("utf-8", errors="replace")
        lines = text.splitlines()
        found.append(
            {
                "lines": len(lines),
                "error": sum('"level": "ERROR"' in ln or '"level":"ERROR"' in ln for ln in lines),
                "locked": sum("locked" in ln.lower() for ln in lines),
                "traceback": text.count("Traceback"),
            }
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600.0, help="timed run after warm-up")
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--rate-limit", default="100000/minute", help="per key and per tenant")
    args = parser.parse_args()
    env = {
        "TIERMEM_SCHEDULER_ENABLED": "true",
        "TIERMEM_IDLE_MINUTES": "1",
        "TIERMEM_RATE_LIMIT_PER_KEY": args.rate_limit,
        "TIERMEM_RATE_LIMIT_PER_TENANT": args.rate_limit,
    }
    load_before = os.getloadavg()
    with database("postgresql", prefix="tiermem_soak") as url, ExitStack() as stack:
        upgrade_database(url)
        logs = [
            stack.enter_context(tempfile.NamedTemporaryFile(prefix="soak-server-", suffix=".log"))
            for _ in range(args.servers)
        ]
        servers = [stack.enter_context(serve(url, env=env, stderr=log)) for log in logs]
        clients = make_clients(url, servers, args.clients)
        tally = Tally()
        warm_until = time.monotonic() + args.warmup
        run_until = warm_until + args.seconds
        threads = [
            threading.Thread(target=drive, args=(c, tally), kwargs={"until": run_until, "seed": i})
            for i, c in enumerate(clients)
        ]
        for thread in threads:
            thread.start()
        time.sleep(max(0.0, warm_until - time.monotonic()))
        stop = threading.Event()
        sampler = Sampler(servers, stop)
        sampler.sample()
        sampler.start()
        for thread in threads:
            thread.join(timeout=max(1.0, run_until - time.monotonic() + 180))
        hung = sum(thread.is_alive() for thread in threads)
        stop.set()
        sampler.join(timeout=5)
        sampler.sample()
        jobs = [job_runs(s) for s in servers]
        losses: dict[str, int] = defaultdict(int)
        for client in clients:
            for kind, count in lost(client).items():
                losses[kind] += count
        print(f"load average before the run {load_before[0]:.1f} / {load_before[1]:.1f} (1/5 min)")
        report(args, tally, sampler, clients, losses, jobs=jobs, logs=log_findings(logs))
        if hung:
            print(f"{hung} client threads still running after the deadline")
    failed = sum(_errors(tally).values()) + sum(losses.get(k, 0) for k in ("messages", "events"))
    raise SystemExit(1 if failed or losses.get("preferences") or hung else 0)


def make_clients(url: str, servers: list[Server], count: int) -> list[Client]:
    engine = create_db_engine(url)
    store = KeyStore(engine)
    try:
        return [
            Client(
                base=servers[i % len(servers)].base,
                check_base=servers[(i + 1) % len(servers)].base,
                key=store.create(tenant_id=f"soak{i % TENANTS}", role="agent", user_id=f"u{i}")[1],
                user=f"u{i}",
            )
            for i in range(count)
        ]
    finally:
        engine.dispose()


def _errors(tally: Tally) -> dict[str, int]:
    routes = set(tally.statuses) | set(tally.transport)
    return {
        route: sum(n for s, n in tally.statuses[route].items() if s >= 500) + tally.transport[route]
        for route in routes
    }


def report(
    args: argparse.Namespace,
    tally: Tally,
    sampler: Sampler,
    clients: list[Client],
    losses: dict[str, int],
    *,
    jobs: list[dict[str, float]],
    logs: list[dict[str, int]],
) -> None:
    errors = _errors(tally)
    total = sum(sum(s.values()) for s in tally.statuses.values()) + sum(tally.transport.values())
    seconds = args.seconds + args.warmup
    print(
        f"soak: {args.seconds:g} s (+{args.warmup:g} s warm-up), {args.clients} clients, "
        f"{args.servers} servers, PostgreSQL, scheduler on, rate limits {args.rate_limit}"
    )
    print(f"requests {total}, {total / seconds:.1f}/s")
    n_err = sum(errors.values())
    print(f"errors (5xx + transport) {n_err} = {n_err / max(total, 1):.4%}")
    print("| route | n | statuses | errors | p50 ms | p95 ms | p99 ms |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for route, values in sorted(tally.latencies.items()):
        q = statistics.quantiles(values, n=100) if len(values) > 1 else values * 99
        p50, p95, p99 = (q[i] * 1000 for i in (49, 94, 98))
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses[route].items()))
        print(
            f"| {route} | {len(values)} | {statuses} | {errors.get(route, 0)} "
            f"| {p50:.0f} | {p95:.0f} | {p99:.0f} |"
        )
    for route, slow in sorted(tally.slowest.items()):
        print(f"slowest {route}: " + ", ".join(f"{d:.1f} s at {t:.0f} s" for d, t in slow))
    for i in range(args.servers):
        series = [sample[i] for sample in sampler.rss]
        print(
            f"server {i} RSS MiB: after warm-up {series[0]:.0f}, min {min(series):.0f}, "
            f"max {max(series):.0f}, end {series[-1]:.0f}; every {SAMPLE_SECONDS:g} s: "
            + " ".join(f"{m:.0f}" for m in series)
        )
    load = sampler.load
    print(
        f"load average (1 min) during the run: min {min(load):.1f}, "
        f"mean {statistics.fmean(load):.1f}, max {max(load):.1f} ({os.cpu_count()} CPUs)"
    )
    for i, counts in enumerate(jobs):
        print(f"server {i} scheduler: {counts}")
    for i, found in enumerate(logs):
        print(f"server {i} log: {found}")
    acked = {
        "messages": sum(len(m) for c in clients for m in c.messages.values()),
        "sessions": sum(c.sessions for c in clients),
        "events": sum(len(c.events) for c in clients),
        "preferences": sum(c.preference is not None for c in clients),
    }
    print(f"acknowledged {acked}; lost {dict(losses)}")


if __name__ == "__main__":
    main()
