"""The window on 200 real recorded agent runs (tau-bench airline, GPT-4o, Chat format).

Every run is compacted whole at several budgets, and replayed turn by turn with the state
threaded, with the invariants of the property tests (``check_window``), the provider-protocol
validator included. Skips with the reason when ``../shared/data`` is absent.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from runtime import Budget, Compactor
from runtime.formats import read_history
from tests.conftest import shared_data
from tests.runtime.compaction.test_compactor_properties import (
    COUNTER,
    assert_same_as_full_read,
    check_window,
    expected_trigger,
)
from tests.suite_profile import every


@pytest.fixture(scope="module")
def runs() -> list[dict[str, Any]]:
    path = shared_data("tau-bench", "gpt-4o-airline.json")
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def make_budget(usable: int) -> Budget:
    return Budget(usable + 1_600, max_output_tokens=1_000, tool_reserve=400, safety_margin=200)


def test_data_is_what_the_readme_says(runs: list[dict[str, Any]]) -> None:
    assert len(runs) == 200
    assert sum(len(r["traj"]) for r in runs) == 5_308


@pytest.mark.parametrize("usable", [2_500, 4_000, 8_000])
def test_every_run_compacted_whole(runs: list[dict[str, Any]], usable: int) -> None:
    budget = make_budget(usable)
    compactor = Compactor(budget=budget, counter=COUNTER)
    triggered = over = 0
    for run in runs:
        entries = run["traj"]
        ids = [m.id for m in read_history(entries).messages]
        pins = {ids[1]}  # the first user message: the task's constraints
        result = compactor.compact(entries, pinned_ids=[ids[1]])
        check_window(entries, "openai-chat", result, budget, pins)
        triggered += result.report["triggered"]
        over += result.report["over_budget"]
    assert triggered > 0
    assert over < len(runs) // 10


def test_turn_by_turn_with_state(runs: list[dict[str, Any]]) -> None:
    budget = make_budget(3_000)
    compactor = Compactor(budget=budget, counter=COUNTER)
    compactions = calls = incremental = 0
    for run in every(runs, 2):
        entries = run["traj"]
        state = None
        points = [i for i, e in enumerate(entries) if e["role"] == "assistant"] + [len(entries)]
        for length in points:
            history = entries[:length]
            result = compactor.compact(history, state=state)
            r = result.report
            assert r["trigger_tokens"] == expected_trigger(compactor, state)
            assert r["triggered"] == (r["context_tokens"] > r["trigger_tokens"])
            check_window(history, "openai-chat", result, budget, set())
            if state is not None:
                assert_same_as_full_read(compactor, history, "openai-chat", set(), state, result)
            incremental += r["incremental"]
            compactions += r["triggered"]
            calls += 1
            state = result.state
    # the gap between trigger and target keeps compaction from running on every call
    assert 0 < compactions < calls // 3
    assert incremental > calls // 3  # most calls between compactions read only the window
