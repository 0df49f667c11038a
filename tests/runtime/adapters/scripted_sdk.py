"""Scripted models for the SDK helper tests: the real SDK clients over ``httpx.MockTransport``.

No socket is opened: each client's HTTP transport is a function that records the JSON body of
every request and answers with the body the provider would return, which the SDK then parses
into its own objects (``ChatCompletion``, ``Response``, ``Message``), exactly as in production.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import httpx

from runtime import Budget, Format, TiktokenCounter, find_protocol_errors, read_history

__all__ = [
    "BUDGET",
    "Recorder",
    "assert_valid_and_within",
    "request_tokens",
    "tool_output",
]

# usable 2,400, trigger 1,920, target 1,440: a 30-turn loop of ~150-token tool results
# (about 6,000 tokens in all) compacts several times
BUDGET = Budget(3_000, max_output_tokens=300, tool_reserve=200, safety_margin=100)
_REPLY_PRIMING = 3  # runtime.tokens.REPLY_PRIMING_TOKENS: the compactor counts it per request
_COUNTER = TiktokenCounter()

_WORDS = [
    "fare",
    "seat",
    "window",
    "aisle",
    "refund",
    "gate",
    "terminal",
    "baggage",
    "lounge",
    "upgrade",
    "voucher",
]


def tool_output(turn: int, call: int = 0) -> str:
    """A deterministic tool result of roughly 150 tokens naming its turn."""
    words = [_WORDS[(turn * 7 + call * 3 + i) % len(_WORDS)] for i in range(40)]
    return json.dumps({"turn": turn, "call": call, "flight": f"TM{100 + turn}", "notes": words})


@dataclass
class Recorder:
    """An ``httpx.MockTransport`` handler: records request bodies, answers with ``reply``."""

    reply: Callable[[int, dict[str, Any]], dict[str, Any]]
    bodies: list[dict[str, Any]] = field(default_factory=list)

    def handle(self, request: Any, http: ModuleType) -> Any:
        body = json.loads(request.content)
        self.bodies.append(body)
        return http.Response(200, json=self.reply(len(self.bodies) - 1, body))

    def http_client(self, sdk: str) -> Any:
        """A ``Client`` of the HTTP library ``sdk`` is built on, over a mock transport."""
        http = http_library(sdk)
        return http.Client(transport=http.MockTransport(lambda r: self.handle(r, http)))

    def async_http_client(self, sdk: str) -> Any:
        http = http_library(sdk)

        async def handle(request: Any) -> Any:
            return self.handle(request, http)

        return http.AsyncClient(transport=http.MockTransport(handle))


def http_library(sdk: str) -> ModuleType:
    """``httpx2`` for SDK releases built on it (they refuse ``httpx`` objects), else ``httpx``."""
    base = importlib.import_module(f"{sdk}._base_client")
    found = getattr(base, "httpx2", None)
    return found if isinstance(found, ModuleType) else httpx


def request_tokens(
    entries: list[Any], *, format: Format, tools: Any = None, system: Any = None
) -> int:
    """Tokens of one request as the compactor counts them: messages, tools, system, priming."""
    messages = read_history(entries, format=format).messages
    counts = _COUNTER.count_messages(messages)
    return (
        sum(counts) + _COUNTER.count_tools(tools) + _COUNTER.count_system(system) + _REPLY_PRIMING
    )


def assert_valid_and_within(
    entries: list[Any], *, format: Format, budget: Budget, tools: Any = None, system: Any = None
) -> int:
    """Assert the request is protocol-valid for ``format`` and within ``budget``; its tokens."""
    issues = find_protocol_errors(entries, format=format)
    assert issues == [], issues
    tokens = request_tokens(entries, format=format, tools=tools, system=system)
    assert tokens <= budget.usable, (tokens, budget.usable)
    return tokens
