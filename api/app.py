"""The application factory, the service's one composition root: ``create_app(settings)``.

Everything stateful (settings, engine, policy gate, clock, summarizer, metrics, background
jobs) is built here, never at import, and kept in one typed ``api.services.Services`` on
``app.state.services``; routes take it through ``api.deps``. Routers and lifespan hooks are
imported here directly, so a missing one fails at import, and the layering check sees them.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import anyio
from fastapi import Depends, FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel, Field
from sqlalchemy import Engine
from sqlalchemy.pool import StaticPool
from starlette.routing import Route

from api.jobs.scheduler import scheduler_lifespan
from api.logging import configure_logging
from api.metrics import JobMetrics, ServiceMetrics
from api.middleware import BodyLimitMiddleware, RequestLogMiddleware
from api.problems import PROBLEM_MEDIA_TYPE, install_problem_handlers
from api.rate_limits import RateLimits
from api.request_budget import RequestBudgetMiddleware
from api.routes import (
    admin_jobs,
    audit,
    consents,
    health,
    inspector,
    keys,
    legacy_users,
    policy,
    retention,
    session_end,
    sessions,
    user_data,
    users,
)
from api.security_headers import SecurityHeadersMiddleware
from api.services import (
    Clock,
    LifespanHook,
    Services,
    build_context_runtime,
    services_of,
    system_clock,
)
from api.settings import Settings
from api.storage.migrate import upgrade_database
from api.strict_query import refuse_unknown_query
from api.summarizers import SummarizerConfigError, build_summarizer
from api.unhandled_errors import UnhandledErrorMiddleware
from longterm.gate import PolicyGate
from policy.gate import CasbinGate
from runtime.summary.protocol import Summarizer
from runtime.tokens import TiktokenCounter
from storage.engine import create_db_engine

__all__ = ["FROM_SETTINGS", "LifespanHook", "Problem", "create_app"]

_log = logging.getLogger("tiermem.app")

# In the order their routes appear in the OpenAPI document.
_ROUTERS = (
    health.router,
    keys.router,
    sessions.router,
    users.router,
    user_data.router,
    audit.router,
    policy.router,
    consents.router,
    session_end.router,
    admin_jobs.router,
    retention.router,
    legacy_users.router,
    inspector.router,
)
_LIFESPAN_HOOKS: tuple[LifespanHook, ...] = (scheduler_lifespan,)


class _FromSettings(enum.Enum):
    SUMMARIZER = "from settings"


FROM_SETTINGS = _FromSettings.SUMMARIZER
"""``create_app(summarizer=...)``'s default: build the one ``settings.summarizer`` names."""


class Problem(BaseModel):
    """RFC 9457 problem details; routes may add extension members (e.g. ``errors``)."""

    model_config = {"extra": "allow"}

    type: str = Field(
        description="A URI naming the kind of problem (one of the documented "
        "problem types); stable, for code to test."
    )
    title: str = Field(
        description="A short summary of the problem type, the same for every occurrence."
    )
    status: int = Field(description="The HTTP status code.")
    detail: str = Field(
        description="What went wrong in this occurrence, in one line (never a stored value)."
    )
    instance: str = Field(description="The request path the problem occurred on.")
    request_id: str | None = Field(
        default=None,
        description="The request's id, as in the X-Request-ID header and the access log.",
    )


def create_app(
    settings: Settings | None = None,
    *,
    clock: Clock | None = None,
    summarizer: Summarizer | _FromSettings | None = FROM_SETTINGS,
    gate: PolicyGate | None = None,
) -> FastAPI:
    """Build the service: settings from the environment unless given, then everything it shares.

    Migrations (when ``settings.run_migrations_on_start``) and the lifespan hooks run when the
    app starts, i.e. under uvicorn or inside ``with TestClient(app):``.

    Args:
        settings: the configuration (default: read from the environment).
        clock: the one clock of the app (default: the wall clock in UTC); a test freezes time
            for a whole flow by passing its own.
        summarizer: the sessions' summarizer (default: built from ``settings.summarizer``;
            None: window only).
        gate: the policy gate (default: a ``CasbinGate`` over the app's database).

    Raises:
        sqlalchemy.exc.ArgumentError: ``settings.database_url`` cannot be parsed.
        policy.errors.PolicyUnavailable: the policy model or default rules cannot be loaded.
        runtime.errors.EncodingError: the tokenizer cannot be loaded.
    """
    settings = settings or Settings()
    configure_logging(settings.log_level)
    # /docs and /redoc load Swagger UI and ReDoc from assets shipped in fastapi-offline (served
    # under /static-offline-docs), never from a CDN: they work on a machine without internet.
    app = FastAPIOffline(
        title="tiermem",
        version="0.1.0",
        summary="Two-tier memory for LLM agents: run-time compaction and gated long-term memory.",
        lifespan=_lifespan,
        dependencies=[Depends(refuse_unknown_query)],
    )
    services = _build_services(settings, clock=clock, summarizer=summarizer, gate=gate)
    app.state.services = services
    for router in _ROUTERS:
        app.include_router(router)
    install_problem_handlers(app)
    app.add_middleware(UnhandledErrorMiddleware)  # innermost: a 500 keeps the connection
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    static = frozenset(
        route.path for route in app.routes if isinstance(route, Route) and "{" not in route.path
    )
    app.add_middleware(RequestBudgetMiddleware, seconds=settings.request_timeout_seconds)
    app.add_middleware(RequestLogMiddleware, metrics=services.metrics, static_paths=static)
    app.add_middleware(SecurityHeadersMiddleware)  # outermost: every response gets the headers
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _build_services(
    settings: Settings,
    *,
    clock: Clock | None,
    summarizer: Summarizer | _FromSettings | None,
    gate: PolicyGate | None,
) -> Services:
    engine = create_db_engine(
        settings.database_url,
        lock_timeout_ms=settings.pg_lock_timeout_ms,
        statement_timeout_ms=settings.pg_statement_timeout_ms,
        sqlite_busy_timeout_ms=settings.sqlite_busy_timeout_ms,
    )
    the_clock = clock or system_clock
    metrics = ServiceMetrics()
    problem: str | None = None
    remote = False
    if isinstance(summarizer, _FromSettings):
        summarizer, problem = _configured_summarizer(settings)
        remote = summarizer is not None and settings.summarizer == "openai"
    return Services(
        settings=settings,
        engine=engine,
        clock=the_clock,
        gate=gate or _casbin_gate(settings, engine),
        metrics=metrics,
        job_metrics=JobMetrics(metrics.registry),
        summarizer=summarizer,
        summarizer_problem=problem,
        context_runtime=build_context_runtime(
            counter=TiktokenCounter(),
            summarizer=summarizer,
            remote=remote,
            clock=the_clock,
            metrics=metrics,
        ),
        lifespan_hooks=list(_LIFESPAN_HOOKS),
        rate_limits=RateLimits(
            per_key=settings.rate_limit_per_key,
            per_tenant=settings.rate_limit_per_tenant,
            failed_auth=settings.rate_limit_failed_auth,
            storage_uri=settings.rate_limit_storage_uri,
        ),
    )


