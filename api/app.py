"""The application factory: ``create_app(settings) -> FastAPI``.

Everything stateful (settings, engine, metrics registry, background jobs) is built here or in
the lifespan, never at import, so tests and replicas each get their own.
"""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import Any

import anyio
from fastapi import APIRouter, FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel
from starlette.routing import Route

from api.logging import configure_logging
from api.metrics import ServiceMetrics
from api.middleware import BodyLimitMiddleware, RequestLogMiddleware
from api.problems import PROBLEM_MEDIA_TYPE, install_problem_handlers
from api.routes import LIFESPAN_HOOK_PATHS, ROUTER_MODULES
from api.settings import Settings
from api.storage.migrate import upgrade_database
from storage.engine import create_db_engine

__all__ = ["LifespanHook", "Problem", "create_app"]

LifespanHook = Callable[[FastAPI], AbstractAsyncContextManager[None]]


class Problem(BaseModel):
    """RFC 9457 problem details; routes may add extension members (e.g. ``errors``)."""

    model_config = {"extra": "allow"}

    type: str
    title: str
    status: int
    detail: str
    instance: str
    request_id: str | None = None


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the service: settings from the environment unless given, engine, routes, middleware.

    Migrations (when ``settings.run_migrations_on_start``) and the lifespan hooks run when the
    app starts, i.e. under uvicorn or inside ``with TestClient(app):``.

    Raises:
        ImportError: a module in ``ROUTER_MODULES`` / ``LIFESPAN_HOOK_PATHS`` cannot be imported.
        TypeError: such a module defines no ``router: APIRouter``.
        sqlalchemy.exc.ArgumentError: ``settings.database_url`` cannot be parsed.
    """
    settings = settings or Settings()
    configure_logging(settings.log_level)
    app = FastAPI(
        title="tiermem",
        version="0.1.0",
        summary="Two-tier memory for LLM agents: run-time compaction and gated long-term memory.",
        lifespan=_lifespan,
    )
    metrics = ServiceMetrics()
    app.state.settings = settings
    app.state.engine = create_db_engine(settings.database_url)
    app.state.metrics = metrics
    app.state.lifespan_hooks = [_load_attr(path) for path in LIFESPAN_HOOK_PATHS]
    for module in ROUTER_MODULES:
        router = getattr(importlib.import_module(module), "router", None)
        if not isinstance(router, APIRouter):
            raise TypeError(f"{module}.router is not a fastapi.APIRouter")
        app.include_router(router)
    install_problem_handlers(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    static = frozenset(
        route.path for route in app.routes if isinstance(route, Route) and "{" not in route.path
    )
    app.add_middleware(RequestLogMiddleware, metrics=metrics, static_paths=static)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: Settings = app.state.settings
    try:
        if settings.run_migrations_on_start:
            await anyio.to_thread.run_sync(
                lambda: upgrade_database(settings.database_url, engine=app.state.engine)
            )
        async with AsyncExitStack() as stack:
            for hook in app.state.lifespan_hooks:
                await stack.enter_async_context(hook(app))
            yield
    finally:
        app.state.engine.dispose()


def _load_attr(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


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
    app.openapi_schema = schema
    return schema


def _document_problems(operation: dict[str, Any]) -> None:
    responses: dict[str, Any] = operation.setdefault("responses", {})
    for code, response in responses.items():
        if code.isdigit() and int(code) >= 400 and code != "503":
            response["content"] = _problem_content()
    if operation.get("security"):
        responses.setdefault("401", {"description": "Unauthorized"})
    if "requestBody" in operation:
        # A body that is not decodable JSON is refused before validation; bodies over the limit
        # before parsing.
        responses.setdefault("400", {"description": "Bad Request"})
        responses.setdefault("413", {"description": "Content Too Large"})
    for code in ("400", "401", "413"):
        if code in responses:
            responses[code]["content"] = _problem_content()


def _problem_content() -> dict[str, Any]:
    return {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}
