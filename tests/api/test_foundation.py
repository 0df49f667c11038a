"""The service foundation on both backends: migrations, pragmas, auth, problem details, limits,
health, metrics and access logs."""

from __future__ import annotations

import io
import json
import logging
import threading
from collections.abc import AsyncIterator, Iterator

import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient
from pydantic import BaseModel
from sqlalchemy import Engine, inspect, text
from sqlalchemy.exc import IntegrityError, OperationalError

from api.app import create_app
from api.deps import AdminDep, DbSessionDep, MetricsDep, PrincipalDep
from api.errors import Conflict, NotFound, PreconditionFailed, Unprocessable
from api.logging import JsonFormatter
from api.services import services_of
from api.storage.keys import KeyStore, TenantRow
from api.storage.migrate import (
    current_heads,
    downgrade_database,
    expected_heads,
    upgrade_database,
)
from runtime.errors import ProtocolError
from storage.engine import create_db_engine, normalize_database_url, session_scope
from tests.api.conftest import bearer, make_key, make_settings, unique_tenant

PROBLEM_KEYS = {"type", "title", "status", "detail", "instance"}


# ---------------------------------------------------------------- storage and migrations


def test_migrations_apply_from_empty_and_are_idempotent(database_url: str) -> None:
    engine = create_db_engine(database_url)
    try:
        assert current_heads(engine) == set()
        upgrade_database(database_url, engine=engine)
        upgrade_database(database_url, engine=engine)
        assert current_heads(engine) == expected_heads()
        tables = set(inspect(engine).get_table_names())
        assert {"tenant", "api_key", "alembic_version"} <= tables
        for table in tables - {"alembic_version", "tenant"} - _fts_shadow_tables(engine):
            columns = {c["name"] for c in inspect(engine).get_columns(table)}
            assert "tenant_id" in columns, f"table {table} has no tenant_id"
    finally:
        engine.dispose()


def _fts_shadow_tables(engine: Engine) -> set[str]:
    """SQLite FTS5 keeps its index in shadow tables (``<vtable>_data``...) with fixed columns."""
    if engine.dialect.name != "sqlite":
        return set()
    with engine.connect() as conn:
        virtual = conn.execute(
            text("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")
        ).scalars()
        prefixes = tuple(f"{name}_" for name in virtual)
        names = conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'")).scalars()
        return {n for n in names if prefixes and n.startswith(prefixes)}


def test_every_migration_downgrades_and_upgrades_again(database_url: str) -> None:
    upgrade_database(database_url)
    downgrade_database(database_url)
    engine = create_db_engine(database_url)
    try:
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        assert current_heads(engine) == set()
        upgrade_database(database_url, engine=engine)
        assert current_heads(engine) == expected_heads()
    finally:
        engine.dispose()


