"""Schemathesis over the health and key routes (``api.routes.health``, ``api.routes.keys``):
generated requests (valid and invalid) never get a 5xx, and every response, problem details
included, matches the published OpenAPI document."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, assume, given, settings
from schemathesis.generation import GenerationMode

from api.app import create_app
from api.storage.migrate import upgrade_database
from tests.api import formats
from tests.api.conftest import bearer, make_key, make_settings
from tests.api.routes import holds_nul

formats.register()  # user ids drawn under the one rule (the pattern alone is looser)

FOUNDATION_PATHS = r"^/(healthz|readyz|v1/me|v1/keys.*)$"
WITH_INPUT = {"POST /v1/keys", "DELETE /v1/keys/{key_id}"}


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, dict[str, str]]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('contract')) / 'contract.db'}"
    upgrade_database(url)
    app = create_app(make_settings(url, run_migrations_on_start=False))
    return app, bearer(make_key(url, "contract", "admin"))


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_foundation_routes_conform(target: tuple[Any, dict[str, str]], mode: Any) -> None:
    app, headers = target
    schema = schemathesis.openapi.from_asgi("/openapi.json", app).include(
        path_regex=FOUNDATION_PATHS
    )
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert {op.label for op in operations} >= {"GET /v1/me", "POST /v1/keys", "GET /readyz"}
    if mode == GenerationMode.NEGATIVE:  # only operations that take input can get invalid input
        operations = [op for op in operations if op.label in WITH_INPUT]
    for operation in operations:

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=10,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            assume(mode != GenerationMode.POSITIVE or not holds_nul(case))
            if mode == GenerationMode.POSITIVE and case.query:
                case.query.pop("cursor", None)  # opaque: only the service's own cursors are valid
            case.call_and_validate(headers=headers)

        check()
