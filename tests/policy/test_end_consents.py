"""Which candidate a consent in the ``/end`` body names (``policy.end_consents``), as a table."""

from __future__ import annotations

from typing import Any

import pytest

from longterm.registry import DEFAULT_REGISTRY
from policy.candidates import Candidate
from policy.end_consents import merge_consents
from policy.task_end import CandidateOutcome, KeepConsent

CANDIDATES = [
    Candidate("travel.budget.one_way_max", "200 CNY", 0.8, ("session:s1", "m1"),
              "budget.one_way.max", "constraint"),
    Candidate("no.u55e9153534", "不要自动购票", 0.9, ("session:s1", "m2"), "no.自动购票",
              "constraint"),
]  # fmt: skip


def _merge(*consents: dict[str, Any]) -> dict[str, Candidate | CandidateOutcome]:
    merged = merge_consents(
        CANDIDATES,
        [KeepConsent(**c) for c in consents],
        session_id="s1",
        registry=DEFAULT_REGISTRY,
    )
    return {item.key: item for item in merged}


@pytest.mark.parametrize(
    ("consent", "consented_key"),
    [
        ({"key": "travel.budget.one_way_max"}, "travel.budget.one_way_max"),  # the key
        ({"key": "budget.one_way.max"}, "travel.budget.one_way_max"),  # the fact key shown
        ({"key": "budget.one_way_max"}, "travel.budget.one_way_max"),  # an alias
        ({"key": "no.自动购票"}, "no.u55e9153534"),  # a non-ASCII fact key
        ({"key": "no.u55e9153534"}, "no.u55e9153534"),
    ],
)
def test_a_consent_finds_its_candidate(consent: dict[str, Any], consented_key: str) -> None:
    merged = _merge(consent)
    assert set(merged) == {c.key for c in CANDIDATES}
    for key, item in merged.items():
        assert isinstance(item, Candidate)
        assert item.consent is (key == consented_key)


def test_a_value_overrides_and_is_certain() -> None:
    item = _merge({"key": "budget.one_way.max", "value": "不超过180元"})[
        "travel.budget.one_way_max"
    ]
    assert isinstance(item, Candidate)
    assert (item.value, item.confidence, item.consent) == ("180 CNY", 1.0, True)


def test_unknown_keys_and_event_kinds() -> None:
    merged = _merge(
        {"key": "travel.seat.preference", "value": "aisle"},  # a new candidate of its own
        {"key": "food.diet"},  # nothing to keep: value.missing
        {"key": "task.decision"},  # the task's consent to its timeline: not a preference
    )
    seat = merged["travel.seat.preference"]
    assert isinstance(seat, Candidate) and seat.consent and seat.fact_key is None
    diet = merged["food.diet"]
    assert isinstance(diet, CandidateOutcome) and diet.rule == "value.missing"
    assert "task.decision" not in merged
