from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import ValidationError

from runtime.summary.schema import (
    FACT_STATUSES,
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    ToolResultDigest,
    summary_json_schema,
)

NOW = datetime(2026, 9, 11, tzinfo=UTC)


def _summary(**kw: Any) -> CompactionSummary:
    return CompactionSummary(summary_version=1, created_at=NOW, **kw)


def test_statuses_documented() -> None:
    assert set(FACT_STATUSES) == {
        "constraint",
        "preference",
        "excluded",
        "chosen",
        "observed",
        "superseded",
        "open",
    }


@pytest.mark.parametrize(
    "kwargs",
    [
        {"key": "k", "value": "v", "status": "confirmed", "confidence": 0.5, "source_ids": ["m"]},
        {"key": "k", "value": "v", "status": "chosen", "confidence": 1.5, "source_ids": ["m"]},
        {"key": "k", "value": "v", "status": "chosen", "confidence": 0.5, "source_ids": []},
        {"key": "", "value": "v", "status": "chosen", "confidence": 0.5, "source_ids": ["m"]},
        {
            "key": "k",
            "value": "v",
            "status": "chosen",
            "confidence": 0.5,
            "source_ids": ["m"],
            "extra": 1,
        },
    ],
)
def test_fact_rejects_bad_input(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        Fact(**kwargs)


def test_items_are_frozen() -> None:
    fact = Fact(key="k", value="v", status="chosen", confidence=0.5, source_ids=["m1"])
    with pytest.raises(ValidationError):
        fact.value = "w"  # type: ignore[misc]


def test_summary_round_trips_through_json() -> None:
    summary = _summary(
        source_message_ids=["m1", "m2"],
        facts=[Fact(key="k", value="v", status="chosen", confidence=0.5, source_ids=["m1"])],
        decisions=[Decision(text="pick G7301", reason="arrives early", source_ids=["m2"])],
        open_questions=[OpenQuestion(text="second class?", source_ids=["m2"])],
        tool_result_digests=[
            ToolResultDigest(
                tool_call_id="c1", tool_name="search", digest="3 trains", source_ids=["m2"]
            )
        ],
    )
    assert CompactionSummary.model_validate_json(summary.model_dump_json()) == summary
    assert summary.schema_version == "compaction_summary.v1"
    assert summary.all_source_ids() == {"m1", "m2"}


def test_schema_version_is_fixed() -> None:
    with pytest.raises(ValidationError):
        CompactionSummary.model_validate(
            {"schema_version": "v2", "summary_version": 1, "created_at": NOW.isoformat()}
        )


def _walk(node: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found.extend(_walk(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_walk(value))
    return found


def test_json_schema_lists_brief_fields() -> None:
    schema = summary_json_schema()
    for name in (
        "schema_version",
        "summary_version",
        "previous_version",
        "restored_from",
        "source_message_ids",
        "facts",
        "decisions",
        "open_questions",
        "tool_result_digests",
        "created_at",
    ):
        assert name in schema["properties"]
    assert set(schema["$defs"]) == {"Fact", "Decision", "OpenQuestion", "ToolResultDigest"}


def test_strict_schema_follows_openai_strict_rules() -> None:
    schema = summary_json_schema(strict=True)
    for node in _walk(schema):
        if node.get("type") == "object" and "properties" in node:
            assert node["additionalProperties"] is False
            assert sorted(node["required"]) == sorted(node["properties"])
        for banned in ("default", "minLength", "maxLength", "minimum", "maximum", "format"):
            assert banned not in node
    assert schema["properties"]["schema_version"]["enum"] == ["compaction_summary.v1"]
    # A summary dumped in full satisfies the strict shape: every key present.
    dumped = _summary().model_dump(mode="json")
    assert sorted(dumped) == sorted(schema["required"])
