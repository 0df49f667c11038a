"""The source document's scenario end to end through the public ``Compactor``.

A Shanghai-to-Hangzhou weekend trip grows past the budget; every constraint, the exclusion
and its reason survive compaction with the right source ids, and "why was G123 excluded" stays
answerable from the compacted context.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime

from runtime import Budget, Compactor
from runtime.summary.envelope import CLOSE_TAG, OPEN_TAG, parse_summary_block
from runtime.summary.extractive import ExtractiveSummarizer

NOW = datetime(2026, 9, 11, 2, 0, tzinfo=UTC)
TRAINS = json.dumps(
    [
        {"train": "G7301", "depart": "08:05", "arrive": "09:10", "price": 73},
        {"train": "G123", "depart": "09:30", "arrive": "12:40", "price": 68},
    ]
)


def _history() -> list[dict[str, object]]:
    h: list[dict[str, object]] = [
        {"id": "sys", "role": "system", "content": "You plan trips. Never book without consent."},
        {"id": "u1", "role": "user", "content": "帮我规划一次上海到杭州的周末行程。"},
        {"id": "u2", "role": "user", "content": "2026年9月19日上午从上海出发，单程不超过200元。"},
        {"id": "u3", "role": "user", "content": "9月20日18点前回到上海，优先直达，不自动购票。"},
        {
            "id": "a1",
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_7",
                    "type": "function",
                    "function": {
                        "name": "search_trains",
                        "arguments": '{"from":"上海","to":"杭州"}',
                    },
                }
            ],
        },
        {"id": "t1", "role": "tool", "tool_call_id": "call_7", "content": TRAINS},
        {
            "id": "a2",
            "role": "assistant",
            "content": "排除 G123，因为到达时间晚于计划。选 G7301，因为08:05出发、09:10到杭州。",
        },
    ]
    for i in range(40):  # small talk that pushes the plan out of the window
        h.append(
            {"id": f"u{10 + i}", "role": "user", "content": f"顺便问一下杭州第{i}家餐厅怎么样？"}
        )
        h.append(
            {
                "id": f"a{10 + i}",
                "role": "assistant",
                "content": "西湖边有很多不错的餐厅，推荐尝试本地菜，比如西湖醋鱼和龙井虾仁。",
            }
        )
    h.append({"id": "u99", "role": "user", "content": "刚才为什么排除 G123？"})
    return h


def test_trip_constraints_and_exclusion_survive_compaction() -> None:
    budget = Budget(
        context_limit=2000, max_output_tokens=0, tool_reserve=0, safety_margin=0, trigger=1.0,
        target=0.8,
    )  # fmt: skip
    compactor = Compactor(budget=budget, summarizer=ExtractiveSummarizer())
    pinned = {"u2", "u3"}
    result = compactor.compact(_history(), pinned_ids=pinned, now=NOW)
    texts = [m.get("content") for m in result.messages if isinstance(m.get("content"), str)]
    blocks = [t for t in texts if t.startswith(OPEN_TAG)]
    assert len(blocks) == 1, result.report.get("fallback")
    assert blocks[0].count(CLOSE_TAG) == 1
    summary = parse_summary_block(blocks[0])
    # The plan itself was dropped from the window (pins aside) ...
    assert "a2" not in result.ids
    # ... but the exclusion and its reason survive through the summary, citing a2.
    why = {d.text: d for d in summary.decisions}
    assert why["排除 G123"].reason == "到达时间晚于计划"
    assert why["排除 G123"].source_ids == ["a2"]
    assert why["选 G7301"].source_ids == ["a2"]
    facts = {f.key: f for f in summary.facts}
    # Pinned messages are kept verbatim, so they are held out of the summary's input (their
    # items would otherwise be unevictable and crowd out decisions): the constraints survive
    # as the pinned messages themselves.
    assert {"u2", "u3"} <= set(result.ids)
    assert not {"u2", "u3"} & set(result.report["summarized_ids"])
    # Option facts may be evicted to fit the summary budget; if kept, they must be right.
    if "option.G123" in facts:
        assert facts["option.G123"].status == "excluded"
    # Pinned constraints are either kept verbatim or carried by pinned facts (or both).
    for pin in pinned:
        assert pin in result.ids or any(pin in f.source_ids and f.pinned for f in summary.facts)
    context = "\n".join(texts)
    for needle in ("不超过200元", "18点前", "不自动购票", "优先直达", "G123", "到达时间晚于计划"):
        assert needle in context, needle
    # The summary is a user-role data message, never a system message.
    (carrier,) = [m for m in result.messages if m.get("content") == blocks[0]]
    assert carrier["role"] == "user"
