"""``policy.errors`` and ``api.jobs.errors`` become RFC 9457 problems in ``api.problems`` alone:
every class of the trees is answered with its status and type, none with a bare 500 unless it
is a server fault (``PolicyUnavailable``), and the tree in the docstring names every class."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.jobs import errors as job_errors
from api.problems import install_problem_handlers
from api.sessions.errors import SessionNotFound as SessionsSessionNotFound
from policy import errors

CASES = [
    (errors.SessionNotFound("session 's1' not found"), 404, "not-found"),
    (SessionsSessionNotFound("s1"), 404, "not-found"),
    (errors.ConsentNotFound("no consent"), 404, "not-found"),
    (job_errors.UnknownJob("no job named 'x'"), 404, "not-found"),
    (errors.SessionNotEndable("ended with another request"), 409, "conflict"),
    (errors.InvalidRule("bad rule"), 422, "unprocessable"),
    (errors.InvalidConsent("bad category"), 422, "unprocessable"),
    (errors.PolicyUnavailable("cannot load"), 500, "internal-error"),
]


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    install_problem_handlers(app)

    @app.get("/raise/{index}")
    def boom(index: int) -> None:
        raise CASES[index][0]

    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize(("index", "case"), list(enumerate(CASES)), ids=lambda c: str(c))
def test_each_error_is_one_problem(client: TestClient, index: int, case: tuple) -> None:
    exc, status, slug = case
    response = client.get(f"/raise/{index}")
    assert response.status_code == status
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["type"].endswith("/" + slug) and body["status"] == status
    if status != 500:
        assert body["detail"] == str(exc)


@pytest.mark.parametrize("module", [errors, job_errors])
def test_the_docstring_draws_every_class(module: object) -> None:
    doc = module.__doc__ or ""
    for name in module.__all__:  # type: ignore[attr-defined]
        assert name in doc, name


def test_every_mapped_class_is_covered() -> None:
    classes = {type(exc) for exc, _status, _slug in CASES}
    public = {getattr(errors, n) for n in errors.__all__} | {job_errors.UnknownJob}
    assert public - {errors.PolicyError} <= classes
