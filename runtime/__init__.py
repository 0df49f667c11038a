"""Run-time tier: in-session compaction of an agent's history (a functional core: no I/O)."""

from runtime.budget import Budget
from runtime.compactor import CompactionResult, Compactor
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
from runtime.state import CompactionState
from runtime.tokens import TiktokenCounter, TokenCounter

__all__ = [
    "Budget",
    "BudgetError",
    "CompactionResult",
    "CompactionState",
    "Compactor",
    "EncodingError",
    "Format",
    "FormatError",
    "Message",
    "ProtocolError",
    "RuntimeTierError",
    "SummarizerTimeout",
    "SummaryError",
    "TiktokenCounter",
    "TokenCounter",
    "ToolCall",
    "ToolResult",
    "Transcript",
]
