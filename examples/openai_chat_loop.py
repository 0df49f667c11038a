"""An OpenAI Chat Completions tool loop kept within budget by ``ChatCompaction``.

The model is scripted and served by this script on 127.0.0.1 (``_local_model.serve``); the
client is the real ``openai.OpenAI``. Run: ``.venv/bin/python examples/openai_chat_loop.py``
"""

import json

from _local_model import flight_notes, serve, show
from openai import OpenAI

from runtime import Budget
from runtime.adapters.openai_chat import ChatCompaction

TOOLS = [{"type": "function", "function": {"name": "search", "parameters": {"type": "object"}}}]
received: list[dict] = []  # every request body the SDK sent


def scripted_model(turn: int, body: dict) -> dict:
    """Calls ``search`` for eight legs, then answers."""
    if turn < 8:
        call = {"id": f"call_{turn}", "type": "function"}
        call["function"] = {"name": "search", "arguments": json.dumps({"leg": turn})}
        message = {"role": "assistant", "content": None, "tool_calls": [call]}
    else:
        message = {"role": "assistant", "content": "TM107 is the cheapest."}
    choice = {"index": 0, "message": message, "finish_reason": "stop"}
    return {"id": f"c{turn}", "object": "chat.completion", "created": 0, "model": "scripted",
            "choices": [choice]}  # fmt: skip


with serve(scripted_model, received) as url:
    client = OpenAI(base_url=f"{url}/v1", api_key="local")
    memory = ChatCompaction(Budget(1_000, max_output_tokens=200, tool_reserve=0, safety_margin=0))
    messages: list = [
        {"role": "system", "content": "You are a travel agent."},
        {"role": "user", "content": "Find the cheapest flight to Lisbon."},
    ]
    memory.pinned_ids.add(memory.ids(messages)[1])  # the question is never dropped
    while True:
        response = memory.create(client, model="scripted", messages=messages, tools=TOOLS)
        report = memory.last.report
        print(f"history {len(messages):2} entries -> sent {len(report.ids):2}, "
              f"{report.compacted_tokens:3} tokens, strategy {report.strategy}")  # fmt: skip
        message = response.choices[0].message
        messages.append(message)  # the SDK's own ChatCompletionMessage, appended as is
        for call in message.tool_calls or []:
            leg = json.loads(call.function.arguments)["leg"]
            messages.append({"role": "tool", "tool_call_id": call.id, "content": flight_notes(leg)})
        if not message.tool_calls:
            break
show("last request", received[-1]["messages"])
print("answer:", message.content)
