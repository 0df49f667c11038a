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
    assert summary.schema_version == "compaction_summary.v2"
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
    assert schema["properties"]["schema_version"]["enum"] == ["compaction_summary.v2"]
    # A summary dumped in full satisfies the strict shape: every key present.
    dumped = _summary().model_dump(mode="json")
    assert sorted(dumped) == sorted(schema["required"])


V1_DOCUMENT: dict[str, Any] = {
    "schema_version": "compaction_summary.v1",
    "summary_version": 3,
    "previous_version": 2,
    "restored_from": None,
    "source_message_ids": ["m1", "m2"],
    "facts": [
        {
            "key": "budget.one_way.max",
            "value": "200 CNY",
            "status": "constraint",
            "confidence": 0.9,
            "source_ids": ["m1"],
            "pinned": False,
        }
    ],
    "decisions": [{"text": "G123 excluded", "reason": "arrives too late", "source_ids": ["m2"]}],
    "open_questions": [{"text": "second class?", "source_ids": ["m2"]}],
    "tool_result_digests": [
        {"tool_call_id": "c1", "tool_name": "search", "digest": "3 trains", "source_ids": ["m2"]}
    ],
    "created_at": "2026-09-11T00:00:00Z",
}


def test_a_v1_document_reads_as_v1_with_unknown_speakers() -> None:
    summary = CompactionSummary.model_validate(V1_DOCUMENT)
    assert summary.schema_version == "compaction_summary.v1"
    assert all(item.speakers == {} for item in summary.items())
    assert summary.facts[0].quote is None
    assert summary.facts[0].speaker_of("m1") is None
    # Dumped again it is the same v1 document (a stored row is never rewritten on read).
    again = summary.model_dump(mode="json", exclude_defaults=False)
    assert CompactionSummary.model_validate(again) == summary


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["facts"][0].update(speakers={"m1": "user"}),
        lambda d: d["facts"][0].update(quote="单程不超过200元"),
        lambda d: d["decisions"][0].update(speakers={"m2": "assistant"}),
    ],
)
def test_a_v1_document_with_v2_fields_is_refused(change: Any) -> None:
    import copy

    document = copy.deepcopy(V1_DOCUMENT)
    change(document)
    with pytest.raises(ValidationError, match="v1"):
        CompactionSummary.model_validate(document)
    document["schema_version"] = "compaction_summary.v2"
    assert CompactionSummary.model_validate(document).schema_version == "compaction_summary.v2"


def test_v2_items_name_a_speaker_per_cited_source() -> None:
    fact = Fact(
        key="budget",
        value="单程不超过200元",
        status="constraint",
        confidence=0.9,
        source_ids=["m1", "m4"],
        speakers={"m1": "user", "m4": "tool"},
        quote="单程不超过200元",
    )
    assert fact.speaker_of("m1") == "user"
    assert fact.ids_by("tool") == ("m4",)
    with pytest.raises(ValidationError, match="does not cite"):
        Fact(
            key="k",
            value="v",
            status="chosen",
            confidence=0.5,
            source_ids=["m1"],
            speakers={"m9": "user"},
        )
    with pytest.raises(ValidationError):
        Decision(text="t", source_ids=["m1"], speakers={"m1": "customer"})  # type: ignore[dict-item]


def test_published_schema_is_v2_and_strict_asks_no_speakers() -> None:
    schema = summary_json_schema()
    assert schema["properties"]["schema_version"]["const"] == "compaction_summary.v2"
    fact = schema["$defs"]["Fact"]["properties"]
    assert fact["speakers"]["additionalProperties"]["enum"] == [
        "user",
        "assistant",
        "tool",
        "system",
    ]
    assert "quote" in fact
    strict = summary_json_schema(strict=True)
    for node in _walk(strict):
        assert "speakers" not in node.get("properties", {})
    assert "quote" in strict["$defs"]["Fact"]["required"]
