"""What users see does not change by accident: OpenAPI, CLI help, ``__all__``, report keys,
problem types, each compared with a committed golden file (``tests/golden/``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import surface


def _check(name: str, value: object) -> None:
    expected, actual = surface.write_or_compare(name, value)
    assert actual == expected, (
        f"tests/golden/{name}.json changed; if intended, refresh with "
        "TIERMEM_UPDATE_GOLDEN=1 and list the diff in the closing note"
    )


def test_openapi_document(tmp_path: Path) -> None:
    _check("openapi", surface.openapi_document(tmp_path))


def test_cli_help() -> None:
    _check("cli_help", surface.cli_help())


def test_public_names() -> None:
    _check("public_names", surface.public_names())


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_report_keys() -> None:
    _check("report_keys", surface.report_keys())


def test_problem_types() -> None:
    _check("problem_types", surface.problem_types())
