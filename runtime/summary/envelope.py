"""The untrusted-data envelope a summary travels in, and its compact rendering.

A summary goes back to the model as ``<compaction_summary trust='untrusted' schema='v2'>`` +
JSON + ``</compaction_summary>`` inside an ordinary user-role message, never as a system
message. Its JSON is escaped (``runtime.blocks``, shared with the recall block) so that the
text between the tags contains no ``<``, ``>`` or ``&`` at all (``\\u003c``, ``\\u003e``,
``\\u0026`` are still valid JSON string escapes): whatever a tool result said, it cannot close
the block or open a forged ``<system>`` tag. Rendering is deterministic (fixed key order and
separators) so the same summary is always the same bytes and provider prompt caches keep
working.

A v2 block is compact: the room goes to what the user said, not to field names or ids. Its
body is one JSON object: ``version`` (``[summary_version, previous_version, restored_from]``),
``created_at``, ``ids`` (every message id the summary names, each written once: its
``source_message_ids`` first, then any other id an item cites) and ``columns`` (the column
names of each section present, space-separated); then each item is one row (one line) of a
positional array. A row names its sources as one string of
``speaker:index`` pairs into ``ids`` (``"user:0"``, ``"assistant:3 tool:4"``; ``?`` for a
speaker a v1 version never recorded). Defaults are left out: a fact's ``quote`` column is
``true`` when the quote is the value itself, and trailing ``null``/``false`` columns are not
written. A constraint then costs its key, its clause and about fifteen tokens, so a dozen
constraints fit in a few hundred tokens. The rendering is lossless: ``parse_summary_block``
gives back exactly the summary rendered.

A v1 summary (read from storage or from a caller's state) is still rendered as v1 was, under
``schema='v1'``, byte for byte: a state held since before v2 keeps its prompt cache until the
next compaction writes v2. ``parse_summary_block`` reads both.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final, get_args

from pydantic import ValidationError

from runtime.blocks import GUARD_TEXT, escape_block_body, render_json_body
from runtime.errors import FormatError
from runtime.summary.schema import (
    SCHEMA_V1,
    SCHEMA_VERSION,
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    Speaker,
    ToolResultDigest,
)

__all__ = [
    "CLOSE_TAG",
    "COLUMNS",
    "OPEN_TAG",
    "OPEN_TAG_V1",
    "SUMMARY_GUARD_TEXT",
    "SummaryBlockError",
    "parse_summary_block",
    "render_summary_block",
]

OPEN_TAG: Final = "<compaction_summary trust='untrusted' schema='v2'>"
OPEN_TAG_V1: Final = "<compaction_summary trust='untrusted' schema='v1'>"
CLOSE_TAG: Final = "</compaction_summary>"

SUMMARY_GUARD_TEXT = GUARD_TEXT
"""The guard text for the caller's system/developer prompt: ``runtime.blocks.GUARD_TEXT``, the
one text covering every tiermem data block (kept under this name for existing callers)."""

COLUMNS: Final[Mapping[str, tuple[str, ...]]] = {
    "facts": ("status", "key", "value", "confidence", "sources", "quote", "pinned"),
    "decisions": ("text", "reason", "sources"),
    "open_questions": ("text", "sources"),
    "tool_result_digests": ("tool_call_id", "tool_name", "digest", "sources"),
}
"""The columns of a v2 block's rows (trailing optional columns of facts: ``quote``, ``true``
when it is the value itself, and ``pinned``)."""

_VERSIONS: Final = ("summary_version", "previous_version", "restored_from")
_OPTIONAL: Final[Mapping[str, int]] = {"facts": 2}
_SPEAKER_OF: Final[Mapping[str, Speaker]] = {s: s for s in get_args(Speaker)}
_BLOCK_RE = re.compile(
    r"<compaction_summary trust='untrusted' schema='(?P<schema>v[12])'>"
    r"\n?(?P<body>[^<>]*?)\n?" + re.escape(CLOSE_TAG),
    re.DOTALL,
)


class SummaryBlockError(FormatError):
    """A text is not exactly one well-formed ``compaction_summary`` block with a valid summary."""


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _Ids:
    """The block's id table: each id once, rows cite positions."""

    def __init__(self, summary: CompactionSummary) -> None:
        cited = (i for item in summary.items() for i in item.source_ids)
        self.ids = list(dict.fromkeys([*summary.source_message_ids, *cited]))
        self.position = {ident: n for n, ident in enumerate(self.ids)}

    def sources(self, item: Fact | Decision | OpenQuestion | ToolResultDigest) -> str:
        return " ".join(f"{item.speakers.get(i, '?')}:{self.position[i]}" for i in item.source_ids)


