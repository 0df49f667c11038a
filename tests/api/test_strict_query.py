"""``api.strict_query``: the query names it admits are the OpenAPI document's, and checking them
never builds the document inside a request (a soak found the first query-carrying request of
each process stalling the whole server while it did)."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.routing import APIRoute, iter_route_contexts
from fastapi.testclient import TestClient

from api.app import create_app
from api.strict_query import declared_query_names
from tests.api.conftest import bearer, make_key, make_settings


def test_declared_names_are_the_documents(sqlite_url: str) -> None:
    app = create_app(make_settings(sqlite_url))
    paths = app.openapi()["paths"]
    checked = 0
    for context in iter_route_contexts(app.routes):  # included routers' routes with prefixes
        route = context.original_route
        if not isinstance(route, APIRoute) or not route.include_in_schema:
            continue
        for method in (route.methods or set()) - {"HEAD"}:
            operation = paths[context.path_format or route.path_format][method.lower()]
            documented = {
                p["name"] for p in operation.get("parameters", ()) if p.get("in") == "query"
            }
            assert declared_query_names(route) == documented, (method, context.path_format)
            checked += bool(documented)
    assert checked >= 10, "operations with query parameters were compared"


def test_a_query_string_does_not_build_the_openapi_document(sqlite_url: str) -> None:
    app = create_app(make_settings(sqlite_url))
    key = bearer(make_key(sqlite_url, "t1", "agent", "u1"))
    with TestClient(app) as client:
        body = {"kind": "note", "text": "x", "occurred_at": datetime.now(UTC).isoformat(),
                "source": "user_stated"}  # fmt: skip
        assert client.post("/v1/users/u1/events", headers=key, json=body).status_code == 201
        listed = client.get("/v1/users/u1/events", headers=key, params={"limit": 5})
        assert listed.status_code == 200 and len(listed.json()["items"]) == 1
        refused = client.get("/v1/users/u1/events", headers=key, params={"usr_id": "u2"})
        assert refused.status_code == 422, refused.text
        assert "usr_id" in refused.text
        assert app.openapi_schema is None
