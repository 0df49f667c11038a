"""The service recalls what the library recalls: the same groups, on the same history.

A history is replayed turn by turn, the way an agent uses the service: append the user's
message, ask ``/context``, append the reply. Beside it the library's ``Compactor`` (recall on,
same summarizer, same budget and trigger the service used, same shares) compacts the same
history with its own state, whose index is a value. At every call both must send the same
messages and recall the same groups, with the same scores: the service's index lives in its
recall tables, and a warm call loads only the candidates the query needs (the database
narrows, the library scores). Runs on SQLite and PostgreSQL: a synthetic English and Chinese
history always (plain chat, and tool loops in each of the three formats: a recalled call comes
back with its results), and the first sessions of a LoCoMo conversation (a tuning one) when the
shared data is there (45 rounds by default, 90 under ``scripts/check --full``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import Session

import api.sessions.context as context_module
from api.sessions import ContextIn, build_context
from api.sessions.calibration import with_trigger
from api.sessions.context_read import read_full
from runtime import Compactor, RecallConfig
from runtime.budget import Budget
from runtime.messages import Format
from runtime.state import CompactionState
from runtime.summary.extractive import ExtractiveSummarizer
from tests.api._sessions_support import FIXED_NOW, T1, append, new_session, runtime_with
from tests.suite_profile import FULL

BUDGET = {"context_limit": 1400, "max_output_tokens": 300, "tool_reserve": 100, "safety_margin": 50}

FACTS = [
    "My sister Alice lives in Lisbon and plays the violin in the city orchestra.",
    "我的酒店预算是每晚不超过800元，千万别订青旅。",
    "The conference in Porto starts on 2026-09-19 at 09:30, badge pickup at the north gate.",
    "我对花生过敏，订餐的时候一定要注意。",
    "Our team budget for the offsite tops out at 4,500 euros, catering included.",
    "回程的火车必须在18:25之前到达上海虹桥站。",
    "Bob, my manager, prefers aisle seats and never flies before 8am.",
    "我们在杭州住的是西湖边的那家酒店，房间号是1208。",
    "The rental car is a blue Fiat Panda, plate AB-123-CD, return by Sunday noon.",
    "我女儿下周三在学校有钢琴比赛，我得早点回家。",
]
FILLER = [
    "Let us talk about something else for a while: the weather has been mild and sunny.",
    "今天的天气不错，我们聊聊别的事情吧，比如周末去哪里散步。",
    "I read an article about gardening and composting kitchen scraps in small flats.",
    "最近在看一本关于历史的书，讲的是宋朝的城市生活和市场。",
]
QUESTIONS = [
    "Which instrument does Alice play, and in which city?",
    "酒店每晚的预算上限是多少？",
    "When exactly does the Porto conference start?",
    "我对什么东西过敏？",
    "How much can we spend on the offsite at most?",
    "回程火车最晚几点到虹桥？",
    "What seats does Bob prefer?",
    "杭州酒店的房间号是多少？",
    "What is the plate of the rental car?",
    "我女儿的钢琴比赛是哪天？",
]


def synthetic_turns() -> list[tuple[str, str]]:
    """(user, assistant) rounds: facts, small talk that pushes them out, then questions."""
    turns: list[tuple[str, str]] = []
    for i, fact in enumerate(FACTS):
        turns.append((fact, f"Noted, thank you ({i})."))
        for j in range(3):
            chat = FILLER[(i + j) % len(FILLER)]
            turns.append((f"{chat} ({i}.{j})", f"Sure, happy to chat about that ({i}.{j})."))
    for i, question in enumerate(QUESTIONS):
        turns.append((question, f"Let me check ({i})."))
    return turns


def locomo_turns(limit: int) -> list[tuple[str, str]]:
    """The first ``limit`` rounds of LoCoMo conversation 0 (a tuning conversation)."""
    from tests.conftest import shared_data

    sample = json.loads(shared_data("locomo", "locomo10.json").read_text())[0]
    conversation = sample["conversation"]
    texts: list[str] = []
    k = 1
    while f"session_{k}" in conversation:
        texts.extend(turn["text"] for turn in conversation[f"session_{k}"])
        k += 1
    pairs = list(zip(texts[0::2], texts[1::2], strict=False))
    return pairs[:limit]


def _library(report: dict[str, Any]) -> Compactor:
    """The library's compactor with the budget, trigger and shares the service used."""
    budget = with_trigger(Budget(**BUDGET), report["adaptive_trigger"]["effective_trigger"])
    return Compactor(
        budget,
        summarizer=ExtractiveSummarizer(),
        summary_budget=report["summary_share"],
        recall=RecallConfig(enabled=True, share=report["recall_share"]),
    )