def _fact_row(fact: Fact, ids: _Ids) -> list[Any]:
    row: list[Any] = [fact.status, fact.key, fact.value, fact.confidence, ids.sources(fact)]
    quote: str | bool | None = True if fact.quote == fact.value else fact.quote
    if fact.pinned:
        return [*row, quote, True]
    return [*row, quote] if quote is not None else row


def _rows(summary: CompactionSummary, ids: _Ids) -> dict[str, list[list[Any]]]:
    rows = {
        "facts": [_fact_row(f, ids) for f in summary.facts],
        "decisions": [[d.text, d.reason, ids.sources(d)] for d in summary.decisions],
        "open_questions": [[q.text, ids.sources(q)] for q in summary.open_questions],
        "tool_result_digests": [
            [d.tool_call_id, d.tool_name, d.digest, ids.sources(d)]
            for d in summary.tool_result_digests
        ],
    }
    return {name: section for name, section in rows.items() if section}


def _render_v2(summary: CompactionSummary) -> str:
    # ``[summary_version, previous_version, restored_from]``: a restored version (which sets
    # ``restored_from``) costs what the version it restores cost, so it still fits its budget.
    version = [summary.summary_version, summary.previous_version, summary.restored_from]
    created = summary.model_dump(mode="json", include={"created_at"})["created_at"]
    head: dict[str, Any] = {"version": version, "created_at": created}
    ids = _Ids(summary)
    head["ids"] = ids.ids
    summarized = summary.source_message_ids
    if ids.ids[: len(summarized)] != summarized:  # repeated ids: written out in full
        head["source_message_ids"] = summarized
    elif len(summarized) != len(ids.ids):
        head["summarized"] = len(summarized)
    rows = _rows(summary, ids)
    head["columns"] = {name: " ".join(COLUMNS[name]) for name in rows}
    lines = [_dump(head)[:-1]]
    for name, section in rows.items():
        lines.append(f',"{name}":[')
        lines.append(",\n".join(_dump(row) for row in section))
        lines.append("]")
    return escape_block_body("\n".join(lines) + "}")


def render_summary_block(summary: CompactionSummary) -> str:
    """Render ``summary`` as one escaped, deterministic ``compaction_summary`` block.

    A v2 summary gets the compact rendering (see the module docstring); a v1 summary the JSON
    of v1 (sorted keys, ``,``/``:`` separators), unchanged. Non-ASCII is kept as is (cheaper in
    tokens) and every ``<``, ``>`` and ``&`` is written as a JSON unicode escape, so the block
    body contains no angle bracket and no content can end the block early.
    """
    if summary.schema_version == SCHEMA_V1:
        body = render_json_body(summary.model_dump(mode="json"))
        return f"{OPEN_TAG_V1}\n{body}\n{CLOSE_TAG}"
    return f"{OPEN_TAG}\n{_render_v2(summary)}\n{CLOSE_TAG}"


