"""The recall block: recalled groups as one untrusted data message in the input's format.

``<recalled_turns trust='untrusted' schema='v3'>`` + JSON + ``</recalled_turns>``, escaped like
the summary (``runtime.blocks``), inside a user-role message made by
``runtime.formats.make_data_message``. The JSON names its columns once and then holds the
groups in history order, one per line, each turn a row. Between them, an object says the
speakers' names by role from there on (a role it leaves out has no name), and a time string
(or ``null``, "no time") says when the turns after it were said, until the next one::

    {"columns":["id","role","text","more"],"groups":[
    {"user":"mia"},
    "2026-09-18T09:30:00",
    [["m12","user","..."],["m13","assistant","..."]],
    [["m16","user","..."],"2026-09-18T09:41:00",["m17","assistant","..."]],
    null,
    [["m20","assistant",null,{"calls":[{"id":"call_1","name":"search","args":"{...}"}]}],
     ["m21","tool",null,{"results":[{"call_id":"call_1","text":"...","error":true}]}]]
    ]}

``id`` and ``role`` are always there; ``more`` only when the turn has more than its text:
``type`` when it is not a plain message (a Responses ``reasoning`` item, a ``function_call``),
``calls``, ``results``, ``name`` when turns of one role in one group carry different names
(Chat ``name``), and ``superseded`` when the current summary records a value from this turn
as replaced by a newer one (``[{"key", "value", "now"}]``, ``now``: the summary's current
value of that key, when it has one). Trailing empty columns are left out. A time is said once
per run of turns said at it, between groups or inside one, and names once per change of who
speaks for a role (``runtime.recall.rows``): on LoCoMo, where every turn of a session carries
the session's time and each of the two speakers keeps a role, ``v2`` spent about a fifth of a
block on the ``at`` and ``name`` columns of every row, so the same reserve now shows more
turns. ``v1`` gave every turn a keyed object.

Every text, argument and result is sanitized (``runtime.summary.sanitize``: invisible
characters, secrets, injection attempts, length), once, when the group is indexed; a group's
rows are kept as escaped JSON text (its *body*, ``v2`` rows) and shown as its line, made from
the body once per group value, so building a block costs no sanitizing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Final

from runtime.blocks import render_json_body
from runtime.formats import make_data_message, read_history
from runtime.messages import Format, Message
from runtime.recall.groups import authored_text
from runtime.recall.rows import BLOCK_COLUMNS, BlockLine, turns_body, turns_of_body
from runtime.summary.sanitize import SanitizeCounts, sanitize_text
from runtime.summary.schema import CompactionSummary

__all__ = [
    "CLOSE_TAG",
    "OPEN_TAG",
    "RECALL_MESSAGE_ID",
    "BlockItem",
    "Superseded",
    "block_items",
    "line_pieces",
    "mark_superseded",
    "recall_message",
    "render_recall_block",
    "render_turns",
    "superseded_values",
]

OPEN_TAG: Final = "<recalled_turns trust='untrusted' schema='v3'>"
CLOSE_TAG: Final = "</recalled_turns>"
RECALL_MESSAGE_ID: Final = "recall"
"""The id reported for the injected recall message."""

Superseded = Mapping[str, tuple[dict[str, str], ...]]
"""Message id -> the superseded values the summary cites it for."""


def superseded_values(summary: CompactionSummary | None) -> Superseded:
    """Message id -> ``{"key", "value", "now"?}`` for every superseded fact citing it."""
    if summary is None:
        return {}
    current = {f.key: f.value for f in summary.facts if f.status != "superseded"}
    marks: dict[str, list[dict[str, str]]] = {}
    for fact in summary.facts:
        if fact.status != "superseded":
            continue
        mark = {"key": fact.key, "value": fact.value}
        if fact.key in current:
            mark["now"] = current[fact.key]
        for source in fact.source_ids:
            marks.setdefault(source, []).append(mark)
    return {source: tuple(items) for source, items in marks.items()}


class _Cleaner:
    """Sanitizes texts and adds up what it changed."""

    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars
        self.counts = SanitizeCounts()

    def __call__(self, text: str, *, untrusted: bool = True) -> str:
        clean, counts = sanitize_text(text, max_chars=self.max_chars, untrusted=untrusted)
        self.counts += counts
        return clean


def _turn(message: Message, clean: _Cleaner) -> dict[str, Any]:
    turn: dict[str, Any] = {"id": message.id, "role": message.role}
    raw = message.raw
    name = raw.get("name") if isinstance(raw, dict) and message.role != "tool" else None
    if isinstance(name, str) and name:
        turn["name"] = clean(name, untrusted=message.role != "user")
    if message.item_type not in ("message", "opaque"):
        turn["type"] = message.item_type
    if message.timestamp:
        turn["at"] = message.timestamp
    text = authored_text(message)
    if text:  # only the user's own words are read as trusted: tool, assistant, system text not
        turn["text"] = clean(text, untrusted=message.role != "user")
    if message.tool_calls:
        turn["calls"] = [
            {"id": c.call_id, "name": c.name, "args": clean(c.arguments)}
            for c in message.tool_calls
        ]
    if message.tool_results:
        results = []
        for result in message.tool_results:
            entry: dict[str, Any] = {"call_id": result.call_id, "text": clean(result.text)}
            if result.is_error:
                entry["error"] = True
            results.append(entry)
        turn["results"] = results
    return turn


def render_turns(
    messages: Sequence[Message], *, max_chars: int
) -> tuple[list[dict[str, Any]], SanitizeCounts]:
    """One group's turns (sanitized, see the module docstring) and what sanitizing changed.

    Raises:
        ValueError: ``max_chars`` is smaller than 64.
    """
    clean = _Cleaner(max_chars)
    turns = [_turn(m, clean) for m in messages]
    for before, message, turn in zip(messages, messages[1:], turns[1:], strict=False):
        if message.timestamp and message.timestamp == before.timestamp:
            del turn["at"]  # said once per run of equal times: a tenth of a chat group's tokens
    return turns, clean.counts


def mark_superseded(body: str, superseded: Superseded) -> str:
    """``body`` (a group's escaped rows) with the superseded marks of its turns added;
    ``body`` itself when no turn is cited (the common case: no parsing). A row opens with
    ``["<id>",``; inside a text those quotes are escaped, so only a row matches."""
    if not superseded or not any(f"[{render_json_body(i)}," in body for i in superseded):
        return body
    turns = turns_of_body(body)
    for turn in turns:
        marks = superseded.get(str(turn["id"]))
        if marks:
            turn["superseded"] = list(marks)
    return turns_body(turns)


_HEAD: Final = (
    OPEN_TAG + '\n{"columns":' + render_json_body([*BLOCK_COLUMNS, "more"]) + ',"groups":[\n'
)
_FOOT: Final = "]}\n" + CLOSE_TAG


BlockItem = str | BlockLine
"""An item of a block's ``groups``: a group's line, or the JSON text of a time or of names."""


def block_items(lines: Sequence[BlockLine]) -> list[BlockItem]:
    """The items of a block's ``groups`` for group lines in history order.

    Before a line come, where needed, the speakers' names (an object, role -> name, the whole
    mapping in force from there on) when a role of the group would otherwise read another
    name than its own, and its first time (a JSON string or ``null``) when that is not the
    time in force after the line before it (before the first line: no names, no time).
    """
    items: list[BlockItem] = []
    time: str | None = None
    names: dict[str, str | None] = {}
    for line in lines:
        if any(names.get(role) != name for role, name in line.speakers):
            names.update(line.speakers)
            items.append(render_json_body({r: n for r, n in names.items() if n is not None}))
        if line.first != time:
            items.append(render_json_body(line.first))
        items.append(line)
        time = line.last
    return items


def render_recall_block(lines: Sequence[BlockLine]) -> str:
    """The block text for group lines, in the order given.

    The JSON is ``{"columns": [...], "groups": [...]}`` with one item per line (``block_items``):
    every item is followed by ``",\n"`` (``"\n"`` for the last, always a group), and a line
    break is where a BPE tokenizer's pre-split (tiktoken's) always cuts: the punctuation
    before it takes it. So the block's tokens are the empty block's plus each item's in its
    place (``line_pieces``; ``runtime.recall.indexing.line_tokens`` for a group line), and a
    call never tokenizes the block again.
    """
    texts = [item if isinstance(item, str) else item.text for item in block_items(lines)]
    joined = ",\n".join(texts)
    return f"{_HEAD}{joined}\n{_FOOT}" if texts else f"{_HEAD}{_FOOT}"


def line_pieces(line: str) -> tuple[str, str]:
    """The two ways a line appears in a block: followed by ``",\n"``, or last (``"\n"``)."""
    return f"{line},\n", f"{line}\n"


def recall_message(fmt: Format, text: str) -> Message:
    """The recall block as one user-role data message in ``fmt`` (id ``recall``)."""
    raw = make_data_message(fmt, text)
    message = read_history([raw], format=fmt).messages[0]
    return dataclasses.replace(message, id=RECALL_MESSAGE_ID, own_id=False)
