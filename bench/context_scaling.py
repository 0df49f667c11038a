"""Cost of a warm ``/context`` as the stored history grows, recall on (in-process).

Run by hand from the repository root (bounded: ``--calls`` timed calls per size)::

    .venv/bin/python bench/context_scaling.py [--sizes 200,5000] [--calls 40]
        [--url postgresql+psycopg://.../empty_db] [--no-recall]

For each size N (messages), a fresh session with a 4k-token budget (so that every size has
compacted and the window is the same size) gets a synthetic Chat history of N messages (system
prompt, then turns of user question, tool call, tool result, answer), and one ``/context`` call
compacts it (cold, not timed). Then, ``--calls`` times: append one user message asking about an
evicted turn ("what did question number 137 find?"), time ``POST /context`` through the HTTP
app (``TestClient``, no network), append a short reply. Reported per size: p50 and p95 of the
timed calls, p50 of the report's ``service_elapsed_ms``, how many calls recalled something, how
many compacted (those read everything; the p50 is the warm call). A warm call should cost what
the window and the recall candidates cost, not what the session's history costs. On
PostgreSQL the tables are analyzed after the set-up (autovacuum would within a minute):
without statistics the planner may scan the whole session's rows through another index.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from api.services import services_of  # noqa: E402
from api.storage.keys import KeyStore  # noqa: E402
from tests.api._sessions_support import chat_history, sessions_client  # noqa: E402
from tests.api.conftest import bearer  # noqa: E402

BUDGET = {
    "context_limit": 4000,
    "max_output_tokens": 500,
    "tool_reserve": 200,
    "safety_margin": 100,
}


def _setup(client: Any, key: dict[str, str], messages: int, recall: bool) -> str:
    body: dict[str, Any] = {"user_id": "u", "budget": BUDGET}
    if not recall:  # on by default (and older versions without recall take the same body)
        body["recall"] = {"enabled": False}
    sid = str(client.post("/v1/sessions", json=body, headers=key).json()["id"])
    history = chat_history(max(1, (messages - 1) // 4))
    for start in range(0, len(history), 400):
        batch = {"messages": history[start : start + 400]}
        client.post(f"/v1/sessions/{sid}/messages", json=batch, headers=key).raise_for_status()
    client.post(f"/v1/sessions/{sid}/context", headers=key).raise_for_status()  # cold
    return sid


def measure(url: str, messages: int, *, calls: int, recall: bool) -> dict[str, Any]:
    """Figures of ``calls`` warm ``/context`` calls on a session of ``messages`` messages."""
    rng = random.Random(7)
    with sessions_client(url) as client:
        engine = services_of(client.app).engine  # type: ignore[arg-type]
        key = bearer(KeyStore(engine).create(tenant_id="bench", role="agent")[1])
        sid = _setup(client, key, messages, recall)
        if engine.dialect.name == "postgresql":
            # what autovacuum does within a minute of such a load: without statistics on the
            # freshly filled tables the planner may pick an index that scans the whole session
            with engine.begin() as conn:
                conn.execute(text("ANALYZE"))
        turns = max(1, (messages - 1) // 4)
        times, service, recalled, compacted = [], [], 0, 0
        for _ in range(calls):
            k = rng.randrange(0, max(1, turns - 30))
            ask = {"messages": [{"role": "user", "content": f"what did question number {k} find?"}]}
            client.post(f"/v1/sessions/{sid}/messages", json=ask, headers=key).raise_for_status()
            began = time.perf_counter()
            response = client.post(f"/v1/sessions/{sid}/context", headers=key)
            times.append((time.perf_counter() - began) * 1000)
            response.raise_for_status()
            report = response.json()["report"]
            service.append(report["service_elapsed_ms"])
            recalled += bool(report["recall"]["recalled_ids"])
            compacted += report["strategy"] != "none"
            reply = {"messages": [{"role": "assistant", "content": "noted"}]}
            client.post(f"/v1/sessions/{sid}/messages", json=reply, headers=key).raise_for_status()
    return {
        "messages": messages,
        "p50_ms": statistics.median(times),
        "p95_ms": statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0],
        "service_p50_ms": statistics.median(service),
        "recalled": recalled,
        "compacted": compacted,
        "calls": calls,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200,5000", help="session sizes in messages")
    parser.add_argument("--calls", type=int, default=40, help="timed /context calls per size")
    parser.add_argument("--url", default=None, help="an empty database (default: temp SQLite)")
    parser.add_argument("--no-recall", action="store_true", help="sessions without recall")
    args = parser.parse_args()
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        url = args.url or f"sqlite:///{tempfile.mkdtemp()}/context.db"
        row = measure(url, size, calls=args.calls, recall=not args.no_recall)
        rows.append(row)
        print(
            f"messages={row['messages']} /context p50={row['p50_ms']:.1f} ms "
            f"p95={row['p95_ms']:.1f} ms service p50={row['service_p50_ms']:.1f} ms "
            f"recalled {row['recalled']}/{row['calls']} compacted {row['compacted']}",
            flush=True,
        )
    if len(rows) > 1:
        print(f"ratio largest/smallest p50: {rows[-1]['p50_ms'] / rows[0]['p50_ms']:.2f}")


if __name__ == "__main__":
    main()
