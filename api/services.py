"""What the composition root builds once per app, in one typed container: ``Services``.

``api.app.create_app`` builds every stateful collaborator (engine, policy gate, clock,
summarizer, metrics, the sessions' run-time wiring, the lifespan hooks) and stores them as
``app.state.services``; routes never read ``app.state`` themselves but take the typed
dependencies of ``api.deps`` (``EngineDep``, ``GateDep``, ``ClockDep``, ...), which all resolve
through ``services_of``. Tests pass their own clock, summarizer or gate to ``create_app``
instead of patching attributes afterwards, so one frozen clock covers a whole flow.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from fastapi import FastAPI, Request
from sqlalchemy import Engine

from api.metrics import JobMetrics, ServiceMetrics
from api.rate_limits import RateLimits
from api.sessions.context import ContextRuntime
from api.settings import Settings
from longterm.gate import PolicyGate
from runtime import CompactionReport
from runtime.summary.protocol import Summarizer
from runtime.tokens import TokenCounter

__all__ = [
    "REMOTE_SUMMARIZER_SLOTS",
    "Background",
    "Clock",
    "LifespanHook",
    "SchemaCheck",
    "Services",
    "build_context_runtime",
    "get_services",
    "services_of",
    "system_clock",
]

REMOTE_SUMMARIZER_SLOTS = 8  # concurrent LLM summarizations per process (of 40 worker threads)


class Clock(Protocol):
    """The one source of "now" of an app: an aware UTC ``datetime`` per call.

    ``system_clock`` in production; a test passes e.g. ``lambda: FROZEN`` to ``create_app`` and
    every route, the sessions' compactions and the background jobs read that same time.
    """

    def __call__(self) -> datetime:
        """Now, timezone-aware (UTC)."""
        ...


def system_clock() -> datetime:
    """The wall clock in UTC."""
    return datetime.now(UTC)


LifespanHook = Callable[["Services"], AbstractAsyncContextManager[None]]
"""Entered at start-up (after migrations) with the app's services, exited at shutdown."""


@dataclass(slots=True)
class SchemaCheck:
    """When ``/readyz`` last found the schema current (monotonic seconds; None: not yet)."""

    current_at: float | None = None


@dataclass(slots=True)
class Background:
    """What the lifespan hooks started (None before start-up): the job scheduler."""

    scheduler: Any = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Services:
    """Everything an app shares between requests, built once by ``create_app``.

    Attributes:
        settings: the app's settings.
        engine: the database engine (disposed at shutdown).
        clock: the one clock (routes, compactions, jobs, key revocation).
        gate: the one policy gate every long-term write and read is decided by.
        metrics: the app's Prometheus registry and HTTP/compaction metrics.
        job_metrics: the background jobs' metrics, on the same registry.
        summarizer: the configured summarizer (None: window only, or misconfigured).
        summarizer_problem: why the configured summarizer could not be built, when it could
            not; the routes that need it answer this as a problem detail.
        context_runtime: what every ``/context`` call shares (counter, summarizer, clock).
        lifespan_hooks: entered in order at start-up; a test may append its own before start.
        schema_check: ``/readyz``'s memo of the last time the schema was current.
        background: what the lifespan hooks started (the scheduler), for inspection.
        rate_limits: the per-key, per-tenant and failed-authentication limits
            (``api.auth.get_principal`` applies them; default: none).
    """

    settings: Settings
    engine: Engine
    clock: Clock
    gate: PolicyGate
    metrics: ServiceMetrics
    job_metrics: JobMetrics
    summarizer: Summarizer | None
    summarizer_problem: str | None
    context_runtime: ContextRuntime
    lifespan_hooks: list[LifespanHook] = field(default_factory=list)
    schema_check: SchemaCheck = field(default_factory=SchemaCheck)
    background: Background = field(default_factory=Background)
    rate_limits: RateLimits = field(default_factory=lambda: _unlimited())


def _unlimited() -> RateLimits:
    return RateLimits(per_key="0", per_tenant="0", failed_auth="0")


def services_of(app: FastAPI) -> Services:
    """The ``Services`` that ``create_app`` stored on ``app``.

    Raises:
        TypeError: ``app`` was not built by ``api.app.create_app``.
    """
    services = getattr(app.state, "services", None)
    if not isinstance(services, Services):
        raise TypeError("this FastAPI app was not built by api.app.create_app")
    return services


def get_services(request: Request) -> Services:
    """The services of the app serving ``request`` (the root of every typed dependency)."""
    return services_of(request.app)


def build_context_runtime(
    *,
    counter: TokenCounter,
    summarizer: Summarizer | None,
    remote: bool,
    clock: Clock,
    metrics: ServiceMetrics,
) -> ContextRuntime:
    """The sessions' run-time wiring: the shared counter, the summarizer, the clock, and the
    compaction metrics; a remote summarizer gets ``REMOTE_SUMMARIZER_SLOTS`` concurrent calls.
    """

    def on_compaction(report: CompactionReport) -> None:
        metrics.record_compaction(strategy=report.strategy, fallback=report.fallback or "none")
        metrics.record_tokens(tokens_in=report.input_tokens, tokens_out=report.compacted_tokens)
        recall = report.recall
        metrics.record_recall(
            reason=recall.reason, groups=len(recall.recalled), tokens=recall.tokens
        )

    return ContextRuntime(
        counter=counter,
        summarizer=summarizer,
        clock=clock,
        on_compaction=on_compaction,
        summarizer_slots=threading.BoundedSemaphore(REMOTE_SUMMARIZER_SLOTS) if remote else None,
    )
