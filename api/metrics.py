"""Prometheus metrics, one registry per app so that several apps (tests, replicas in one process)
never collide.

``create_app`` builds one ``ServiceMetrics`` (and the jobs' ``JobMetrics`` on its registry) into
the app's ``Services``; routes get it with ``api.deps.MetricsDep`` and record through its
methods::

    metrics.record_compaction(strategy="summary", fallback="none")
    metrics.record_tokens(tokens_in=1200, tokens_out=800)
    metrics.record_provider_usage(input_tokens=1180, cached_input_tokens=1024, output_tokens=95)

HTTP requests and latency per route template are recorded by the middleware in ``api.app``.
"""

from __future__ import annotations

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from api.jobs.results import ConsolidationCounts, ExpiryCounts, JobCounts

__all__ = ["CONTENT_TYPE_LATEST", "JobMetrics", "ServiceMetrics"]

_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class ServiceMetrics:
    """Every metric the service exports, on its own ``CollectorRegistry``.

    Attributes:
        requests: ``tiermem_http_requests_total{method,route,status}``.
        latency: ``tiermem_http_request_duration_seconds{method,route}``.
        in_flight: ``tiermem_http_requests_in_flight``, requests being served now.
        compactions: ``tiermem_compactions_total{strategy,fallback}``; ``fallback`` is the
            reason the preferred strategy was not used, ``none`` when it was.
        tokens: ``tiermem_context_tokens_total{direction}``, direction ``in`` (transcript
            tokens before compaction) or ``out`` (tokens of the returned context).
        provider_tokens: ``tiermem_provider_tokens_total{kind}``, kind ``input``, ``output`` or
            ``cached_input`` as reported by the model provider through the usage route.
        recall_calls: ``tiermem_recall_calls_total{outcome}``, one per ``/context`` call:
            ``recalled`` when a block was sent, else why not (``below_floor``, ``no_room``, ...).
        recalled: ``tiermem_recalled_total{unit}``, what recall sent back: ``groups`` and the
            ``tokens`` of the blocks.
    """

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        # CPU, memory, open files and the Python version of this process (``process_*``).
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        self.in_flight = Gauge(
            "tiermem_http_requests_in_flight",
            "HTTP requests being served now.",
            registry=self.registry,
        )
        self.requests = Counter(
            "tiermem_http_requests",
            "HTTP requests by route template and status.",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "tiermem_http_request_duration_seconds",
            "HTTP request latency by route template.",
            ["method", "route"],
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.compactions = Counter(
            "tiermem_compactions",
            "Compaction decisions by strategy and fallback reason.",
            ["strategy", "fallback"],
            registry=self.registry,
        )
        self.tokens = Counter(
            "tiermem_context_tokens",
            "Tokens into compaction (transcript) and out (returned context).",
            ["direction"],
            registry=self.registry,
        )
        self.provider_tokens = Counter(
            "tiermem_provider_tokens",
            "Tokens reported by the model provider, by kind (input, cached_input, output).",
            ["kind"],
            registry=self.registry,
        )
        self._recall_metrics()

    def _recall_metrics(self) -> None:
        self.recall_calls = Counter(
            "tiermem_recall_calls",
            "/context calls by recall outcome (recalled, or why nothing was).",
            ["outcome"],
            registry=self.registry,
        )
        self.recalled = Counter(
            "tiermem_recalled",
            "What recall sent back, by unit (groups, tokens).",
            ["unit"],
            registry=self.registry,
        )

    def record_recall(self, *, reason: str | None, groups: int, tokens: int) -> None:
        """Count one call's recall step (``reason``: why nothing was recalled, else None)."""
        self.recall_calls.labels(outcome=reason or "recalled").inc()
        self.recalled.labels(unit="groups").inc(max(groups, 0))
        self.recalled.labels(unit="tokens").inc(max(tokens, 0))

    def observe_request(self, *, method: str, route: str, status: int, seconds: float) -> None:
        """Count one HTTP request and its latency."""
        self.requests.labels(method=method, route=route, status=str(status)).inc()
        self.latency.labels(method=method, route=route).observe(seconds)

    def record_compaction(self, *, strategy: str, fallback: str = "none") -> None:
        """Count one compaction decision (``fallback``: why the preferred strategy was not used)."""
        self.compactions.labels(strategy=strategy, fallback=fallback).inc()

    def record_tokens(self, *, tokens_in: int, tokens_out: int) -> None:
        """Add the token counts of one compaction (negative values are ignored)."""
        self.tokens.labels(direction="in").inc(max(tokens_in, 0))
        self.tokens.labels(direction="out").inc(max(tokens_out, 0))

    def record_provider_usage(
        self, *, input_tokens: int, output_tokens: int, cached_input_tokens: int = 0
    ) -> None:
        """Add what the provider reported for one model call."""
        self.provider_tokens.labels(kind="input").inc(max(input_tokens, 0))
        self.provider_tokens.labels(kind="output").inc(max(output_tokens, 0))
        self.provider_tokens.labels(kind="cached_input").inc(max(cached_input_tokens, 0))

    def render(self) -> bytes:
        """The registry in Prometheus text exposition format."""
        return generate_latest(self.registry)


class JobMetrics:
    """The background jobs' metrics, on the app's registry (exported by ``GET /metrics``)."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.runs = Counter(
            "tiermem_job_runs",
            "Background job runs by job and result.",
            ["job", "result"],
            registry=registry,
        )
        self.outcomes = Counter(
            "tiermem_consolidation_candidates",
            "Consolidation candidates by outcome (written, merged, denied, skipped, events).",
            ["outcome"],
            registry=registry,
        )
        self.denials = Counter(
            "tiermem_consolidation_denials",
            "Consolidation writes the policy denied, by rule.",
            ["rule"],
            registry=registry,
        )
        self.purged = Counter(
            "tiermem_expired_rows_purged",
            "Expired long-term rows purged, by kind.",
            ["kind"],
            registry=registry,
        )

    def observe(self, job: str, result: JobCounts | None) -> None:
        """Record one run's counts (``None``: it failed)."""
        self.runs.labels(job=job, result="error" if result is None else "ok").inc()
        if isinstance(result, ConsolidationCounts):
            for outcome in ("written", "merged", "denied", "skipped", "events"):
                if count := getattr(result, outcome):
                    self.outcomes.labels(outcome=outcome).inc(count)
            for rule, count in result.denials.items():
                self.denials.labels(rule=rule).inc(count)
        elif isinstance(result, ExpiryCounts):
            for kind, count in result.purged.items():
                self.purged.labels(kind=kind).inc(count)
