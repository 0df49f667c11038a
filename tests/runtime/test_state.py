"""``CompactionState``'s summary: JSON in the value, a model through ``summary_model``, parsed
once per value and shared by the copies ``replace`` makes."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from runtime import Budget, CompactionState, Compactor, FormatError
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.schema import CompactionSummary, Fact

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)


def _summary(version: int = 1) -> CompactionSummary:
    fact = Fact(key="budget", value="300 CNY", status="constraint", confidence=1, source_ids=["u1"])
    return CompactionSummary(summary_version=version, facts=[fact], created_at=NOW)


def test_with_summary_holds_its_json_and_version() -> None:
    summary = _summary(3)
    state = CompactionState(format="openai-chat").with_summary(summary)
    assert state.summary == summary.model_dump(mode="json")
    assert state.summary_version == 3
    assert state.summary_model is summary


def test_the_model_is_parsed_once_and_shared_by_copies() -> None:
    state = CompactionState.from_json(
        CompactionState(format="openai-chat").with_summary(_summary()).to_json()
    )
    first = state.summary_model
    assert first == _summary()
    assert state.summary_model is first
    assert replace(state, cut_index=4, cut_id="m4").summary_model is first
    other = replace(state, summary=_summary(2).model_dump(mode="json"))
    assert other.summary_model == _summary(2)
    assert state.summary_model is first  # the copy's parse did not touch the original


def test_an_invalid_summary_fails_on_access_not_on_construction() -> None:
    state = CompactionState(format="openai-chat", summary={"not": "a summary"})
    with pytest.raises(FormatError, match="invalid summary"):
        _ = state.summary_model
    assert CompactionState(format="openai-chat").summary_model is None


def test_the_cache_is_not_part_of_the_value() -> None:
    summary = _summary()
    parsed = CompactionState(format="openai-chat").with_summary(summary)
    plain = CompactionState(
        format="openai-chat", summary=summary.model_dump(mode="json"), summary_version=1
    )
    assert parsed == plain
    assert parsed.to_dict() == plain.to_dict()
    assert "_parsed" not in parsed.to_dict() and "_parsed" not in repr(parsed)
    with pytest.raises(FormatError, match="unknown fields: _parsed"):
        CompactionState.from_json({**plain.to_dict(), "_parsed": None})


def test_a_compaction_parses_the_states_summary_at_most_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    history: list[dict[str, Any]] = [{"role": "system", "content": "You plan trips."}]
    for i in range(100):
        history.append({"role": "user", "content": f"Turn {i}: at most {100 + i} CNY."})
        history.append({"role": "assistant", "content": f"Noted {i}. " + "detail " * 60})
    compactor = Compactor(
        Budget(4_000, max_output_tokens=500, tool_reserve=0), summarizer=ExtractiveSummarizer()
    )
    state = CompactionState.from_json(compactor.compact(history[:120], now=NOW).state.to_json())
    assert state.summary is not None
    parsed: list[object] = []
    original = CompactionSummary.model_validate.__func__  # type: ignore[attr-defined]

    def counting(cls: type[CompactionSummary], data: Any, **kwargs: Any) -> CompactionSummary:
        if data is state.summary:
            parsed.append(data)
        return original(cls, data, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(CompactionSummary, "model_validate", classmethod(counting))
    warm = compactor.compact(history[:122], state=state, now=NOW)
    again = compactor.compact(history, state=state, now=NOW)  # triggered: a new version
    assert (warm.report.strategy, again.report.strategy) == ("none", "summary")
    assert len(parsed) == 1
    assert again.state.summary_model == again.report.summary  # the new state is born parsed
