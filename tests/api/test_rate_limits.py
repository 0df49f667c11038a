"""Rate limits per key, per tenant and on failed authentication (issue 12, item 9).

The rest of the suite raises the limits (tests/conftest.py); these tests set their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.app import create_app
from api.problems import problem_type
from api.settings import Settings
from tests.api.conftest import bearer, make_key, make_settings, unique_tenant


@pytest.fixture
def limited(sqlite_url: str) -> Iterator[TestClient]:
    settings = make_settings(
        sqlite_url,
        rate_limit_per_key="3/minute",
        rate_limit_per_tenant="5/minute",
        rate_limit_failed_auth="2/minute",
    )
    with TestClient(create_app(settings)) as client:
        yield client


def _is_rate_limited(response: Any) -> None:
    assert response.status_code == 429, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["type"] == problem_type("rate-limited")
    retry = int(response.headers["retry-after"])
    assert 1 <= retry <= 60
    assert body["retry_after_seconds"] == retry


def test_per_key_then_per_tenant(limited: TestClient, sqlite_url: str) -> None:
    tenant = unique_tenant()
    first = bearer(make_key(sqlite_url, tenant, "agent"))
    second = bearer(make_key(sqlite_url, tenant, "agent"))
    other_tenant = bearer(make_key(sqlite_url, unique_tenant(), "agent"))
    assert [limited.get("/v1/me", headers=first).status_code for _ in range(3)] == [200] * 3
    over = limited.get("/v1/me", headers=first)
    _is_rate_limited(over)
    assert "per-key" in over.json()["detail"]
    # the tenant has 5: the second key gets the two left
    assert [limited.get("/v1/me", headers=second).status_code for _ in range(2)] == [200] * 2
    over = limited.get("/v1/me", headers=second)
    _is_rate_limited(over)
    assert "per-tenant" in over.json()["detail"]
    # another tenant is not affected
    assert limited.get("/v1/me", headers=other_tenant).status_code == 200


def test_failed_auth_is_limited_per_address(limited: TestClient, sqlite_url: str) -> None:
    valid = bearer(make_key(sqlite_url, unique_tenant(), "agent"))
    guesses = [limited.get("/v1/me", headers=bearer(f"tmk_guess{i}")) for i in range(2)]
    assert [r.status_code for r in guesses] == [401, 401]
    _is_rate_limited(limited.get("/v1/me", headers=bearer("tmk_guess3")))
    _is_rate_limited(limited.get("/v1/me"))  # no key at all counts as a failure too
    # a valid key from the same address still works: only failures are counted
    assert limited.get("/v1/me", headers=valid).status_code == 200


def test_zero_turns_a_limit_off(sqlite_url: str) -> None:
    settings = make_settings(sqlite_url, rate_limit_per_key="0", rate_limit_per_tenant="0")
    key = bearer(make_key(sqlite_url, unique_tenant(), "agent"))
    with TestClient(create_app(settings)) as client:
        assert {client.get("/v1/me", headers=key).status_code for _ in range(20)} == {200}


def test_bad_limit_setting_is_refused() -> None:
    with pytest.raises(ValueError, match="rate limit"):
        Settings(rate_limit_per_key="lots")


def test_defaults_are_generous_for_agents_and_tight_for_failed_auth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("PER_KEY", "PER_TENANT", "FAILED_AUTH"):
        monkeypatch.delenv(f"TIERMEM_RATE_LIMIT_{name}", raising=False)
    settings = Settings()
    assert (
        settings.rate_limit_per_key,
        settings.rate_limit_per_tenant,
        settings.rate_limit_failed_auth,
    ) == ("1200/minute", "6000/minute", "30/minute")


def test_openapi_documents_429_and_504_on_every_operation(sqlite_url: str) -> None:
    schema = create_app(make_settings(sqlite_url)).openapi()
    secured = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "504" in responses, (method, path)
            if operation.get("security"):
                secured += 1
                limited = responses["429"]
                assert "Retry-After" in limited["headers"], (method, path)
                assert "application/problem+json" in limited["content"]
    assert secured >= 40
