"""``api.problems``: the one table of problem types. Every class of every package's error tree
is answered by a line of it (its own or its base's), or is a server fault answered 500 without
detail; each line answers with its status, ``type``, title, detail and extension members."""

from __future__ import annotations

import inspect
import json
from types import ModuleType

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import IntegrityError, OperationalError

from api import errors as api_errors
from api.jobs import errors as job_errors
from api.problems import PROBLEM_TYPES, install_problem_handlers, lookup
from api.sessions import errors as session_errors
from api.storage import keys
from longterm import errors as longterm_errors
from policy import errors as policy_errors
from runtime import errors as runtime_errors
from tests.api.conftest import bearer, make_key
from tests.api.probe import assert_problem

TREES: tuple[ModuleType, ...] = (
    api_errors,
    keys,
    session_errors,
    job_errors,
    longterm_errors,
    policy_errors,
    runtime_errors,
)
# Bases and server faults: a 500 "internal-error" without detail, the traceback logged.
SERVER_FAULTS = {
    session_errors.SessionError,
    job_errors.JobError,
    longterm_errors.LongtermError,
    policy_errors.PolicyError,
    policy_errors.PolicyUnavailable,
    runtime_errors.RuntimeTierError,
    runtime_errors.EncodingError,
    runtime_errors.SnapshotError,
    runtime_errors.SummaryError,
    runtime_errors.SummarizerTimeout,
    keys.KeyStoreError,
}


def _error_classes() -> list[type[Exception]]:
    found: list[type[Exception]] = []
    for module in TREES:
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isclass(value) and issubclass(value, Exception):
                found.append(value)
    return found


@pytest.mark.parametrize("cls", _error_classes(), ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_every_error_class_has_a_line_or_is_a_server_fault(cls: type[Exception]) -> None:
    line = next((PROBLEM_TYPES[c] for c in cls.__mro__ if c in PROBLEM_TYPES), None)
    if cls in SERVER_FAULTS:
        assert line is None or line.status == 500, cls
    else:
        assert line is not None, f"{cls.__module__}.{cls.__name__} has no problem type"
        assert 400 <= line.status < 600


def _sample(cls: type[Exception]) -> Exception:
    if cls is IntegrityError or cls is OperationalError:
        return cls("INSERT secret-marker", {"v": "secret-marker"}, Exception("x"))
    if cls is runtime_errors.ProtocolError:
        return cls("orphan_result", message_id="m7", call_id="call_1", index=3)
    if cls is longterm_errors.StalePrecondition:
        return cls("etag-1")
    if cls is session_errors.SessionNotFound:
        return cls("s1")
    return cls("what went wrong")


LINES = sorted(PROBLEM_TYPES.items(), key=lambda item: item[0].__qualname__)


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    install_problem_handlers(app)

    @app.get("/raise/{index}")
    def boom(index: int) -> None:
        raise _sample(LINES[index][0])

    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize("index", range(len(LINES)), ids=[c.__qualname__ for c, _ in LINES])
def test_each_line_answers_its_problem(client: TestClient, index: int) -> None:
    cls, line = LINES[index]
    exc = _sample(cls)
    r = client.get(f"/raise/{index}")
    assert r.status_code == line.status
    assert r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert body["type"] == f"https://tiermem.dev/problems/{line.slug}"
    assert (body["title"], body["status"]) == (line.title, line.status)
    assert body["detail"] == (line.detail or str(exc))
    assert "secret-marker" not in r.text
    for name, value in line.headers.items():
        assert r.headers[name] == value


def test_computed_and_carried_members(client: TestClient) -> None:
    index = next(i for i, (c, _) in enumerate(LINES) if c is runtime_errors.ProtocolError)
    body = client.get(f"/raise/{index}").json()
    assert (body["reason"], body["message_id"], body["call_id"], body["index"]) == (
        "orphan_result",
        "m7",
        "call_1",
        3,
    )
    index = next(i for i, (c, _) in enumerate(LINES) if c is longterm_errors.StalePrecondition)
    assert client.get(f"/raise/{index}").json()["current_etag"] == "etag-1"
    unauthorized = api_errors.Unauthorized("no key", hint="x")
    line = lookup(unauthorized)
    assert line is not None and line.status == 401
    assert unauthorized.headers["WWW-Authenticate"] == "Bearer"


# ---------------------------------------------------------------- through a whole app


@pytest.mark.parametrize(
    ("kind", "status"),
    [
        ("notfound", 404),
        ("conflict", 409),
        ("precondition", 412),
        ("unprocessable", 422),
        ("protocol", 422),
        ("integrity", 409),
        ("dbdown", 503),
        ("crash", 500),
    ],
)
def test_errors_are_problem_details(
    probe_sqlite: tuple[TestClient, str], kind: str, status: int
) -> None:
    client, _ = probe_sqlite
    response = client.get(f"/v1/probe/raise/{kind}")
    body = assert_problem(response, status)
    assert body["instance"] == f"/v1/probe/raise/{kind}"
    if kind == "conflict":
        assert body["current_source"] == "admin"
    if kind == "protocol":
        assert (body["message_id"], body["call_id"], body["reason"]) == (
            "m7",
            "call_1",
            "orphan_result",
        )
    assert "secret-marker" not in json.dumps(body)
    if kind == "dbdown":
        assert response.headers["retry-after"] == "1"
    # 500s are rendered by Starlette's outermost error middleware: id in the body only.
    assert body["request_id"] == response.headers.get("x-request-id", body["request_id"])
    assert len(str(body["request_id"])) == 32
    if kind == "crash":
        assert "passwd" not in json.dumps(body)
        assert "Traceback" not in json.dumps(body)


def test_validation_errors_list_each_error(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")
    response = client.post("/v1/probe/echo", headers=bearer(key), json={"text": 1})
    body = assert_problem(response, 422)
    errors = body["errors"]
    assert isinstance(errors, list)
    assert {tuple(e["loc"]) for e in errors} >= {("body", "n"), ("body", "text")}


def test_unknown_routes_and_methods_are_problems(probe_sqlite: tuple[TestClient, str]) -> None:
    client, _ = probe_sqlite
    assert_problem(client.get("/v1/nothing-here"), 404)
    assert_problem(client.delete("/healthz"), 405)
