"""Logs never hold content (issue 12 item 5): values planted in requests that fail (refused
input, a database error escaping a route) appear in no log line, on both backends; the
database's own error text, which quotes the value, is reduced to its class and SQLSTATE."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient
from sqlalchemy import text

from api.app import create_app
from api.deps import DbSessionDep
from api.logging import JsonFormatter
from tests.api.conftest import bearer, make_key, make_settings, unique_tenant

SSN = "078-05-1120"
IBAN = "DE89370400440532013000"
PASSPORT = "X12345678"
AWS_KEY = "AKIAIOSFODNN7EXAMPLE"
TMK_KEY = "tmk_plantedPlantedPlantedPlanted0123456789ab"
PLANTED = (SSN, IBAN, PASSPORT, AWS_KEY, TMK_KEY)

failing = APIRouter(prefix="/v1/failing")


@failing.get("/cast")
def cast(value: str, db: DbSessionDep) -> None:
    """A statement the database refuses, quoting ``value`` in its error text."""
    if db.get_bind().dialect.name == "postgresql":
        db.execute(text("SELECT CAST(:v AS integer)"), {"v": value})
    else:
        db.execute(text("INSERT INTO no_such_table VALUES (:v)"), {"v": value})


@pytest.fixture
def logged(shared_database_url: str) -> Iterator[tuple[TestClient, io.StringIO, str]]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    # the test's own HTTP client logs the URLs it sends: it is not the service
    handler.addFilter(lambda record: not record.name.startswith("httpx"))
    loggers = [logging.getLogger(), logging.getLogger("tiermem"), logging.getLogger("sqlalchemy")]
    app = create_app(make_settings(shared_database_url))
    app.include_router(failing)
    for logger in loggers:
        logger.addHandler(handler)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            yield client, stream, shared_database_url
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def test_planted_values_reach_no_log_line(
    logged: tuple[TestClient, io.StringIO, str],
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    client, stream, url = logged
    caplog.set_level(logging.DEBUG)
    headers = bearer(make_key(url, unique_tenant("log"), "admin"))
    session = client.post("/v1/sessions", json={"user_id": "u1"}, headers=headers).json()["id"]
    statuses = []
    for value in PLANTED:
        requests = [
            ("GET", "/v1/failing/cast", {"value": value}, None),
            ("POST", "/v1/users/u1/events", None, _event(f"{value}\u0000")),
            ("POST", "/v1/users/u1/events", None, {**_event(value), "occurred_at": "0001-01-01"}),
            ("PUT", f"/v1/users/u1/preferences/{value}", None, {"value": value}),
            ("PUT", "/v1/users/u1/preferences/other.note", None, {"value": value, "x": value}),
            ("POST", f"/v1/sessions/{session}/messages", None, _long_id_message(value)),
            ("GET", "/v1/users/u1/events", {"kind": value, "since": value}, None),
            ("GET", f"/v1/sessions/{value}", None, None),
        ]
        for method, path, params, body in requests:
            response = client.request(method, path, params=params, json=body, headers=headers)
            statuses.append(response.status_code)
            assert response.status_code >= 400, (path, response.text)
            assert response.status_code < 500 or path == "/v1/failing/cast", response.text
    # the database error escaped the route (PostgreSQL: a 500; SQLite: "no such table", a 503)
    assert {500, 503} & set(statuses)
    captured = capsys.readouterr()
    lines = stream.getvalue().splitlines() + captured.err.splitlines() + captured.out.splitlines()
    # every record, as the service's formatter writes it
    service = JsonFormatter()
    lines += [service.format(r) for r in caplog.records if not r.name.startswith("httpx")]
    # the database error is logged by class (and SQLSTATE with its stack on PostgreSQL)
    assert any("SQLSTATE 22P02" in line or "OperationalError" in line for line in lines)
    leaked = [(value, line) for line in lines for value in PLANTED if value in line]
    assert leaked == []


def _event(value: str) -> dict[str, object]:
    return {"kind": "note", "text": value, "occurred_at": "2026-01-01T00:00:00Z", "source": "x"}


def _long_id_message(value: str) -> dict[str, object]:
    return {"messages": [{"id": value * 30, "role": "user", "content": value}]}
