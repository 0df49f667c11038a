"""Compaction: what of one history goes into the next request, under a token budget.

One ``Compactor.compact`` call reads top-down through these modules: ``compactor`` (the call),
``reading`` and ``incremental`` (the history as measured, whole or from the state's cut),
``resume`` (the caller's state on that history), ``strategies`` (the context the state implies,
the recency ``window`` and the rolling summary), ``clearing`` (opt-in tool-result clearing),
``result`` and ``report`` (what the call returns).
"""

from __future__ import annotations

from runtime.compaction.compactor import Compactor
from runtime.compaction.result import CompactionResult

__all__ = ["CompactionResult", "Compactor"]
