"""``tiermem schema summary`` through the real typer app."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from typer.testing import CliRunner

from api.cli import _register, app
from runtime.summary.schema import CompactionSummary, summary_json_schema

_register()
runner = CliRunner()


def test_prints_the_summary_json_schema():
    result = runner.invoke(app, ["schema", "summary"])
    assert result.exit_code == 0, result.output
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:tiermem:compaction_summary.v2"
    assert schema["title"] == "CompactionSummary"
    assert {"facts", "decisions", "open_questions", "tool_result_digests"} <= set(
        schema["properties"]
    )
    assert {k: v for k, v in schema.items() if not k.startswith("$")} | {
        "$defs": schema["$defs"]
    } == summary_json_schema()


def test_schema_accepts_a_real_summary():
    jsonschema_rs = pytest.importorskip("jsonschema_rs")  # ships with schemathesis (test extra)
    schema = json.loads(runner.invoke(app, ["schema", "summary"]).stdout)
    summary = CompactionSummary(summary_version=1, created_at=datetime(2026, 9, 18, tzinfo=UTC))
    validator = jsonschema_rs.validator_for(schema)
    assert validator.is_valid(summary.model_dump(mode="json"))
    assert not validator.is_valid({"summary_version": 0, "facts": "no"})


def test_strict_variant_and_output_file(tmp_path):
    target = tmp_path / "summary.schema.json"
    result = runner.invoke(
        app, ["schema", "summary", "--strict", "--indent", "0", "-o", str(target)]
    )
    assert result.exit_code == 0 and result.stdout == ""
    strict = json.loads(target.read_text(encoding="utf-8"))
    assert strict == summary_json_schema(strict=True)
    assert strict["additionalProperties"] is False
    assert len(target.read_text(encoding="utf-8").splitlines()) == 1


def test_unwritable_output_is_a_one_line_error():
    result = runner.invoke(app, ["schema", "summary", "-o", "/nonexistent/dir/x.json"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "cannot write" in result.stderr
    assert "Traceback" not in result.output


def test_unknown_schema_is_a_usage_error():
    result = runner.invoke(app, ["schema", "nope"])
    assert result.exit_code == 2
