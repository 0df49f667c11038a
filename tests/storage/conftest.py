"""Fixtures for the shared SQL plumbing: one migrated database per backend and module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from tests.databases import BACKENDS, migrated_engine


@pytest.fixture(scope="module", params=BACKENDS)
def engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    """A migrated database of each backend, shared by the module's tests (they use own rows)."""
    with migrated_engine(request.param, tmp_path_factory.mktemp("storage")) as eng:
        yield eng
