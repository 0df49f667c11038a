"""The typed compaction report: JSON-identical to the records it reports, readable as a dict,
every field described, and round-tripping through its JSON."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from pydantic import BaseModel

from runtime import Budget, CompactionReport, Compactor
from runtime.compaction import (
    BudgetReport,
    CheckReport,
    ClearedEntry,
    SanitizeReport,
    SnapshotReport,
    SummaryDiffReport,
    SummaryValidationReport,
)
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.snapshots import SnapshotRecord

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
MODELS: tuple[type[BaseModel], ...] = (
    CompactionReport,
    BudgetReport,
    CheckReport,
    ClearedEntry,
    SanitizeReport,
    SnapshotReport,
    SummaryDiffReport,
    SummaryValidationReport,
)


def _history(turns: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": "You plan trips."}]
    for i in range(turns):
        out.append({"role": "user", "content": f"Turn {i}: at most {100 + i} CNY, mail a{i}@x.io"})
        call = f"call_{i}"
        out.append(
            {
                "id": f"a{i}",
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": call, "type": "function", "function": {"name": "f", "arguments": "{}"}}
                ],
            }
        )
        size = 300 if i == 2 else 3
        out.append({"role": "tool", "tool_call_id": call, "content": "G7301 08:05 73元; " * size})
        out.append({"role": "assistant", "content": f"Noted turn {i}. " + "detail " * 30})
    return out


@pytest.fixture(scope="module")
def summarized() -> CompactionReport:
    compactor = Compactor(
        Budget(4_000, max_output_tokens=500, tool_reserve=0),
        summarizer=ExtractiveSummarizer(),
        clear_tool_results=True,
    )
    history = _history(40)
    result = compactor.compact(history, now=NOW, pinned_ids=["a2"])  # keeps the huge result
    assert result.report.strategy == "summary"
    return result.report


def test_the_nested_parts_are_the_records_own_json(summarized: CompactionReport) -> None:
    data = summarized.model_dump(mode="json")
    assert summarized.snapshot is not None and summarized.summary is not None
    record = SnapshotRecord.from_dict(data["snapshot"])  # what the service stores and reads
    assert record.to_dict() == data["snapshot"]
    assert data["snapshot"]["created_at"] == record.created_at.isoformat()
    assert data["summary"] == summarized.summary.model_dump(mode="json")
    assert data["snapshot"]["summary"] == data["summary"]
    assert data["budget"] == Budget(4_000, max_output_tokens=500, tool_reserve=0).to_dict()
    assert data["snapshot"]["validation"] == data["summary_validation"]
    assert data["snapshot"]["diff"] == data["summary_diff"]
    assert set(data["sanitized"]) == {
        "redacted",
        "injection_flags",
        "invisible_removed",
        "truncated_texts",
    }
    assert data["sanitized"]["redacted"].get("email", 0) > 0


def test_the_report_round_trips_through_its_json(summarized: CompactionReport) -> None:
    again = CompactionReport.model_validate_json(summarized.model_dump_json())
    assert again == summarized
    assert json.loads(summarized.model_dump_json()) == summarized.model_dump(mode="json")


def test_the_report_reads_as_the_dict_it_replaces(summarized: CompactionReport) -> None:
    data = summarized.model_dump(mode="json")
    assert dict(summarized) == data
    assert list(summarized) == list(data) == summarized.keys()
    assert len(summarized) == len(data)
    assert dict(summarized.items()) == data
    assert summarized["strategy"] == "summary"
    assert summarized["summary"] == data["summary"]  # the JSON form, not the model
    assert summarized.get("no_such_key", 7) == 7
    assert "triggered" in summarized and "no_such_key" not in summarized
    with pytest.raises(KeyError):
        summarized["no_such_key"]


def test_cleared_results_are_reported(summarized: CompactionReport) -> None:
    assert summarized.cleared, "the one huge tool result should have been cleared"
    entry = summarized.cleared[0]
    assert entry.tokens_after < entry.tokens_before
    assert entry.to_dict() == summarized.model_dump(mode="json")["cleared"][0]


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_field_is_described(model: type[BaseModel]) -> None:
    missing = [name for name, info in model.model_fields.items() if not info.description]
    assert missing == []
    assert model.__doc__


def test_a_window_report_has_empty_summary_parts() -> None:
    compactor = Compactor(Budget(4_000, max_output_tokens=500, tool_reserve=0))
    report = compactor.compact(_history(40)).report
    assert report.strategy == "window"
    assert report.summary is None and report.snapshot is None and report.sanitized is None
    assert report.summary_validation is None and report.summary_diff is None
    assert report.cleared == [] and report.summarized_ids == []


def test_the_report_is_frozen(summarized: CompactionReport) -> None:
    with pytest.raises(ValueError, match="frozen"):
        summarized.strategy = "none"  # type: ignore[misc]
