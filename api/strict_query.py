"""Unknown query parameters are refused (422), as unknown body members are (``extra="forbid"``).

A misspelt filter (``?usr_id=alice``) silently ignored would answer every user's rows as if
filtered; refusing it is what the OpenAPI document promises: the query parameters it lists for
an operation are all the operation takes. Installed app-wide by ``api.app.create_app``; routes
left out of the document (and HEAD) are not checked.

The names come from the route's own dependency tree (what FastAPI validates and what its OpenAPI
generator lists), read once per route and kept. They used to be read from ``app.openapi()``:
building that document costs about a second of CPU, and the first request with a query string
in each process built it inside a request, holding the GIL, with concurrent first requests
building it again each; in ``bench/soak.py`` that stalled every request of a server for up to
27 s under load. ``tests/api/test_strict_query.py`` checks the names equal the document's.
"""

from __future__ import annotations

from fastapi import Request, params
from fastapi.dependencies.utils import get_flat_params
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute

__all__ = ["declared_query_names", "refuse_unknown_query"]

_ATTRIBUTE = "_tiermem_query_names"
"""Where the names are kept: on the route itself (routes are unhashable; they live with the app)."""


def declared_query_names(route: APIRoute) -> frozenset[str]:
    """The query parameter names ``route`` declares (aliases, as the OpenAPI document lists
    them), from its dependency tree; computed once per route."""
    names: frozenset[str] | None = getattr(route, _ATTRIBUTE, None)
    if names is None:
        fields = get_flat_params(route.dependant)
        names = frozenset(
            f.alias
            for f in fields
            if isinstance(f.field_info, params.Query)
            and getattr(f.field_info, "include_in_schema", True)
        )
        setattr(route, _ATTRIBUTE, names)  # two threads computing it at once store equal sets
    return names


def refuse_unknown_query(request: Request) -> None:
    """Raise a validation error naming every query parameter the operation does not declare.

    Raises:
        RequestValidationError: the query names a parameter the operation does not take.
    """
    if not request.query_params:
        return
    route = request.scope.get("route")
    if not isinstance(route, APIRoute) or not route.include_in_schema:
        return
    if request.method == "HEAD":
        return
    unknown = sorted(set(request.query_params.keys()) - declared_query_names(route))
    if unknown:
        raise RequestValidationError(
            [
                {
                    "loc": ("query", name),
                    "msg": "unknown query parameter",
                    "type": "extra_forbidden",
                }
                for name in unknown
            ]
        )
