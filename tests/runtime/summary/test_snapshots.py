"""Snapshots: record contents and diffs, the store, automatic and manual rollback."""

from __future__ import annotations

import json

import pytest

from runtime.formats import read_history
from runtime.summary.diff import diff_summaries
from runtime.summary.protocol import SummaryRequest, SummaryResponse
from runtime.summary.rolling import roll_summary
from runtime.summary.schema import CompactionSummary, Decision
from runtime.summary.snapshots import (
    InMemorySnapshotStore,
    SnapshotError,
    SnapshotRecord,
    SnapshotStore,
    make_snapshot,
    messages_sha256,
    rollback,
)
from runtime.summary.validate import validate_summary
from tests.runtime.summary.trip_fixture import (
    NOW,
    TRIP_RAW,
    count_tokens,
    derived,
    fact,
    summarized,
    truthful_summary,
)

PINNED = frozenset({"u1"})
MESSAGES = summarized()  # u1 a2 t3 a4 | u5 a6 t7 a8


class Queue:
    name = "queue"
    model = "fake-1"

    def __init__(self, *answers: CompactionSummary) -> None:
        self.answers = list(answers)

    def summarize(self, request: SummaryRequest) -> SummaryResponse:
        return SummaryResponse(summary=self.answers.pop(0), model="fake-1")


def v1() -> CompactionSummary:
    """The first half of the trip (u1..a4)."""
    base = truthful_summary(version=1)
    return base.model_copy(
        update={
            "source_message_ids": ["u1", "a2", "t3", "a4"],
            "facts": [f for f in base.facts if f.key != "train.outbound"],
            "decisions": base.decisions[1:],
            "open_questions": [],
            "tool_result_digests": base.tool_result_digests[:1],
        }
    )


def v2() -> CompactionSummary:
    """All of the trip; G7301 chosen, the question open."""
    return truthful_summary(version=2, previous_version=1)


def roll(previous, answer, chunk, rng, store: SnapshotStore):
    outcome = roll_summary(
        previous=previous,
        chunk=chunk,
        summarized_range=rng,
        summarizer=Queue(answer),
        budget_tokens=3000,
        count_tokens=count_tokens,
        pinned_ids=PINNED,
        now=NOW,
    )
    if outcome.snapshot is not None:
        store.put(outcome.snapshot)
    return outcome


def session() -> tuple[InMemorySnapshotStore, CompactionSummary]:
    """v1 from the first half, v2 from the second: both adopted and stored."""
    store = InMemorySnapshotStore()
    first = roll(None, v1(), MESSAGES[:4], MESSAGES[:4], store)
    second = roll(first.summary, v2(), MESSAGES[4:], MESSAGES, store)
    assert second.summary is not None, second.validation.to_dict()
    return store, second.summary


def test_records_describe_each_version_and_its_diff():
    store, _ = session()
    first, second = store.list()
    assert (first.version, first.previous_version, first.cut_index) == (1, None, 5)
    assert (first.first_message_id, first.last_message_id, first.message_count) == ("u1", "a4", 4)
    assert first.messages_sha256 == messages_sha256(MESSAGES[:4])
    assert (second.version, second.previous_version, second.cut_index) == (2, 1, 9)
    assert (second.first_message_id, second.last_message_id, second.message_count) == (
        "u1",
        "a8",
        8,
    )
    assert second.diff == {
        "added": [
            "fact:train.outbound",
            "decision:G7301 chosen",
            "question:回程有什么车？",
            "digest:c2",
        ],
        "changed": [],
        "superseded": [],
        "evicted": [],
        "removed": [],
    }
    assert second.validation["passed"] and second.schema_version == "compaction_summary.v2"
    assert store.latest() == second


def test_diff_records_superseded_changed_and_evicted_items():
    previous = v2()
    facts = [
        fact("train.outbound", "G7350", "chosen", "a8")
        if f.key == "train.outbound"
        else f.model_copy(update={"status": "constraint"})
        if f.key == "train_type"
        else f
        for f in previous.facts
    ]
    current = truthful_summary(
        version=3,
        facts=facts,
        tool_result_digests=previous.tool_result_digests[1:],
        decisions=[*previous.decisions, Decision(text="ask before buying", source_ids=["a8"])],
    )
    diff = diff_summaries(previous, current, evicted=["digest:c1"])
    assert diff.superseded == ("fact:train.outbound",)
    assert diff.changed == ("fact:train_type",)
    assert diff.evicted == ("digest:c1",)
    assert diff.added == ("decision:ask before buying",)
    assert diff.removed == ()


def test_record_round_trips_through_json():
    store, _ = session()
    record = store.list()[1]
    again = SnapshotRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    assert again.load_summary() == derived(v2())
    with pytest.raises(SnapshotError, match="lacks field"):
        SnapshotRecord.from_dict({"version": 1})