Round = tuple[list[dict[str, Any]], list[dict[str, Any]]]
"""(what the user appends before a model call, what the agent appends after it)."""


def chat_rounds(turns: list[tuple[str, str]]) -> list[Round]:
    """Plain Chat Completions rounds: one user message, one assistant reply."""
    return [
        ([{"role": "user", "content": u}], [{"role": "assistant", "content": r}]) for u, r in turns
    ]


def _tool_text(i: int, user: str) -> tuple[str, str]:
    """A tool call's arguments and its result, carrying the user's fact for the first rounds."""
    return json.dumps({"q": f"lookup {i}"}), f"record {i}: {user} (source: notes, row {i})"


def chat_tool_rounds(turns: list[tuple[str, str]]) -> list[Round]:
    """Chat Completions rounds where the agent looks each message up with a tool first."""
    rounds: list[Round] = []
    for i, (user, reply) in enumerate(turns):
        args, result = _tool_text(i, user)
        call = {
            "id": f"call_{i}",
            "type": "function",
            "function": {"name": "notes", "arguments": args},
        }
        agent: list[dict[str, Any]] = [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": f"call_{i}", "content": result},
            {"role": "assistant", "content": reply},
        ]
        rounds.append(([{"role": "user", "content": user}], agent))
    return rounds


def anthropic_tool_rounds(turns: list[tuple[str, str]]) -> list[Round]:
    """Anthropic rounds: ``tool_use`` in the assistant turn, ``tool_result`` in a user turn."""
    rounds: list[Round] = []
    for i, (user, reply) in enumerate(turns):
        args, result = _tool_text(i, user)
        use = {"type": "tool_use", "id": f"toolu_{i}", "name": "notes", "input": json.loads(args)}
        agent: list[dict[str, Any]] = [
            {"role": "assistant", "content": [{"type": "text", "text": "Looking."}, use]},
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": result}
                ],
            },
            {"role": "assistant", "content": [{"type": "text", "text": reply}]},
        ]
        rounds.append(([{"role": "user", "content": [{"type": "text", "text": user}]}], agent))
    return rounds


def responses_tool_rounds(turns: list[tuple[str, str]]) -> list[Round]:
    """Responses rounds: ``function_call`` and ``function_call_output`` items between messages."""
    rounds: list[Round] = []
    for i, (user, reply) in enumerate(turns):
        args, result = _tool_text(i, user)
        agent: list[dict[str, Any]] = [
            {"type": "function_call", "call_id": f"fc_{i}", "name": "notes", "arguments": args},
            {"type": "function_call_output", "call_id": f"fc_{i}", "output": result},
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": reply}],
            },
        ]
        rounds.append(([{"type": "message", "role": "user", "content": user}], agent))
    return rounds


