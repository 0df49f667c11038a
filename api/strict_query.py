"""Unknown query parameters are refused (422), as unknown body members are (``extra="forbid"``).

A misspelt filter (``?usr_id=alice``) silently ignored would answer every user's rows as if
filtered; refusing it is what the OpenAPI document promises: the query parameters it lists for
an operation are all the operation takes. Installed app-wide by ``api.app.create_app``; routes
left out of the document (and HEAD) are not checked.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError

__all__ = ["refuse_unknown_query"]


def refuse_unknown_query(request: Request) -> None:
    """Raise a validation error naming every query parameter the operation does not declare.

    Raises:
        RequestValidationError: the query names a parameter the operation does not take.
    """
    if not request.query_params:
        return
    template = getattr(request.scope.get("route"), "path", None)
    paths: dict[str, Any] = request.app.openapi().get("paths", {})
    operation = paths.get(template or "", {}).get(request.method.lower())
    if operation is None:
        return
    known = {p["name"] for p in operation.get("parameters", ()) if p.get("in") == "query"}
    unknown = sorted(set(request.query_params.keys()) - known)
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
