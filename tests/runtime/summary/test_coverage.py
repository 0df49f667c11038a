"""The coverage check (issue 10): an independent scanner of user-authored constraints, repair
of what a summary dropped, and the lost list in the snapshot record."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from runtime.formats import read_history
from runtime.messages import Message
from runtime.summary.coverage import check_coverage, scan_user_clauses, with_coverage
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from runtime.summary.rolling import roll_summary
from runtime.summary.schema import CompactionSummary, Fact
from runtime.summary.snapshots import SnapshotRecord
from runtime.summary.validate import ValidationReport, check_item
from tests.runtime.summary.trip_fixture import count_tokens

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)


class Forgetful:
    """A summarizer that keeps nothing (as a careless LLM might): an empty summary."""

    name = "forgetful"
    model: str | None = None

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        summary = CompactionSummary(
            summary_version=request.next_version,
            previous_version=request.previous.summary_version if request.previous else None,
            source_message_ids=[m.id for m in request.messages],
            created_at=request.now,
        )
        return SummaryResponse(summary=summary)


def _chat(*entries: tuple[str, str]) -> list[Message]:
    raw = [{"id": f"m{i}", "role": role, "content": text} for i, (role, text) in enumerate(entries)]
    return list(read_history(raw, format="openai-chat").messages)


def _roll(messages: list[Message], budget: int = 2000, max_chars: int = 4000) -> Any:
    return roll_summary(
        previous=None,
        chunk=messages,
        summarized_range=messages,
        summarizer=Forgetful(),
        budget_tokens=budget,
        count_tokens=count_tokens,
        pinned_ids=frozenset(),
        now=NOW,
        max_chars=max_chars,
    )


TRIP = _chat(
    ("user", "单程不超过200元，9月20日18点前回到上海。"),
    ("assistant", "好的，不超过200元。我不会自动购票。"),
    ("user", "Please don't book anything automatically. What's the weather like?"),
)


def test_the_scanner_reads_what_users_wrote_only() -> None:
    found = [(c.source_id, c.clause) for c in scan_user_clauses(TRIP)]
    assert found == [
        ("m0", "单程不超过200元"),
        ("m0", "9月20日18点前回到上海"),
        ("m2", "Please don't book anything automatically"),
    ]


def test_tool_results_inside_an_anthropic_user_message_are_not_user_text() -> None:
    raw = [
        {"role": "user", "content": "Find trains, at most 200 CNY."},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "t1", "name": "search", "input": {"q": "trains"}},
        ]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "G123 18:41, no seats, 68 CNY"},
            {"type": "text", "text": "Don't pick G123."},
        ]},
    ]  # fmt: skip
    messages = list(read_history(raw, format="anthropic").messages)
    clauses = [c.clause for c in scan_user_clauses(messages)]
    assert clauses == ["at most 200 CNY", "Don't pick G123"]


def test_a_summary_that_drops_constraints_is_repaired_before_adoption() -> None:
    outcome = _roll(TRIP)
    assert outcome.summary is not None, outcome.validation.to_dict()
    values = {f.value for f in outcome.summary.facts}
    assert {"单程不超过200元", "9月20日18点前回到上海"} <= values
    assert "Please don't book anything automatically" in values
    assert all(
        f.status == "constraint" and f.key.startswith("user.") for f in outcome.summary.facts
    )
    check = next(c for c in outcome.validation.checks if c.name == "coverage")
    assert check.passed
    assert outcome.snapshot.lost == []


def test_what_finds_no_room_is_listed_as_lost() -> None:
    outcome = _roll(TRIP, budget=150)
    assert outcome.summary is not None, outcome.validation.to_dict()
    lost = outcome.snapshot.lost
    assert lost and {entry["reason"] for entry in lost} == {"no_room"}
    kept = {f.value for f in outcome.summary.facts}
    assert kept.isdisjoint(entry["clause"] for entry in lost)
    assert kept  # the room there is went to the first constraints said
    assert lost[-1]["source_id"] == "m2"


def test_what_the_length_limit_cut_off_is_listed_as_truncated() -> None:
    long = "We talked about many things. " * 10 + "Never book a flight before 9am."
    outcome = _roll(_chat(("user", long)), max_chars=100)
    assert outcome.summary is None or outcome.snapshot is not None
    record = outcome.snapshot
    assert record is not None and {"source_id": "m0", "clause": "Never book a flight before 9am",
                                   "reason": "truncated"} in record.lost  # fmt: skip


def test_a_clause_validation_refuses_fails_the_check() -> None:
    summary = CompactionSummary(summary_version=1, created_at=NOW)
    coverage = check_coverage(
        summary, raw_chunk=TRIP, chunk=TRIP, sent_ids=frozenset(), accept=lambda _: False
    )
    assert len(coverage.missing) == 3 and not coverage.passed
    report = with_coverage(ValidationReport(True, []), coverage)
    assert not report.passed and report.failed() == ["coverage"]


def test_pinned_messages_are_covered_by_being_sent() -> None:
    summary = CompactionSummary(summary_version=1, created_at=NOW)
    coverage = check_coverage(
        summary, raw_chunk=TRIP, chunk=TRIP, sent_ids=frozenset({"m0", "m2"}), accept=bool
    )
    assert coverage.passed and not coverage.repaired and coverage.lost(summary) == ()


def test_a_kept_item_covers_its_clause_in_other_words() -> None:
    fact = Fact(key="budget.one_way.max", value="≤ 200 CNY", status="constraint",
                confidence=0.9, source_ids=["m0"])  # fmt: skip
    deadline = Fact(key="return.deadline", value="2026-09-20T18:00 before", status="constraint",
                    confidence=0.9, source_ids=["m0"])  # fmt: skip
    booking = Fact(key="booking.auto", value="no automatic booking", status="constraint",
                   confidence=0.9, source_ids=["m2"])  # fmt: skip
    summary = CompactionSummary(summary_version=1, created_at=NOW, facts=[fact, deadline, booking])
    coverage = check_coverage(
        summary, raw_chunk=TRIP, chunk=TRIP, sent_ids=frozenset(), accept=bool
    )
    assert coverage.repaired == () and coverage.lost(summary) == ()


@pytest.mark.parametrize("lost", [None, [{"source_id": "m1", "clause": "x", "reason": "no_room"}]])
def test_snapshot_records_read_with_and_without_a_lost_list(
    lost: list[dict[str, str]] | None,
) -> None:
    outcome = _roll(TRIP)
    data = outcome.snapshot.to_dict()
    if lost is None:
        del data["lost"]  # a record stored before issue 10
    else:
        data["lost"] = lost
    assert SnapshotRecord.from_dict(data).lost == (lost or [])


def test_a_clause_cut_at_a_dash_is_repaired_as_written() -> None:
    """ "…but not before 9 — they don't pick up earlier": the clause "not before 9" is re-added
    as the user wrote it; validation reads a verbatim clause as its source does, so the repair
    is never refused (a refused repair made the first summary invalid: no summary at all)."""
    text = "Remind me to call the dentist tomorrow, but not before 9 — they don't pick up earlier."
    messages = read_history([{"id": "u1", "role": "user", "content": text}]).messages
    assert "not before 9" in [c.clause for c in scan_user_clauses(messages)]
    repaired = Fact(
        key="user.not_before_9",
        value="not before 9",
        status="constraint",
        confidence=0.9,
        source_ids=["u1"],
    )
    assert check_item(repaired, messages) == {}
