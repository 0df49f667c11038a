"""Every property of every schema in the OpenAPI document has a description.

The document is what a client author reads (``/docs``, ``/redoc``, generated clients); a field
without a description leaves them to guess units, defaults and meaning. The document is built
from the code, so a route or model added later without descriptions fails here, naming each
``Schema.property`` to fill (``Field(description=...)``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.golden.surface import openapi_document


def _undescribed(where: str, schema: Any) -> Iterator[str]:
    """``where.property`` for each property (at any depth of inline schemas) lacking one."""
    if not isinstance(schema, dict):
        return
    for name, prop in schema.get("properties", {}).items():
        if not (isinstance(prop, dict) and prop.get("description", "").strip()):
            yield f"{where}.{name}"
        yield from _undescribed(f"{where}.{name}", prop)
    for key in ("items", "additionalProperties"):
        yield from _undescribed(f"{where}[]", schema.get(key))
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, []):
            yield from _undescribed(where, option)


def _inline_bodies(document: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    for path, operations in document.get("paths", {}).items():
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            body = operation.get("requestBody", {}).get("content", {})
            for media in body.values():
                yield f"{where} request body", media.get("schema")
            for code, response in operation.get("responses", {}).items():
                for media in response.get("content", {}).values():
                    yield f"{where} {code} response", media.get("schema")


def test_every_schema_property_has_a_description(tmp_path: Path) -> None:
    document = openapi_document(tmp_path)
    missing = [
        entry
        for name, schema in document["components"]["schemas"].items()
        for entry in _undescribed(name, schema)
    ]
    missing += [
        entry for where, schema in _inline_bodies(document) for entry in _undescribed(where, schema)
    ]
    assert not missing, (
        f"{len(missing)} OpenAPI schema properties have no description; give each field a "
        "Field(description=...) saying what it holds (units, defaults, null):\n  "
        + "\n  ".join(sorted(missing))
    )
