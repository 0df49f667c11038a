"""An OpenAI Responses loop with reasoning items, kept within budget by ``ResponsesCompaction``.

Stateless (``store=False``): the whole history is sent each turn, reasoning items with their
``encrypted_content`` included, and each stays with the call it precedes. The model is scripted
and served by this script on 127.0.0.1. Run: ``.venv/bin/python examples/openai_responses_loop.py``
"""

import json

from _local_model import flight_notes, serve, show
from openai import OpenAI

from runtime import Budget
from runtime.adapters.openai_responses import ResponsesCompaction

TOOLS = [{"type": "function", "name": "search", "parameters": {"type": "object"}}]
received: list[dict] = []


def scripted_model(turn: int, body: dict) -> dict:
    """Reasons, then calls ``search`` for eight legs, then answers."""
    thought = {"id": f"rs_{turn}", "type": "reasoning", "summary": [],
               "encrypted_content": f"opaque-{turn}"}  # fmt: skip
    if turn < 8:
        last = {"id": f"fc_{turn}", "type": "function_call", "call_id": f"call_{turn}",
                "name": "search", "arguments": json.dumps({"leg": turn})}  # fmt: skip
    else:
        text = {"type": "output_text", "text": "TM107 is the cheapest.", "annotations": []}
        last = {"id": "msg_1", "type": "message", "role": "assistant", "content": [text]}
    return {"id": f"resp_{turn}", "object": "response", "created_at": 0, "model": "scripted",
            "output": [thought, last], "status": "completed"}  # fmt: skip


with serve(scripted_model, received) as url:
    client = OpenAI(base_url=f"{url}/v1", api_key="local")
    budget = Budget(1_000, max_output_tokens=200, tool_reserve=0, safety_margin=0)
    memory = ResponsesCompaction(budget)
    items: list = [{"role": "user", "content": "Find the cheapest flight to Lisbon."}]
    memory.pinned_ids.update(memory.ids(items))  # the question is never dropped
    while True:
        response = memory.create(client, model="scripted", input=items, tools=TOOLS, store=False,
                                 instructions="You are a travel agent.")  # fmt: skip
        report = memory.last.report
        print(f"history {len(items):2} items -> sent {len(report.ids):2}, "
              f"{report.compacted_tokens:3} tokens, strategy {report.strategy}")  # fmt: skip
        items += response.output  # the SDK's own output items, reasoning included
        calls = [item for item in response.output if item.type == "function_call"]
        for call in calls:
            output = flight_notes(json.loads(call.arguments)["leg"])
            items.append({"type": "function_call_output", "call_id": call.call_id,
                          "output": output})  # fmt: skip
        if not calls:
            break
show("last request", received[-1]["input"])
print("answer:", response.output_text)
