"""``AnthropicCompaction`` on the ``anthropic`` SDK's own objects, against a scripted model."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from anthropic import Anthropic, AsyncAnthropic
from anthropic.types import Message, TextBlock, ThinkingBlock, ToolUseBlock

from runtime import Compactor
from runtime.adapters.anthropic_messages import AnthropicCompaction, Prepared
from runtime.recall import RECALL_MESSAGE_ID
from runtime.summary import ExtractiveSummarizer
from tests.runtime.adapters.scripted_sdk import (
    BUDGET,
    Recorder,
    assert_valid_and_within,
    tool_output,
)

TOOLS = [
    {
        "name": "search_flights",
        "description": "Search flights",
        "input_schema": {
            "type": "object",
            "properties": {"to": {"type": "string", "description": "destination"}},
            "required": ["to"],
        },
    }
]
SYSTEM = [
    {
        "type": "text",
        "text": "You are a travel agent. Use the tools.",
        "cache_control": {"type": "ephemeral"},
    }
]
FIRST = {
    "role": "user",
    "content": [
        {
            "type": "text",
            "text": "Find me flights to Lisbon.",
            "cache_control": {"type": "ephemeral"},
        }
    ],
}


def scripted(answer_every: int) -> Any:
    def message(turn: int, body: dict[str, Any]) -> dict[str, Any]:
        """A scripted ``message``: thinking then a tool call; every Nth turn thinking then text."""
        thinking = {"type": "thinking", "thinking": f"Leg {turn}.", "signature": f"sig{turn}" * 8}
        if answer_every and turn % answer_every == answer_every - 1:
            content = [thinking, {"type": "text", "text": f"Answer {turn}: TM{turn}."}]
            stop = "end_turn"
        else:
            call = {"type": "tool_use", "id": f"toolu_{turn}", "name": "search_flights"}
            content = [thinking, {**call, "input": {"to": f"city{turn}"}}]
            stop = "tool_use"
        return {
            "id": f"msg_{turn}",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }

    return message


def client_for(recorder: Recorder) -> Anthropic:
    return Anthropic(
        api_key="test", base_url="http://127.0.0.1:9", http_client=recorder.http_client("anthropic")
    )


def follow_up(messages: list[Any], response: Message, turn: int) -> None:
    """What an agent loop appends: the response's SDK blocks (or the ``Message`` itself)."""
    messages.append(response if turn % 2 else {"role": "assistant", "content": response.content})
    calls = [block for block in response.content if isinstance(block, ToolUseBlock)]
    if calls:
        results = [
            {"type": "tool_result", "tool_use_id": call.id, "content": tool_output(turn)}
            for call in calls
        ]
        messages.append({"role": "user", "content": results})
    else:
        messages.append({"role": "user", "content": f"And after turn {turn}?"})


@pytest.mark.parametrize(
    ("answer_every", "summarizer"),
    [(5, None), (0, ExtractiveSummarizer())],
    ids=["window, a user turn every 5", "extractive summary, one prompt then 30 tool turns"],
)
def test_a_30_turn_tool_loop_sends_only_valid_requests_within_budget(
    answer_every: int, summarizer: ExtractiveSummarizer | None
) -> None:
    recorder = Recorder(scripted(answer_every))
    client = client_for(recorder)
    memory = AnthropicCompaction(Compactor(BUDGET, summarizer=summarizer))
    messages: list[Any] = [FIRST]
    dropped = 0
    for turn in range(30):
        response = memory.create(
            client, model="scripted", max_tokens=300, system=SYSTEM, messages=messages, tools=TOOLS
        )
        assert isinstance(response.content[0], ThinkingBlock)
        assert memory.last is not None and not memory.last.report["over_budget"]
        dropped += len(memory.last.report["dropped_ids"])
        follow_up(messages, response, turn)
    assert dropped > 0 and len(recorder.bodies) == 30
    for body in recorder.bodies:
        assert body["system"] == SYSTEM and body["tools"] == TOOLS
        assert body["messages"][0]["role"] == "user"
        assert_valid_and_within(
            body["messages"], format="anthropic", budget=BUDGET, tools=TOOLS, system=SYSTEM
        )
        for message in body["messages"]:
            if message["role"] == "assistant":  # thinking stays first in its own message
                assert message["content"][0]["type"] == "thinking"
    last = recorder.bodies[-1]["messages"]
    assert last[-1]["content"][0]["tool_use_id"] == "toolu_28"
    assert len(last) < len(messages)


def test_cache_control_and_the_system_prompt_are_left_intact() -> None:
    memory = AnthropicCompaction(Compactor(BUDGET))
    messages: list[Any] = [FIRST]
    memory.pinned_ids.update(memory.ids(messages))
    for turn in range(10):
        blocks = [
            ThinkingBlock(type="thinking", thinking="t", signature="s"),
            ToolUseBlock(type="tool_use", id=f"t{turn}", name="search_flights", input={"to": "x"}),
        ]
        messages.append({"role": "assistant", "content": blocks})
        result = {"type": "tool_result", "tool_use_id": f"t{turn}", "content": tool_output(turn)}
        messages.append({"role": "user", "content": [result]})
        messages.append({"role": "assistant", "content": [TextBlock(type="text", text="ok")]})
        messages.append({"role": "user", "content": "next"})
    prepared = memory.prepare(messages, system=SYSTEM, tools=TOOLS)
    assert isinstance(prepared, Prepared) and prepared.system is SYSTEM
    assert prepared.messages[0] is FIRST  # pinned, the caller's object, cache_control included
    assert memory.last is not None and memory.last.report["dropped_ids"]
    # every entry sent is the caller's own object, except the recall block (recall is on by
    # default: "next" matches the evicted "next" turns), the one entry tiermem adds
    added = [
        entry_id
        for sent, entry_id in zip(prepared.messages, memory.last.ids, strict=True)
        if not any(m is sent for m in messages)
    ]
    assert added == [RECALL_MESSAGE_ID]


def test_a_string_system_prompt_is_counted_and_returned() -> None:
    memory = AnthropicCompaction(BUDGET)
    messages = [{"role": "user", "content": "hi"}]
    assert memory.prepare(messages, system="Be brief.") == Prepared(messages, "Be brief.")
    assert memory.prepare(messages) == Prepared(messages, None)


def test_acreate_with_the_async_client() -> None:
    recorder = Recorder(scripted(5))
    http = recorder.async_http_client("anthropic")
    client = AsyncAnthropic(api_key="test", base_url="http://127.0.0.1:9", http_client=http)
    memory = AnthropicCompaction(Compactor(BUDGET))

    async def loop() -> None:
        messages: list[Any] = [FIRST]
        for turn in range(10):
            response = await memory.acreate(
                client, model="s", max_tokens=300, system=SYSTEM, messages=messages, tools=TOOLS
            )
            follow_up(messages, response, turn)
        await client.close()

    asyncio.run(loop())
    for body in recorder.bodies:
        assert_valid_and_within(
            body["messages"], format="anthropic", budget=BUDGET, tools=TOOLS, system=SYSTEM
        )
