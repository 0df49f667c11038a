"""Drop-in compaction for ``client.messages.create(messages=..., system=...)`` (Anthropic).

::

    from runtime import Budget
    from runtime.adapters.anthropic_messages import AnthropicCompaction

    memory = AnthropicCompaction(Budget(200_000))       # one per conversation
    while True:
        response = memory.create(client, model="claude-sonnet-4-5", max_tokens=4096,
                                 system=system, messages=messages, tools=tools)
        messages.append({"role": "assistant", "content": response.content})  # SDK blocks
        ...                                             # tool_result turns, user turns

``messages`` holds dicts whose content may be the SDK's own blocks (``TextBlock``,
``ToolUseBlock``, ``ThinkingBlock``, ``RedactedThinkingBlock``...) or a whole ``Message``
(sent as its ``role`` and ``content``, the only fields a message param has).
``prepare(messages, system=..., tools=...)`` returns ``Prepared(messages, system)``: send both
(the system prompt is never changed, so a prompt cache on it keeps hitting). Kept messages are
the caller's own objects, ``cache_control`` marks included; thinking blocks stay in their
message. The first message sent is a user turn (the API requires it): with the window only, a
long tool loop after one user prompt cannot drop anything after that prompt and is reported
``over_budget``; a summarizer (``Compactor(budget, summarizer=ExtractiveSummarizer())``) lifts
that, its summary being the user turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from pydantic import BaseModel

from runtime import Format
from runtime.adapters._session import CompactionSession, given, to_json

if TYPE_CHECKING:
    from anthropic import Anthropic, AsyncAnthropic

__all__ = ["AnthropicCompaction", "Prepared"]


class Prepared(NamedTuple):
    """What to send: ``messages=`` and ``system=`` (``None``: send no ``system``)."""

    messages: list[object]
    system: object


class AnthropicCompaction(CompactionSession):
    """One Anthropic Messages conversation kept within a budget (see the module docstring).

    Args:
        compactor: a ``Compactor`` (shared) or a ``Budget``.
        pinned_ids: ids whose groups are always kept (``ids(messages)`` names them).
        state: a saved ``CompactionState`` to resume.
    """

    format: ClassVar[Format] = "anthropic"

    def prepare(
        self, messages: Iterable[object], *, system: object = None, tools: object = None
    ) -> Prepared:
        """The ``messages`` and ``system`` to send instead (``system`` and ``tools`` counted).

        Raises:
            FormatError: a message fits no format or is malformed.
            ProtocolError: an orphan ``tool_result``, a duplicated id, a call answered twice.
        """
        kept = self._compact(messages, tools=tools, system=system)
        return Prepared(kept, system if given(system) else None)

    def request(self, **kwargs: Any) -> dict[str, Any]:
        """``kwargs`` for ``messages.create`` with ``messages`` compacted."""
        prepared = self.prepare(
            kwargs["messages"], system=kwargs.get("system"), tools=kwargs.get("tools")
        )
        return {**kwargs, "messages": prepared.messages}

    def create(self, client: Anthropic, **kwargs: Any) -> Any:
        """``client.messages.create(**kwargs)`` with ``messages`` compacted first."""
        return client.messages.create(**self.request(**kwargs))

    async def acreate(self, client: AsyncAnthropic, **kwargs: Any) -> Any:
        """The same with an ``AsyncAnthropic`` client."""
        return await client.messages.create(**self.request(**kwargs))

    def _sendable(self, entry: object) -> object:
        if isinstance(entry, BaseModel):
            dumped = to_json(entry)
            if dumped.get("type") == "message" and "role" in dumped:
                # a response ``Message``: id, model, usage... are not fields of a message param
                return {"role": dumped["role"], "content": dumped["content"]}
        return entry
