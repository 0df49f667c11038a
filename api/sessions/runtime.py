"""Wiring of the run-time tier into the app: one shared counter, the configured summarizer.

Built on first use from ``app.state.settings`` and kept on ``app.state.sessions_runtime`` (never
at import); a test may set that attribute to inject a fake summarizer or clock.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
from fastapi import FastAPI

from api.metrics import ServiceMetrics
from api.sessions.context import ContextRuntime
from api.sessions.errors import SummarizerMisconfigured
from api.settings import Settings
from api.summarizers import SummarizerConfigError, build_summarizer
from runtime.errors import RuntimeTierError
from runtime.tokens import TiktokenCounter

__all__ = ["REMOTE_SUMMARIZER_SLOTS", "context_runtime", "make_context_runtime", "warm_up"]

_LOCK = threading.Lock()
REMOTE_SUMMARIZER_SLOTS = 8  # concurrent LLM summarizations per process (of 40 worker threads)
_log = logging.getLogger("tiermem.sessions")


def make_context_runtime(settings: Settings, metrics: ServiceMetrics | None) -> ContextRuntime:
    """The runtime of an app with ``settings``; compactions are counted on ``metrics``.

    Raises:
        SummarizerMisconfigured: the configured summarizer cannot be built (e.g. ``openai``
            without a model).
    """
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    try:
        summarizer = build_summarizer(
            settings.summarizer,
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=key,
        )
    except SummarizerConfigError as exc:
        raise SummarizerMisconfigured(f"summarizer misconfigured: {exc}") from exc
    except ImportError:
        # The summary tier is optional at run time: without it the service compacts with the
        # window alone, and the report says so.
        _log.warning(
            "summarizer %r is not available; compacting with the window only", settings.summarizer
        )
        summarizer = None

    def on_compaction(report: dict[str, Any]) -> None:
        if metrics is None:
            return
        metrics.record_compaction(
            strategy=str(report.get("strategy") or "none"),
            fallback=str(report.get("fallback") or "none"),
        )
        metrics.record_tokens(
            tokens_in=int(report.get("input_tokens") or 0),
            tokens_out=int(report.get("compacted_tokens") or 0),
        )

    remote = summarizer is not None and settings.summarizer == "openai"
    return ContextRuntime(
        counter=TiktokenCounter(),
        summarizer=summarizer,
        on_compaction=on_compaction,
        summarizer_slots=threading.BoundedSemaphore(REMOTE_SUMMARIZER_SLOTS) if remote else None,
    )


def context_runtime(app: FastAPI) -> ContextRuntime:
    """The app's ``ContextRuntime``, built once."""
    existing = getattr(app.state, "sessions_runtime", None)
    if isinstance(existing, ContextRuntime):
        return existing
    with _LOCK:
        existing = getattr(app.state, "sessions_runtime", None)
        if not isinstance(existing, ContextRuntime):
            existing = make_context_runtime(app.state.settings, getattr(app.state, "metrics", None))
            app.state.sessions_runtime = existing
        return existing


@asynccontextmanager
async def warm_up(app: FastAPI) -> AsyncIterator[None]:
    """Lifespan hook: load the tokenizer and build the summarizer at start-up, so the first
    ``/context`` does not pay for it and a misconfigured summarizer is logged at once (the
    requests that need it then answer a problem detail naming the setting)."""
    try:
        await anyio.to_thread.run_sync(context_runtime, app)
    except SummarizerMisconfigured as exc:
        _log.error("sessions: %s", exc.message)
    except RuntimeTierError as exc:  # e.g. the tokenizer's encoding cannot be loaded
        _log.error("sessions: %s", exc)
    yield
