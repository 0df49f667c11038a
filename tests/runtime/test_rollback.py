"""``resume_after_rollback``: continuing after a manual rollback loses no message (issue 3)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from runtime import (
    Budget,
    CompactionState,
    Compactor,
    read_history,
    resume_after_rollback,
    rollback_session,
)
from runtime.errors import SnapshotError
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.snapshots import InMemorySnapshotStore, SnapshotRecord, rollback

NOW = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)
PIN_TURN = 2


def _turn(i: int) -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": f"Day {i}: the hotel in town {i} costs {100 + i} CNY. " * 6},
        {"role": "assistant", "content": f"Noted for day {i}: option {i} at {100 + i} CNY. " * 5},
    ]


def _history(turns: int) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = [{"role": "system", "content": "You plan trips."}]
    for i in range(turns):
        entries += _turn(i)
    return entries


class Session:
    """An agent loop that records snapshots, the state of each version and what was summarized."""

    def __init__(self, history: list[dict[str, Any]]) -> None:
        budget = Budget(2_400, max_output_tokens=300, tool_reserve=0, safety_margin=100)
        self.compactor = Compactor(budget, summarizer=ExtractiveSummarizer())
        self.history = history
        self.store = InMemorySnapshotStore()
        self.state: CompactionState | None = None
        self.states: dict[int, CompactionState] = {}
        self.covered: dict[int, set[str]] = {0: set()}
        self.ids = [m.id for m in read_history(history, format="openai-chat").messages]

    def step(self, seen: int, pins: tuple[str, ...]) -> None:
        before = self.state.summary_version if self.state else 0
        result = self.compactor.compact(
            self.history[:seen], pinned_ids=pins, state=self.state, now=NOW
        )
        report = result.report
        assert report["fallback"] is None
        self.state = result.state
        version = result.state.summary_version
        if report["snapshot"]:
            self.store.put(SnapshotRecord.from_dict(report["snapshot"]))
        if version != before:
            self.states[version] = result.state
            self.covered[version] = self.covered[before] | set(report["summarized_ids"])
        # never lost: every message is sent raw or covered by the active summary
        covered = self.covered[version] if result.state.summary_active else set()
        missing = [i for i in self.ids[:seen] if i not in set(result.ids) | covered]
        assert missing == [], f"lost after {seen} messages: {missing}"

    def rollback_to(self, version: int, *, exact: bool) -> None:
        assert self.state is not None
        messages = read_history(self.history, format="openai-chat").messages
        record = self.store.get(version)
        assert record is not None
        start = next(i for i, m in enumerate(messages) if m.id == record.first_message_id)
        compactor = self.compactor
        outcome = rollback(
            store=self.store,
            to_version=version,
            current_version=self.state.summary_version,
            now=NOW,
            sources=list(messages[start:]),
            budget_tokens=int(compactor.summary_budget * compactor.budget.target_tokens),
            count_tokens=compactor.counter.count_text,
        )
        assert outcome.summary is not None
        new = outcome.summary.summary_version
        self.state = resume_after_rollback(
            self.state,
            outcome,
            messages,
            version_state=self.states[version] if exact else None,
        )
        self.states[new] = self.state
        self.covered[new] = set(self.covered[version])


def _run(*, exact: bool) -> Session:
    history = _history(40)
    session = Session(history)
    pin = session.ids[1 + 2 * PIN_TURN]
    seen = 3
    while len(session.store.list()) < 4:
        session.step(seen, (pin,))
        seen += 1
    held = session.states[1].held_out
    assert pin in {ident for _, ident in held}  # v1 rolled over the pinned turn
    current = session.state
    assert current is not None
    session.rollback_to(1, exact=exact)
    restored = session.state
    assert restored is not None
    assert restored.summary_version == current.summary_version + 1
    assert restored.summary is not None and restored.summary["restored_from"] == 1
    assert restored.cut_index == session.store.get(1).cut_index  # type: ignore[union-attr]
    assert restored.summary_until_index == restored.cut_index
    assert pin in {ident for _, ident in restored.held_out}
    # the pin is removed after the rollback: the pinned turn is summarized, never dropped
    for more in range(seen, len(history) + 1):
        session.step(more, ())
    assert pin in session.covered[session.state.summary_version]  # type: ignore[union-attr]
    return session


@pytest.mark.parametrize("exact", [True, False], ids=["version_state", "derived"])
def test_messages_after_the_restored_version_are_never_lost(exact: bool) -> None:
    _run(exact=exact)


def test_exact_held_out_is_the_versions_own() -> None:
    session = _run(exact=True)
    restored = session.states[5]
    v1 = session.states[1]
    assert restored.held_out == tuple(m for m in v1.held_out if m[0] < restored.cut_index)  # type: ignore[operator]


def test_failed_restore_falls_back_to_the_window() -> None:
    state = CompactionState(format="openai-chat", summary={"x": 1}, summary_active=True)

    class Failed:
        summary = None
        cut_index = 3

    resumed = resume_after_rollback(state, Failed(), ())  # type: ignore[arg-type]
    assert resumed == CompactionState(format="openai-chat", summary={"x": 1}, summary_active=False)


def test_history_shorter_than_the_cut_is_refused() -> None:
    session = Session(_history(40))
    pin = session.ids[1 + 2 * PIN_TURN]
    seen = 3
    while len(session.store.list()) < 2:
        session.step(seen, (pin,))
        seen += 1
    assert session.state is not None
    outcome = rollback(
        store=session.store, to_version=1, current_version=session.state.summary_version, now=NOW
    )
    short = read_history(_history(1), format="openai-chat").messages
    with pytest.raises(SnapshotError):
        resume_after_rollback(session.state, outcome, short)


def test_rollback_session_is_rollback_plus_resume() -> None:
    manual = _run(exact=True)  # the same loop, rolled back by hand
    history = _history(40)
    session = Session(history)
    pin = session.ids[1 + 2 * PIN_TURN]
    seen = 3
    while len(session.store.list()) < 4:
        session.step(seen, (pin,))
        seen += 1
    assert session.state is not None
    compactor = session.compactor
    outcome, state = rollback_session(
        read_history(history[:seen], format="openai-chat").messages,
        state=session.state,
        store=session.store,
        to_version=1,
        now=NOW,
        budget_tokens=int(compactor.summary_budget * compactor.budget.target_tokens),
        count_text=compactor.counter.count_text,
        version_state=session.states[1],
    )
    assert outcome.fallback is None and outcome.validation.passed
    assert state == manual.states[session.state.summary_version + 1]


def test_rollback_session_refuses_an_edited_history() -> None:
    history = _history(40)
    session = Session(history)
    seen = 3
    while len(session.store.list()) < 3:
        session.step(seen, ())
        seen += 1
    assert session.state is not None
    edited = [dict(e) for e in history[:seen]]
    edited[2]["content"] = "The hotel in town 0 costs 999 CNY."
    messages = read_history(edited, format="openai-chat").messages
    outcome, state = rollback_session(
        messages,
        state=session.state,
        store=session.store,
        to_version=1,
        now=NOW,
        budget_tokens=400,
        count_text=session.compactor.counter.count_text,
    )
    assert outcome.fallback == "invalid_summary"
    assert state == replace(session.state, summary_active=False)
