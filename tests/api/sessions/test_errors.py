"""The sessions' error tree (``api.sessions.errors``) and its one mapping to RFC 9457 problems.

Every class answers with the status, ``type`` and title the sessions API always answered with,
its facts as extension members; the sessions code raises no HTTP-status error at all.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import api.sessions
from api.problems import install_problem_handlers
from api.sessions import errors
from policy.errors import SessionNotFound as PolicySessionNotFound

TYPE = "https://tiermem.dev/problems/"
CASES: list[tuple[errors.SessionError, int, str, str]] = [
    (errors.SessionNotFound("s_1"), 404, "not-found", "Not Found"),
    (errors.SummaryNotFound("summary version 3 of session 's_1' not found"), 404, "not-found",
     "Not Found"),
    (errors.MessageConflict("taken", message_id="m1", position=4), 409, "conflict", "Conflict"),
    (errors.PurgedContent("purged", purged_ids=["m1"]), 409, "conflict", "Conflict"),
    (errors.SummaryConflict("current"), 409, "conflict", "Conflict"),
    (errors.StaleVersion("context: kept conflicting"), 409, "conflict", "Conflict"),
    (errors.InvalidUnicode("lone surrogate"), 422, "unprocessable", "Unprocessable Content"),
    (errors.InvalidBudget("no usable tokens"), 422, "unprocessable", "Unprocessable Content"),
    (errors.InvalidHistory("orphan", reason="orphan_result", call_id="c1"), 422, "unprocessable",
     "Unprocessable Content"),
    (errors.InvalidPins("unknown", unknown_ids=["x"]), 422, "unprocessable",
     "Unprocessable Content"),
    (errors.InvalidSummary("fails", fallback="window"), 422, "unprocessable",
     "Unprocessable Content"),
    (errors.InvalidRetention("1..36500"), 422, "unprocessable", "Unprocessable Content"),
    (errors.SummarizerMisconfigured("summarizer misconfigured: no model"), 500, "internal-error",
     "Internal Server Error"),
]  # fmt: skip


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    install_problem_handlers(app)

    @app.get("/raise/{index}")
    def raise_case(index: int) -> None:
        raise CASES[index][0]

    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[type(c[0]).__name__ for c in CASES])
def test_each_error_is_its_problem(client: TestClient, index: int) -> None:
    error, status, slug, title = CASES[index]
    r = client.get(f"/raise/{index}")
    assert r.status_code == status
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert (body["type"], body["title"], body["status"]) == (TYPE + slug, title, status)
    assert body["detail"] == str(error) and body["instance"] == f"/raise/{index}"
    assert {k: body[k] for k in error.extensions} == error.extensions


def test_the_tree_subclasses_the_builtins() -> None:
    assert issubclass(errors.SessionNotFound, LookupError)
    assert issubclass(errors.SummaryNotFound, LookupError)
    assert issubclass(errors.InvalidSessionInput, ValueError)
    assert issubclass(errors.SummarizerMisconfigured, RuntimeError)
    # one "not found" for one condition: the policy tier's session source contract names it
    assert issubclass(errors.SessionNotFound, PolicySessionNotFound)
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.SessionError), name
    assert str(errors.SessionNotFound("s_1")) == "session 's_1' not found"


def test_the_sessions_code_raises_no_http_error() -> None:
    """``api.errors`` is the HTTP layer's tree: the sessions package never imports it."""
    for path in Path(api.sessions.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module != "api.errors", path.name
                assert "HTTPException" not in {alias.name for alias in node.names}, path.name
