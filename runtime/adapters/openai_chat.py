"""Drop-in compaction for ``client.chat.completions.create(messages=...)`` (OpenAI Chat).

::

    from runtime import Budget
    from runtime.adapters.openai_chat import ChatCompaction

    memory = ChatCompaction(Budget(128_000))            # one per conversation
    while True:
        response = memory.create(client, model="gpt-4o", messages=messages, tools=tools)
        messages.append(response.choices[0].message)    # the SDK object, as is
        ...                                              # tool results, user turns

``messages`` holds dicts or the SDK's own objects (``ChatCompletionMessage`` from a response,
``ChatCompletionMessageParam`` dicts); ``prepare(messages, tools=...)`` returns the list to send
instead (the caller's own objects for what is kept, the summary message as a dict), and
``create`` / ``acreate`` call the client with it, every other argument passed through. The
``openai`` package is only used through the client the caller passes in; importing this
module imports no SDK.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from runtime import Format
from runtime.adapters._session import CompactionSession

if TYPE_CHECKING:
    from openai import AsyncOpenAI, OpenAI

__all__ = ["ChatCompaction"]


class ChatCompaction(CompactionSession):
    """One Chat Completions conversation kept within a budget (see the module docstring).

    Args:
        compactor: a ``Compactor`` (shared) or a ``Budget``.
        pinned_ids: ids whose groups are always kept (``ids(messages)`` names them).
        state: a saved ``CompactionState`` to resume.

    The whole history is passed on every call, as it would be to the SDK; the state makes a
    call between compactions read only the part after the cut.
    """

    format: ClassVar[Format] = "openai-chat"

    def prepare(self, messages: Iterable[object], *, tools: object = None) -> list[object]:
        """The messages to send instead of ``messages`` (with ``tools`` counted).

        Raises:
            FormatError: an entry fits no format or is malformed.
            ProtocolError: an orphan tool result, a duplicated call id, a call answered twice.
        """
        return self._compact(messages, tools=tools)

    def request(self, **kwargs: Any) -> dict[str, Any]:
        """``kwargs`` for ``chat.completions.create`` with ``messages`` compacted."""
        return {**kwargs, "messages": self.prepare(kwargs["messages"], tools=kwargs.get("tools"))}

    def create(self, client: OpenAI, **kwargs: Any) -> Any:
        """``client.chat.completions.create(**kwargs)`` with ``messages`` compacted first."""
        return client.chat.completions.create(**self.request(**kwargs))

    async def acreate(self, client: AsyncOpenAI, **kwargs: Any) -> Any:
        """The same with an ``AsyncOpenAI`` client (compaction itself is synchronous CPU work)."""
        return await client.chat.completions.create(**self.request(**kwargs))
