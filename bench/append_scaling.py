"""Cost of one append as the stored history grows (in-process, SQLite or PostgreSQL).

Run by hand from the repository root (bounded: 30 timed appends per size)::

    .venv/bin/python bench/append_scaling.py [--sizes 60,500] [--url sqlite:///...]

For each size N (in turns of 4 messages, plus a system prompt), a fresh session gets a synthetic
Chat history of N turns, then one user message is appended 30 times through the HTTP app
(``TestClient``, no network); the p50 latency is printed per size. An append's cost should not
grow with the history (only the stored tail and the batch's rows are read).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from api.services import services_of  # noqa: E402
from api.storage.keys import KeyStore  # noqa: E402
from tests.api._sessions_support import chat_history, sessions_client  # noqa: E402
from tests.api.conftest import bearer  # noqa: E402


def measure(url: str, turns: int, *, appends: int = 30) -> tuple[int, float]:
    """(messages stored, p50 ms of appending one message) for a session of ``turns`` turns."""
    with sessions_client(url) as client:
        engine = services_of(client.app).engine  # type: ignore[arg-type]
        key = bearer(KeyStore(engine).create(tenant_id="bench", role="agent")[1])
        sid = client.post("/v1/sessions", json={"user_id": "u"}, headers=key).json()["id"]
        history = chat_history(turns)
        for start in range(0, len(history), 400):
            batch = {"messages": history[start : start + 400]}
            client.post(f"/v1/sessions/{sid}/messages", json=batch, headers=key)
        times = []
        for i in range(appends):
            batch = {"messages": [{"role": "user", "content": f"more {i}"}]}
            began = time.perf_counter()
            response = client.post(f"/v1/sessions/{sid}/messages", json=batch, headers=key)
            times.append((time.perf_counter() - began) * 1000)
            response.raise_for_status()
    return len(history), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="60,500", help="session sizes in turns")
    parser.add_argument("--url", default=None, help="database URL (default: a temporary SQLite)")
    args = parser.parse_args()
    for turns in (int(t) for t in args.sizes.split(",")):
        url = args.url or f"sqlite:///{tempfile.mkdtemp()}/append.db"
        messages, p50 = measure(url, turns)
        print(f"messages={messages} append p50={p50:.2f} ms")


if __name__ == "__main__":
    main()
