"""Compaction for LangGraph / LangChain agents, on LangChain message objects.

Three entry points, all on the same ``Compactor`` (the history is read as OpenAI Chat, which is
what ``langchain_core.messages.convert_to_openai_messages`` gives, ids included):

- ``CompactionHook``: a ``pre_model_hook`` for ``langgraph.prebuilt.create_react_agent``; it
  returns ``{"llm_input_messages": ...}`` (the state's ``messages`` stay whole) and the
  compaction state under ``tiermem_state`` (kept by the graph when its state schema has that
  key: pass ``state_schema=hook.state_schema``; otherwise each call starts afresh)::

      hook = CompactionHook(Compactor(Budget(128_000)))
      agent = create_react_agent(model, tools, pre_model_hook=hook, state_schema=hook.state_schema)

- ``compaction_middleware(compactor)``: the same as an ``AgentMiddleware`` for LangChain 1.x
  ``create_agent(model, tools, middleware=[...])``; it also counts the request's system message
  and tools, and keeps its state in the agent's state (private to the middleware).
- ``trim_messages``: a drop-in for ``langchain_core.messages.trim_messages`` users that never
  splits a tool call from its results (``runtime.adapters.langchain_trim``).

What is sent is the caller's own message objects (ids kept), in order, with the summary as a
``HumanMessage`` (id ``summary-vN``) when a summarizer is used, and the recall block (evicted
turns matching the latest user message, on by default as everywhere in the library) as a
``HumanMessage`` right before that message. A message that converts to
several OpenAI messages (Anthropic-style ``tool_result`` blocks in a ``HumanMessage``) is sent
whole if any part of it is kept. Importing this module imports no LangChain package.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from runtime import Budget, CompactionResult, CompactionState, Compactor
from runtime.adapters.langchain_trim import trim_messages

if TYPE_CHECKING:
    from langchain.agents.middleware import AgentMiddleware
    from langchain_core.messages import BaseMessage

__all__ = [
    "STATE_KEY",
    "CompactedMessages",
    "CompactionHook",
    "compact_messages",
    "compaction_middleware",
    "trim_messages",
]

STATE_KEY = "tiermem_state"
"""The agent-state key holding the ``CompactionState`` (as JSON) between model calls."""


@dataclass(frozen=True, slots=True)
class CompactedMessages:
    """What ``compact_messages`` returns: the messages to send and the compaction result."""

    messages: list[BaseMessage]
    result: CompactionResult


def compact_messages(
    compactor: Compactor,
    messages: Sequence[BaseMessage],
    *,
    state: CompactionState | None = None,
    pinned_ids: Iterable[str] = (),
    system_message: BaseMessage | None = None,
    tools: Sequence[Any] | None = None,
) -> CompactedMessages:
    """The messages of ``messages`` to send, compacted to the compactor's budget.

    Args:
        compactor: the shared compactor.
        messages: the whole history (LangChain messages).
        state: the previous call's ``result.state``.
        pinned_ids: message ids (LangChain ``id``) whose groups are always kept.
        system_message: a system message sent ahead of ``messages`` (counted, never dropped,
            not returned).
        tools: the tools bound to the model (``BaseTool``, functions, dicts), counted.

    Raises:
        FormatError: a message cannot be read; ProtocolError: the tool protocol is broken.
    """
    from langchain_core.messages import convert_to_messages, convert_to_openai_messages

    originals: list[BaseMessage] = [*([system_message] if system_message else []), *messages]
    converted: list[dict[str, Any]] = []
    owner: dict[int, int] = {}
    for position, message in enumerate(originals):
        for entry in convert_to_openai_messages([message], include_id=True):
            owner[id(entry)] = position
            converted.append(entry)
    result = compactor.compact(
        converted,
        format="openai-chat",
        state=state,
        pinned_ids=set(pinned_ids),
        tools=_openai_tools(tools) if tools else None,
    )
    out: list[BaseMessage] = []
    sent: set[int] = set()
    for entry, entry_id in zip(result.messages, result.ids, strict=True):
        source = owner.get(id(entry))
        if source is None:  # the summary, the recall block, a cleared result
            out.extend(convert_to_messages([{**entry, "id": entry_id}]))
        elif source not in sent:
            sent.add(source)
            out.append(originals[source])
    if system_message is not None and out and out[0] is system_message:
        out = out[1:]
    return CompactedMessages(out, result)


def _openai_tools(tools: Sequence[Any]) -> list[Any]:
    from langchain_core.utils.function_calling import convert_to_openai_tool

    return [tool if isinstance(tool, dict) else convert_to_openai_tool(tool) for tool in tools]


def _saved_state(state: object, key: str = STATE_KEY) -> CompactionState | None:
    """The ``CompactionState`` kept in an agent state (a mapping or a pydantic state)."""
    value = state.get(key) if isinstance(state, Mapping) else getattr(state, key, None)
    return CompactionState.from_json(value) if value else None


def _messages_of(state: object) -> Sequence[BaseMessage]:
    if isinstance(state, Mapping):
        return list(state["messages"])
    return list(getattr(state, "messages"))  # noqa: B009 - a pydantic agent state


class CompactionHook:
    """A ``pre_model_hook`` for ``create_react_agent`` (see the module docstring).

    Args:
        compactor: a ``Compactor`` (shared between agents) or a ``Budget``.
        pinned_ids: LangChain message ids whose groups are always kept.
        tools: the agent's tools, counted in the budget (the hook does not see them).
        prompt: the agent's ``prompt`` string, counted likewise.
    """

    def __init__(
        self,
        compactor: Compactor | Budget,
        *,
        pinned_ids: Iterable[str] = (),
        tools: Sequence[Any] | None = None,
        prompt: str | None = None,
    ) -> None:
        self.compactor = compactor if isinstance(compactor, Compactor) else Compactor(compactor)
        self.pinned_ids = set(pinned_ids)
        self.tools = tools
        self.prompt = prompt

    def __call__(self, state: Any) -> dict[str, Any]:
        """The state update: ``llm_input_messages`` and the new compaction state."""
        from langchain_core.messages import SystemMessage

        compacted = compact_messages(
            self.compactor,
            _messages_of(state),
            state=_saved_state(state),
            pinned_ids=self.pinned_ids,
            system_message=SystemMessage(self.prompt) if self.prompt else None,
            tools=self.tools,
        )
        return {
            "llm_input_messages": compacted.messages,
            STATE_KEY: compacted.result.state.to_json(),
        }

    @property
    def state_schema(self) -> type[Any]:
        """``create_react_agent``'s state plus ``tiermem_state`` (for ``state_schema=``)."""
        from runtime.adapters._langgraph_state import CompactingAgentState

        return CompactingAgentState


def compaction_middleware(
    compactor: Compactor | Budget, *, pinned_ids: Iterable[str] = ()
) -> AgentMiddleware[Any, Any, Any]:
    """An ``AgentMiddleware`` for ``langchain.agents.create_agent`` that compacts each request.

    The model sees the compacted messages (its system message and tools counted); the agent's
    ``messages`` stay whole; the compaction state is kept in the agent state.
    """
    from runtime.adapters._langchain_middleware import CompactionMiddleware

    built = compactor if isinstance(compactor, Compactor) else Compactor(compactor)
    return CompactionMiddleware(built, pinned_ids=pinned_ids)
