"""``api.metrics``: requests counted by route template, compactions, tokens and provider usage
exported; every app has its own registry."""

from __future__ import annotations

from fastapi.testclient import TestClient

from api.app import create_app
from api.services import services_of
from tests.api.conftest import bearer, make_key, make_settings


def test_metrics_count_routes_by_template(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")
    client.post("/v1/probe/echo", headers=bearer(key), json={"text": "a", "n": 1})
    client.get("/v1/probe/raise/notfound")
    text_ = client.get("/metrics").text
    assert (
        'tiermem_http_requests_total{method="POST",route="/v1/probe/echo",status="200"} 1.0'
        in text_
    )
    assert 'route="/v1/probe/raise/{kind}",status="404"' in text_
    assert 'tiermem_http_request_duration_seconds_count{method="POST"' in text_
    assert 'tiermem_compactions_total{fallback="none",strategy="summary"} 1.0' in text_
    assert 'tiermem_context_tokens_total{direction="in"} 100.0' in text_
    assert 'tiermem_provider_tokens_total{kind="cached_input"} 64.0' in text_
    assert "tiermem_http_requests_in_flight 1.0" in text_  # the /metrics request itself
    assert "process_cpu_seconds_total" in text_


def test_each_app_has_its_own_registry(sqlite_url: str) -> None:
    first = create_app(make_settings(sqlite_url))
    second = create_app(make_settings(sqlite_url))
    assert services_of(first).metrics.registry is not services_of(second).metrics.registry
