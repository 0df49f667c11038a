"""What goes into the recall index: units of whole groups, their terms, their rendered turns.

A *unit* is what one recall hit brings back whole:

* a tool group (a call with all its results, reasoning and pass-through items included:
  ``runtime.grouping``);
* a user turn with the plain reply after it (the question and its answer belong together; the
  reply alone is its own unit when its turn is not before the cut too);
* any other single group.

``index_evicted`` turns units into index entries: every text is sanitized once, the entry's
terms are taken from the sanitized text (so a redacted secret never becomes a stored term), and
the sanitized turns are kept as the body a block will show (as its line). Sanitizing is memoized by
``runtime.summary.sanitize`` and a line's token count here (``LINE_TOKENS``), both under
digests and holding no text, so indexing a unit again (a call without a state indexes every
evicted unit) costs its term extraction and rendering, not its sanitizing and tokenizing.
A unit is stored as rows (its ``body``) and costed as the line a block shows it as
(``runtime.recall.rows``).

A unit's terms count twice, and the terms of the message just before it and just after it
once: a reply is often found by the question it answers ("what are your plans for the
summer?" / "Researching adoption agencies"), and a question by its answer. Measured on LoCoMo
conversations 0-4 this lifts evidence retention by about four points at every cap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from runtime.grouping import Group
from runtime.messages import Message
from runtime.recall.dates import said_on_terms
from runtime.recall.groups import group_digest, is_purged
from runtime.recall.index import IndexedGroup, RecallIndex
from runtime.recall.render import line_pieces, render_turns
from runtime.recall.rows import line_of_turns, turns_body
from runtime.recall.terms import terms
from runtime.summary.edits import DigestMemo, text_digest
from runtime.tokens import TiktokenCounter, TokenCounter

__all__ = [
    "index_evicted",
    "index_unit",
    "line_tokens",
    "next_digest",
    "recall_units",
    "reusable_part",
]

LINE_TOKENS: DigestMemo[int] = DigestMemo(65_536)
"""Digest of a block line (and the tiktoken encoding's name) -> its tokens in a block: a line
is counted once per process, not on every stateless call that indexes it again. Holds no text
(issue 5)."""

_OWN_WEIGHT = 2
"""A unit's own terms count this many times; the messages next to it count once each."""


def _is_turn(group: Group) -> bool:
    return group.kind == "message" and group.messages[-1].role == "user"


def _is_reply(group: Group) -> bool:
    return group.kind == "message" and all(m.role == "assistant" for m in group.messages)


def recall_units(groups: Sequence[Group]) -> Iterator[tuple[Message, ...]]:
    """The units of ``groups`` (consecutive groups of one history), in order."""
    position = 0
    while position < len(groups):
        group = groups[position]
        if group.kind == "prefix":
            position += 1
            continue
        nxt = groups[position + 1] if position + 1 < len(groups) else None
        if nxt is not None and _is_turn(group) and _is_reply(nxt):
            yield group.messages + nxt.messages
            position += 2
        else:
            yield group.messages
            position += 1


def _turn_terms(turn: dict[str, Any]) -> Counter[str]:
    counts: Counter[str] = Counter()
    text = turn.get("text")
    if isinstance(text, str):
        counts.update(terms(text))
    for call in turn.get("calls", ()):
        counts.update(terms(call["name"]))
        counts.update(terms(call["args"]))
    for result in turn.get("results", ()):
        counts.update(terms(result["text"]))
    return counts


def _entry(
    messages: Sequence[Message],
    turns: list[dict[str, Any]],
    own: Counter[str],
    context: Counter[str],
    counter: TokenCounter,
) -> IndexedGroup:
    weighted = Counter({term: count * _OWN_WEIGHT for term, count in own.items()})
    weighted.update(context)
    at = next((m.timestamp for m in messages if m.timestamp), None)
    weighted.update(said_on_terms(at))  # when it was said (runtime.recall.dates)
    line = line_of_turns(turns)
    group = IndexedGroup(
        start=messages[0].index,
        ids=tuple(m.id for m in messages),
        digest=group_digest(messages),
        terms=tuple(sorted(weighted.items())),
        body=turns_body(turns),
        tokens=line_tokens(line.text, counter),
        at=at,
    )
    object.__setattr__(group, "_line", line)  # made from the turns at hand: not parsed again
    return group


def line_tokens(line: str, counter: TokenCounter) -> int:
    """What a block line costs in a block, either way it appears there (``line_pieces``).

    Memoized in ``LINE_TOKENS`` for a ``TiktokenCounter`` only, whose counts its encoding's
    name determines; any other counter (a LangChain function, a test double) may count two
    ways under one name, so it is asked every time.
    """
    with_comma, last = line_pieces(line)
    if type(counter) is not TiktokenCounter:
        return max(counter.count_text(with_comma), counter.count_text(last))
    key = text_digest(line, counter.encoding_name)
    known = LINE_TOKENS.get(key)
    if known is not None:
        return known
    tokens = max(counter.count_text(with_comma), counter.count_text(last))
    LINE_TOKENS.put(key, tokens)
    return tokens


def index_unit(
    messages: Sequence[Message],
    *,
    counter: TokenCounter,
    max_chars: int,
    before: Message | None = None,
    after: Message | None = None,
) -> IndexedGroup:
    """The index entry of one unit, with the messages next to it as ranking context.

    Raises:
        ValueError: ``messages`` is empty, or ``max_chars`` is smaller than 64.
    """
    if not messages:
        raise ValueError("a recall unit has at least one message")
    turns, _ = render_turns(messages, max_chars=max_chars)
    own: Counter[str] = Counter()
    for turn in turns:
        own.update(_turn_terms(turn))
    context = _neighbour_terms(before, max_chars) + _neighbour_terms(after, max_chars)
    return _entry(messages, turns, own, context, counter)


def _neighbour_terms(message: Message | None, max_chars: int) -> Counter[str]:
    if message is None:
        return Counter()
    turns, _ = render_turns([message], max_chars=max_chars)
    return _turn_terms(turns[0])


def index_evicted(
    index: RecallIndex,
    groups: Sequence[Group],
    *,
    stop: int,
    start: int = 0,
    counter: TokenCounter,
    max_chars: int,
) -> RecallIndex:
    """``index`` with the units of ``groups[start:stop]`` (groups newly evicted) added.

    ``groups`` are consecutive groups of the history (the prefix may lead): the groups next to
    the range give the first and last unit their ranking context. Units already indexed with
    the same content are skipped; a unit with a retention tombstone is left out.

    Raises:
        ValueError: ``max_chars`` is smaller than 64.
    """
    stop = min(stop, len(groups))
    units = [
        unit
        for unit in recall_units(groups[start:stop])
        if not any(is_purged(m) for m in unit) and index.digest_of(unit[0].id) != group_digest(unit)
    ]
    if not units:
        return index
    rendered = [render_turns(unit, max_chars=max_chars)[0] for unit in units]
    own = [[_turn_terms(turn) for turn in turns] for turns in rendered]
    fresh: list[IndexedGroup] = []
    for position, unit in enumerate(units):
        context = _context(units, own, position, groups, max_chars)
        total: Counter[str] = Counter()
        for counts in own[position]:
            total.update(counts)  # every count is positive: the same as summing them
        fresh.append(_entry(unit, rendered[position], total, context, counter))
    return index.add(fresh)


def _context(
    units: list[tuple[Message, ...]],
    own: list[list[Counter[str]]],
    position: int,
    groups: Sequence[Group],
    max_chars: int,
) -> Counter[str]:
    """Terms of the message just before and just after ``units[position]``."""
    unit = units[position]
    context: Counter[str] = Counter()
    for neighbour, side in ((position - 1, -1), (position + 1, 0)):
        if 0 <= neighbour < len(units) and _adjacent(units[neighbour], unit, side):
            context.update(own[neighbour][side])
        else:
            context.update(_neighbour_terms(_next_to(groups, unit, side), max_chars))
    return context


def _adjacent(other: tuple[Message, ...], unit: tuple[Message, ...], side: int) -> bool:
    if side == -1:
        return other[-1].index + 1 == unit[0].index
    return unit[-1].index + 1 == other[0].index


def _next_to(groups: Sequence[Group], unit: tuple[Message, ...], side: int) -> Message | None:
    """The message just before (``side`` -1) or after (0) ``unit`` in ``groups``, if any."""
    wanted = unit[0].index - 1 if side == -1 else unit[-1].index + 1
    for group in groups:
        if group.kind == "prefix":
            continue
        first, last = group.messages[0].index, group.messages[-1].index
        if first <= wanted <= last:
            return group.messages[wanted - first]
    return None


def next_digest(index: RecallIndex, groups: Sequence[Group]) -> str | None:
    """Digest of the message right after ``index``'s last group in ``groups`` (``None``: no
    group, or nothing after it): that message's terms are part of the group's entry."""
    if not len(index.groups):
        return None
    last = index.groups[-1]
    for group in groups:
        if group.kind == "prefix":
            continue
        first = group.messages[0].index
        if first <= last.end < first + len(group.messages):
            return group.messages[last.end - first].digest
    return None


def reusable_part(
    seed: RecallIndex, groups: Sequence[Group], *, stop: int, after: str | None
) -> RecallIndex:
    """The part of ``seed`` that indexes the first units of ``groups[:stop]`` as they are now.

    ``seed`` is an index built from an earlier call on the same history (a caller that keeps no
    state, ``Compactor``'s index of its last such call), ``after`` the ``next_digest`` of it in
    that call. Its groups are kept while they are, in order, the same units with the same
    content as the units of the range; from the first that is not (an edit, a purge, a unit
    that has grown since: a turn cut from its reply), the rest is dropped, and so is the group
    before it, whose entry holds the changed message's terms as ranking context (as the last
    group does when the message after it is not the one it was indexed beside). ``index_evicted``
    then adds what is missing: the index a new compactor would build, at the cost of the new
    units only.
    """
    if not len(seed):
        return seed
    kept = 0
    units = (
        u for u in recall_units(groups[: min(stop, len(groups))]) if not any(map(is_purged, u))
    )
    for group, unit in zip(seed.groups, units, strict=False):  # the range may hold fewer
        if group.key != unit[0].id or group.digest != group_digest(unit):
            break
        kept += 1
    if kept == len(seed.groups) and next_digest(seed, groups) == after:
        return seed
    return RecallIndex.of(seed.groups[: max(0, kept - 1)])
