"""A drop-in for ``langchain_core.messages.trim_messages`` that keeps tool calls whole.

``trim_messages(messages, max_tokens=..., token_counter=..., strategy="last", start_on=...,
end_on=..., include_system=...)`` has the same call shape (and, with ``messages`` omitted,
returns a ``Runnable`` the same way), but trims by whole groups: an ``AIMessage`` with tool
calls and every ``ToolMessage`` answering it are kept or dropped together, so the result is
always a history the providers accept. ``trim_messages`` counts each message on its own, and a
window that cuts between a call and its result (or a ``start_on`` that lands on a human
message inside an open tool run) yields an orphan ``ToolMessage``.

Differences, on purpose: nothing is cut inside a message (``allow_partial=True``,
``text_splitter`` and ``strategy="first"`` raise ``UnsupportedOptionError``); the count
includes the 3 reply-priming tokens the compactor adds to every request; ``token_counter``
may also be omitted (tiktoken ``cl100k_base``) or be a tiermem ``TokenCounter``.

No recall here, unlike every other entry point of the library: ``trim_messages`` returns a
subset of the messages it was given, in order, and code written for it relies on that (it
indexes, compares or re-sends them); a recall block is a message the caller never wrote.
``compaction_middleware`` / ``CompactionHook`` (``runtime.adapters.langchain``) are the
LangChain entry points with recall.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from runtime import (
    Budget,
    Compactor,
    Message,
    RecallConfig,
    TiktokenCounter,
    TokenCounter,
    group_messages,
    read_history,
)
from runtime.adapters.errors import UnsupportedOptionError

if TYPE_CHECKING:
    from langchain_core.messages import BaseMessage

__all__ = ["trim_messages"]

MessageTypes = str | type | Sequence[str | type]


def trim_messages(
    messages: Iterable[Any] | None = None,
    *,
    max_tokens: int,
    token_counter: object = None,
    strategy: str = "last",
    allow_partial: bool = False,
    end_on: MessageTypes | None = None,
    start_on: MessageTypes | None = None,
    include_system: bool = False,
    text_splitter: object = None,
) -> Any:
    """The last messages of ``messages`` within ``max_tokens``, never splitting a tool group.

    Args:
        messages: LangChain messages (or message-like values, or a ``PromptValue``); omitted:
            a ``Runnable`` doing this trim is returned.
        max_tokens: the most tokens the result may cost.
        token_counter: ``None`` (tiktoken), ``"approximate"``, a chat model, a function of a
            list of messages (or of one ``BaseMessage``), or a tiermem ``TokenCounter``.
        strategy: only ``"last"``.
        end_on: drop trailing groups until the last message is of this type (before fitting).
        start_on: drop leading groups until the first (after a kept system message) is of
            this type (after fitting).
        include_system: keep a leading ``SystemMessage`` whatever the budget.

    Raises:
        UnsupportedOptionError: ``strategy="first"``, ``allow_partial=True`` or a
            ``text_splitter``.
        ProtocolError: the input itself breaks the tool protocol (an orphan result...).
    """
    if messages is None:
        from langchain_core.runnables import RunnableLambda

        def trim(value: Any) -> Any:
            return trim_messages(
                value,
                max_tokens=max_tokens,
                token_counter=token_counter,
                strategy=strategy,
                allow_partial=allow_partial,
                end_on=end_on,
                start_on=start_on,
                include_system=include_system,
                text_splitter=text_splitter,
            )

        return RunnableLambda(trim, name="trim_messages")
    _refuse(strategy=strategy, allow_partial=allow_partial, text_splitter=text_splitter)
    history = _as_messages(messages)
    if end_on is not None:
        history = _drop_groups(history, end_on, from_end=True)
    compactor = Compactor(
        Budget(
            max_tokens,
            max_output_tokens=0,
            tool_reserve=0,
            safety_margin=0,
            trigger=1.0,
            target=1.0,
        ),
        counter=_counter(token_counter),
        recall=RecallConfig(enabled=False),  # a drop-in for trim_messages: it only trims
    )
    kept = _fit(compactor, history, include_system=include_system)
    if start_on is not None:
        kept = _drop_groups(kept, start_on, from_end=False)
    return kept


def _refuse(*, strategy: str, allow_partial: bool, text_splitter: object) -> None:
    if strategy != "last":
        raise UnsupportedOptionError(f"strategy={strategy!r}: only 'last' keeps recent context")
    if allow_partial or text_splitter is not None:
        raise UnsupportedOptionError(
            "allow_partial/text_splitter: messages are kept whole, never cut"
        )


def _as_messages(messages: Iterable[Any]) -> list[BaseMessage]:
    from langchain_core.messages import convert_to_messages

    if hasattr(messages, "to_messages"):  # a PromptValue
        return list(messages.to_messages())
    return list(convert_to_messages(list(messages)))


def _fit(
    compactor: Compactor, history: list[BaseMessage], *, include_system: bool
) -> list[BaseMessage]:
    from runtime.adapters.langchain import compact_messages

    compacted = compact_messages(compactor, history)
    leading = 0
    while leading < len(history) and history[leading].type == "system":
        leading += 1
    if include_system or not leading or not compacted.result.report.dropped_ids:
        return compacted.messages
    # trim_messages without include_system treats the system message as the oldest message:
    # once anything has to go, it goes first
    return compact_messages(compactor, history[leading:]).messages


def _is_type(message: BaseMessage, types: MessageTypes) -> bool:
    wanted = [types] if isinstance(types, str | type) else list(types)
    names = [t for t in wanted if isinstance(t, str)]
    classes = tuple(t for t in wanted if isinstance(t, type))
    return message.type in names or isinstance(message, classes)


def _drop_groups(
    messages: list[BaseMessage], types: MessageTypes, *, from_end: bool
) -> list[BaseMessage]:
    """Drop whole groups from one end until the message at that end is of ``types``."""
    groups = _group_positions(messages)
    prefix = groups.pop(0) if groups and messages[groups[0][0]].type == "system" else []
    order = list(reversed(groups)) if from_end else groups
    while order:
        edge = order[0][-1] if from_end else order[0][0]
        if _is_type(messages[edge], types):
            break
        order.pop(0)
    kept = sorted(position for group in order for position in group)
    return [messages[position] for position in [*prefix, *kept]]


def _group_positions(messages: list[BaseMessage]) -> list[list[int]]:
    """The positions in ``messages`` of each group (tool call + results, prefix, message)."""
    from langchain_core.messages import convert_to_openai_messages

    entries: list[dict[str, Any]] = []
    owners: list[int] = []
    for position, message in enumerate(messages):
        for entry in convert_to_openai_messages([message]):
            entries.append(entry)
            owners.append(position)
    transcript = read_history(entries, format="openai-chat")
    out: list[list[int]] = []
    for group in group_messages(transcript.messages):
        positions = sorted({owners[m.index] for m in group.messages})
        if out and positions[0] <= out[-1][-1]:  # one message split across two groups
            out[-1] = sorted({*out[-1], *positions})
        else:
            out.append(positions)
    return out


def _counter(token_counter: object) -> TokenCounter:
    if token_counter is None:
        return TiktokenCounter()
    if hasattr(token_counter, "count_messages") and hasattr(token_counter, "encoding_name"):
        return token_counter  # type: ignore[return-value]  # a tiermem TokenCounter
    return _LangChainCounter(_list_counter(token_counter))


def _list_counter(token_counter: object) -> Callable[[list[BaseMessage]], int]:
    if token_counter == "approximate":
        from langchain_core.messages.utils import count_tokens_approximately

        return count_tokens_approximately
    count = getattr(token_counter, "get_num_tokens_from_messages", None)
    if callable(count):  # a chat model
        return cast("Callable[[list[BaseMessage]], int]", count)
    if not callable(token_counter):
        raise UnsupportedOptionError(f"token_counter {token_counter!r} is not a counter")
    parameters = list(inspect.signature(token_counter).parameters.values())
    if parameters and "BaseMessage" in str(parameters[0].annotation):
        one = token_counter
        return lambda messages: sum(one(m) for m in messages)
    return cast("Callable[[list[BaseMessage]], int]", token_counter)


class _LangChainCounter:
    """A ``TokenCounter`` over a LangChain token counter (a function of a message list)."""

    def __init__(self, count: Callable[[list[BaseMessage]], int]) -> None:
        self._count = count

    @property
    def encoding_name(self) -> str:
        return f"langchain:{getattr(self._count, '__name__', type(self._count).__name__)}"

    def count_text(self, text: str) -> int:
        from langchain_core.messages import HumanMessage

        return self._count([HumanMessage(text)])

    def count_messages(self, messages: Sequence[Message]) -> list[int]:
        from langchain_core.messages import convert_to_messages

        return [self._count(list(convert_to_messages([m.raw]))) for m in messages]

    def count_tools(self, tools: Any) -> int:
        return 0  # trim_messages counts messages only

    def count_system(self, system: Any) -> int:
        return 0
