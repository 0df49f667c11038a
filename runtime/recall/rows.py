"""A recalled group's turns: stored as rows (``v2``), shown in a block as one line (``v3``).

*Stored rows* (a group's ``body``, in held states and the service's tables): one escaped JSON
array, each turn a row ``[id, role, name, at, text, more]`` (``at`` when the turn carries a
time other than the previous turn's in the group; ``more``, a turn's other fields, only when
it has any; trailing empty columns left out). Bodies written before rows (``v1``: one keyed
object per turn) are still read and rewritten as rows when a group is loaded
(``upgrade_body``).

*A block line* (``block_line``): the same turns without the ``at`` and ``name`` columns. A
turn said at another time than the turn before it gets that time as a string just before its
row, and the group's first time is said by the block, once per run of groups said at it; the
speakers' names are said by the block too, once per change of who speaks for a role
(``runtime.recall.render``). On LoCoMo, where every turn of a session carries the session's
time and each speaker keeps a role, the two columns were about a fifth of a block's tokens,
so the same reserve now shows more turns.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from runtime.blocks import render_json_body

__all__ = [
    "BLOCK_COLUMNS",
    "ROW_COLUMNS",
    "BlockLine",
    "Speakers",
    "block_line",
    "block_turns",
    "line_of_turns",
    "turns_body",
    "turns_of_body",
    "upgrade_body",
]

ROW_COLUMNS: Final = ("id", "role", "name", "at", "text")
"""A stored row's leading columns; a sixth, ``more``, holds a turn's other fields."""
BLOCK_COLUMNS: Final = ("id", "role", "text")
"""A block row's leading columns; a fourth, ``more``, holds a turn's other fields."""


def _row(
    turn: Mapping[str, Any], columns: Sequence[str], own: Mapping[str, Any] | None = None
) -> list[Any]:
    """``turn`` as a row of ``columns``; ``own`` goes to ``more`` beside the fields no stored
    column holds."""
    row: list[Any] = [turn.get(column) for column in columns]
    more = {**(own or {}), **{key: v for key, v in turn.items() if key not in ROW_COLUMNS}}
    if more:
        row.append(more)
    else:
        while row[-1] is None:  # id and role are never None
            row.pop()
    return row


def turns_body(turns: Sequence[Mapping[str, Any]]) -> str:
    """A group's body: its turns (``render_turns``' dicts) as escaped stored rows."""
    return render_json_body([_row(turn, ROW_COLUMNS) for turn in turns])


def turns_of_body(body: str) -> list[dict[str, Any]]:
    """The turns of a body, ``v2`` rows or ``v1`` objects, as ``render_turns``' dicts."""
    turns: list[dict[str, Any]] = []
    for row in json.loads(body):
        if isinstance(row, dict):  # v1: one object per turn
            turns.append(row)
            continue
        turn = {c: v for c, v in zip(ROW_COLUMNS, row, strict=False) if v is not None}
        if len(row) > len(ROW_COLUMNS):
            turn.update(row[len(ROW_COLUMNS)])
        turns.append(turn)
    return turns


def upgrade_body(body: str) -> str:
    """``body`` in ``v2`` rows: a ``v1`` body (``[{...}]``, stored before rows) rewritten,
    any other returned as is (no parsing)."""
    return turns_body(turns_of_body(body)) if body.startswith("[{") else body


Speakers = tuple[tuple[str, str | None], ...]
"""Role -> the name its turns in a group carry (``None``: none, or not one name), by role."""


@dataclass(frozen=True, slots=True)
class BlockLine:
    """A group as one line of a recall block.

    Attributes:
        text: the escaped JSON array of its rows, a time string before each turn said at
            another time than the turn before it.
        first: when its first turn was said (``None``: no time), said by the block before
            the line unless the line before ends at that time.
        last: the time in force after the line.
        counted: whether ``text`` holds a time string or a turn's own name, which the stored
            rows held in a column: only then may the line cost more than the rows did.
        speakers: the names its rows leave to the block: each role of the group with the
            one name its turns carry (a role whose turns carry several keeps them in the
            rows' ``more`` and needs ``None``).
    """

    text: str
    first: str | None
    last: str | None
    counted: bool
    speakers: Speakers = ()


def _speakers(turns: Sequence[Mapping[str, Any]]) -> tuple[Speakers, frozenset[str]]:
    """The group's speakers (``BlockLine.speakers``) and the roles whose turns name
    themselves in their rows."""
    names: dict[str, set[str | None]] = {}
    for turn in turns:
        names.setdefault(str(turn["role"]), set()).add(turn.get("name"))
    own = frozenset(role for role, held in names.items() if len(held) > 1)
    speakers = tuple(
        sorted((role, None if role in own else next(iter(held))) for role, held in names.items())
    )
    return speakers, own


def line_of_turns(turns: Sequence[Mapping[str, Any]]) -> BlockLine:
    """The block line of a group's turns (``render_turns``' dicts)."""
    speakers, own = _speakers(turns)
    first = turns[0].get("at") if turns else None
    current, items, named = first, [], False
    for position, turn in enumerate(turns):
        at = turn.get("at")
        if position and at is not None and at != current:
            items.append(at)
            current = at
        name = turn.get("name") if turn["role"] in own else None
        named = named or name is not None
        items.append(_row(turn, BLOCK_COLUMNS, {"name": name} if name is not None else None))
    counted = named or len(items) > len(turns)
    return BlockLine(render_json_body(items), first, current, counted, speakers)


def block_line(body: str) -> BlockLine:
    """The block line of a stored body (``v2`` rows or ``v1`` objects)."""
    return line_of_turns(turns_of_body(body))


def block_turns(groups: Sequence[Any]) -> list[list[dict[str, Any]]]:
    """A ``v3`` block's ``groups`` read back: each group's turns as ``render_turns``' dicts,
    every turn with ``at``, the time in force where it stands (none when that is ``null``),
    and ``name``, its own or the one in force for its role.

    Raises:
        ValueError: an item that is neither a time (a string or ``null``), nor the speakers'
            names (an object), nor a list of rows.
    """
    read: list[list[dict[str, Any]]] = []
    current: str | None = None
    names: dict[str, Any] = {}
    for item in groups:
        if item is None or isinstance(item, str):
            current = item
            continue
        if isinstance(item, dict):
            names = item
            continue
        if not isinstance(item, list):
            raise ValueError(f"not a recall block item: {item!r}")
        turns: list[dict[str, Any]] = []
        for entry in item:
            if entry is None or isinstance(entry, str):
                current = entry
                continue
            turn = {c: v for c, v in zip(BLOCK_COLUMNS, entry, strict=False) if v is not None}
            if len(entry) > len(BLOCK_COLUMNS):
                turn.update(entry[len(BLOCK_COLUMNS)])
            if "name" not in turn and names.get(turn["role"]) is not None:
                turn["name"] = names[turn["role"]]
            if current is not None:
                turn["at"] = current
            turns.append(turn)
        read.append(turns)
    return read
