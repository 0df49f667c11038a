"""Load run of ``POST /v1/sessions/{id}/context`` on SQLite and PostgreSQL.

Run by hand (not in CI), from the repository root::

    .venv/bin/python bench/load_context.py [--clients 16] [--requests 30]
        [--backends sqlite,postgresql] [--json out.json]

For each backend, a fresh database is created (a SQLite file in a temporary directory; a new
PostgreSQL database at ``TIERMEM_TEST_POSTGRES_URL``, dropped afterwards) and the real service
is started with ``tiermem serve`` in a subprocess on 127.0.0.1 (one uvicorn process, the default
extractive summarizer, its JSON logs to a temporary file). Then:

1. set-up: one session per client, each with 200+ messages: tau-bench airline runs from
   ``../shared/data`` concatenated (the first run's system prompt, then whole runs, call ids
   prefixed so they stay unique); a synthetic Chat history when the data is absent. Each session
   gets one ``/context`` call (the first, cold compaction) before timing starts.
2. ``steady``: every client calls ``/context`` on its own session ``--requests`` times in a row
   (nothing new: the stored state is resumed, no compaction).
3. ``turn``: every client appends one user message, then calls ``/context``, ``--requests``
   times (the session grows; compaction, rolling summaries and snapshots happen when the trigger
   is crossed). The ``/context`` calls are timed as in ``steady``; the appends' p50 is reported
   beside (each append re-validates the stored tail's tool-call protocol).

Clients are threads with one keep-alive ``httpx.Client`` each, all started together. Reported
per scenario: requests, wall seconds, requests/s, p50/p95/max latency of ``/context``, the p50
of the report's ``service_elapsed_ms`` (compaction inside the handler, without queueing, HTTP
and database reads), and status codes. Everything is bounded: request timeouts, a fixed
request count, the server killed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from api.storage.keys import KeyStore  # noqa: E402
from api.storage.migrate import upgrade_database  # noqa: E402
from bench.serve import database, serve  # noqa: E402
from storage.engine import create_db_engine  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "tau-bench" / "gpt-4o-airline.json"
BUDGET = {
    "context_limit": 16000,
    "max_output_tokens": 1000,
    "tool_reserve": 500,
    "safety_margin": 500,
}
MIN_MESSAGES = 200


def _histories(count: int) -> tuple[list[list[dict[str, Any]]], str]:
    """``count`` histories of at least MIN_MESSAGES entries, and where they came from."""
    if not DATA.exists():
        return [_synthetic(60) for _ in range(count)], "synthetic (tau-bench data absent)"
    runs = json.loads(DATA.read_text())
    out: list[list[dict[str, Any]]] = []
    cursor = 0
    for _ in range(count):
        history: list[dict[str, Any]] = [runs[cursor % len(runs)]["traj"][0]]
        while len(history) < MIN_MESSAGES:
            run = runs[cursor % len(runs)]
            history.extend(_prefixed(run["traj"][1:], f"r{cursor}_"))
            cursor += 1
        out.append(history)
    return out, f"tau-bench airline runs concatenated ({cursor} runs)"


def _prefixed(messages: list[dict[str, Any]], prefix: str) -> list[dict[str, Any]]:
    out = []
    for message in messages:
        message = dict(message)
        if message.get("tool_calls"):
            message["tool_calls"] = [{**c, "id": prefix + c["id"]} for c in message["tool_calls"]]
        if message.get("role") == "tool":
            message["tool_call_id"] = prefix + message["tool_call_id"]
        out.append(message)
    return out


def _synthetic(turns: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are an airline agent."}]
    for i in range(turns):
        call = {"id": f"c{i}", "type": "function", "function": {"name": "get", "arguments": "{}"}}
        out += [
            {"role": "user", "content": f"Please check reservation {i} " + "detail " * 40},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"c{i}", "content": "flight HAT001 " * 30},
            {"role": "assistant", "content": f"Reservation {i} is confirmed."},
        ]
    return out


def _key(url: str) -> str:
    engine = create_db_engine(url)
    try:
        upgrade_database(url, engine=engine)
        _row, secret = KeyStore(engine).create(tenant_id="load", role="agent", user_id=None)
        return secret
    finally:
        engine.dispose()


def _setup(base: str, headers: dict[str, str], histories: list[list[dict[str, Any]]]) -> list[str]:
    ids = []
    with httpx.Client(base_url=base, headers=headers, timeout=120) as client:
        for n, history in enumerate(histories):
            body = {"user_id": f"user{n}", "budget": BUDGET}
            sid = client.post("/v1/sessions", json=body).raise_for_status().json()["id"]
            client.post(
                f"/v1/sessions/{sid}/messages", json={"messages": history}
            ).raise_for_status()
            client.post(f"/v1/sessions/{sid}/context", json={}).raise_for_status()
            ids.append(sid)
    return ids


_APPENDS: list[float] = []  # latencies of the appends of the ``turn`` scenario
_APPENDS_LOCK = threading.Lock()
Step = Callable[[httpx.Client, str, int], tuple[float, int, float | None]]


def _steady(client: httpx.Client, sid: str, _i: int) -> tuple[float, int, float | None]:
    started = time.perf_counter()
    r = client.post(f"/v1/sessions/{sid}/context", json={})
    seconds = time.perf_counter() - started
    service = r.json()["report"]["service_elapsed_ms"] if r.status_code == 200 else None
    return seconds, r.status_code, service


def _turn(client: httpx.Client, sid: str, i: int) -> tuple[float, int, float | None]:
    text = f"Turn {i}: can you also check whether seat {i}A is free on that flight? " * 3
    message = {"role": "user", "content": text}
    started = time.perf_counter()
    client.post(f"/v1/sessions/{sid}/messages", json={"messages": [message]}).raise_for_status()
    with _APPENDS_LOCK:
        _APPENDS.append(time.perf_counter() - started)
    return _steady(client, sid, i)


def _scenario(
    base: str, headers: dict[str, str], sessions: list[str], requests: int, step: Step
) -> dict[str, Any]:
    latencies: list[float] = []
    service: list[float] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    start = threading.Barrier(len(sessions) + 1)

    def client_loop(sid: str) -> None:
        with httpx.Client(base_url=base, headers=headers, timeout=60) as client:
            start.wait(timeout=60)
            for i in range(requests):
                seconds, status, service_ms = step(client, sid, i)
                with lock:
                    latencies.append(seconds)
                    if service_ms is not None:
                        service.append(service_ms)
                    statuses[status] = statuses.get(status, 0) + 1

    threads = [threading.Thread(target=client_loop, args=(sid,)) for sid in sessions]
    for thread in threads:
        thread.start()
    start.wait(timeout=60)
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=600)
    wall = time.perf_counter() - began
    ordered = sorted(latencies)
    return {
        "requests": len(ordered),
        "wall_s": round(wall, 2),
        "rps": round(len(ordered) / wall, 1),
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
        "compaction_p50_ms": round(statistics.median(service), 1) if service else None,
        "statuses": statuses,
    }


def _append_p50() -> float | None:
    with _APPENDS_LOCK:
        values = sorted(_APPENDS)
        _APPENDS.clear()
    return round(statistics.median(values) * 1000, 1) if values else None


def run_backend(backend: str, *, clients: int, requests: int) -> dict[str, Any]:
    histories, source = _histories(clients)
    with database(backend, prefix="tiermem_load") as url:
        headers = {"Authorization": f"Bearer {_key(url)}"}
        with serve(url) as server:
            base = server.base
            sessions = _setup(base, headers, histories)
            load_before = os.getloadavg()[0]
            result = {
                "backend": backend,
                "clients": clients,
                "messages_per_session": [len(h) for h in histories],
                "data": source,
                "steady": _scenario(base, headers, sessions, requests, _steady),
                "turn": _scenario(base, headers, sessions, requests, _turn),
                "append_p50_ms": _append_p50(),
                "cpus": os.cpu_count(),
                "loadavg_1m_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=30, help="per client and scenario")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    results = []
    for backend in args.backends.split(","):
        result = run_backend(backend, clients=args.clients, requests=args.requests)
        results.append(result)
        sizes = result["messages_per_session"]
        print(
            f"{backend}: {args.clients} clients, sessions of {min(sizes)}-{max(sizes)} messages, "
            f"load average {result['loadavg_1m_before_after']} on {result['cpus']} CPUs"
        )
        print(f"  append (turn scenario) p50 {result['append_p50_ms']} ms")
        for name in ("steady", "turn"):
            s = result[name]
            print(
                f"  {name:6} {s['requests']} req in {s['wall_s']} s: {s['rps']} req/s, "
                f"p50 {s['p50_ms']} ms, p95 {s['p95_ms']} ms, max {s['max_ms']} ms, "
                f"in-handler compaction p50 {s['compaction_p50_ms']} ms, {s['statuses']}"
            )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