def test_store_versions_are_immutable():
    store, _ = session()
    assert isinstance(store, SnapshotStore)
    with pytest.raises(SnapshotError, match="already stored"):
        store.put(store.list()[0])
    assert store.get(7) is None and InMemorySnapshotStore().latest() is None


def test_automatic_rollback_keeps_the_previous_version_current():
    store, current = session()
    bad = truthful_summary(version=3, facts=[*current.facts, fact("budget.max", "500 CNY")])
    outcome = roll(current, bad, MESSAGES[8:], MESSAGES, store)
    assert outcome.rolled_back and outcome.fallback == "invalid_summary"
    assert outcome.summary is None and outcome.snapshot is None
    assert [r.version for r in store.list()] == [1, 2]


def test_manual_rollback_creates_the_next_version_restored_from_the_old_one():
    store, _ = session()
    outcome = rollback(store=store, to_version=1, current_version=2, now=NOW)
    assert outcome.fallback is None and outcome.summary is not None
    restored = outcome.summary
    assert (restored.summary_version, restored.previous_version, restored.restored_from) == (
        3,
        2,
        1,
    )
    assert restored.facts == derived(v1()).facts
    assert restored.decisions == derived(v1()).decisions
    # The caller rewinds its cut to where v1 left it: u5 onwards is raw again.
    assert outcome.cut_index == 5 and outcome.last_message_id == "a4"
    record = store.get(3)
    assert record is not None and record == outcome.snapshot and store.latest() == record
    assert (record.restored_from, record.summarizer, record.message_count) == (1, "rollback", 4)
    assert "decision:G7301 chosen" in record.diff["removed"]
    # Nothing is lost: the messages after the cut are summarized again into version 4.
    after = [m for m in MESSAGES if m.index >= outcome.cut_index]
    redo = roll(restored, truthful_summary(version=4, previous_version=3), after, MESSAGES, store)
    assert redo.summary is not None, redo.validation.to_dict()
    assert [r.version for r in store.list()] == [1, 2, 3, 4]


def test_rollback_revalidates_against_the_messages_when_given():
    store, _ = session()
    outcome = rollback(
        store=store,
        to_version=1,
        current_version=2,
        now=NOW,
        sources=MESSAGES,
        budget_tokens=3000,
        count_tokens=count_tokens,
    )
    assert outcome.summary is not None
    assert [c.name for c in outcome.validation.checks][:2] == ["history", "schema"]


def test_rollback_to_a_version_whose_messages_changed_falls_back_to_the_window():
    store, _ = session()
    edited = [dict(m) for m in TRIP_RAW[1:]]
    edited[0]["content"] = "单程不超过500元"
    sources = read_history(edited, format="openai-chat").messages
    outcome = rollback(
        store=store,
        to_version=1,
        current_version=2,
        now=NOW,
        sources=sources,
        budget_tokens=3000,
        count_tokens=count_tokens,
    )
    assert outcome.summary is None and outcome.fallback == "invalid_summary"
    assert "history" in outcome.validation.failed()
    assert [r.version for r in store.list()] == [1, 2]


def test_restoring_an_invalid_version_falls_back_to_the_window():
    store, _ = session()
    broken = truthful_summary(version=3, previous_version=2, facts=[fact("budget", "999 CNY")])
    report = validate_summary(
        broken,
        sources=MESSAGES,
        previous=None,
        diff=None,
        budget_tokens=3000,
        count_tokens=count_tokens,
    )
    store.put(
        make_snapshot(
            broken,
            covered=MESSAGES,
            summarizer="x",
            model=None,
            diff=None,
            validation=report,
            now=NOW,
        )
    )
    store.put(
        make_snapshot(
            truthful_summary(version=4, previous_version=3),
            covered=MESSAGES,
            summarizer="x",
            model=None,
            diff=None,
            validation=None,
            now=NOW,
        )
    )
    recorded = rollback(store=store, to_version=3, current_version=4, now=NOW)
    assert recorded.summary is None and recorded.fallback == "invalid_summary"
    checked = rollback(
        store=store,
        to_version=3,
        current_version=4,
        now=NOW,
        sources=MESSAGES,
        budget_tokens=3000,
        count_tokens=count_tokens,
    )
    assert checked.summary is None and "quantities" in checked.validation.failed()
    assert store.latest().version == 4


def test_rollback_rejects_unknown_or_newer_versions():
    store, _ = session()
    with pytest.raises(SnapshotError, match="no snapshot of summary version 9"):
        rollback(store=store, to_version=9, current_version=2, now=NOW)
    with pytest.raises(SnapshotError, match="not older"):
        rollback(store=store, to_version=2, current_version=2, now=NOW)
    with pytest.raises(LookupError):
        rollback(store=store, to_version=1, current_version=5, now=NOW)
