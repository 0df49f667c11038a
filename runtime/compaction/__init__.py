"""Compaction: what of one history goes into the next request, under a token budget.

One ``Compactor.compact`` call reads top-down through these modules: ``compactor`` (the call),
``reading`` and ``incremental`` (the history as measured, whole or from the state's cut),
``resume`` (the caller's state on that history), ``strategies`` (the context the state implies,
the recency ``window`` and the rolling summary), ``clearing`` (opt-in tool-result clearing),
``recalling`` (the recall reserve, the index update, the recall block of each call),
``result`` (the plan and what the call returns) and ``report`` (the typed report).
"""

from __future__ import annotations

from runtime.compaction.clearing import ClearedEntry
from runtime.compaction.compactor import Compactor
from runtime.compaction.report import (
    BudgetReport,
    CheckReport,
    CompactionReport,
    RecalledGroupReport,
    RecallReport,
    SanitizeReport,
    SnapshotReport,
    SummaryDiffReport,
    SummaryValidationReport,
)
from runtime.compaction.result import CompactionResult

__all__ = [
    "BudgetReport",
    "CheckReport",
    "ClearedEntry",
    "CompactionReport",
    "CompactionResult",
    "Compactor",
    "RecallReport",
    "RecalledGroupReport",
    "SanitizeReport",
    "SnapshotReport",
    "SummaryDiffReport",
    "SummaryValidationReport",
]
