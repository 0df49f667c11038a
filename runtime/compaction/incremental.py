"""Reading only what a compaction state says will be sent: prefix, pinned groups, cut onward.

Between two compactions the caller keeps passing the whole history, but the context the state
implies is only the prefix, the pinned groups before the cut and everything from the cut on.
``read_from_cut`` reads exactly those slices (so a warm call costs what the window costs, not
what the session's whole history costs) and checks that the state still applies: the format,
the prefix length, the id of the message at the cut, every pinned group where the state left
it, and a tail that groups on its own. Whenever anything does not match it returns ``None`` and
the compactor reads the whole history instead; it never guesses.

What this path does not look at is the dropped part before the cut, which is not sent: editing
a message there goes unnoticed until the next full read (a triggered compaction, or a call
without state), and ``report.input_tokens`` counts that part as the state recorded it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from runtime.compaction.reading import Request, View, measure_view
from runtime.errors import FormatError, ProtocolError
from runtime.formats import detect_format, read_history
from runtime.formats.reuse import ReadMemo
from runtime.grouping import Group, group_messages
from runtime.messages import JSON, Format, Message, Transcript, derive_message_id
from runtime.state import CompactionState
from runtime.tokens import TokenCounter

__all__ = [
    "PartialRead",
    "pins_outside_skipped",
    "read_by_next_call",
    "read_from_cut",
    "view_from_cut",
]

_PREFIX_ROLES = frozenset({"system", "developer"})
_DERIVED_ID = re.compile(r"m(\d+)-[0-9a-f]{12}")


@dataclass(frozen=True, slots=True)
class PartialRead:
    """The slices of a history a state implies, read and grouped.

    Attributes:
        transcript: the messages read (prefix, pinned spans, cut onward), absolute indexes and
            ids, plus the payload's ``system`` and ``tools``.
        prefix: the prefix messages.
        groups: the pinned-span groups, then the groups from the cut on.
        cut: position in ``groups`` of the first group from the cut.
        entries: number of entries in the whole history.
    """

    transcript: Transcript
    prefix: tuple[Message, ...]
    groups: tuple[Group, ...]
    cut: int
    entries: int


def _slicer(payload: JSON) -> tuple[list[JSON], Callable[[list[JSON]], JSON]] | None:
    if isinstance(payload, list):
        return payload, lambda part: part
    if isinstance(payload, dict):
        for key in ("messages", "input"):
            entries = payload.get(key)
            if isinstance(entries, list):
                return entries, lambda part, key=key: {**payload, key: part}
    return None


def read_by_next_call(messages: Iterable[Message], state: CompactionState) -> Iterator[Message]:
    """Those of ``messages`` a warm call resuming ``state`` reads: the prefix and the entry
    after it, the pinned spans and everything from the cut on (all of them without a cut)."""
    cut = state.cut_index
    spans = [(a, b) for a, b, _ in state.pinned_spans]
    for message in messages:
        index = message.index
        if (
            cut is None
            or index >= cut
            or index <= state.prefix_length
            or any(a <= index < b for a, b in spans)
        ):
            yield message


class _Mismatch(Exception):
    """The state does not apply to this history as sent; read it whole."""


def view_from_cut(
    counter: TokenCounter, request: Request, state: CompactionState
) -> tuple[View, int] | None:
    """The ``View`` of the slices ``state`` implies and the position in it of the first group
    from the cut, or ``None`` to read the whole history (the state does not plainly apply, or
    a pin not found in the slices may name an entry before the cut)."""
    part = read_from_cut(request.payload, state, format=request.format)
    if part is None:
        return None
    skipped = (part.cut, state.skipped_tokens, state.skipped_groups)
    view = measure_view(
        counter,
        request,
        part.transcript,
        part.prefix,
        part.groups,
        entries=part.entries,
        skipped=skipped,
    )
    if view.unknown_pins and not pins_outside_skipped(request.payload, state, view.unknown_pins):
        return None
    return view, part.cut


def read_from_cut(
    payload: JSON, state: CompactionState, *, format: Format | Literal["auto"]
) -> PartialRead | None:
    """Read the slices ``state`` implies, or ``None`` when the state does not plainly apply.

    Never raises for bad input: a malformed entry or a protocol error in the slices returns
    ``None`` too, and the full read then reports it exactly.
    """
    sliced = _slicer(payload)
    cut = state.cut_index
    if sliced is None or cut is None or format not in ("auto", state.format):
        return None
    entries, rebuild = sliced
    if not state.prefix_length <= cut < len(entries):
        return None
    if state.skipped_messages != cut - state.prefix_length:
        return None  # a state made by hand (e.g. a rollback) without the counts: read it whole
    try:
        return _read(entries, rebuild, state, cut, detect=format == "auto")
    except (_Mismatch, FormatError, ProtocolError):
        return None


def _read(
    entries: list[JSON],
    rebuild: Callable[[list[JSON]], JSON],
    state: CompactionState,
    cut: int,
    *,
    detect: bool,
) -> PartialRead:
    fmt = state.format
    plen = state.prefix_length
    if detect and detect_format(rebuild([*entries[:plen], *entries[cut:]])) != fmt:
        raise _Mismatch  # a plain-text slice may read as another format: the caller said auto
    # read where they lie (absolute positions, so derived ids come out right the first time)
    memo = state._reads  # the previous call's messages (runtime.formats.reuse)
    transcript = read_history(rebuild(entries[cut:]), format=fmt, start=cut, memo=memo)
    prefix = read_history(rebuild(entries[:plen]), format=fmt, memo=memo).messages if plen else ()
    tail = transcript.messages
    if any(m.role not in _PREFIX_ROLES for m in prefix) or not tail or tail[0].id != state.cut_id:
        raise _Mismatch
    if plen < cut and _slice(entries, fmt, plen, plen + 1, memo)[0].role in _PREFIX_ROLES:
        raise _Mismatch  # the prefix grew
    span_groups = [_one_group(_slice(entries, fmt, a, b, memo)) for a, b, _ in state.pinned_spans]
    if any(g.messages[-1].index >= cut for g in span_groups):
        raise _Mismatch
    tail_groups = group_messages(tail)
    if tail_groups[0].kind == "prefix":
        raise _Mismatch
    spans = tuple(m for g in span_groups for m in g.messages)
    _check_own_ids(entries, (*prefix, *spans, *tail), plen, cut, state)
    return PartialRead(
        transcript=Transcript(fmt, (*prefix, *spans, *tail), transcript.system, transcript.tools),
        prefix=prefix,
        groups=(*span_groups, *tail_groups),
        cut=len(span_groups),
        entries=len(entries),
    )


def _check_own_ids(
    entries: list[JSON],
    read: tuple[Message, ...],
    plen: int,
    cut: int,
    state: CompactionState,
) -> None:
    """An own id read here must not also occur in the part not read.

    A full read gives a repeated own id to its first entry only (``read_history``), so a
    repeat whose first occurrence lies in the skipped part would get another id here.
    """
    own = [m.id for m in read if m.own_id]
    if len(set(own)) != len(own):
        raise _Mismatch
    wanted = set(own)
    if not wanted:
        return
    in_spans = {i for a, b, _ in state.pinned_spans for i in range(a, b)}
    for index in range(plen, cut):
        entry = entries[index]
        if index not in in_spans and isinstance(entry, dict):
            value = entry.get("id")
            if isinstance(value, str) and value in wanted:
                raise _Mismatch


def _slice(
    entries: list[JSON], fmt: Format, start: int, end: int, memo: ReadMemo | None
) -> tuple[Message, ...]:
    if end > len(entries):
        raise _Mismatch
    return read_history(entries[start:end], format=fmt, start=start, memo=memo).messages


def _one_group(messages: tuple[Message, ...]) -> Group:
    groups = group_messages(messages)
    if len(groups) != 1 or groups[0].kind == "prefix":
        raise _Mismatch
    return groups[0]


def pins_outside_skipped(payload: JSON, state: CompactionState, pins: Collection[str]) -> bool:
    """Whether none of ``pins`` (not found in the slices read) names an entry before the cut.

    A pin that names nothing (stale, or a summary id) must not force a full read on every
    call. A derived id names its position, so only that entry is hashed; an own id is looked up
    with a plain field read. Any doubt answers ``False``.
    """
    sliced = _slicer(payload)
    cut = state.cut_index
    if sliced is None or cut is None:
        return False
    entries = sliced[0]
    skipped = range(state.prefix_length, min(cut, len(entries)))
    wanted = set(pins)
    for pin in wanted:
        match = _DERIVED_ID.fullmatch(pin)
        if match and int(match[1]) in skipped:
            index = int(match[1])
            if derive_message_id(index, entries[index]) == pin:
                return False
    for index in skipped:
        entry = entries[index]
        if isinstance(entry, dict):
            value = entry.get("id")
            if isinstance(value, str) and value in wanted:
                return False
    return True
