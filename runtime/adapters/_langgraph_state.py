"""``create_react_agent``'s state with the compaction state beside the messages.

Imported only by ``CompactionHook.state_schema`` (it imports LangGraph). No
``from __future__ import annotations`` here: LangGraph reads these annotations at run time.
"""

from collections.abc import Sequence
from typing import Annotated, NotRequired

from langchain_core.messages import BaseMessage
from langgraph.graph.message import add_messages
from langgraph.managed import RemainingSteps
from typing_extensions import TypedDict  # pydantic reads it on Python < 3.12

__all__ = ["CompactingAgentState"]


class CompactingAgentState(TypedDict):
    """The prebuilt agent's ``messages`` and ``remaining_steps``, plus ``tiermem_state``."""

    messages: Annotated[Sequence[BaseMessage], add_messages]
    remaining_steps: NotRequired[RemainingSteps]
    tiermem_state: NotRequired[str]
