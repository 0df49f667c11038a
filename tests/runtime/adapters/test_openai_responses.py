"""``ResponsesCompaction`` on the ``openai`` SDK's own Responses objects, with a scripted model."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai import OpenAI
from openai.types.responses import ResponseCompactionItem, ResponseReasoningItem

from runtime import Compactor
from runtime.adapters.errors import StatefulInputError
from runtime.adapters.openai_responses import ResponsesCompaction
from tests.runtime.adapters.scripted_sdk import (
    BUDGET,
    Recorder,
    assert_valid_and_within,
    tool_output,
)

TOOLS = [
    {
        "type": "function",
        "name": "search_flights",
        "description": "Search flights",
        "parameters": {
            "type": "object",
            "properties": {"to": {"type": "string"}},
            "required": ["to"],
            "additionalProperties": False,
        },
        "strict": True,
    }
]
INSTRUCTIONS = "You are a travel agent. Use the tools."


def reasoning(turn: int) -> dict[str, Any]:
    return {
        "id": f"rs_{turn}",
        "type": "reasoning",
        "summary": [{"type": "summary_text", "text": f"Thinking about leg {turn}."}],
        "encrypted_content": f"gAAAA{turn:04d}" + "x" * 60,
    }


def response(turn: int, body: dict[str, Any]) -> dict[str, Any]:
    """A scripted ``response``: reasoning then a call; every fifth turn reasoning then text."""
    if turn % 5 == 4:
        text = {"type": "output_text", "text": f"Answer {turn}: TM{turn}.", "annotations": []}
        final = {
            "id": f"msg_{turn}",
            "type": "message",
            "role": "assistant",
            "status": "completed",
            "content": [text],
        }
    else:
        final = {
            "id": f"fc_{turn}",
            "type": "function_call",
            "call_id": f"call_{turn}",
            "name": "search_flights",
            "arguments": json.dumps({"to": f"city{turn}"}),
            "status": "completed",
        }
    return {
        "id": f"resp_{turn}",
        "object": "response",
        "created_at": 1_790_000_000 + turn,
        "model": body["model"],
        "status": "completed",
        "output": [reasoning(turn), final],
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "usage": {
            "input_tokens": 1,
            "output_tokens": 1,
            "total_tokens": 2,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens_details": {"reasoning_tokens": 0},
        },
    }


def client_for(recorder: Recorder) -> OpenAI:
    return OpenAI(
        api_key="test", base_url="http://127.0.0.1:9/v1", http_client=recorder.http_client("openai")
    )


def follow_up(items: list[Any], output: list[Any], turn: int) -> None:
    """What a Responses loop appends: the output items as is, then results or a user turn."""
    items.extend(output)
    calls = [item for item in output if item.type == "function_call"]
    for call in calls:
        items.append(
            {"type": "function_call_output", "call_id": call.call_id, "output": tool_output(turn)}
        )
    if not calls:
        items.append({"role": "user", "content": f"And after turn {turn}?"})


def assert_reasoning_stays_with_its_item(sent: list[dict[str, Any]]) -> None:
    """Every reasoning item rs_N is sent right before its own output item, and vice versa."""
    for position, item in enumerate(sent):
        if item.get("type") == "reasoning":
            turn = item["id"].removeprefix("rs_")
            assert sent[position + 1].get("id") in {f"fc_{turn}", f"msg_{turn}"}
        if item.get("type") == "function_call":
            assert sent[position - 1].get("id") == f"rs_{item['id'].removeprefix('fc_')}"


def test_a_30_turn_reasoning_tool_loop_sends_only_valid_requests_within_budget() -> None:
    recorder = Recorder(response)
    client = client_for(recorder)
    memory = ResponsesCompaction(Compactor(BUDGET))
    earlier = ResponseCompactionItem(id="cmp_1", type="compaction", encrypted_content="e" * 80)
    items: list[Any] = [earlier, {"role": "user", "content": "Find me flights to Lisbon."}]
    dropped = 0
    for turn in range(30):
        result = memory.create(
            client,
            model="scripted",
            input=items,
            instructions=INSTRUCTIONS,
            tools=TOOLS,
            store=False,
            include=["reasoning.encrypted_content"],
        )
        assert isinstance(result.output[0], ResponseReasoningItem)
        assert memory.last is not None and not memory.last.report["over_budget"]
        dropped += len(memory.last.report["dropped_ids"])
        follow_up(items, result.output, turn)
    assert dropped > 0 and len(recorder.bodies) == 30
    for body in recorder.bodies:
        sent = body["input"]
        assert body["instructions"] == INSTRUCTIONS and body["tools"] == TOOLS
        assert sent[0] == {"id": "cmp_1", "type": "compaction", "encrypted_content": "e" * 80}
        assert_reasoning_stays_with_its_item(sent)
        assert_valid_and_within(
            sent, format="openai-responses", budget=BUDGET, tools=TOOLS, system=INSTRUCTIONS
        )
    # a recall block goes right before the latest user message, after the compaction item
    places = [
        (n, sent[n + 1])
        for sent in (b["input"] for b in recorder.bodies)
        for n, item in enumerate(sent)
        if "<recalled_turns" in json.dumps(item)
    ]
    assert places and all(n >= 1 and after.get("role") == "user" for n, after in places)
    assert any(n == 1 for n, _ in places)  # behind the compaction item, before the prompt
    last = recorder.bodies[-1]["input"]
    assert last[-1]["call_id"] == "call_28" and len(last) < len(items) - 3
    assert any(item.get("encrypted_content", "").startswith("gAAAA") for item in last)


@pytest.mark.parametrize(
    "stateful", [{"previous_response_id": "resp_1"}, {"conversation": "conv_1"}]
)
def test_partial_input_of_a_stored_conversation_is_refused(stateful: dict[str, str]) -> None:
    recorder = Recorder(response)
    memory = ResponsesCompaction(BUDGET)
    new_items = [{"type": "function_call_output", "call_id": "call_0", "output": "ok"}]
    with pytest.raises(StatefulInputError, match=next(iter(stateful))):
        memory.create(client_for(recorder), model="m", input=new_items, **stateful)
    with pytest.raises(StatefulInputError):
        memory.prepare(new_items, **stateful)
    assert recorder.bodies == []


def test_omitted_sdk_arguments_are_not_taken_for_stateful_ones() -> None:
    from openai import NOT_GIVEN, omit

    memory = ResponsesCompaction(BUDGET)
    items = [{"role": "user", "content": "hi"}]
    assert memory.prepare(items, previous_response_id=omit, conversation=NOT_GIVEN) == items


def test_a_string_input_is_sent_as_is() -> None:
    assert ResponsesCompaction(BUDGET).prepare("hello") == "hello"


def test_compaction_items_are_never_evicted_even_far_back() -> None:
    memory = ResponsesCompaction(Compactor(BUDGET))
    items: list[Any] = [{"role": "user", "content": "start"}]
    for turn in range(12):
        if turn == 3:
            items.append({"type": "compaction", "encrypted_content": "z" * 40})
        items.append(reasoning(turn))
        items.append(
            {"type": "function_call", "call_id": f"c{turn}", "name": "f", "arguments": "{}"}
        )
        items.append(
            {"type": "function_call_output", "call_id": f"c{turn}", "output": tool_output(turn)}
        )
    sent = memory.prepare(items)
    assert memory.last is not None and memory.last.report["dropped_ids"]
    assert any(isinstance(item, dict) and item.get("type") == "compaction" for item in sent)
    assert len(sent) < len(items)
