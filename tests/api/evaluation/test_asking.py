"""The eval asks each question last: recall is measured, the question never counts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from api.evaluation.asking import answer_present, ask_questions, recall_timer
from api.evaluation.datasets import load_runs
from api.evaluation.prefix import prefix_share, request_bytes
from api.evaluation.replay import replay_run
from api.evaluation.runner import EvalConfig, evaluate
from runtime import Budget, Compactor
from runtime.recall import RecallConfig
from runtime.summary.extractive import ExtractiveSummarizer

_FILLER = (
    "We talked about the weather, the traffic on the way home and what was on television "
    "last night, nothing in particular, just catching up after a long week at work."
)


def _sample(turns: int) -> dict[str, Any]:
    session = [
        {"speaker": "Ann", "dia_id": "D1:1", "text": "My sister Priya moved to Lisbon in March."},
        {"speaker": "Bo", "dia_id": "D1:2", "text": "Oh nice, how does she like it?"},
    ]
    for i in range(turns):
        speaker = "Ann" if i % 2 == 0 else "Bo"
        session.append({"speaker": speaker, "dia_id": f"D2:{i + 1}", "text": f"{_FILLER} ({i})"})
    return {
        "sample_id": "s1",
        "conversation": {"speaker_a": "Ann", "speaker_b": "Bo", "session_1": session[:2]}
        | {"session_2": session[2:]},
        "qa": [
            {
                "question": "Where did Priya move to?",
                "answer": "Lisbon",
                "evidence": ["D1:1"],
                "category": 4,
            },
            {
                "question": "Where did Priya move to, in brief?",
                "answer": "yes",
                "evidence": ["D9:9"],
                "category": 4,
            },
        ],
    }


def _compactor(recall: bool) -> Compactor:
    budget = Budget(
        600, max_output_tokens=0, tool_reserve=0, safety_margin=0, trigger=1.0, target=0.8
    )
    return Compactor(
        budget=budget,
        summarizer=ExtractiveSummarizer(),
        summary_budget=0.25,
        recall=RecallConfig(enabled=recall, share=0.4),
    )


def _replayed(tmp_path: Path, recall: bool) -> list[Any]:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([_sample(60)]), encoding="utf-8")
    (run,) = load_runs(path)
    compactor = _compactor(recall)
    replay = replay_run(run, compact=compactor.compact)
    assert "D1:1" not in replay.final_ids  # evicted long ago
    with recall_timer() as timer:
        asked = ask_questions(replay, compact=compactor.compact, timer=timer)
    return [asked, timer.ms]


def test_recall_brings_the_evidence_back_when_the_question_is_asked_last(tmp_path: Path) -> None:
    (lisbon, short), ms = _replayed(tmp_path, recall=True)
    assert lisbon.retained and lisbon.verbatim
    assert "D1:1" in lisbon.recalled_ids and lisbon.recall_tokens > 0
    assert lisbon.context_tokens <= 600
    # evidence that is nowhere and an answer of 4 characters or fewer: never retained, even
    # though the question itself is in the context sent
    assert not short.retained
    assert ms is not None and len(ms) == 2


def test_without_recall_the_evicted_evidence_is_missed(tmp_path: Path) -> None:
    (lisbon, _), _ = _replayed(tmp_path, recall=False)
    assert not lisbon.verbatim
    assert lisbon.recall_tokens == 0


def test_the_question_text_is_never_searched() -> None:
    assert answer_present("Lisbon, Portugal", "she moved to lisbon, portugal in may")
    assert not answer_present("yes", "yes she did")  # short answers only through evidence
    assert not answer_present("Lisbon", "lisbonne")


def test_prefix_share_is_the_common_start_in_bytes() -> None:
    first = request_bytes([{"role": "user", "content": "a"}])
    second = request_bytes([{"role": "user", "content": "a"}, {"role": "user", "content": "b"}])
    share = prefix_share(first, second)
    assert 0 < share < 1
    assert share == (len(first) - 1) / len(second)  # all but the closing bracket
    assert prefix_share(second, second) == 1.0
    assert prefix_share(b"", second) == 0.0
    assert prefix_share(second, b"") == 0.0


def test_evaluate_reports_held_out_minimum_reuse_and_recall(tmp_path: Path) -> None:
    path = tmp_path / "locomo.json"
    path.write_text(json.dumps([_sample(40)]), encoding="utf-8")
    result = evaluate(
        [path], EvalConfig(targets=(600,)), summarizer=ExtractiveSummarizer(), summarizer_name="x"
    )
    cells = {c["method"]: c for c in result["cells"]}
    ours = cells["tiermem/x"]
    assert ours["retention_min_run"] == "locomo:s1"
    assert ours["retention_held_out"] is None  # conversation 0 is a tuning conversation
    assert ours["recall_p50_ms"] is not None and ours["recall_tokens_per_turn"] > 0
    assert ours["max_context_tokens"] <= 600
    for cell in cells.values():
        assert 0 <= cell["prefix_reuse"] <= 1
    assert cells["window"]["recall_p50_ms"] is None


def test_a_call_over_budget_counts_though_the_last_call_fits(tmp_path: Path) -> None:
    # one user message larger than the cap, then short turns: only the call right after it
    # cannot fit, and the run ends within budget
    big = " ".join(f"item{i} costs {i} CNY" for i in range(400))
    turns: list[dict[str, str]] = [{"role": "user", "content": big}]
    turns.append({"role": "assistant", "content": "Noted."})
    for i in range(6):
        turns += [
            {"role": "user", "content": f"Short question {i}?"},
            {"role": "assistant", "content": f"Short answer {i}."},
        ]
    path = tmp_path / "chat.json"
    path.write_text(json.dumps({"messages": turns}), encoding="utf-8")
    result = evaluate(
        [path], EvalConfig(targets=(600,), baseline=False), summarizer=None, summarizer_name="-"
    )
    cell = result["cells"][0]
    assert cell["over_budget_runs"] == 1 and cell["over_budget_calls"] == 1
