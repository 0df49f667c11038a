"""``api.routes.health``: liveness, and readiness that is 503 while migrations are pending or
the database is unreachable."""

from __future__ import annotations

from fastapi.testclient import TestClient

from api.app import create_app
from api.storage.migrate import (
    upgrade_database,
)
from tests.api.conftest import make_settings


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
