"""A bound on money is keyed by what it is for, so unrelated budgets never supersede each other
(``runtime/summary/budget_topic.py``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from runtime.formats import read_history
from runtime.summary.budget_topic import budget_topic
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.protocol import SummaryRequest
from runtime.summary.schema import CompactionSummary

NOW = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("clause", "before", "topic"),
    [
        ("The car rental can't go over $40 a day", "", "car"),
        ("keep each one under $50", "For the gifts, ", "gift"),
        ("Actually make the gifts max $60", "", "gift"),
        ("停车费最多30块一天", "", "停车"),
        ("礼物每个别超过两百块", "", "礼物"),
        ("My budget is $500 max", "", "amount"),
        ("预算改成三百以内", "", "amount"),
    ],
)
def test_the_topic_is_the_first_word_beside_the_bound(clause: str, before: str, topic: str) -> None:
    assert budget_topic(clause, before) == topic


def _rolled(*texts: str) -> CompactionSummary:
    previous: CompactionSummary | None = None
    for i, text in enumerate(texts):
        messages = read_history([{"id": f"u{i}", "role": "user", "content": text}]).messages
        request = SummaryRequest(
            previous=previous,
            messages=messages,
            pinned_ids=frozenset(),
            now=NOW,
            next_version=previous.summary_version + 1 if previous else 1,
            budget_tokens=4000,
        )
        previous = ExtractiveSummarizer().summarize(request).summary
    assert previous is not None
    return previous


def test_unrelated_budgets_stay_live_and_a_revision_replaces_its_own() -> None:
    summary = _rolled(
        "For the gifts, keep each one under $50.",
        "The car rental can't go over $40 a day.",
        "停车费最多30块一天。",
        "Actually make the gifts max $60.",
    )
    live = {f.key: f.value for f in summary.facts if f.status == "constraint"}
    assert live["budget.gift.max"] == "≤ 60 USD"
    assert live["budget.car.max"] == "≤ 40 USD"
    assert live["budget.停车.max"].startswith("≤ 30 CNY")
    replaced = [f.value for f in summary.facts if f.status == "superseded"]
    assert replaced == ["≤ 50 USD"]
