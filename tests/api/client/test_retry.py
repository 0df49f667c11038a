"""Retries on 429 and 503 honour ``Retry-After``, bounded; problems become typed errors with
status, type, title, detail and request id (no server: an ``httpx.MockTransport``)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import httpx
import pytest
from pydantic import ValidationError

from api.client import (
    AsyncClient,
    Client,
    NotFound,
    RateLimited,
    RetryPolicy,
    ServiceUnavailable,
    TransportError,
    Unprocessable,
)
from api.client.retry import retry_after_seconds

ME = {"key_id": "key_1", "tenant_id": "t1", "role": "agent", "user_id": None}


def _problem(status: int, slug: str, **extra: object) -> dict[str, object]:
    return {
        "type": f"https://tiermem.dev/problems/{slug}",
        "title": slug,
        "status": status,
        "detail": f"{slug} detail",
        "instance": "/v1/me",
        "request_id": "req-1",
        **extra,
    }


def _script(*answers: httpx.Response) -> tuple[httpx.MockTransport, list[httpx.Request]]:
    seen: list[httpx.Request] = []
    queue = list(answers)

    def handle(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return queue.pop(0)

    return httpx.MockTransport(handle), seen


def test_503_then_200_waits_what_retry_after_says() -> None:
    transport, seen = _script(
        httpx.Response(
            503, json=_problem(503, "service-unavailable"), headers={"Retry-After": "2"}
        ),
        httpx.Response(429, json=_problem(429, "rate-limited")),
        httpx.Response(200, json=ME),
    )
    waits: list[float] = []
    client = Client("http://svc", "tmk_x", transport=transport, sleep=waits.append)
    assert client.me().key_id == "key_1"
    assert waits == [2.0, 1.0]  # Retry-After, then the backoff of the second attempt (0.5 * 2)
    assert [r.headers["authorization"] for r in seen] == ["Bearer tmk_x"] * 3


def test_retries_are_bounded_and_end_in_the_typed_error() -> None:
    transport, seen = _script(
        *[httpx.Response(429, json=_problem(429, "rate-limited"), headers={"Retry-After": "999"})]
        * 3
    )
    waits: list[float] = []
    client = Client(
        "http://svc",
        "k",
        transport=transport,
        sleep=waits.append,
        retry=RetryPolicy(retries=2, max_wait=5.0),
    )
    with pytest.raises(RateLimited) as caught:
        client.me()
    assert waits == [5.0, 5.0] and len(seen) == 3
    err = caught.value
    assert (err.status, err.slug, err.request_id) == (429, "rate-limited", "req-1")


def test_problems_become_typed_errors_without_retrying() -> None:
    transport, seen = _script(
        httpx.Response(404, json=_problem(404, "not-found")),
        httpx.Response(422, json=_problem(422, "validation-error", errors=[{"loc": ["x"]}])),
        httpx.Response(503, text="not json", headers={"X-Request-ID": "req-2"}),
    )
    client = Client(
        "http://svc", "k", transport=transport, sleep=lambda _: None, retry=RetryPolicy(retries=0)
    )
    with pytest.raises(NotFound) as missing:
        client.get_session("s1")
    assert missing.value.detail == "not-found detail" and missing.value.title == "not-found"
    assert missing.value.type == "https://tiermem.dev/problems/not-found"
    with pytest.raises(Unprocessable) as bad:
        client.create_session(user_id="u1")
    assert bad.value.problem["errors"] == [{"loc": ["x"]}]
    with pytest.raises(ServiceUnavailable) as down:
        client.me()
    assert down.value.request_id == "req-2" and down.value.detail is None
    assert [r.url.path for r in seen] == ["/v1/sessions/s1", "/v1/sessions", "/v1/me"]


def test_retry_after_as_an_http_date() -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    later = format_datetime(now + timedelta(seconds=7), usegmt=True)
    assert retry_after_seconds(later, now=now.timestamp()) == pytest.approx(7.0)
    assert retry_after_seconds("soon") is None and retry_after_seconds("3") == 3.0


def test_headers_queries_and_path_segments() -> None:
    transport, seen = _script(
        httpx.Response(201, json={"event_id": "e"}), httpx.Response(204), httpx.Response(204)
    )
    client = Client("http://svc/", "k", transport=transport)
    with pytest.raises(ValidationError):  # the scripted body is no EventPublic
        client.add_event("张三@x", idempotency_key="idem-1", kind="note", text="t")
    client.delete_preference("u1", "travel.seat", if_match='"v1"')
    client.delete_event("u1", "e/1")
    assert seen[0].headers["idempotency-key"] == "idem-1"
    assert seen[0].url.raw_path.startswith(b"/v1/users/%E5%BC%A0%E4%B8%89@x/events")
    assert seen[1].headers["if-match"] == '"v1"'
    assert seen[2].url.raw_path == b"/v1/users/u1/events/e%2F1"


def test_transport_failures_are_typed() -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    with pytest.raises(TransportError):
        Client("http://svc", "k", transport=httpx.MockTransport(refuse)).me()


def test_the_async_client_retries_the_same_way() -> None:
    answers = [httpx.Response(503, headers={"Retry-After": "1"}), httpx.Response(200, json=ME)]
    waits: list[float] = []

    async def handle(request: httpx.Request) -> httpx.Response:
        return answers.pop(0)

    async def record(seconds: float) -> None:
        waits.append(seconds)

    async def run() -> str:
        transport = httpx.MockTransport(handle)
        async with AsyncClient("http://svc", "k", transport=transport, sleep=record) as client:
            return (await client.me()).tenant_id

    assert asyncio.run(run()) == "t1" and waits == [1.0]
