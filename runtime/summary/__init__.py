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
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.merge import MergeResult, merge_summaries
from runtime.summary.protocol import Summarizer, SummaryRequest, SummaryResponse
from runtime.summary.rolling import RollOutcome, roll_summary
from runtime.summary.sanitize import SanitizeCounts, sanitize_messages, sanitize_text
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
from runtime.summary.snapshots import (
    InMemorySnapshotStore,
    RollbackOutcome,
    SnapshotRecord,
    SnapshotStore,
    rollback,
)
from runtime.summary.validate import CheckResult, ValidationReport, validate_summary

__all__ = [
    "SCHEMA_VERSION",
    "SUMMARY_GUARD_TEXT",
    "CheckResult",
    "CompactionSummary",
    "Decision",
    "ExtractiveSummarizer",
    "Fact",
    "FactStatus",
    "InMemorySnapshotStore",
    "MergeResult",
    "OpenQuestion",
    "RollOutcome",
    "RollbackOutcome",
    "SanitizeCounts",
    "SnapshotRecord",
    "SnapshotStore",
    "Summarizer",
    "SummaryBlockError",
    "SummaryRequest",
    "SummaryResponse",
    "ToolResultDigest",
    "ValidationReport",
    "merge_summaries",
    "parse_summary_block",
    "render_summary_block",
    "roll_summary",
    "rollback",
    "sanitize_messages",
    "sanitize_text",
    "summary_json_schema",
    "validate_summary",
]
