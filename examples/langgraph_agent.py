"""A LangChain/LangGraph agent (``create_agent``) kept within budget by the compaction middleware.

The agent's state keeps every message; the model sees a compacted view, tool calls and their
results never split. The model is ``ChatOpenAI`` against a scripted endpoint this script
serves on 127.0.0.1. Run: ``.venv/bin/python examples/langgraph_agent.py``
"""

import json

from _local_model import flight_notes, serve, show
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI

from runtime import Budget, Compactor
from runtime.adapters.langchain import compaction_middleware

received: list[dict] = []


@tool
def search(leg: int) -> str:
    """Search the flights of one leg."""
    return flight_notes(leg)


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
    model = ChatOpenAI(model="scripted", base_url=f"{url}/v1", api_key="local")
    budget = Budget(1_100, max_output_tokens=200, tool_reserve=0, safety_margin=0)
    compaction = compaction_middleware(Compactor(budget), pinned_ids={"q"})  # q: never dropped
    agent = create_agent(model, tools=[search], system_prompt="You are a travel agent.",
                         middleware=[compaction])  # fmt: skip
    state = agent.invoke({"messages": [HumanMessage("Cheapest flight to Lisbon?", id="q")]})
for number, body in enumerate(received):
    print(f"model call {number}: sent {len(body['messages']):2} messages")
print(f"the agent's state holds {len(state['messages'])} messages")
show("last request", received[-1]["messages"])
print("answer:", state["messages"][-1].content)