def _item_sources(raw: Any, ids: list[str]) -> dict[str, Any]:
    if not isinstance(raw, str) or not raw:
        raise SummaryBlockError("a row's sources must be a string of speaker:index pairs")
    source_ids: list[str] = []
    speakers: dict[str, Speaker] = {}
    for pair in raw.split(" "):
        speaker, _, index = pair.partition(":")
        if not index.isdigit() or int(index) >= len(ids):
            raise SummaryBlockError(f"a row cites {pair!r}, not an index into ids")
        source_id = ids[int(index)]
        source_ids.append(source_id)
        if speaker in _SPEAKER_OF:
            speakers[source_id] = _SPEAKER_OF[speaker]
        elif speaker != "?":
            raise SummaryBlockError(f"a row names an unknown speaker {speaker!r}")
    return {"source_ids": source_ids, "speakers": speakers}


def _row(raw: Any, name: str) -> dict[str, Any]:
    columns = COLUMNS[name]
    width = len(columns)
    if not isinstance(raw, list) or not width - _OPTIONAL.get(name, 0) <= len(raw) <= width:
        raise SummaryBlockError(f"a {name} row must be an array of {width} columns")
    return dict(zip(columns, raw, strict=False))


def _item(raw: Any, name: str, ids: list[str]) -> dict[str, Any]:
    item = _row(raw, name)
    item.update(_item_sources(item.pop("sources"), ids))
    if name == "facts":
        if item.get("quote") is True:
            item["quote"] = item["value"]
        item.setdefault("pinned", False)
    return item


def _v2_document(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SummaryBlockError("compaction_summary body is not a JSON object")
    known = {"version", "created_at", "ids", "summarized", "source_message_ids", "columns"}
    known.update(COLUMNS)
    if set(data) - known:
        raise SummaryBlockError(f"unknown fields in a v2 block: {sorted(set(data) - known)}")
    ids = data.get("ids", [])
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise SummaryBlockError("a v2 block's ids must be an array of strings")
    version = data.get("version")
    if not isinstance(version, list) or len(version) != len(_VERSIONS):
        raise SummaryBlockError("a v2 block's version is [summary, previous, restored_from]")
    doc: dict[str, Any] = dict(zip(_VERSIONS, version, strict=True))
    doc["created_at"] = data.get("created_at")
    doc["schema_version"] = SCHEMA_VERSION
    summarized = data.get("summarized", len(ids))
    if not isinstance(summarized, int) or isinstance(summarized, bool) or summarized < 0:
        raise SummaryBlockError("a v2 block's summarized count must be a whole number")
    doc["source_message_ids"] = data.get("source_message_ids", ids[:summarized])
    for name in COLUMNS:
        rows = data.get(name, [])
        if not isinstance(rows, list):
            raise SummaryBlockError(f"the {name} section of a v2 block is not an array")
        doc[name] = [_item(raw, name, ids) for raw in rows]
    return doc


def parse_summary_block(text: str) -> CompactionSummary:
    """Parse a block made by ``render_summary_block`` (v2 or v1) back into its summary.

    Surrounding whitespace is ignored; anything else around the block, a second block, or
    angle brackets inside it are rejected.

    Raises:
        SummaryBlockError: the text is not exactly one block, its body is not JSON, or the JSON
            is not a valid ``compaction_summary`` of the block's schema version.
    """
    stripped = text.strip()
    match = _BLOCK_RE.fullmatch(stripped)
    if match is None:
        raise SummaryBlockError("not exactly one well-formed compaction_summary block")
    try:
        data = json.loads(match.group("body"))
    except json.JSONDecodeError as exc:
        raise SummaryBlockError(f"compaction_summary body is not JSON: {exc.msg}") from exc
    if match.group("schema") == "v2":
        data = _v2_document(data)
    elif not isinstance(data, dict) or data.get("schema_version") != SCHEMA_V1:
        raise SummaryBlockError("a schema='v1' block holds a compaction_summary.v1 document")
    try:
        return CompactionSummary.model_validate(data)
    except ValidationError as exc:
        raise SummaryBlockError(f"compaction_summary body is not a valid summary: {exc}") from exc
