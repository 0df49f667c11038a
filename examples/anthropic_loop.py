"""An Anthropic Messages tool loop with thinking, kept within budget by ``AnthropicCompaction``.

A single question, then one tool turn after another: with the window alone nothing after the
question could go, so the extractive summarizer (offline) stands in for what is dropped. The
model is scripted and served by this script on 127.0.0.1; the client is ``anthropic.Anthropic``.
Run: ``.venv/bin/python examples/anthropic_loop.py``
"""

from _local_model import flight_notes, serve, show
from anthropic import Anthropic

from runtime import Budget, Compactor
from runtime.adapters.anthropic_messages import AnthropicCompaction
from runtime.summary import ExtractiveSummarizer

TOOLS = [{"name": "search", "description": "Search a leg", "input_schema": {"type": "object"}}]
CACHED = {"type": "ephemeral"}  # a prompt-cache breakpoint, sent back untouched
SYSTEM = [{"type": "text", "text": "You are a travel agent.", "cache_control": CACHED}]
received: list[dict] = []


def scripted_model(turn: int, body: dict) -> dict:
    """Thinks, then calls ``search`` for eight legs, then answers."""
    thinking = {"type": "thinking", "thinking": f"Leg {turn} next.", "signature": f"sig{turn}"}
    if turn < 8:
        block = {"type": "tool_use", "id": f"toolu_{turn}", "name": "search"}
        block["input"] = {"leg": turn}
    else:
        block = {"type": "text", "text": "TM107 is the cheapest."}
    return {"id": f"msg_{turn}", "type": "message", "role": "assistant", "model": "scripted",
            "content": [thinking, block], "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 0, "output_tokens": 0}}  # fmt: skip


with serve(scripted_model, received) as url:
    client = Anthropic(base_url=url, api_key="local")
    budget = Budget(1_300, max_output_tokens=200, tool_reserve=0, safety_margin=0)
    memory = AnthropicCompaction(Compactor(budget, summarizer=ExtractiveSummarizer()))
    messages: list = [{"role": "user", "content": "Find the cheapest flight to Lisbon."}]
    while True:
        response = memory.create(client, model="scripted", max_tokens=200, system=SYSTEM,
                                 messages=messages, tools=TOOLS)  # fmt: skip
        report = memory.last.report
        print(f"history {len(messages):2} messages -> sent {len(report.ids):2}, "
              f"{report.compacted_tokens:3} tokens, strategy {report.strategy}")  # fmt: skip
        messages.append({"role": "assistant", "content": response.content})  # SDK blocks as is
        calls = [block for block in response.content if block.type == "tool_use"]
        if not calls:
            break
        results = [{"type": "tool_result", "tool_use_id": c.id,
                    "content": flight_notes(c.input["leg"])} for c in calls]  # fmt: skip
        messages.append({"role": "user", "content": results})
show("last request", received[-1]["messages"])
print("system sent unchanged:", received[-1]["system"] == SYSTEM)
print("answer:", response.content[-1].text)
