"""``runtime.adapters.langchain.trim_messages``: ``trim_messages``'s call shape, whole groups."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
    convert_to_openai_messages,
)
from langchain_core.messages import trim_messages as langchain_trim
from langchain_core.messages.utils import count_tokens_approximately
from langchain_core.runnables import Runnable

from runtime import find_protocol_errors
from runtime.adapters.errors import UnsupportedOptionError
from runtime.adapters.langchain import trim_messages
from tests.runtime.adapters.scripted_sdk import tool_output


def agent_history(turns: int = 8) -> list[BaseMessage]:
    """A system prompt, one question, then tool turns with parallel calls; a final answer."""
    history: list[BaseMessage] = [SystemMessage("Be a travel agent."), HumanMessage("Lisbon?")]
    for turn in range(turns):
        calls = [
            {"name": "search", "args": {"to": f"c{turn}"}, "id": f"call_{turn}_{i}"}
            for i in range(2)
        ]
        history.append(AIMessage(content="", tool_calls=calls))
        history.extend(
            ToolMessage(tool_output(turn, i), tool_call_id=c["id"]) for i, c in enumerate(calls)
        )
    history.append(AIMessage("Here are your flights."))
    history.append(HumanMessage("And back?"))
    return history


def valid(messages: list[BaseMessage]) -> bool:
    return find_protocol_errors(convert_to_openai_messages(messages), format="openai-chat") == []


@pytest.mark.parametrize("max_tokens", range(150, 1500, 50))
def test_every_budget_gives_a_valid_history_where_langchain_may_cut_a_pair(max_tokens: int) -> None:
    history = agent_history()
    ours = trim_messages(
        history,
        max_tokens=max_tokens,
        token_counter=count_tokens_approximately,
        include_system=True,
    )
    assert valid(ours)
    assert count_tokens_approximately(ours) <= max_tokens
    assert ours[0] is history[0] and all(any(m is h for h in history) for m in ours)


def test_langchain_trim_cuts_a_pair_at_some_budget_where_ours_does_not() -> None:
    history = agent_history()
    broken = [
        n
        for n in range(150, 1500, 50)
        if not valid(
            langchain_trim(
                history, max_tokens=n, token_counter=count_tokens_approximately, include_system=True
            )
        )
    ]
    assert broken  # the reason for the drop-in: orphan ToolMessages


def test_the_documented_langgraph_call_shape_works_unchanged() -> None:
    history = agent_history()
    kwargs: dict[str, Any] = dict(
        strategy="last",
        token_counter=count_tokens_approximately,
        max_tokens=384,
        start_on="human",
        end_on=("human", "tool"),
    )
    ours = trim_messages(history, **kwargs)
    assert isinstance(ours[0], HumanMessage) and valid(ours)
    assert ours[-1] is history[-1]
    runnable = trim_messages(**kwargs)
    assert isinstance(runnable, Runnable) and runnable.invoke(history) == ours


def test_include_system_false_drops_the_system_prompt_only_when_something_must_go() -> None:
    history = agent_history(2)
    everything = trim_messages(history, max_tokens=100_000, token_counter="approximate")
    assert everything == history
    trimmed = trim_messages(history, max_tokens=300, token_counter="approximate")
    assert not any(isinstance(m, SystemMessage) for m in trimmed) and valid(trimmed)


def test_default_counter_is_tiktoken_and_end_on_drops_whole_groups() -> None:
    history = agent_history(3)[:-2]  # ends on the last tool results
    ours = trim_messages(history, max_tokens=100_000, end_on="human")
    assert ours == history[:2]  # every tool group after the question dropped whole


@pytest.mark.parametrize(
    "option", [{"strategy": "first"}, {"allow_partial": True}, {"text_splitter": str.split}]
)
def test_options_that_would_cut_inside_a_message_are_refused(option: dict[str, Any]) -> None:
    with pytest.raises(UnsupportedOptionError):
        trim_messages(agent_history(1), max_tokens=100, token_counter="approximate", **option)
