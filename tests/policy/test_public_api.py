"""Every public module of ``policy`` exports what its ``__all__`` names."""

from __future__ import annotations

import importlib

import pytest

MODULES = [
    "policy",
    "longterm.gate",
    "policy.errors",
    "policy.rules",
    "policy.gate",
    "policy.storage",
    "policy.consent",
    "policy.candidates",
    "policy.closing",
    "policy.task_end",
    "api.sessions.end_schemas",
    "policy.promotion",
    "storage.locks",
    "policy.consolidation",
    "policy.sessions",
    "api.sessions.source",
    "api.jobs",
    "api.jobs.consolidation",
    "api.jobs.errors",
    "api.jobs.expiry",
    "api.jobs.locks",
    "api.jobs.results",
    "api.jobs.scheduler",
]


@pytest.mark.parametrize("name", MODULES)
def test_all_names_resolve(name: str) -> None:
    module = importlib.import_module(name)
    for attr in module.__all__:
        assert hasattr(module, attr), f"{name}.{attr}"


def test_error_tree() -> None:
    from policy import errors

    for attr in errors.__all__:
        assert issubclass(getattr(errors, attr), errors.PolicyError)
