"""``ChatCompaction`` on the ``openai`` SDK's own objects, against a scripted model."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from openai import AsyncOpenAI, OpenAI
from openai.types.chat import ChatCompletionMessage

from runtime import CompactionState, Compactor, ProtocolError
from runtime.adapters.openai_chat import ChatCompaction
from runtime.recall import OPEN_TAG
from tests.runtime.adapters.scripted_sdk import (
    BUDGET,
    Recorder,
    assert_valid_and_within,
    tool_output,
)

TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "search_flights",
            "description": "Search flights",
            "parameters": {
                "type": "object",
                "properties": {"to": {"type": "string", "description": "destination"}},
                "required": ["to"],
            },
        },
    }
]
SYSTEM = {"role": "system", "content": "You are a travel agent. Use the tools."}


def completion(turn: int, body: dict[str, Any]) -> dict[str, Any]:
    """A scripted ``chat.completion``: two parallel calls, every fifth turn a text answer."""
    if turn % 5 == 4:
        message: dict[str, Any] = {"role": "assistant", "content": f"Answer {turn}: TM{turn}."}
        reason = "stop"
    else:
        calls = [
            {
                "id": f"call_{turn}_{i}",
                "type": "function",
                "function": {"name": "search_flights", "arguments": json.dumps({"to": f"c{i}"})},
            }
            for i in range(2)
        ]
        message = {"role": "assistant", "content": None, "refusal": None, "tool_calls": calls}
        reason = "tool_calls"
    return {
        "id": f"chatcmpl-{turn}",
        "object": "chat.completion",
        "created": 1_790_000_000 + turn,
        "model": body["model"],
        "choices": [{"index": 0, "message": message, "finish_reason": reason, "logprobs": None}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def client_for(recorder: Recorder) -> OpenAI:
    return OpenAI(
        api_key="test", base_url="http://127.0.0.1:9/v1", http_client=recorder.http_client("openai")
    )


def follow_up(messages: list[Any], message: ChatCompletionMessage, turn: int) -> None:
    """Append what an agent loop appends after a response: the SDK object, then results."""
    messages.append(message)
    for index, call in enumerate(message.tool_calls or []):
        messages.append(
            {"role": "tool", "tool_call_id": call.id, "content": tool_output(turn, index)}
        )
    if not message.tool_calls:
        messages.append({"role": "user", "content": f"And the next leg after turn {turn}?"})


def test_a_30_turn_tool_loop_sends_only_valid_requests_within_budget() -> None:
    recorder = Recorder(completion)
    client = client_for(recorder)
    memory = ChatCompaction(Compactor(BUDGET))
    messages: list[Any] = [SYSTEM, {"role": "user", "content": "Find me flights to Lisbon."}]
    dropped = 0
    for turn in range(30):
        response = memory.create(client, model="scripted", messages=messages, tools=TOOLS)
        assert memory.last is not None and not memory.last.report["over_budget"]
        dropped += len(memory.last.report["dropped_ids"])
        follow_up(messages, response.choices[0].message, turn)
    assert len(recorder.bodies) == 30
    assert dropped > 0  # the budget did bite
    for body in recorder.bodies:
        assert body["tools"] == TOOLS and body["messages"][0] == SYSTEM
        assert_valid_and_within(body["messages"], format="openai-chat", budget=BUDGET, tools=TOOLS)
    # the last request ends with the loop's latest messages, serialized by the SDK itself
    last_sent = recorder.bodies[-1]["messages"]
    assert last_sent[-1]["tool_call_id"] == "call_28_1"
    assert len(last_sent) < len(messages) - 2


def test_kept_entries_are_the_callers_objects_and_the_sdk_accepts_them() -> None:
    message = ChatCompletionMessage.model_validate(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            ],
        }
    )
    history: list[Any] = [SYSTEM, {"role": "user", "content": "hi"}, message]
    history.append({"role": "tool", "tool_call_id": "c1", "content": "ok"})
    memory = ChatCompaction(BUDGET)
    sent = memory.prepare(history)
    assert all(a is b for a, b in zip(sent, history, strict=True))
    assert memory.last is not None and memory.ids(history) == memory.last.ids


def without_recall(sent: list[Any]) -> list[Any]:
    """``sent`` without the recall block (a user message opening with its tag)."""
    return [m for m in sent if not str(m.get("content", "")).startswith(OPEN_TAG)]


def test_pinned_ids_keep_a_group_the_window_would_drop() -> None:
    recorder = Recorder(completion)
    client = client_for(recorder)
    first_question = {"role": "user", "content": "My budget is 400 euros."}
    messages: list[Any] = [SYSTEM, first_question]
    memory = ChatCompaction(Compactor(BUDGET))
    memory.pinned_ids.add(memory.ids(messages)[1])
    dropped = 0
    for turn in range(15):
        response = memory.create(client, model="scripted", messages=messages, tools=TOOLS)
        assert memory.last is not None
        dropped += len(memory.last.report["dropped_ids"])
        follow_up(messages, response.choices[0].message, turn)
    assert dropped > 0
    # the pinned question stays right after the system prompt; the recall block (on by
    # default) is the one entry tiermem adds, right before the latest user message
    assert all(without_recall(body["messages"])[1] == first_question for body in recorder.bodies)
    assert len(recorder.bodies[-1]["messages"]) < len(messages) - 2


def test_state_survives_json_and_resumes_between_sessions() -> None:
    recorder = Recorder(completion)
    client = client_for(recorder)
    messages: list[Any] = [SYSTEM, {"role": "user", "content": "Lisbon please."}]
    memory = ChatCompaction(Compactor(BUDGET))
    for turn in range(12):
        follow_up(
            messages, memory.create(client, model="s", messages=messages).choices[0].message, turn
        )
    assert memory.state is not None
    resumed = ChatCompaction(
        memory.compactor, state=CompactionState.from_json(memory.state.to_json())
    )
    assert resumed.prepare(messages) == memory.prepare(messages)


def test_acreate_with_the_async_client() -> None:
    recorder = Recorder(completion)
    client = AsyncOpenAI(
        api_key="test",
        base_url="http://127.0.0.1:9/v1",
        http_client=recorder.async_http_client("openai"),
    )
    memory = ChatCompaction(Compactor(BUDGET))

    async def loop() -> list[Any]:
        messages: list[Any] = [SYSTEM, {"role": "user", "content": "Porto?"}]
        for turn in range(12):
            response = await memory.acreate(client, model="s", messages=messages, tools=TOOLS)
            follow_up(messages, response.choices[0].message, turn)
        await client.close()
        return messages

    messages = asyncio.run(loop())
    assert len(recorder.bodies) == 12
    for body in recorder.bodies:
        assert_valid_and_within(body["messages"], format="openai-chat", budget=BUDGET, tools=TOOLS)
    assert len(recorder.bodies[-1]["messages"]) < len(messages)


def test_a_broken_history_is_refused_before_anything_is_sent() -> None:
    memory = ChatCompaction(BUDGET)
    with pytest.raises(ProtocolError):
        memory.prepare(
            [
                {"role": "user", "content": "x"},
                {"role": "tool", "tool_call_id": "nope", "content": "r"},
            ]
        )


def test_an_entry_seen_plain_is_walked_again_once_it_holds_an_sdk_object() -> None:
    """Entries found plain JSON are not walked for SDK objects on the next call; one that
    since got an SDK object put inside it is still converted (the compactor cannot hash it,
    and the session converts every entry afresh)."""
    from openai.types.chat.chat_completion_message_tool_call import (
        ChatCompletionMessageToolCall,
        Function,
    )

    memory = ChatCompaction(Compactor(BUDGET))
    messages: list[Any] = [SYSTEM, {"role": "user", "content": "Find me a flight to Denver."}]
    answer: dict[str, Any] = {"role": "assistant", "content": "Searching."}
    messages.append(answer)
    memory.prepare(messages, tools=TOOLS)
    assert id(answer) in memory._plain
    call = Function(name="search_flights", arguments='{"to": "DEN"}')
    answer["tool_calls"] = [
        ChatCompletionMessageToolCall(id="call_1", type="function", function=call)
    ]
    messages.append({"role": "tool", "tool_call_id": "call_1", "content": "UA100 at 09:15"})
    walks: list[bool] = []
    convert = memory._converted

    def recorded(sendable: Any, *, trust_plain: bool) -> Any:
        walks.append(trust_plain)
        return convert(sendable, trust_plain=trust_plain)

    memory._converted = recorded  # type: ignore[method-assign]
    sent = memory.prepare(messages, tools=TOOLS)
    assert walks == [True, False]  # trusted first, refused by the compactor, walked afresh
    assert sent[2] is answer  # the caller's own object, SDK call inside, as it would be sent
    assert memory.last is not None and memory.last.report["history_messages"] == 4
    assert id(answer) not in memory._plain  # it holds an SDK object now
