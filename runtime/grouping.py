"""Protocol-safe grouping: the units a window keeps or drops whole.

A history is cut into contiguous groups, in order:

* ``prefix``: the leading ``system``/``developer`` entries, one group (absent when there are
  none, e.g. Anthropic, whose system prompt is a top-level field).
* ``tool``: an entry that makes tool calls, through the last result of every call made inside
  the group. Anything between a call and its last result (an interleaved user message, a second
  call) is inside too, so the slice stays contiguous and the closure is taken again over it.
  Responses ``function_call`` items that follow each other (parallel calls) start one group.
* ``message``: every other entry, one group each.

Entries that grouping does not interpret (Responses ``reasoning``, ``compaction``,
``web_search_call``, ``item_reference`` and unknown items; Chat/Anthropic entries with an unknown
role) join the group that follows them, or the last group when nothing follows, so a reasoning
item is never split from the call it precedes.

Call ids pair results with calls (see ``runtime.protocol.pair_calls``): an id may be reused once
its earlier call was answered, as recorded histories do; an orphan result, a second result for
one call, or an id reused while its call is still open raises ``ProtocolError``. In Responses,
a result whose call is only present as an ``item_reference`` (the stored item) pairs with that
reference, which then starts a tool group like the call itself would.

Unanswered calls: a call with no result whose group is followed only by such pass-through
entries (nothing else happens after it) is *pending at the tail* (in flight, or awaiting human
approval): its group runs to the end of the history and lists it in ``pending_call_ids``. An
unanswered call followed by later entries is not an error here: its group ends after its last
answered result, and ``runtime.protocol.find_protocol_errors`` reports it as
``unanswered_call``, because a provider would reject the history as it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from runtime.errors import ProtocolError
from runtime.messages import Message
from runtime.protocol import CallPairing, pair_calls

__all__ = ["Group", "GroupKind", "check_pairing", "group_messages"]

GroupKind = Literal["prefix", "message", "tool"]
_PREFIX_ROLES = frozenset({"system", "developer"})
_MESSAGE_TYPES = frozenset({"message"})


@dataclass(frozen=True, slots=True)
class Group:
    """A contiguous slice of the history that a window keeps or drops as a whole.

    Attributes:
        index: position among the groups.
        kind: ``prefix``, ``message`` or ``tool``.
        messages: the slice, in original order.
        call_ids: the calls made inside the group.
        pending_call_ids: calls with no result yet (only in a group that reaches the tail).
    """

    index: int
    kind: GroupKind
    messages: tuple[Message, ...]
    call_ids: tuple[str, ...] = ()
    pending_call_ids: tuple[str, ...] = ()

    @property
    def ids(self) -> tuple[str, ...]:
        """The message ids of the group, in order."""
        return tuple(message.id for message in self.messages)


def check_pairing(messages: Sequence[Message]) -> CallPairing:
    """Check that every result answers one open call, once; return how they pair.

    ``answers`` maps ``(call position, call id) -> result position`` (positions in
    ``messages``); an id may be reused once its earlier call was answered, and a result whose
    call is only referenced (Responses ``item_reference``) pairs with that reference (see
    ``runtime.protocol.pair_calls``).

    Raises:
        ProtocolError: the first of ``orphan_result`` (a result for no open call, never called
            before), ``answered_twice`` (a second result for one call), ``duplicate_call_id`` (a
            call reusing an id still unanswered); names the message id, position and call id.
    """
    pairing = pair_calls(messages)
    if pairing.faults:
        fault = pairing.faults[0]
        raise ProtocolError(
            fault.reason,
            message_id=fault.message.id,
            call_id=fault.call_id,
            index=fault.message.index,
        )
    return pairing


@dataclass(frozen=True, slots=True)
class _Layout:
    """A history with its pairing: what each position calls and whether it rides along."""

    messages: Sequence[Message]
    pairing: CallPairing

    def calls_at(self, position: int) -> tuple[str, ...]:
        message = self.messages[position]
        own = tuple(call.call_id for call in message.tool_calls)
        return own + self.pairing.referenced.get(position, ())

    def makes_calls(self, position: int) -> bool:
        return bool(self.messages[position].tool_calls) or position in self.pairing.referenced

    def passes_through(self, position: int) -> bool:
        """Entries grouping does not interpret: they ride with their neighbour."""
        message = self.messages[position]
        if message.tool_calls or message.tool_results or position in self.pairing.referenced:
            return False
        return message.role == "other" or message.item_type == "reasoning"

    def is_call_item(self, position: int) -> bool:
        """A Responses call item (not a message): parallel-call runs are made of these."""
        message = self.messages[position]
        calls = message.tool_calls or position in self.pairing.referenced
        return bool(calls) and message.item_type not in _MESSAGE_TYPES


def _parallel_run_end(layout: _Layout, start: int) -> int:
    """Last position of the run of call items (with pass-through items between) from ``start``."""
    end = start
    if not layout.is_call_item(start):
        return end
    probe = start + 1
    while probe < len(layout.messages):
        if layout.is_call_item(probe):
            end = probe
        elif not layout.passes_through(probe):
            break
        probe += 1
    return end


def _tool_span(layout: _Layout, start: int) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """Exclusive end, call ids and pending call ids of the tool group starting at ``start``."""
    end = _parallel_run_end(layout, start)
    call_ids: list[str] = []
    unanswered: list[str] = []
    probe = start
    while probe <= end:
        for call_id in layout.calls_at(probe):
            call_ids.append(call_id)
            answer = layout.pairing.answers.get((probe, call_id))
            if answer is None:
                unanswered.append(call_id)
            else:
                end = max(end, answer)
        probe += 1
    total = len(layout.messages)
    if unanswered and all(layout.passes_through(later) for later in range(end + 1, total)):
        return total, tuple(call_ids), tuple(unanswered)
    return end + 1, tuple(call_ids), ()


def _prefix_length(messages: Sequence[Message]) -> int:
    length = 0
    while length < len(messages) and messages[length].role in _PREFIX_ROLES:
        length += 1
    return length


def group_messages(messages: Sequence[Message]) -> tuple[Group, ...]:
    """Cut a history into protocol-safe groups (see the module docstring for the rules).

    The groups cover every message exactly once, contiguously and in order.

    Raises:
        ProtocolError: an orphan result, a call answered twice or a duplicated call id
            (see ``check_pairing``); nothing is dropped silently.
    """
    layout = _Layout(messages, check_pairing(messages))
    groups: list[Group] = []
    prefix = _prefix_length(messages)
    if prefix:
        groups.append(Group(0, "prefix", tuple(messages[:prefix])))
    position = prefix
    while position < len(messages):
        start = position
        while position < len(messages) and layout.passes_through(position):
            position += 1
        if position == len(messages):
            _attach_tail(groups, messages, start)
            break
        if layout.makes_calls(position):
            end, call_ids, pending = _tool_span(layout, position)
            groups.append(Group(len(groups), "tool", tuple(messages[start:end]), call_ids, pending))
        else:
            end = position + 1
            groups.append(Group(len(groups), "message", tuple(messages[start:end])))
        position = end
    return tuple(groups)


def _attach_tail(groups: list[Group], messages: Sequence[Message], start: int) -> None:
    """Trailing pass-through entries join the last non-prefix group, or form their own."""
    tail = tuple(messages[start:])
    if groups and groups[-1].kind != "prefix":
        last = groups[-1]
        groups[-1] = Group(
            last.index, last.kind, last.messages + tail, last.call_ids, last.pending_call_ids
        )
    else:
        groups.append(Group(len(groups), "message", tail))
