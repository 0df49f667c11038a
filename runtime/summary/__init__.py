"""Structured compaction summaries: schema, envelope, sanitizing, merging, summarizers.

See ``schema`` for ``compaction_summary.v1``, ``envelope`` for how it is injected as untrusted
data, ``sanitize`` for what happens to tool output before any summarizer sees it, ``merge`` for
rolling "previous + delta" merging and ``extractive`` for the offline default summarizer.
"""

from __future__ import annotations

from runtime.summary.envelope import (
    SUMMARY_GUARD_TEXT,
    SummaryBlockError,
    parse_summary_block,
    render_summary_block,
)
from runtime.summary.protocol import Summarizer, SummaryRequest, SummaryResponse
from runtime.summary.schema import (
    SCHEMA_VERSION,
    CompactionSummary,
    Decision,
    Fact,
    FactStatus,
    OpenQuestion,
    ToolResultDigest,
    summary_json_schema,
)

__all__ = [
    "SCHEMA_VERSION",
    "SUMMARY_GUARD_TEXT",
    "CompactionSummary",
    "Decision",
    "Fact",
    "FactStatus",
    "OpenQuestion",
    "Summarizer",
    "SummaryBlockError",
    "SummaryRequest",
    "SummaryResponse",
    "ToolResultDigest",
    "parse_summary_block",
    "render_summary_block",
    "summary_json_schema",
]
