"""The untrusted-data envelope a summary travels in.

A summary goes back to the model as ``<compaction_summary trust='untrusted' schema='v1'>`` +
JSON + ``</compaction_summary>`` inside an ordinary user-role message, never as a system
message. Its JSON is escaped (``runtime.blocks``, shared with the recall block) so that the
text between the tags contains no ``<``, ``>`` or ``&`` at all (``\\u003c``, ``\\u003e``,
``\\u0026`` are still valid JSON string escapes): whatever a tool result said, it cannot close
the block or open a forged ``<system>`` tag. Rendering is deterministic (sorted keys, fixed
separators) so the same summary is always the same bytes and provider prompt caches keep
working.
"""

from __future__ import annotations

import json
import re

from pydantic import ValidationError

from runtime.blocks import GUARD_TEXT, escape_block_body
from runtime.errors import FormatError
from runtime.summary.schema import CompactionSummary

__all__ = [
    "CLOSE_TAG",
    "OPEN_TAG",
    "SUMMARY_GUARD_TEXT",
    "SummaryBlockError",
    "parse_summary_block",
    "render_summary_block",
]

OPEN_TAG = "<compaction_summary trust='untrusted' schema='v1'>"
CLOSE_TAG = "</compaction_summary>"

SUMMARY_GUARD_TEXT = GUARD_TEXT
"""The guard text for the caller's system/developer prompt: ``runtime.blocks.GUARD_TEXT``, the
one text covering every tiermem data block (kept under this name for existing callers)."""

_BLOCK_RE = re.compile(
    re.escape(OPEN_TAG) + r"\n?(?P<body>[^<>]*?)\n?" + re.escape(CLOSE_TAG), re.DOTALL
)


class SummaryBlockError(FormatError):
    """A text is not exactly one well-formed ``compaction_summary`` block with a valid summary."""


def render_summary_block(summary: CompactionSummary) -> str:
    """Render ``summary`` as one escaped, deterministic ``compaction_summary`` block.

    The JSON is compact (sorted keys, ``,``/``:`` separators, non-ASCII kept as is, which is
    cheaper in tokens) and every ``<``, ``>`` and ``&`` is written as a JSON unicode escape, so
    the block body contains no angle bracket and no content can end the block early.
    """
    payload = json.dumps(
        summary.model_dump(mode="json"),
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    body = escape_block_body(payload)
    return f"{OPEN_TAG}\n{body}\n{CLOSE_TAG}"


def parse_summary_block(text: str) -> CompactionSummary:
    """Parse a block made by ``render_summary_block`` back into a summary.

    Surrounding whitespace is ignored; anything else around the block, a second block, or
    angle brackets inside it are rejected.

    Raises:
        SummaryBlockError: the text is not exactly one block, its body is not JSON, or the JSON
            is not a valid ``compaction_summary.v1``.
    """
    stripped = text.strip()
    match = _BLOCK_RE.fullmatch(stripped)
    if match is None:
        raise SummaryBlockError("not exactly one well-formed compaction_summary block")
    try:
        data = json.loads(match.group("body"))
    except json.JSONDecodeError as exc:
        raise SummaryBlockError(f"compaction_summary body is not JSON: {exc.msg}") from exc
    try:
        return CompactionSummary.model_validate(data)
    except ValidationError as exc:
        raise SummaryBlockError(f"compaction_summary body is not a valid summary: {exc}") from exc
