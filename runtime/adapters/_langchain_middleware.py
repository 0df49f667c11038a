"""The ``AgentMiddleware`` behind ``runtime.adapters.langchain.compaction_middleware``.

Imported only from there (it imports LangChain). No ``from __future__ import annotations``:
LangChain reads the state schema's annotations at run time.
"""

from collections.abc import Awaitable, Callable, Iterable
from typing import Annotated, Any, NotRequired, cast

from langchain.agents.middleware import (
    AgentMiddleware,
    AgentState,
    ExtendedModelResponse,
    ModelRequest,
    ModelResponse,
)
from langchain.agents.middleware.types import PrivateStateAttr
from langchain_core.messages import AnyMessage
from langgraph.types import Command

from runtime import Compactor
from runtime.adapters.langchain import STATE_KEY, _saved_state, compact_messages

__all__ = ["CompactionAgentState", "CompactionMiddleware"]


class CompactionAgentState(AgentState[Any]):
    """The agent's state plus the compaction state, private to the middleware."""

    tiermem_state: NotRequired[Annotated[str, PrivateStateAttr]]


class CompactionMiddleware(AgentMiddleware[CompactionAgentState, Any, Any]):
    """Sends the model a compacted view of the messages; the agent's state keeps them all."""

    state_schema = CompactionAgentState

    def __init__(self, compactor: Compactor, *, pinned_ids: Iterable[str] = ()) -> None:
        super().__init__()
        self.compactor = compactor
        self.pinned_ids = set(pinned_ids)

    def _compacted(self, request: ModelRequest[Any]) -> tuple[ModelRequest[Any], Command[Any]]:
        compacted = compact_messages(
            self.compactor,
            request.messages,
            state=_saved_state(request.state),
            pinned_ids=self.pinned_ids,
            system_message=request.system_message,
            tools=request.tools,
        )
        update: Command[Any] = Command(update={STATE_KEY: compacted.result.state.to_json()})
        return request.override(messages=cast("list[AnyMessage]", compacted.messages)), update

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ExtendedModelResponse[Any]:
        """Call the model with the compacted messages; record the new compaction state."""
        compacted, update = self._compacted(request)
        return ExtendedModelResponse(model_response=handler(compacted), command=update)

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ExtendedModelResponse[Any]:
        """The same for an async agent."""
        compacted, update = self._compacted(request)
        return ExtendedModelResponse(model_response=await handler(compacted), command=update)