def test_core_tables_match_the_models(database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from storage.metadata import metadata

    upgrade_database(database_url)
    engine = create_db_engine(database_url)
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
    finally:
        engine.dispose()
    mine = [d for d in diff if "'api_key'" in repr(d) or "'tenant'" in repr(d)]
    assert mine == []


def test_concurrent_upgrades_do_not_race(database_url: str) -> None:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            upgrade_database(database_url)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []


def test_sqlite_pragmas_are_in_effect(sqlite_url: str) -> None:
    engine = create_db_engine(sqlite_url)
    try:
        for _ in range(2):  # every pooled connection, not just the first
            with engine.connect() as conn:
                assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
                assert conn.execute(text("PRAGMA secure_delete")).scalar() == 1
                assert (conn.execute(text("PRAGMA busy_timeout")).scalar() or 0) > 0
                assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("url", "driver"),
    [
        ("postgresql://u@h/db", "postgresql+psycopg"),
        ("postgres://u@h/db", "postgresql+psycopg"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg"),
        ("sqlite:///x.db", "sqlite"),
    ],
)
def test_urls_select_the_psycopg3_driver(url: str, driver: str) -> None:
    assert normalize_database_url(url).drivername == driver


def test_session_scope_rolls_back_unless_committed(database_url: str) -> None:
    upgrade_database(database_url)
    engine = create_db_engine(database_url)
    try:
        with session_scope(engine) as session:
            session.add(TenantRow(tenant_id="dropped"))
            session.flush()
        with pytest.raises(RuntimeError), session_scope(engine) as session:
            session.add(TenantRow(tenant_id="failed"))
            session.flush()
            raise RuntimeError("boom")
        with session_scope(engine) as session:
            session.add(TenantRow(tenant_id="kept"))
            session.commit()
        with session_scope(engine) as session:
            assert session.get(TenantRow, "dropped") is None
            assert session.get(TenantRow, "failed") is None
            assert session.get(TenantRow, "kept") is not None
    finally:
        engine.dispose()


# ---------------------------------------------------------------- a probe router


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
def echo(body: Echo, who: PrincipalDep, db: DbSessionDep, metrics: MetricsDep) -> Echo:
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


def _probe(url: str) -> Iterator[tuple[TestClient, str]]:
    # Tests on a shared database use unique tenants (``unique_tenant``).
    app = create_app(make_settings(url, max_body_bytes=2048))
    app.include_router(probe)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, url


@pytest.fixture(scope="module")
def probe_client(shared_database_url: str) -> Iterator[tuple[TestClient, str]]:
    """The probe app on both backends (for what touches the database: auth)."""
    yield from _probe(shared_database_url)


@pytest.fixture
def probe_sqlite(sqlite_url: str) -> Iterator[tuple[TestClient, str]]:
    """The probe app on SQLite only, for behaviour that does not depend on the backend."""
    yield from _probe(sqlite_url)


def assert_problem(response: object, status: int) -> dict[str, object]:
    assert getattr(response, "status_code") == status  # noqa: B009
    assert getattr(response, "headers")["content-type"].startswith("application/problem+json")  # noqa: B009
    body: dict[str, object] = getattr(response, "json")()  # noqa: B009
    assert body.keys() >= PROBLEM_KEYS
    assert body["status"] == status
    return body


# ---------------------------------------------------------------- auth


def test_missing_unknown_and_revoked_keys_get_401(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    key = make_key(url, tenant, "agent")
    assert client.get("/v1/probe/me", headers=bearer(key)).status_code == 200
    engine = create_db_engine(url)
    try:
        store = KeyStore(engine)
        store.revoke(tenant_id=tenant, key_id=store.list(tenant_id=tenant)[0].key_id)
    finally:
        engine.dispose()
    cases = [
        {},
        {"Authorization": "Bearer tmk_unknown"},
        {"Authorization": "Basic dTpw"},
        {"Authorization": "Bearer "},
        bearer(key),  # revoked
    ]
    bodies = []
    for headers in cases:
        response = client.get("/v1/probe/me", headers=headers)
        body = assert_problem(response, 401)
        assert response.headers["www-authenticate"] == "Bearer"
        bodies.append(body["title"])
    assert set(bodies) == {"Unauthorized"}


def test_principal_comes_from_the_key(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    key = make_key(url, tenant, "agent", user="u1")
    assert client.get("/v1/probe/me", headers=bearer(key)).json() == {
        "tenant": tenant,
        "role": "agent",
        "user": "u1",
    }


def test_wrong_role_gets_403(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    for role in ("agent", "consolidator"):
        response = client.get("/v1/probe/admin", headers=bearer(make_key(url, tenant, role)))
        assert_problem(response, 403)
    admin = make_key(url, tenant, "admin")
    assert client.get("/v1/probe/admin", headers=bearer(admin)).json() == {"tenant": tenant}


# ---------------------------------------------------------------- problem details


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


# ---------------------------------------------------------------- body limit


def test_declared_oversize_body_gets_413(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")
    big = json.dumps({"text": "x" * 5000, "n": 1})
    response = client.post(
        "/v1/probe/echo",
        headers=bearer(key) | {"Content-Type": "application/json"},
        content=big,
    )
    body = assert_problem(response, 413)
    assert body["max_bytes"] == 2048


def test_streamed_oversize_body_gets_413(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        for _ in range(10):
            yield b"y" * 500
        yield b'", "n": 1}'

    response = client.post(
        "/v1/probe/echo",
        headers=bearer(key) | {"Content-Type": "application/json"},
        content=chunks(),
    )
    assert_problem(response, 413)


def test_body_under_the_limit_passes(probe_sqlite: tuple[TestClient, str]) -> None:
    client, url = probe_sqlite
    key = make_key(url, "t1", "agent")

    def chunks() -> Iterator[bytes]:
        yield b'{"text": "'
        yield b"z" * 1000
        yield b'", "n": 2}'

    response = client.post(
        "/v1/probe/echo",
        headers=bearer(key) | {"Content-Type": "application/json"},
        content=chunks(),
    )
    assert response.status_code == 200
    assert response.json()["n"] == 2


# ---------------------------------------------------------------- health, metrics, logs


def test_healthz_and_readyz(app_client: TestClient) -> None:
    assert app_client.get("/healthz").json() == {"status": "ok", "database": None, "schema": None}
    assert app_client.get("/readyz").json() == {
        "status": "ok",
        "database": "ok",
        "schema": "current",
    }


def test_readyz_is_503_while_migrations_are_pending(sqlite_url: str) -> None:
    app = create_app(make_settings(sqlite_url, run_migrations_on_start=False))
    with TestClient(app) as client:
        response = client.get("/readyz")
        assert response.status_code == 503
        assert response.json()["schema"] == "behind"
        upgrade_database(sqlite_url)
        assert client.get("/readyz").status_code == 200


def test_readyz_is_503_when_the_database_is_unreachable(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/missing-dir/x.db"
    app = create_app(make_settings(url, run_migrations_on_start=False))
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        response = client.get("/readyz")
        assert response.status_code == 503
        assert response.json()["database"] == "unreachable"


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


def test_access_log_is_one_json_line_without_body(probe_client: tuple[TestClient, str]) -> None:
    client, url = probe_client
    tenant = unique_tenant()
    key = make_key(url, tenant, "agent")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("tiermem.access")
    logger.addHandler(handler)
    try:
        marker = "MARKER-secret-body-text"
        response = client.post(
            "/v1/probe/echo?q=MARKER-query",
            headers=bearer(key) | {"X-Request-ID": "req-123"},
            json={"text": marker, "n": 1},
        )
    finally:
        logger.removeHandler(handler)
    assert response.status_code == 200
    assert response.headers["x-request-id"] == "req-123"
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    entry = json.loads(lines[0])
    assert entry["route"] == "/v1/probe/echo"
    assert entry["status"] == 200
    assert entry["tenant"] == tenant
    assert entry["request_id"] == "req-123"
    assert entry["latency_ms"] >= 0
    assert "MARKER" not in lines[0]
    assert key not in lines[0]


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
