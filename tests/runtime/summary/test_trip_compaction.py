"""The source document's trip through compaction at a small budget (issue 10, "Must show").

The frozen transcripts of ``tests/data/trip`` (the source document's Chinese words, a
Chinese and an English rewording, two more rewordings written on 2026-12-05) compacted with a
2,500-token context (the summary's share: about 375 tokens), one-shot and turn by turn: every
user constraint of ``expected.json`` / ``expected_2.json`` survives (in one summary item with
its value and direction, by the corpus' matching rule, or in a message still sent), and so
does the G123 exclusion with its reason. Then the question "why was G123 excluded" (each
file's own wording) is asked as the latest user message: the context holds the answer's
keywords.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from runtime import Budget, Compactor
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.schema import CompactionSummary
from tests.runtime.summary.constraint_corpus import fold, item_texts, kept
from tests.scenarios.trip import TRANSCRIPTS, TranscriptName, expected, transcript, why_question

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
LIMIT = 2500


def _compactor() -> Compactor:
    budget = Budget(LIMIT, max_output_tokens=0, tool_reserve=0, safety_margin=0)
    return Compactor(budget, summarizer=ExtractiveSummarizer())


def _compact(messages: list[dict[str, Any]], mode: str) -> Any:
    compactor = _compactor()
    if mode == "one-shot":
        return compactor.compact(messages, now=NOW)
    state, result = None, None
    for end in range(2, len(messages) + 1):
        result = compactor.compact(messages[:end], state=state, now=NOW)
        state = result.state
    return result


def _summary(result: Any) -> CompactionSummary:
    return CompactionSummary.model_validate(result.report["summary"])


@pytest.mark.parametrize("mode", ["one-shot", "turn-by-turn"])
@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_every_constraint_and_the_exclusion_survive(name: str, mode: str) -> None:
    facts = expected()["files"][f"{name}.json"]
    result = _compact(transcript(name), mode)
    # the last turn-by-turn call may send what the state implies (strategy none): summary active
    assert result.report["summary"] is not None, result.report["fallback"]
    evicted = [c for c in facts["constraints"] if c["message_id"] not in result.ids]
    assert len(evicted) >= len(facts["constraints"]) - 1  # the plan had to be evicted
    summary = _summary(result)
    texts = item_texts(summary)
    for constraint in facts["constraints"]:
        _, direction = kept(constraint, texts)
        assert direction or constraint["message_id"] in result.ids, (constraint, texts)
    [excluded] = facts["excluded"]
    keywords = [fold(k) for k in excluded["reason_keywords_any"]]
    decisions = [fold(f"{d.text} {d.reason or ''}") for d in summary.decisions]
    assert any(fold(excluded["train"]) in d and any(k in d for k in keywords) for d in decisions), (
        decisions
    )


@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_the_why_question_finds_its_answer_in_the_context(name: TranscriptName) -> None:
    question = why_question(name)
    messages = transcript(name)
    compactor = _compactor()
    first = compactor.compact(messages, now=NOW)
    asked = [*messages, {"id": "q1", "role": "user", "content": question["text"]}]
    result = compactor.compact(asked, state=first.state, now=NOW)
    context = fold(json.dumps(result.messages, ensure_ascii=False))
    for keyword in question["answer_keywords"]:
        assert fold(keyword) in context, keyword
    assert any(fold(s) in context for s in question["answer_supporting"])
