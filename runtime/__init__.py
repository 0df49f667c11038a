"""Run-time tier: in-session compaction of an agent's history (a functional core: no I/O)."""

from runtime.errors import (
    BudgetError,
    EncodingError,
    FormatError,
    ProtocolError,
    RuntimeTierError,
    SummarizerTimeout,
    SummaryError,
)
from runtime.messages import Format, Message, ToolCall, ToolResult, Transcript

__all__ = [
    "BudgetError",
    "EncodingError",
    "Format",
    "FormatError",
    "Message",
    "ProtocolError",
    "RuntimeTierError",
    "SummarizerTimeout",
    "SummaryError",
    "ToolCall",
    "ToolResult",
    "Transcript",
]
