"""A probe router over the service's dependencies and error mapping, for the tests of
``api.app``, ``api.auth``, ``api.problems``, ``api.middleware`` and ``api.metrics``: an app
with it is ``probe_client`` (both backends) or ``probe_sqlite`` (``tests/api/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator

from fastapi import APIRouter
from fastapi.testclient import TestClient
from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError, OperationalError

from api.app import create_app
from api.deps import AdminDep, DbSessionDep, MetricsDep, PrincipalDep
from api.errors import Conflict, NotFound, PreconditionFailed, Unprocessable
from runtime.errors import ProtocolError
from tests.api.conftest import make_settings

PROBLEM_KEYS = {"type", "title", "status", "detail", "instance"}


class Echo(BaseModel):
    text: str
    n: int


probe = APIRouter(prefix="/v1/probe")


@probe.get("/me")
def me(who: PrincipalDep) -> dict[str, object]:
    return {"tenant": who.tenant_id, "role": who.role, "user": who.user_id}


@probe.get("/admin")
def admin_only(who: AdminDep) -> dict[str, str]:
    return {"tenant": who.tenant_id}


@probe.post("/echo")
def echo(
    body: Echo, who: PrincipalDep, db: DbSessionDep, metrics: MetricsDep, q: str | None = None
) -> Echo:
    metrics.record_compaction(strategy="summary", fallback="none")
    metrics.record_tokens(tokens_in=100, tokens_out=40)
    metrics.record_provider_usage(input_tokens=90, output_tokens=5, cached_input_tokens=64)
    return body


@probe.get("/raise/{kind}")
def raise_kind(kind: str) -> None:
    if kind == "notfound":
        raise NotFound("thing not found")
    if kind == "conflict":
        raise Conflict("less trusted source", current_source="admin")
    if kind == "precondition":
        raise PreconditionFailed("stale etag")
    if kind == "unprocessable":
        raise Unprocessable("bad rule")
    if kind == "protocol":
        raise ProtocolError("orphan_result", message_id="m7", call_id="call_1", index=3)
    if kind == "integrity":
        raise IntegrityError("INSERT secret-marker", {"v": "secret-marker"}, Exception("dup"))
    if kind == "dbdown":
        raise OperationalError("SELECT secret-marker", {}, Exception("database is locked"))
    raise RuntimeError("secret internal state /etc/passwd")


def assert_problem(response: object, status: int) -> dict[str, object]:
    assert getattr(response, "status_code") == status  # noqa: B009
    assert getattr(response, "headers")["content-type"].startswith("application/problem+json")  # noqa: B009
    body: dict[str, object] = getattr(response, "json")()  # noqa: B009
    assert body.keys() >= PROBLEM_KEYS
    assert body["status"] == status
    return body


def probe_app(url: str) -> Iterator[tuple[TestClient, str]]:
    """A started app over ``url`` (bodies limited to 2048 bytes) with the probe router."""
    # Tests on a shared database use unique tenants (``unique_tenant``).
    app = create_app(make_settings(url, max_body_bytes=2048))
    app.include_router(probe)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, url
