"""Reading a history for the compactor: the call's request, measured into a ``View``.

``read_view`` reads the whole history, groups it (a tool call and its results are one group)
and counts it; ``measure_view`` turns what was read (a whole history, or on an incremental read
only the slices the state implies, see ``runtime.compaction.incremental``) into the ``View``
every later step works on. Counting goes through the ``TokenCounter``, so each message is
tokenized once (its cache is keyed by content digest).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from runtime.formats import read_history
from runtime.formats.reuse import ReadMemo
from runtime.grouping import Group, group_messages
from runtime.messages import JSON, Format, Message, Transcript
from runtime.state import Mark
from runtime.tokens import REPLY_PRIMING_TOKENS, TokenCounter

__all__ = [
    "Request",
    "View",
    "measure_view",
    "read_view",
    "resolve_pins",
    "system_of",
    "user_led_positions",
]


@dataclass(frozen=True, slots=True)
class Request:
    """What one ``compact`` call was asked: the raw payload and the caller's overrides.

    Attributes:
        payload: the whole raw history as passed.
        format: its wire format, or ``auto``.
        pins: the pinned message ids asked for.
        tools: tool definitions sent with the request (``None``: the payload's).
        system: Anthropic's top-level system (``None``: the payload's).
    """

    payload: JSON
    format: Format | Literal["auto"]
    pins: Collection[str]
    tools: JSON | None
    system: JSON | None


@dataclass(frozen=True, slots=True)
class View:
    """A history as the compactor sees it: prefix, groups after it, their costs, pins.

    On a full read ``groups`` are all groups after the prefix; on an incremental read (see
    ``runtime.compaction.incremental``) only the pinned groups before the cut and the groups
    from the cut on, and the totals come from the state.

    Attributes:
        transcript: the messages read.
        prefix: the system/developer prefix.
        groups: the groups after the prefix that were read, in order.
        costs: tokens of each group.
        base: tokens always sent: prefix, tool definitions, system field, reply priming.
        input_tokens: tokens of the whole history as passed (with the same overhead).
        pinned: positions of groups holding a pinned id.
        pinned_ids: the pins found; unknown_pins: the pins not found.
        group_of: message index -> group position.
        groups_total: groups in the whole history (the prefix counts as one).
        entries: entries in the whole history.
        incremental: whether only the slices the state implies were read.
        user_led: Anthropic: positions of the groups that start with a ``user`` message (the
            kept part must start with one unless a summary is injected); ``None`` otherwise.
    """

    transcript: Transcript
    prefix: tuple[Message, ...]
    groups: tuple[Group, ...]
    costs: tuple[int, ...]
    base: int
    input_tokens: int
    pinned: frozenset[int]
    pinned_ids: tuple[str, ...]
    unknown_pins: tuple[str, ...]
    group_of: Mapping[int, int]
    groups_total: int
    entries: int
    incremental: bool = False
    user_led: frozenset[int] | None = None

    def mark(self, position: int) -> Mark | None:
        """The first message of the group at ``position`` (``None`` past the end)."""
        if position >= len(self.groups):
            return None
        first = self.groups[position].messages[0]
        return Mark(first.index, first.id)

    def locate(self, mark: Mark | None) -> int | None:
        """Group position holding ``mark``: by index while the id matches, else by id."""
        if mark is None:
            return None
        position = self.group_of.get(mark.index)
        if position is not None and mark.id in self.groups[position].ids:
            return position
        for message in self.transcript.messages:
            if message.id == mark.id:
                return self.group_of.get(message.index)
        return None


def read_view(counter: TokenCounter, request: Request, *, memo: ReadMemo | None = None) -> View:
    """Read, group and measure the whole history (``memo``: an earlier read's messages,
    reused for entries passed again unchanged, ``runtime.formats.reuse``).

    Raises:
        FormatError: the input fits no format, or an entry is malformed.
        ProtocolError: an orphan result, a duplicated call id, or a call answered twice.
    """
    transcript = read_history(request.payload, format=request.format, memo=memo)
    groups = group_messages(transcript.messages)
    prefix: tuple[Message, ...] = ()
    if groups and groups[0].kind == "prefix":
        prefix, groups = groups[0].messages, groups[1:]
    return measure_view(
        counter, request, transcript, prefix, groups, entries=len(transcript.messages)
    )


def measure_view(
    counter: TokenCounter,
    request: Request,
    transcript: Transcript,
    prefix: tuple[Message, ...],
    groups: tuple[Group, ...],
    *,
    entries: int,
    skipped: tuple[int, int, int] | None = None,
) -> View:
    """The ``View`` of what was read.

    Args:
        counter: counts the messages, tools and system field.
        request: the call (its pins, and the tools and system that override the payload's).
        transcript: the messages read; prefix and groups: how they group.
        entries: entries in the whole history.
        skipped: on an incremental read, ``(cut, skipped_tokens, skipped_groups)`` from the
            state (totals then cover the part not read); ``None`` on a full read.
    """
    tools = request.tools if request.tools is not None else transcript.tools
    system = request.system
    if system is None:
        system = system_of(request.payload, transcript)
    counts = counter.count_messages(transcript.messages)
    count_of = {m.index: c for m, c in zip(transcript.messages, counts, strict=True)}
    group_of: dict[int, int] = {}
    costs = []
    for position, group in enumerate(groups):
        costs.append(sum(count_of[m.index] for m in group.messages))
        group_of.update((m.index, position) for m in group.messages)
    overhead = counter.count_tools(tools) + counter.count_system(system)
    base = sum(count_of[m.index] for m in prefix) + overhead + REPLY_PRIMING_TOKENS
    pinned, found, unknown = resolve_pins(transcript.messages, group_of, request.pins)
    has_prefix = 1 if prefix else 0
    user_led = None
    if transcript.format == "anthropic":
        user_led = user_led_positions(groups)
    if skipped is None:
        input_tokens, groups_total = base + sum(costs), has_prefix + len(groups)
    else:
        cut, skipped_tokens, skipped_groups = skipped
        input_tokens = base + skipped_tokens + sum(costs[cut:])
        groups_total = has_prefix + skipped_groups + len(groups) - cut
    return View(
        transcript=transcript,
        prefix=prefix,
        groups=groups,
        costs=tuple(costs),
        base=base,
        input_tokens=input_tokens,
        pinned=pinned,
        pinned_ids=found,
        unknown_pins=unknown,
        group_of=group_of,
        groups_total=groups_total,
        entries=entries,
        incremental=skipped is not None,
        user_led=user_led,
    )


def system_of(payload: JSON, transcript: Transcript) -> JSON | None:
    """The payload's system prompt: Anthropic's ``system``, a Responses request's
    ``instructions`` (sent ahead of ``input``, so it costs tokens too)."""
    if transcript.system is not None:
        return transcript.system
    if transcript.format == "openai-responses" and isinstance(payload, dict):
        return payload.get("instructions")
    return None


def resolve_pins(
    messages: Sequence[Message], group_of: Mapping[int, int], pins: Collection[str]
) -> tuple[frozenset[int], tuple[str, ...], tuple[str, ...]]:
    """Group positions of pinned ids; pins found (prefix included) and pins not found."""
    wanted = set(pins)
    positions: set[int] = set()
    found: list[str] = []
    for message in messages:
        if message.id in wanted:
            found.append(message.id)
            if message.index in group_of:
                positions.add(group_of[message.index])
    seen = set(found)
    unknown = tuple(sorted(p for p in wanted if p not in seen))
    return frozenset(positions), tuple(found), unknown


def user_led_positions(groups: Sequence[Group]) -> frozenset[int]:
    """Positions of the groups whose first message is a ``user`` message."""
    return frozenset(i for i, g in enumerate(groups) if g.messages[0].role == "user")
