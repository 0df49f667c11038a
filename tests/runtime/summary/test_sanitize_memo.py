"""The sanitize and quantity memos (``runtime.summary.edits``) change nothing but the cost.

Every text of the real data (tau-bench, LoCoMo) and of the attack corpora is sanitized once
through the memo (a miss: computed) and once more (a hit: replayed from the stored edit
script); both results must equal the unmemoized function's, counts included. Whole
compactions with the memo on and off must give the same messages, summary and report.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest

from runtime import Budget, Compactor, RecallConfig
from runtime.formats import read_history
from runtime.recall import indexing
from runtime.recall.indexing import LINE_TOKENS, index_unit
from runtime.summary import edits, quantities
from runtime.summary import sanitize as sanitize_module
from runtime.summary.edits import DigestMemo, EditMemo, marker_pattern, replay, script_of
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.quantities import QUANTITY_MEMO, _extract, extract_quantities
from runtime.summary.sanitize import SANITIZE_MEMO, _sanitize, sanitize_text
from runtime.tokens import TiktokenCounter
from tests.conftest import shared_data
from tests.suite_profile import every

NOW = datetime(2026, 5, 1, tzinfo=UTC)
ATTACKS = Path(__file__).resolve().parents[2] / "data" / "attacks"


def _tau_texts() -> Iterator[str]:
    runs = json.loads(shared_data("tau-bench", "gpt-4o-airline.json").read_text())
    for run in runs:
        for entry in run["traj"]:
            if isinstance(entry.get("content"), str):
                yield entry["content"]
            for call in entry.get("tool_calls") or ():
                yield call["function"]["arguments"]


def _locomo_texts() -> Iterator[str]:
    for sample in json.loads(shared_data("locomo", "locomo10.json").read_text()):
        conversation = sample["conversation"]
        for key, turns in conversation.items():
            if key.startswith("session_") and isinstance(turns, list):
                yield from (turn["text"] for turn in turns)


def _attack_texts() -> Iterator[str]:
    for name in ("garak_prompts.jsonl", "poison_variants.jsonl", "sensitive.jsonl"):
        for line in (ATTACKS / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                yield from (v for v in row.values() if isinstance(v, str))


def _sample(texts: list[str]) -> list[str]:
    """Every text under ``scripts/check --full``; every eighth (always the same ones) by default,
    which keeps the default suite within its time."""
    return every(texts, 8)


def _check_corpus(texts: list[str], options: list[tuple[int, bool]]) -> tuple[int, int]:
    """Sanitize each text through the memo twice per option; returns (texts, scripts kept)."""
    SANITIZE_MEMO.clear()
    for max_chars, untrusted in options:
        for text in texts:
            expected = _sanitize(text, max_chars, untrusted)
            first = sanitize_text(text, max_chars=max_chars, untrusted=untrusted)
            second = sanitize_text(text, max_chars=max_chars, untrusted=untrusted)
            assert first == expected, text[:120]
            assert second == expected, text[:120]
    return len(texts) * len(options), len(SANITIZE_MEMO)


@pytest.mark.parametrize("corpus", ["tau-bench", "locomo", "attacks"])
def test_memoized_sanitizing_equals_the_uncached_function(corpus: str) -> None:
    source = {"tau-bench": _tau_texts, "locomo": _locomo_texts, "attacks": _attack_texts}[corpus]
    texts = _sample(list(dict.fromkeys(source())))
    # the long texts' cut is exercised by the small limit on every corpus
    options = [(4000, True), (300, False)] if corpus != "tau-bench" else [(4000, True), (200, True)]
    total, kept = _check_corpus(texts, options)
    assert total > 400
    assert kept > 0.95 * total  # nearly every result is replayable, so the memo is used


@pytest.mark.parametrize("corpus", ["tau-bench", "locomo", "attacks"])
def test_memoized_quantities_equal_the_uncached_parser(corpus: str) -> None:
    source = {"tau-bench": _tau_texts, "locomo": _locomo_texts, "attacks": _attack_texts}[corpus]
    texts = _sample(list(dict.fromkeys(source())))
    QUANTITY_MEMO.clear()
    for reference in (None, "2026-05-01T10:00:00Z"):
        ref = date(2026, 5, 1) if reference else None
        for text in texts:
            expected = _extract(text, ref)
            assert extract_quantities(text, reference=reference) == expected, text[:120]
            assert extract_quantities(text, reference=reference) == expected, text[:120]
    assert len(QUANTITY_MEMO) > 0.95 * 2 * len(texts)


def test_packed_quantities_hold_no_input_text() -> None:
    found = extract_quantities("Booking ZQXJ42 on May 3 for 120 dollars at 6pm")
    assert ("code", "zqxj42") in {(q.kind, q.value) for q in found}
    packed = QUANTITY_MEMO.get(
        edits.text_digest("Booking ZQXJ42 on May 3 for 120 dollars at 6pm", None)
    )
    assert packed is not None
    assert "zqxj" not in repr(packed)


def test_a_script_holds_no_input_text() -> None:
    markers = marker_pattern(["[REDACTED:email]", "[FLAGGED:injection]"])
    text = "write to zqxj@example.com now, zqxj"
    output = "write to [REDACTED:email] now, zqxj"
    script = script_of(text, output, markers)
    assert script is not None
    assert all(isinstance(piece, tuple) or "zqxj" not in piece for piece in script)
    assert replay(text, script) == output


def test_an_output_with_foreign_text_is_not_stored() -> None:
    memo: EditMemo[int] = EditMemo(4, markers=marker_pattern(["[FLAGGED:injection]"]))
    assert memo.call("abc", (), lambda: ("[REDACTED:zqxj] abc", 1)) == ("[REDACTED:zqxj] abc", 1)
    assert len(memo) == 0  # "[REDACTED:zqxj]" is not an allowed marker: nothing kept
    assert memo.call("abc", (), lambda: ("abc", 2)) == ("abc", 2)
    assert len(memo) == 1


def test_the_memo_is_bounded() -> None:
    memo: EditMemo[int] = EditMemo(3, markers=marker_pattern([]))
    for i in range(10):
        memo.call(f"text {i}", (), lambda i=i: (f"text {i}", i))  # type: ignore[misc]
    assert len(memo) == 3
    assert memo.call("text 9", (), lambda: ("wrong", -1)) == ("text 9", 9)  # a hit


def _tau_history(runs: int) -> list[dict[str, Any]]:
    data = json.loads(shared_data("tau-bench", "gpt-4o-airline.json").read_text())
    history: list[dict[str, Any]] = []
    for number, run in enumerate(data[:runs]):
        for entry in run["traj"]:
            if number and entry["role"] == "system":
                continue
            entry = dict(entry)
            if entry.get("tool_calls"):
                entry["tool_calls"] = [
                    {**c, "id": f"{c['id']}_{number}"} for c in entry["tool_calls"]
                ]
            if entry.get("tool_call_id"):
                entry["tool_call_id"] = f"{entry['tool_call_id']}_{number}"
            history.append(entry)
    return history


def _locomo_history(turns: int) -> list[dict[str, Any]]:
    """Conversation 0's first ``turns`` turns, speaker A as the user (as ``tiermem eval``)."""
    conversation = json.loads(shared_data("locomo", "locomo10.json").read_text())[0]
    conversation = conversation["conversation"]
    speaker = conversation["speaker_a"]
    history: list[dict[str, Any]] = []
    for number in range(1, 40):
        for turn in conversation.get(f"session_{number}", []):
            role = "user" if turn["speaker"] == speaker else "assistant"
            history.append({"role": role, "content": turn["text"]})
    return history[:turns]


