"""A recalled group's body: its turns as rows of one escaped JSON array (block ``v2``).

A row is ``[id, role, name, at, text, more]`` (``runtime.recall.render`` says what each
column holds); the block names the columns once instead of every turn naming its keys, which
on LoCoMo makes a two-turn group about a fifth cheaper. Bodies written before rows (``v1``:
one keyed object per turn) are still read, from held states and stored tables, and rewritten
as rows when a group is loaded (``upgrade_body``), so a block never mixes the two.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

from runtime.blocks import render_json_body

__all__ = ["ROW_COLUMNS", "turns_body", "turns_of_body", "upgrade_body"]

ROW_COLUMNS: Final = ("id", "role", "name", "at", "text")
"""A row's leading columns; a sixth, ``more``, holds a turn's other fields."""


def turns_body(turns: Sequence[Mapping[str, Any]]) -> str:
    """A group's body: its turns (``render_turns``' dicts) as escaped rows (module docstring)."""
    rows: list[list[Any]] = []
    for turn in turns:
        row: list[Any] = [turn.get(column) for column in ROW_COLUMNS]
        more = {key: value for key, value in turn.items() if key not in ROW_COLUMNS}
        if more:
            row.append(more)
        else:
            while row[-1] is None:  # id and role are never None
                row.pop()
        rows.append(row)
    return render_json_body(rows)


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
