"""Tool-call protocol validation of any list of entries, ours or another library's.

``find_protocol_errors`` reports every way a provider would reject a history's tool calls,
without raising for them, so a benchmark can score a third-party trimmer's output with the same
rules that ``runtime.grouping`` enforces. Reasons:

* ``orphan_result``: a result whose call id was not made before it.
* ``answered_twice``: a second result for one call.
* ``duplicate_call_id``: a call reusing the id of a call still unanswered (reuse after the
  answer is a new call: see ``pair_calls``).
* ``unanswered_call``: a call never answered although the history goes on after it (a call
  pending at the very tail is in flight, not an error). Chat: a later entry that is not a tool
  result; Anthropic: any later message (the result must be in the next one); Responses: a later
  message item or unrelated entry.
* ``result_not_adjacent``: Chat: a ``tool`` message not inside the run of tool messages directly
  after the assistant message that made its call; Anthropic: a ``tool_result`` not in the message
  right after the one holding its ``tool_use``.
* ``result_not_first`` (Anthropic): text or other blocks before a ``tool_result`` block in the
  user message (the API requires results first).
* ``orphan_reasoning`` (Responses): a ``reasoning`` item followed by something other than the
  model output it belongs to (a message, call or other model item), e.g. because a trimmer
  dropped the call after it; the API rejects a reasoning item without its following item. At
  the very tail it is in flight, like a pending call, and not reported.
* ``first_not_user`` (Anthropic): the first message is not a ``user`` message (the Messages API
  requires the conversation to open with a user turn; the system prompt is a separate field).
  OpenAI Chat and Responses accept a history whose first non-system entry is an assistant
  turn or a call, so nothing is reported for them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from runtime.formats import read_history
from runtime.messages import JSON, Format, Message

__all__ = ["CallPairing", "PairingFault", "ProtocolIssue", "find_protocol_errors", "pair_calls"]


@dataclass(frozen=True, slots=True)
class ProtocolIssue:
    """One protocol problem: why, where (position in the entry list), which call."""

    reason: str
    index: int
    call_id: str | None
    detail: str


def _issue(reason: str, message: Message, call_id: str | None, detail: str) -> ProtocolIssue:
    return ProtocolIssue(reason, message.index, call_id, f"{detail} (message {message.id})")


@dataclass(frozen=True, slots=True)
class PairingFault:
    """A pairing problem with the message it was found in (grouping raises the first one)."""

    reason: str
    message: Message
    call_id: str


@dataclass(frozen=True, slots=True)
class CallPairing:
    """How results answer calls, position by position.

    Attributes:
        answers: ``(call position, call id) -> position of its result``.
        unanswered: ``(call position, call id)`` of every call that got no result.
        faults: orphan results, double answers and duplicate ids, in order of position.
        referenced: ``position of an item_reference -> call ids`` it stands for (Responses):
            a result whose call is not in the history answers the earliest unclaimed
            ``item_reference`` before it, which points at the stored call item.
    """

    answers: dict[tuple[int, str], int]
    unanswered: tuple[tuple[int, str], ...]
    faults: tuple[PairingFault, ...]
    referenced: dict[int, tuple[str, ...]]


# Prefixes of OpenAI item ids for call items (function, custom tool and computer calls): only a
# reference to such an item can stand for a call, so a reference to a message or a reasoning
# item never hides an orphan result.
_CALL_ITEM_PREFIXES = ("fc_", "ctc_", "cu_")


def _names_a_call(message: Message) -> bool:
    raw = message.raw
    target = raw.get("id") if isinstance(raw, dict) else None
    return isinstance(target, str) and target.startswith(_CALL_ITEM_PREFIXES)


def pair_calls(messages: Sequence[Message]) -> CallPairing:
    """Pair every result with the call it answers.

    A call id is *open* from its call until its first result. Reusing an id once its call was
    answered starts a new call (recorded histories do this: the tau-bench GPT-4o runs reuse ids
    across turns and the API accepted them); reusing an id that is still open is
    ``duplicate_call_id``. A result for an id that is not open is ``answered_twice`` when the id
    was called before; else it answers the earliest unclaimed Responses ``item_reference`` to a
    call item (id ``fc_``/``ctc_``/``cu_``) before it, the stored call not being in the list;
    else it is ``orphan_result``.
    """
    open_calls: dict[str, int] = {}
    closed: set[str] = set()
    references: deque[int] = deque()
    referenced: dict[int, tuple[str, ...]] = {}
    answers: dict[tuple[int, str], int] = {}
    faults: list[PairingFault] = []
    for position, message in enumerate(messages):
        for result in message.tool_results:
            call_position = open_calls.pop(result.call_id, None)
            if call_position is None and result.call_id not in closed and references:
                call_position = references.popleft()
                referenced[call_position] = (result.call_id,)
            if call_position is not None:
                answers[(call_position, result.call_id)] = position
                closed.add(result.call_id)
            else:
                reason = "answered_twice" if result.call_id in closed else "orphan_result"
                faults.append(PairingFault(reason, message, result.call_id))
        for call in message.tool_calls:
            if call.call_id in open_calls:
                faults.append(PairingFault("duplicate_call_id", message, call.call_id))
            else:
                open_calls[call.call_id] = position
        if message.item_type == "item_reference" and _names_a_call(message):
            references.append(position)
    unanswered = tuple((position, call_id) for call_id, position in open_calls.items())
    return CallPairing(answers, unanswered, tuple(faults), referenced)


_FAULT_DETAIL = {
    "orphan_result": "result whose call id was not made before it",
    "answered_twice": "second result for one call",
    "duplicate_call_id": "call id reused while its call is unanswered",
}


def _goes_on(message: Message, format: Format) -> bool:
    """Whether this later entry means an earlier unanswered call is no longer at the tail."""
    if format == "anthropic":
        return True
    if message.tool_results or message.role == "other" or message.item_type == "reasoning":
        return False
    return format == "openai-chat" or message.item_type == "message"


def _unanswered(
    messages: Sequence[Message], unanswered: tuple[tuple[int, str], ...], format: Format
) -> list[ProtocolIssue]:
    issues: list[ProtocolIssue] = []
    if not unanswered:
        return issues
    last = max((i for i, message in enumerate(messages) if _goes_on(message, format)), default=-1)
    for position, call_id in unanswered:
        if last > position:
            detail = "call never answered but the history continues"
            issues.append(_issue("unanswered_call", messages[position], call_id, detail))
    return issues


def _chat_adjacency(messages: Sequence[Message], skip: set[tuple[int, str]]) -> list[ProtocolIssue]:
    issues = []
    run: frozenset[str] = frozenset()
    for message in messages:
        if message.role == "tool" and message.tool_results:
            for result in message.tool_results:
                if result.call_id not in run and (message.index, result.call_id) not in skip:
                    detail = "tool message not directly after the assistant call it answers"
                    issues.append(_issue("result_not_adjacent", message, result.call_id, detail))
            continue
        run = frozenset(call.call_id for call in message.tool_calls)
    return issues


def _results_first(message: Message) -> bool:
    content = message.raw.get("content") if isinstance(message.raw, dict) else None
    if not isinstance(content, list):
        return True
    kinds = [block.get("type") if isinstance(block, dict) else None for block in content]
    seen_other = False
    for kind in kinds:
        if kind != "tool_result":
            seen_other = True
        elif seen_other:
            return False
    return True


def _anthropic_adjacency(
    messages: Sequence[Message], skip: set[tuple[int, str]]
) -> list[ProtocolIssue]:
    issues = []
    previous: frozenset[str] = frozenset()
    for message in messages:
        for result in message.tool_results:
            if result.call_id not in previous and (message.index, result.call_id) not in skip:
                detail = "tool_result not in the message right after its tool_use"
                issues.append(_issue("result_not_adjacent", message, result.call_id, detail))
        if message.tool_results and not _results_first(message):
            first = message.tool_results[0].call_id
            detail = "tool_result blocks must come before other content"
            issues.append(_issue("result_not_first", message, first, detail))
        previous = frozenset(call.call_id for call in message.tool_calls)
    return issues


def _responses_reasoning(messages: Sequence[Message]) -> list[ProtocolIssue]:
    issues = []
    for position, message in enumerate(messages):
        if message.item_type != "reasoning":
            continue
        if position + 1 == len(messages):
            continue  # at the very tail the model's output is still in flight, like a call
        if messages[position + 1].role not in ("assistant", "other"):
            detail = "reasoning item without the model output that follows it"
            issues.append(_issue("orphan_reasoning", message, None, detail))
    return issues


def find_protocol_errors(entries: Sequence[JSON], *, format: Format) -> list[ProtocolIssue]:
    """Every tool-call protocol problem of ``entries`` read as ``format``, by position.

    Never raises for protocol problems (an empty list means a provider would accept the tool
    calls as they stand, a call pending at the very tail aside).

    Raises:
        FormatError: an entry is malformed for ``format`` (not a protocol problem: the entries
            cannot be read at all).
    """
    messages = read_history(list(entries), format=format).messages
    pairing = pair_calls(messages)
    issues = [
        _issue(fault.reason, fault.message, fault.call_id, _FAULT_DETAIL[fault.reason])
        for fault in pairing.faults
    ]
    issues.extend(_unanswered(messages, pairing.unanswered, format))
    # a result that pairs with no call is reported once, not also as misplaced
    skip = {(fault.message.index, fault.call_id) for fault in pairing.faults}
    if format == "openai-chat":
        issues.extend(_chat_adjacency(messages, skip))
    elif format == "anthropic":
        issues.extend(_anthropic_adjacency(messages, skip))
        if messages and messages[0].role != "user":
            detail = "the first message must be a user message"
            issues.append(_issue("first_not_user", messages[0], None, detail))
    else:
        issues.extend(_responses_reasoning(messages))
    return sorted(issues, key=lambda issue: (issue.index, issue.reason))
