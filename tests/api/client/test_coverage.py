"""Every operation of the service's OpenAPI document has a method on ``Client`` and
``AsyncClient``, and the client names no operation the service does not have."""

from __future__ import annotations

from api.app import create_app
from api.client import OPERATIONS, AsyncClient, Client
from tests.api.conftest import make_settings

METHODS = {"get", "put", "post", "delete", "patch"}


def _operations() -> set[str]:
    doc = create_app(make_settings("sqlite://")).openapi()
    return {
        f"{method.upper()} {path}"
        for path, ops in doc["paths"].items()
        for method in ops
        if method in METHODS
    }


def test_every_operation_has_a_client_method() -> None:
    missing = sorted(_operations() - set(OPERATIONS))
    assert not missing, (
        "operations without a client method: "
        + ", ".join(missing)
        + " (add a builder with @operation(...) in api/client/ops_*.py and one line in both "
        "Client (api/client/sync.py) and AsyncClient (api/client/aio.py))"
    )
    stale = sorted(set(OPERATIONS) - _operations())
    assert not stale, f"client methods for operations the service does not have: {stale}"
    for label, name in OPERATIONS.items():
        for cls in (Client, AsyncClient):
            assert callable(getattr(cls, name, None)), f"{cls.__name__}.{name} missing ({label})"


def test_every_listing_has_an_iterator() -> None:
    lists = [name for name in OPERATIONS.values() if name.startswith("list_")]
    for name in [*lists, "get_messages", "audit", "policy_versions", "preference_history"]:
        stem = name.removeprefix("list_").removeprefix("get_")
        for cls in (Client, AsyncClient):
            assert callable(getattr(cls, f"iter_{stem}", None)), f"{cls.__name__}.iter_{stem}"
