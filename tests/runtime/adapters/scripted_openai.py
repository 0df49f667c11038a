"""A scripted OpenAI-compatible HTTP server on 127.0.0.1 for summarizer tests.

It answers ``POST /v1/chat/completions`` (and ``/chat/completions``) from a queue of scripted
replies, in order, and records every request it received. Nothing leaves the machine: it binds
127.0.0.1 on a free port, and a test points ``OpenAISummarizer(base_url=server.base_url)`` at it.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["Reply", "ScriptedOpenAI", "chat_completion", "scripted_openai"]


@dataclass
class Reply:
    """One scripted answer: HTTP status, JSON body (or raw bytes), delay, extra headers."""

    status: int = 200
    body: Any = None
    raw: bytes | None = None
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


def chat_completion(
    content: str | None,
    *,
    model: str = "scripted-model",
    prompt_tokens: int = 100,
    completion_tokens: int = 50,
    finish_reason: str = "stop",
    refusal: str | None = None,
) -> Reply:
    """A well-formed ``chat.completion`` reply whose message content is ``content``."""
    body = {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": 1_790_000_000,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, "refusal": refusal},
                "finish_reason": finish_reason,
                "logprobs": None,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }
    return Reply(body=body)


class ScriptedOpenAI:
    """The server state: scripted replies still to send, requests received (headers lower-cased)."""

    def __init__(self) -> None:
        self.replies: deque[Reply] = deque()
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.lock = threading.Lock()
        self.base_url = ""

    def script(self, *replies: Reply) -> None:
        """Queue replies, answered in order."""
        with self.lock:
            self.replies.extend(replies)

    def next_reply(self, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        with self.lock:
            self.requests.append(body)
            self.headers.append(headers)
            if self.replies:
                return self.replies.popleft()
        return Reply(status=500, body={"error": {"message": "script exhausted", "type": "x"}})


def _handler(state: ScriptedOpenAI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # silence stderr
            return

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(Reply(status=404, body={"error": {"message": "not found"}}))
                return
            headers = {name.lower(): value for name, value in self.headers.items()}
            reply = state.next_reply(body, headers)
            if reply.delay:
                time.sleep(reply.delay)
            self._send(reply)

        def _send(self, reply: Reply) -> None:
            payload = reply.raw if reply.raw is not None else json.dumps(reply.body).encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test)

    return Handler


@contextmanager
def scripted_openai() -> Iterator[ScriptedOpenAI]:
    """Run a scripted server on 127.0.0.1 (free port) for the duration of the block."""
    state = ScriptedOpenAI()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    server.daemon_threads = True
    state.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.daemon = True
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