def replay(
    db: Session,
    rounds: list[Round],
    monkeypatch: pytest.MonkeyPatch,
    *,
    fmt: Format = "openai-chat",
    opening: list[dict[str, Any]] | None = None,
) -> dict[str, int]:
    """Replay ``rounds`` through the service and the library; assert every call agrees."""
    full_reads = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        full_reads.append(1)
        return read_full(*args, **kwargs)

    monkeypatch.setattr(context_module, "read_full", counted)
    sid = new_session(db, **BUDGET)  # type: ignore[arg-type]
    runtime = runtime_with(ExtractiveSummarizer())
    history: list[dict[str, Any]] = (
        [{"role": "system", "content": "You are a helpful agent."}] if opening is None else opening
    )
    if history:
        append(db, sid, list(history))
    state: CompactionState | None = None
    seen = {"calls": 0, "recalled": 0, "compacted": 0}
    for step, (user, agent) in enumerate(rounds):
        append(db, sid, user)
        history.extend(user)
        out = build_context(
            db, tenant_id=T1, session_id=sid, user_scope=None, body=ContextIn(), runtime=runtime
        )
        report = out.report.model_dump(mode="json")
        mine = _library(report).compact(history, format=fmt, state=state, now=FIXED_NOW)
        state = mine.state
        lib = mine.report.model_dump(mode="json")
        where = f"step {step}: {json.dumps(user)[:60]}"
        assert report["recall"]["recalled"] == lib["recall"]["recalled"], where
        assert report["recall"]["reason"] == lib["recall"]["reason"], where
        assert report["recall"]["indexed_groups"] == lib["recall"]["indexed_groups"], where
        assert out.ids == list(mine.ids), where
        assert out.messages == list(mine.messages), where
        seen["calls"] += 1
        seen["recalled"] += bool(lib["recall"]["recalled_ids"])
        seen["compacted"] += report["strategy"] != "none"
        append(db, sid, agent)
        history.extend(agent)
    seen["full_reads"] = len(full_reads)
    return seen


def _not_vacuous(seen: dict[str, int]) -> None:
    """Several compactions evicted groups, recall brought some back, and most calls were warm
    (read only what the state implies, the candidates narrowed by the recall tables)."""
    assert seen["compacted"] >= 3 and seen["recalled"] >= 5, seen
    assert seen["full_reads"] < seen["calls"] // 2, seen


def test_service_and_library_recall_the_same_groups_in_english_and_chinese(
    db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    _not_vacuous(replay(db, chat_rounds(synthetic_turns()), monkeypatch))


def test_service_and_library_recall_the_same_groups_on_locomo(
    db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first 45 rounds by default, 90 under ``scripts/check --full``."""
    _not_vacuous(replay(db, chat_rounds(locomo_turns(90 if FULL else 45)), monkeypatch))


def dated_rounds() -> list[Round]:
    """Chat rounds said two a day from 1 September 2026, then questions that name the day a
    fact was said and share no other word with it (only its date terms can find it)."""
    turns = synthetic_turns()[: len(FACTS) * 4]
    rounds: list[Round] = []
    for i, (user, reply) in enumerate(turns):
        at = f"2026-09-{1 + i // 2:02d}T10:{i % 2:02d}:00"
        rounds.append(
            (
                [{"role": "user", "content": user, "timestamp": at}],
                [{"role": "assistant", "content": reply, "timestamp": at}],
            )
        )
    for i in range(len(FACTS)):
        day = 1 + (i * 4) // 2
        at = f"2026-09-{21 + i:02d}T10:00:00"
        question = f"Remind me what I told you on {day} September 2026?"
        rounds.append(
            (
                [{"role": "user", "content": question, "timestamp": at}],
                [{"role": "assistant", "content": f"Let me check ({i}).", "timestamp": at}],
            )
        )
    return rounds


def test_service_and_library_recall_the_same_groups_for_a_question_naming_a_date(
    db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    _not_vacuous(replay(db, dated_rounds(), monkeypatch))


TOOL_LOOPS: dict[str, tuple[Format, Any, list[dict[str, Any]] | None]] = {
    # format, its rounds, the opening (None: a system message; Anthropic and Responses carry
    # the system prompt outside the messages, so they open with none)
    "chat": ("openai-chat", chat_tool_rounds, None),
    "responses": ("openai-responses", responses_tool_rounds, []),
    "anthropic": ("anthropic", anthropic_tool_rounds, []),
}


@pytest.mark.parametrize("loop", sorted(TOOL_LOOPS))
def test_service_and_library_recall_the_same_tool_groups(
    loop: str, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A recalled tool call comes back with its results: the same whole groups on both sides
    (on Anthropic the ``tool_result`` blocks ride in user turns)."""
    fmt, rounds, opening = TOOL_LOOPS[loop]
    seen = replay(db, rounds(synthetic_turns()), monkeypatch, fmt=fmt, opening=opening)
    _not_vacuous(seen)
