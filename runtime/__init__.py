"""Run-time tier: in-session compaction of an agent's history (a functional core: no I/O)."""

from runtime.budget import Budget
from runtime.compaction import CompactionReport, CompactionResult, Compactor
from runtime.errors import (
    BudgetError,
    EncodingError,
    FormatError,
    ProtocolError,
    RuntimeTierError,
    SummarizerTimeout,
    SummaryError,
)
from runtime.formats import detect_format, make_data_message, read_history, write_messages
from runtime.grouping import Group, group_messages
from runtime.hygiene import forget_cached_text
from runtime.messages import Format, Message, ToolCall, ToolResult, Transcript
from runtime.protocol import ProtocolIssue, find_protocol_errors
from runtime.recall import RecallConfig, RecallIndex
from runtime.rollback import resume_after_rollback, rollback_session
from runtime.state import CompactionState
from runtime.tokens import TiktokenCounter, TokenCounter

__all__ = [
    "Budget",
    "BudgetError",
    "CompactionReport",
    "CompactionResult",
    "CompactionState",
    "Compactor",
    "EncodingError",
    "Format",
    "FormatError",
    "Group",
    "Message",
    "ProtocolError",
    "ProtocolIssue",
    "RecallConfig",
    "RecallIndex",
    "RuntimeTierError",
    "SummarizerTimeout",
    "SummaryError",
    "TiktokenCounter",
    "TokenCounter",
    "ToolCall",
    "ToolResult",
    "Transcript",
    "detect_format",
    "find_protocol_errors",
    "forget_cached_text",
    "group_messages",
    "make_data_message",
    "read_history",
    "resume_after_rollback",
    "rollback_session",
    "write_messages",
]
