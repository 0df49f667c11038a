"""LangGraph's ``create_react_agent`` hook and LangChain's ``create_agent`` middleware, run for
30 model calls with a scripted fake chat model and real tools; every request the model receives
must be valid OpenAI Chat and within budget."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
    convert_to_openai_messages,
)
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

from runtime import Compactor
from runtime.adapters.langchain import (
    STATE_KEY,
    CompactionHook,
    compact_messages,
    compaction_middleware,
)
from runtime.recall import RECALL_MESSAGE_ID
from tests.runtime.adapters.scripted_sdk import BUDGET, assert_valid_and_within, tool_output

SYSTEM = "You are a travel agent. Use the tools."
CALLS = 30


@tool
def search_flights(to: str) -> str:
    """Search flights to a destination."""
    return tool_output(int(to.removeprefix("city")))


TOOLS = [search_flights]
OPENAI_TOOLS = [convert_to_openai_tool(search_flights)]


def script(calls: int) -> Iterator[AIMessage]:
    """Tool calls (every third turn two in parallel), then a final answer."""
    for turn in range(calls - 1):
        parallel = 2 if turn % 3 == 2 else 1
        tool_calls = [
            {"name": "search_flights", "args": {"to": f"city{turn}"}, "id": f"call_{turn}_{i}"}
            for i in range(parallel)
        ]
        yield AIMessage(content="", tool_calls=tool_calls, id=f"ai-{turn}")
    yield AIMessage(content="Here are your flights.", id="ai-final")


class ScriptedChatModel(GenericFakeChatModel):
    """``GenericFakeChatModel`` that accepts tools and records every request it receives."""

    requests: list[list[BaseMessage]] = Field(default_factory=list)

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedChatModel:
        return self

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.requests.append(list(messages))
        return super()._generate(messages, *args, **kwargs)


def assert_requests_valid(model: ScriptedChatModel) -> None:
    assert len(model.requests) == CALLS
    for request in model.requests:
        assert isinstance(request[0], SystemMessage) and request[0].content == SYSTEM
        entries = convert_to_openai_messages(request)
        assert_valid_and_within(entries, format="openai-chat", budget=BUDGET, tools=OPENAI_TOOLS)
    sizes = [len(request) for request in model.requests]
    # the full history reaches ~70 messages; the state keeps the cut between compactions, so
    # the requests grow to the trigger, shrink to the target, grow again
    assert max(sizes) < CALLS and any(b < a for a, b in itertools.pairwise(sizes))


@pytest.mark.filterwarnings("ignore::langgraph.warnings.LangGraphDeprecatedSinceV10")
def test_create_react_agent_30_calls_through_the_pre_model_hook() -> None:
    from langgraph.prebuilt import create_react_agent

    model = ScriptedChatModel(messages=script(CALLS))
    hook = CompactionHook(Compactor(BUDGET), tools=TOOLS, prompt=SYSTEM)
    agent = create_react_agent(
        model, TOOLS, prompt=SYSTEM, pre_model_hook=hook, state_schema=hook.state_schema
    )
    final = agent.invoke(
        {"messages": [HumanMessage("Flights to Lisbon?", id="q1")]},
        config={"recursion_limit": 3 * CALLS + 5},
    )
    assert_requests_valid(model)
    assert final["messages"][-1].content == "Here are your flights."
    assert len(final["messages"]) > 2 * CALLS  # the state keeps the whole history
    assert final[STATE_KEY]  # the compaction state travels in the graph state
    ids = {m.id for m in final["messages"]}
    assert all(m.id in ids for m in model.requests[-1][1:])  # the caller's own objects, ids kept


def test_create_agent_30_calls_through_the_middleware() -> None:
    from langchain.agents import create_agent

    model = ScriptedChatModel(messages=script(CALLS))
    agent = create_agent(
        model,
        tools=TOOLS,
        system_prompt=SYSTEM,
        middleware=[compaction_middleware(Compactor(BUDGET))],
    )
    final = agent.invoke(
        {"messages": [HumanMessage("Flights to Lisbon?")]},
        config={"recursion_limit": 3 * CALLS + 5},
    )
    assert_requests_valid(model)
    assert final["messages"][-1].content == "Here are your flights."
    assert len(final["messages"]) > 2 * CALLS


def test_compact_messages_keeps_pairs_and_pins_and_returns_the_same_objects() -> None:
    history: list[BaseMessage] = [HumanMessage("My budget is 400 euros.", id="budget")]
    for turn in range(12):
        call = {"name": "search_flights", "args": {"to": f"city{turn}"}, "id": f"c{turn}"}
        history.append(AIMessage(content="", tool_calls=[call], id=f"a{turn}"))
        history.append(ToolMessage(tool_output(turn), tool_call_id=f"c{turn}", id=f"t{turn}"))
    compacted = compact_messages(Compactor(BUDGET), history, pinned_ids={"budget"})
    kept = compacted.messages
    # the caller's own objects, plus the recall block (on by default) right before the
    # prompt, the only user-authored message: the evicted results matching it come back
    own = [m for m in kept if m.id != RECALL_MESSAGE_ID]
    assert own[0] is history[0] and all(any(m is h for h in history) for m in own)
    assert [m.id for m in kept[: len(kept) - len(own) + 1]] in (
        ["budget"],
        [RECALL_MESSAGE_ID, "budget"],
    )
    assert compacted.result.report["dropped_ids"]
    entries = convert_to_openai_messages(kept)
    assert_valid_and_within(entries, format="openai-chat", budget=BUDGET)