def _configured_summarizer(settings: Settings) -> tuple[Summarizer | None, str | None]:
    """The summarizer ``settings`` name, or (None, why) when it cannot be built.

    A misconfiguration does not stop the app: it is logged now, and the routes that need the
    summarizer answer a problem detail naming the setting (``api.deps.ContextRuntimeDep``).
    """
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    try:
        built = build_summarizer(
            settings.summarizer,
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=key,
        )
    except SummarizerConfigError as exc:
        problem = f"summarizer misconfigured: {exc}"
        _log.error("sessions: %s", problem)
        return None, problem
    except ImportError:
        # The summary tier is optional at run time: without it the service compacts with the
        # window alone, and the report says so.
        _log.warning(
            "summarizer %r is not available; compacting with the window only", settings.summarizer
        )
        return None, None
    return built, None


def _casbin_gate(settings: Settings, engine: Engine) -> CasbinGate:
    if isinstance(engine.pool, StaticPool) and settings.run_migrations_on_start:
        # An in-memory database: the gate reads its tenants' rules once, when built, so the
        # schema must exist first. No other process can see this database, so migrating it now
        # rather than at start-up changes nothing else.
        upgrade_database(settings.database_url, engine=engine)
    return CasbinGate(engine=engine, check_interval=settings.policy_check_seconds)


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    services = services_of(app)
    settings = services.settings
    try:
        if settings.run_migrations_on_start:
            await anyio.to_thread.run_sync(
                lambda: upgrade_database(settings.database_url, engine=services.engine)
            )
        async with AsyncExitStack() as stack:
            for hook in services.lifespan_hooks:
                await stack.enter_async_context(hook(services))
            yield
    finally:
        services.engine.dispose()


def _openapi(app: FastAPI) -> dict[str, Any]:
    """OpenAPI with every 4xx/5xx documented as ``application/problem+json``."""
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(
        title=app.title, version=app.version, summary=app.summary, routes=app.routes
    )
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["Problem"] = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            _document_problems(operation)
    components.pop("HTTPValidationError", None)
    components.pop("ValidationError", None)
    _state_no_nul(schema)
    app.openapi_schema = schema
    return schema


# NUL characters are refused in every string of a request (``api.middleware``): said once here
# for every string schema whose pattern, format or enum does not already exclude them.
_NO_NUL = "^[^\\x00]*$"


def _state_no_nul(node: Any) -> None:
    if isinstance(node, dict):
        if node.get("type") == "string" and not node.keys() & {"pattern", "format", "enum"}:
            node["pattern"] = _NO_NUL
        for value in node.values():
            _state_no_nul(value)
    elif isinstance(node, list):
        for value in node:
            _state_no_nul(value)


def _document_problems(operation: dict[str, Any]) -> None:
    responses: dict[str, Any] = operation.setdefault("responses", {})
    for code, response in responses.items():
        if code.isdigit() and int(code) >= 400 and code != "503":
            response["content"] = _problem_content()
    # Unknown query parameters and NUL characters are refused on every operation.
    responses.setdefault("422", {"description": "Unprocessable Content"})
    if operation.get("security"):
        responses.setdefault("401", {"description": "Unauthorized"})
        responses.setdefault("429", dict(_RATE_LIMITED))
    responses.setdefault("504", dict(_TIMED_OUT))
    if "requestBody" in operation:
        # A body that is not decodable JSON is refused before validation; bodies over the limit
        # before parsing.
        responses.setdefault("400", {"description": "Bad Request"})
        responses.setdefault("413", {"description": "Content Too Large"})
    for code in ("400", "401", "413", "422", "429", "504"):
        if code in responses:
            responses[code]["content"] = _problem_content()


_RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds until the limit's window admits a request again.",
        "schema": {"type": "integer", "minimum": 1},
    }
}
_RATE_LIMITED: dict[str, Any] = {
    "description": "Too Many Requests: a per-key, per-tenant or failed-authentication rate "
    "limit is spent (type `rate-limited`); retry after `Retry-After` seconds.",
    "headers": _RETRY_AFTER,
}
_TIMED_OUT: dict[str, Any] = {
    "description": "Gateway Timeout: the request ran past the service's time budget (type "
    "`request-timeout`); a write may or may not have happened, retry with the same "
    "`Idempotency-Key` where the route takes one.",
}


def _problem_content() -> dict[str, Any]:
    return {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}
