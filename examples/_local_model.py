"""A scripted model on 127.0.0.1 for the examples: nothing leaves the machine.

``serve(reply)`` starts an HTTP server on a free port of 127.0.0.1 in a thread and yields its
base URL; every POST is answered with ``reply(turn, request_body)`` as JSON (``turn`` counts the
requests from 0). Point an SDK client's ``base_url`` at it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Reply = Callable[[int, dict[str, Any]], dict[str, Any]]


@contextmanager
def serve(reply: Reply, received: list[dict[str, Any]]) -> Iterator[str]:
    """Serve ``reply`` on 127.0.0.1 until the block ends; yields ``http://127.0.0.1:<port>``.

    Each request body is appended to ``received`` (what the SDK really sent).
    """
    turns = iter(range(1_000_000))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            received.append(body)
            data = json.dumps(reply(next(turns), body)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # keep the output readable
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def flight_notes(turn: int) -> str:
    """A tool result of about 120 tokens, so that a short loop outgrows a small budget."""
    words = " ".join(f"seat{(turn * 7 + i) % 50}" for i in range(60))
    return json.dumps({"flight": f"TM{100 + turn}", "price_eur": 80 + turn, "notes": words})


def show(label: str, entries: list[dict[str, Any]]) -> None:
    """One line per entry of a request body: its role or type, then the start of its text."""
    print(f"{label}: {len(entries)} entries")
    for item in entries:
        kind = item.get("role") or item.get("type")
        what = {k: v for k, v in item.items() if k not in ("role", "type")}
        print(f"  {kind:>22}  {json.dumps(what, ensure_ascii=False)[:68]}")
