"""Contract tests of the routes against their OpenAPI document (schemathesis, in process)."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["holds_nul"]


def holds_nul(case: Any) -> bool:
    """Whether a generated case carries a NUL character anywhere (body, query, path, headers).

    The service refuses NUL for the whole request (no text column stores it; 422
    ``nul-character``, documented in ``api.params``), which a JSON schema cannot say of every
    string and property name: such a case is not valid data, so positive runs skip it.
    """
    parts = (case.body, case.query, case.path_parameters, case.headers)
    return "\\u0000" in json.dumps(parts, default=str)
