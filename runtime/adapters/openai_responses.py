"""Drop-in compaction for ``client.responses.create(input=...)`` (OpenAI Responses).

::

    from runtime import Budget
    from runtime.adapters.openai_responses import ResponsesCompaction

    memory = ResponsesCompaction(Budget(200_000))       # one per conversation
    while True:
        response = memory.create(client, model="o4-mini", input=items, tools=tools,
                                 store=False, include=["reasoning.encrypted_content"])
        items += response.output                        # the SDK's output items, as is
        ...                                             # function_call_output items, user turns

``input`` holds dicts or the SDK's own objects, including the output items a loop appends
(``ResponseOutputMessage``, ``ResponseFunctionToolCall``, ``ResponseReasoningItem`` with its
``encrypted_content``, ``ResponseCompactionItem``...). What is kept is the caller's own objects.

- A reasoning item travels with the item it precedes (its call group or answer): it is kept
  or dropped with it, never split from it.
- A ``compaction`` item (OpenAI's own server-side compaction, opaque ``encrypted_content``) is
  always kept: it stands for context that exists nowhere else. Its group is pinned.
- ``instructions`` and ``tools`` are counted.
- A request with ``previous_response_id`` or ``conversation`` is refused with
  ``StatefulInputError``: its input is only the new items, the rest is stored by OpenAI, so no
  window can be computed from it. Send the whole history with ``store=False`` instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from runtime import Format, read_history
from runtime.adapters._session import CompactionSession, given
from runtime.adapters.errors import StatefulInputError

if TYPE_CHECKING:
    from openai import AsyncOpenAI, OpenAI

__all__ = ["ResponsesCompaction"]

_STATEFUL = ("previous_response_id", "conversation")


class ResponsesCompaction(CompactionSession):
    """One Responses conversation kept within a budget (see the module docstring).

    Args:
        compactor: a ``Compactor`` (shared) or a ``Budget``.
        pinned_ids: ids whose groups are always kept (``ids(items)`` names them; an output
            item's own ``id``, e.g. ``msg_...``, ``fc_...``, is its id).
        state: a saved ``CompactionState`` to resume.
    """

    format: ClassVar[Format] = "openai-responses"

    def prepare(
        self,
        input: str | Iterable[object],
        *,
        instructions: object = None,
        tools: object = None,
        previous_response_id: object = None,
        conversation: object = None,
    ) -> str | list[object]:
        """The ``input`` to send instead (a plain string is returned as is).

        Raises:
            StatefulInputError: ``previous_response_id`` or ``conversation`` is given.
            FormatError: an item fits no format or is malformed.
            ProtocolError: an orphan output, a duplicated call id, a call answered twice.
        """
        _refuse_stateful(previous_response_id=previous_response_id, conversation=conversation)
        if isinstance(input, str):
            return input
        return self._compact(input, tools=tools, instructions=instructions)

    def request(self, **kwargs: Any) -> dict[str, Any]:
        """``kwargs`` for ``responses.create`` with ``input`` compacted.

        Raises:
            StatefulInputError: ``previous_response_id`` or ``conversation`` is given.
        """
        _refuse_stateful(**{key: kwargs.get(key) for key in _STATEFUL})
        compacted = self.prepare(
            kwargs["input"], instructions=kwargs.get("instructions"), tools=kwargs.get("tools")
        )
        return {**kwargs, "input": compacted}

    def create(self, client: OpenAI, **kwargs: Any) -> Any:
        """``client.responses.create(**kwargs)`` with ``input`` compacted first."""
        return client.responses.create(**self.request(**kwargs))

    async def acreate(self, client: AsyncOpenAI, **kwargs: Any) -> Any:
        """The same with an ``AsyncOpenAI`` client."""
        return await client.responses.create(**self.request(**kwargs))

    def _always_pinned(self, converted: Sequence[Any]) -> set[str]:
        if not any(_is_compaction(entry) for entry in converted):
            return set()
        messages = read_history(converted, format=self.format).messages
        return {m.id for m in messages if _is_compaction(m.raw)}


def _is_compaction(entry: Any) -> bool:
    return isinstance(entry, dict) and entry.get("type") == "compaction"


def _refuse_stateful(**arguments: object) -> None:
    for name, value in arguments.items():
        if given(value):
            raise StatefulInputError(
                f"{name} is set: the input is only the new items and OpenAI holds the rest, "
                "so it cannot be compacted here; send the whole history as input "
                "(store=False) or leave the stored conversation to context_management"
            )