def _replay(history: list[dict[str, Any]]) -> list[str]:
    compactor = Compactor(
        Budget(3_000, max_output_tokens=0, tool_reserve=0, safety_margin=0),
        summarizer=ExtractiveSummarizer(),
        recall=RecallConfig(),
    )
    outputs, state = [], None
    for end in range(40, len(history) + 1, 7):
        result = compactor.compact(history[:end], state=state, now=NOW)
        state = result.state
        report = result.report.model_dump(mode="json")
        report.pop("elapsed_ms")
        report.pop("service_elapsed_ms", None)
        outputs.append(json.dumps([result.messages, report], sort_keys=True, default=str))
    return outputs


@pytest.mark.parametrize("dataset", ["tau-bench", "locomo"])
def test_compactions_with_and_without_the_memo_are_identical(
    dataset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = _tau_history(6) if dataset == "tau-bench" else _locomo_history(300)
    SANITIZE_MEMO.clear()
    QUANTITY_MEMO.clear()
    LINE_TOKENS.clear()
    cached = _replay(history)
    again = _replay(history)  # every sanitizing and parsing a hit now
    off: EditMemo[Any] = EditMemo(0, markers=edits.marker_pattern([]))
    monkeypatch.setattr(sanitize_module, "SANITIZE_MEMO", off)
    monkeypatch.setattr(quantities, "QUANTITY_MEMO", DigestMemo(0))
    monkeypatch.setattr(indexing, "LINE_TOKENS", DigestMemo(0))
    uncached = _replay(history)
    assert len(cached) > 10
    assert sum('"strategy": "summary"' in step for step in cached) > 3
    assert cached == uncached
    assert again == uncached


class _CharCounter:
    """A counter whose counts its name does not determine (like a LangChain function)."""

    encoding_name = "same-name"

    def __init__(self, per_char: int) -> None:
        self.per_char = per_char

    def count_text(self, text: str) -> int:
        return len(text) * self.per_char


def test_line_tokens_are_memoized_for_tiktoken_only() -> None:
    messages = read_history([{"role": "user", "content": "Find flights to Lisbon"}]).messages
    LINE_TOKENS.clear()
    one = index_unit(messages, counter=_CharCounter(1), max_chars=4000)  # type: ignore[arg-type]
    two = index_unit(messages, counter=_CharCounter(2), max_chars=4000)  # type: ignore[arg-type]
    assert two.tokens == 2 * one.tokens
    assert len(LINE_TOKENS) == 0
    counted = index_unit(messages, counter=TiktokenCounter(), max_chars=4000)
    assert len(LINE_TOKENS) == 1
    assert index_unit(messages, counter=TiktokenCounter(), max_chars=4000) == counted
