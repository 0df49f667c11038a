"""One request of the client as a value: what to send and how to read the answer.

The builders in ``api.client.ops_*`` return a ``Call`` for every route; ``Client`` and
``AsyncClient`` only send it, so both stay one line per route and cannot drift apart.
``OPERATIONS`` maps every route (``"POST /v1/sessions"``) to its method name: the coverage test
walks the service's OpenAPI document against it. Models are imported inside the builders, so
importing the client loads neither the app nor the database layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, ParamSpec, TypeVar
from urllib.parse import quote

from pydantic import BaseModel

__all__ = ["OPERATIONS", "Call", "body_of", "headers_of", "operation", "segment"]

T_co = TypeVar("T_co", covariant=True)
P = ParamSpec("P")
R = TypeVar("R")

OPERATIONS: dict[str, str] = {}


@dataclass(frozen=True, slots=True, kw_only=True)
class Call(Generic[T_co]):
    """A request and the reader of its answer.

    Attributes:
        method: the HTTP method.
        path: the path, segments already percent-encoded.
        read: turns the decoded JSON (None for an empty answer) into the result.
        params: query parameters (None values are left out).
        json: the JSON body, or None for none.
        headers: extra headers (``Idempotency-Key``, ``If-Match``).
        text: read the answer as text instead of JSON (``/metrics``).
    """

    method: str
    path: str
    read: Callable[[Any], T_co]
    params: Mapping[str, Any] = field(default_factory=dict)
    json: Any = None
    headers: Mapping[str, str] = field(default_factory=dict)
    text: bool = False

    def with_params(self, **params: Any) -> Call[T_co]:
        """The same call with ``params`` merged in (the next page's cursor)."""
        return Call(
            method=self.method,
            path=self.path,
            read=self.read,
            params={**self.params, **params},
            json=self.json,
            headers=self.headers,
            text=self.text,
        )


def operation(method: str, path: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Register a builder as the client's method for ``method path`` (the OpenAPI template)."""

    def register(build: Callable[P, R]) -> Callable[P, R]:
        OPERATIONS[f"{method} {path}"] = build.__name__
        return build

    return register


def segment(value: str | int) -> str:
    """One path segment, percent-encoded as the service's own links are (UTF-8)."""
    return quote(str(value), safe="@+:")


def body_of(body: BaseModel | Mapping[str, Any] | None, fields: Mapping[str, Any]) -> Any:
    """A JSON body from an API model, a mapping, keyword fields, or a mix (fields win)."""
    if isinstance(body, BaseModel):
        base: dict[str, Any] = body.model_dump(mode="json", exclude_unset=True)
    else:
        base = dict(body or {})
    return {**base, **fields}


def headers_of(**values: str | None) -> dict[str, str]:
    """Headers from keyword values, ``None`` left out (``if_match`` -> ``If-Match``)."""
    names = {"idempotency_key": "Idempotency-Key", "if_match": "If-Match"}
    return {names[k]: v for k, v in values.items() if v is not None}
