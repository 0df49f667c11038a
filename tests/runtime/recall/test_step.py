"""The recall step: query, candidates, score floor, budget, placement, the block."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from runtime.blocks import GUARD_TEXT
from runtime.errors import BudgetError
from runtime.formats import read_history
from runtime.grouping import Group, group_messages
from runtime.messages import Format, Message
from runtime.protocol import find_protocol_errors
from runtime.recall import (
    BLOCK_COLUMNS,
    OPEN_TAG,
    RECALL_MESSAGE_ID,
    Recall,
    RecallConfig,
    RecallIndex,
    block_turns,
    index_evicted,
    insertion_group,
    query_terms,
    recall,
    with_block,
)
from runtime.summary.schema import CompactionSummary, Fact, OpenQuestion
from runtime.tokens import TiktokenCounter

COUNTER = TiktokenCounter()
TRIP = Path(__file__).resolve().parents[2] / "data" / "trip"
_BODY = re.compile(re.escape(OPEN_TAG) + r"\n(?P<body>.*)\n</recalled_turns>", re.DOTALL)


def _read(entries: list[Any], fmt: Format = "openai-chat") -> tuple[Group, ...]:
    return group_messages(read_history(entries, format=fmt).messages)


def _setup(
    entries: list[Any], keep: int, fmt: Format = "openai-chat"
) -> tuple[RecallIndex, list[tuple[Message, ...]]]:
    """Index every group but the last ``keep``; those are the context."""
    groups = _read(entries, fmt)
    cut = len(groups) - keep
    index = index_evicted(RecallIndex(), groups, stop=cut, counter=COUNTER, max_chars=2000)
    return index, [g.messages for g in groups[cut:]]


def _run(entries: list[Any], keep: int, fmt: Format = "openai-chat", **options: Any) -> Recall:
    index, context = _setup(entries, keep, fmt)
    options.setdefault("budget_tokens", 2000)
    return recall(index, context=context, entries=entries, fmt=fmt, counter=COUNTER, **options)


def _block(outcome: Recall) -> dict[str, Any]:
    """The block's JSON, each group's rows read back as turn dicts."""
    assert outcome.message is not None
    match = _BODY.fullmatch(outcome.message.text)
    assert match is not None
    data: dict[str, Any] = json.loads(match.group("body"))
    assert data["columns"] == [*BLOCK_COLUMNS, "more"]
    data["groups"] = block_turns(data["groups"])
    return data


def _trip(name: str, question: str) -> list[Any]:
    entries: list[Any] = json.loads((TRIP / f"{name}.json").read_text(encoding="utf-8"))
    return [*entries, {"id": "q", "role": "user", "content": question}]


@pytest.mark.parametrize(
    ("name", "question"),
    [
        ("trip_zh_source", "刚才为什么排除 G123？"),
        ("trip_zh_variant", "刚才为什么排除 G123？"),
        ("trip_en_variant", "Why was G123 excluded?"),
    ],
)
def test_the_trip_exclusion_comes_back_for_the_why_question(name: str, question: str) -> None:
    entries = _trip(name, question)
    outcome = _run(entries, keep=6, budget_tokens=1500)
    assert outcome.reason is None
    text = outcome.message.text if outcome.message else ""
    assert "G123" in text and "18:41" in text
    assert outcome.tokens <= 1500
    assert outcome.hits[0].score >= RecallConfig().floor
    # the latest user message is the question: the block goes right before it
    assert outcome.position == 5
    out = with_block(_setup(entries, 6)[1], outcome)
    assert out[-2].id == RECALL_MESSAGE_ID and out[-1].id == "q"
    assert find_protocol_errors([m.raw for m in out], format="openai-chat") == []


def test_the_block_is_data_in_a_user_message_with_ids_and_times() -> None:
    entries: list[Any] = [
        {"role": "user", "content": "My budget is 200 CNY", "timestamp": "2026-09-01T09:00:00Z"},
        {"role": "assistant", "content": "Noted <b>200</b> & done"},
        {"role": "user", "content": "tell me a joke"},
        {"role": "assistant", "content": "no"},
        {"role": "user", "content": "what was my budget again?"},
    ]
    outcome = _run(entries, keep=1)
    assert outcome.message is not None
    raw = outcome.message.raw
    assert raw["role"] == "user"
    assert "<b>" not in outcome.message.text and "\\u003cb\\u003e" in outcome.message.text
    groups = _block(outcome)["groups"]
    user, reply = groups[0]  # the best hit; the next unit may follow on context terms
    assert user["role"] == "user" and user["at"] == "2026-09-01T09:00:00Z"
    assert user["id"].startswith("m0-") and reply["id"].startswith("m1-")
    assert reply["text"] == "Noted <b>200</b> & done"
    assert outcome.ids[:2] == (user["id"], reply["id"])
    report = outcome.to_report()
    assert report["recalled"][0]["ids"] == [user["id"], reply["id"]]
    assert report["recalled"][0]["score"] > report["recalled"][-1]["score"] or len(groups) == 1
    assert report["recall_tokens"] == outcome.tokens == COUNTER.count_messages([outcome.message])[0]


def _sessions(per_message: bool) -> list[Any]:
    """Two sessions of four exchanges about the trip, then the question."""
    entries: list[Any] = []
    for day in (1, 2):
        for turn in range(4):
            at = f"2026-09-0{day}T09:{turn:02d}:00Z" if per_message else f"2026-09-0{day}T09:00:00Z"
            entries.append(
                {"role": "user", "content": f"trip budget {day}{turn} CNY", "timestamp": at}
            )
            later = at.replace(":00Z", ":30Z") if per_message else at
            entries.append(
                {"role": "assistant", "content": f"budget noted {day}", "timestamp": later}
            )
    return [*entries, {"role": "user", "content": "what was the trip budget?"}]


def test_a_time_is_said_once_per_run_of_groups_said_at_it() -> None:
    outcome = _run(_sessions(per_message=False), keep=1, budget_tokens=4000)
    assert outcome.message is not None and len(outcome.hits) == 8
    text = outcome.message.text
    assert text.count("2026-09-01T09:00:00Z") == 1 and text.count("2026-09-02T09:00:00Z") == 1
    groups = _block(outcome)["groups"]
    assert {turn["at"] for turn in groups[0]} == {"2026-09-01T09:00:00Z"}
    assert {turn["at"] for turn in groups[-1]} == {"2026-09-02T09:00:00Z"}
    assert outcome.tokens == COUNTER.count_messages([outcome.message])[0]


@pytest.mark.parametrize("per_message", [False, True])
def test_groups_indexed_before_block_lines_stay_within_the_room(per_message: bool) -> None:
    """A held index's groups cost what their stored rows cost: more than their lines, unless a
    line holds a time string, and then the line is counted. The block always fits."""
    entries = _sessions(per_message)
    index, context = _setup(entries, keep=1)
    held = index.to_dict()
    for item in held["groups"]:
        item[5] = COUNTER.count_text(item[4] + ",\n")  # the rows' cost, as stored before lines
    old = RecallIndex.from_dict(held)
    for budget in range(150, 900, 25):
        outcome = recall(
            old,
            context=context,
            entries=entries,
            fmt="openai-chat",
            budget_tokens=budget,
            counter=COUNTER,
        )
        if outcome.message is not None:
            assert COUNTER.count_messages([outcome.message])[0] <= outcome.tokens <= budget


@pytest.mark.parametrize("fmt", ["openai-chat", "openai-responses", "anthropic"])
def test_tokens_are_exact_in_every_format(fmt: Format) -> None:
    if fmt == "openai-chat":
        user: dict[str, Any] = {"role": "user", "content": "budget 200 CNY, 預算 二百"}
    elif fmt == "anthropic":
        user = {"role": "user", "content": [{"type": "text", "text": "budget 200 CNY, 預算 二百"}]}
    else:
        user = {"type": "message", "role": "user", "content": "budget 200 CNY, 預算 二百"}
    reply = {"role": "assistant", "content": "ok\n\n  <noted>"}
    entries = [user, reply, user | {"content": "and the budget?"}]
    if fmt == "anthropic":
        entries[2] = {"role": "user", "content": "and the budget?"}
    outcome = _run(entries, keep=1, fmt=fmt)
    assert outcome.message is not None
    assert outcome.tokens == COUNTER.count_messages([outcome.message])[0]


def test_nothing_above_the_floor_means_no_block() -> None:
    entries = _trip("trip_en_variant", "Can you recommend a thriller novel?")
    strict = _run(entries, keep=4, config=RecallConfig(floor=50.0))
    assert strict.message is None and strict.reason == "below_floor"
    unrelated = _run(entries, keep=4, config=RecallConfig(floor=50.0))
    assert unrelated.hits == ()


def test_no_user_message_no_query_disabled_no_room_empty() -> None:
    entries: list[Any] = [
        {"role": "user", "content": "budget 200"},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": "the and of"},
    ]
    assert _run(entries, keep=1).reason == "no_query_terms"
    assert _run(entries[:2], keep=1).reason == "no_user_message"
    assert _run(entries, keep=1, config=RecallConfig(enabled=False)).reason == "disabled"
    asked = [*entries[:2], {"role": "user", "content": "budget?"}]
    assert _run(asked, keep=1, budget_tokens=0).reason == "no_room"
    assert _run(asked, keep=1, budget_tokens=5).reason == "too_large"
    index = RecallIndex()
    outcome = recall(
        index,
        context=[g.messages for g in _read(asked)],
        entries=asked,
        fmt="openai-chat",
        budget_tokens=100,
        counter=COUNTER,
    )
    assert outcome.reason == "empty_index"


def test_groups_in_the_context_or_excluded_are_never_recalled() -> None:
    entries: list[Any] = [
        {"id": "a", "role": "user", "content": "budget 200 CNY"},
        {"id": "b", "role": "assistant", "content": "budget noted"},
        {"id": "c", "role": "user", "content": "budget 300 CNY then"},
        {"id": "d", "role": "assistant", "content": "budget updated"},
        {"id": "q", "role": "user", "content": "what budget?"},
    ]
    groups = _read(entries)
    index = index_evicted(RecallIndex(), groups, stop=4, counter=COUNTER, max_chars=2000)
    pinned_context = [groups[0].messages, groups[4].messages]  # "a" kept verbatim (pinned)
    outcome = recall(
        index,
        context=pinned_context,
        entries=entries,
        fmt="openai-chat",
        budget_tokens=500,
        counter=COUNTER,
        exclude_ids={"c"},
    )
    # "a" is in the context, "c" excluded: their units never come back whole or in part
    assert outcome.reason == "below_floor" or not {"a", "b", "c", "d"} & set(outcome.ids)


def test_an_edited_group_is_not_recalled() -> None:
    entries: list[Any] = [
        {"id": "a", "role": "user", "content": "the budget is 200 CNY"},
        {"id": "b", "role": "assistant", "content": "ok"},
        {"id": "q", "role": "user", "content": "budget?"},
    ]
    index, context = _setup(entries, keep=1)
    edited = [{**entries[0], "content": "the budget is 900 CNY"}, *entries[1:]]
    outcome = recall(
        index,
        context=context,
        entries=edited,
        fmt="openai-chat",
        budget_tokens=500,
        counter=COUNTER,
    )
    assert outcome.reason == "not_in_history" and outcome.message is None


def test_superseded_values_are_marked() -> None:
    entries: list[Any] = [
        {"id": "a", "role": "user", "content": "the budget is 300 CNY"},
        {"id": "b", "role": "assistant", "content": "ok"},
        {"id": "c", "role": "user", "content": "no wait, the budget is 200 CNY"},
        {"id": "d", "role": "assistant", "content": "ok"},
        {"id": "q", "role": "user", "content": "what was the budget?"},
    ]
    summary = CompactionSummary(
        summary_version=1,
        created_at=datetime(2026, 9, 1, tzinfo=UTC),
        source_message_ids=["a", "b", "c", "d"],
        facts=[
            Fact(
                key="budget", value="300 CNY", status="superseded", confidence=0.9, source_ids=["a"]
            ),
            Fact(
                key="budget", value="200 CNY", status="constraint", confidence=0.9, source_ids=["c"]
            ),
        ],
    )
    outcome = _run(entries, keep=1, summary=summary)
    turns = {t["id"]: t for group in _block(outcome)["groups"] for t in group}
    assert turns["a"]["superseded"] == [{"key": "budget", "value": "300 CNY", "now": "200 CNY"}]
    assert "superseded" not in turns["c"]
    assert outcome.tokens == COUNTER.count_messages([outcome.message])[0]  # type: ignore[list-item]


def test_open_questions_join_the_query_at_a_lower_weight() -> None:
    summary = CompactionSummary(
        summary_version=1,
        created_at=datetime(2026, 9, 1, tzinfo=UTC),
        open_questions=[OpenQuestion(text="second class for the return?", source_ids=["m1"])],
    )
    weights = query_terms("yes please", summary)
    assert weights["class"] == pytest.approx(0.3)
    assert weights["yes"] == 1.0 and weights["pleas"] == 1.0
    assert query_terms("return class", summary)["class"] == 1.0
    assert "class" not in query_terms("yes", summary, open_question_weight=0)


def test_budget_bounds_the_block_and_best_groups_win() -> None:
    entries: list[Any] = []
    for n in range(30):
        entries.append({"role": "user", "content": f"note {n}: the budget is {n}00 CNY"})
        entries.append({"role": "assistant", "content": "noted " * n})
    entries.append({"role": "user", "content": "budget note 7?"})
    for budget in (60, 120, 400, 2000):
        outcome = _run(entries, keep=1, budget_tokens=budget)
        if outcome.message is not None:
            assert outcome.tokens <= budget
            assert outcome.tokens == COUNTER.count_messages([outcome.message])[0]
            starts = [int(i.split("-")[0][1:]) for i in outcome.ids]
            assert starts == sorted(starts)  # history order in the block
    outcome = _run(entries, keep=1, budget_tokens=2000, config=RecallConfig(max_groups=2))
    assert len(outcome.hits) <= 2


def test_anthropic_block_never_goes_into_a_tool_result_message() -> None:
    entries: list[Any] = [
        {"role": "user", "content": "find trains under 200 CNY"},
        {"role": "assistant", "content": "searching"},
        {"role": "user", "content": "weather?"},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "t1", "name": "search", "input": {}}],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": "G7301 73 CNY"},
                {"type": "text", "text": "also: which trains were under 200 CNY?"},
            ],
        },
    ]
    index, context = _setup(entries, keep=2, fmt="anthropic")
    assert insertion_group(context) == 1  # the tool group holding the user's text
    outcome = recall(
        index, context=context, entries=entries, fmt="anthropic", budget_tokens=500, counter=COUNTER
    )
    assert outcome.message is not None and outcome.position == 1
    out = with_block(context, outcome)
    assert [m.id for m in out].index(RECALL_MESSAGE_ID) == 1
    assert find_protocol_errors([m.raw for m in out], format="anthropic") == []


def test_tiermem_data_blocks_are_not_user_text() -> None:
    entries: list[Any] = [
        {"role": "user", "content": "budget 200 CNY"},
        {"role": "assistant", "content": "ok"},
        {"role": "user", "content": "what budget?"},
        {"role": "user", "content": OPEN_TAG + '\n{"groups":[]}\n</recalled_turns>'},
    ]
    _, context = _setup(entries, keep=2)
    assert insertion_group(context) == 0


@pytest.mark.parametrize(
    "options",
    [
        {"share": 0.95},
        {"share": -0.1},
        {"floor": -1},
        {"floor": float("nan")},
        {"max_groups": 0},
        {"max_groups": True},
        {"max_chars": 10},
        {"open_question_weight": 2},
    ],
)
def test_config_is_validated(options: dict[str, Any]) -> None:
    with pytest.raises(BudgetError):
        RecallConfig(**options)


def test_the_guard_text_covers_both_blocks_without_a_version() -> None:
    assert "compaction_summary" in GUARD_TEXT and "recalled_turns" in GUARD_TEXT
    assert "v1" not in GUARD_TEXT and "schema='" not in GUARD_TEXT
    assert "untrusted" in GUARD_TEXT and "superseded" in GUARD_TEXT
