"""``api.app.create_app``: the OpenAPI document declares problem details, and lifespan hooks run
around the app."""

from __future__ import annotations

from collections.abc import AsyncIterator

from fastapi.testclient import TestClient

from api.app import create_app
from api.services import services_of
from tests.api.conftest import make_settings


def test_openapi_documents_problem_details(probe_sqlite: tuple[TestClient, str]) -> None:
    client, _ = probe_sqlite
    schema = client.get("/openapi.json").json()
    assert "Problem" in schema["components"]["schemas"]
    responses = schema["paths"]["/v1/probe/echo"]["post"]["responses"]
    assert "application/problem+json" in responses["422"]["content"]
    assert "application/problem+json" in responses["401"]["content"]
    assert "HTTPBearer" in schema["components"]["securitySchemes"]


def test_lifespan_hooks_run_around_the_app(sqlite_url: str) -> None:
    from contextlib import asynccontextmanager

    events: list[str] = []

    @asynccontextmanager
    async def hook(app: object) -> AsyncIterator[None]:
        events.append("start")
        yield
        events.append("stop")

    app = create_app(make_settings(sqlite_url))
    services_of(app).lifespan_hooks.append(hook)
    with TestClient(app) as client:
        assert events == ["start"]
        assert client.get("/healthz").status_code == 200
    assert events == ["start", "stop"]
