"""What must survive compaction of the trip, checked the same way in every step.

Every constraint the user stated is a fact of the summary that cites the user's message, and
the G123 exclusion is a decision that keeps its reason and cites the assistant turn that made
it. Checks look at values and source ids, not at the summarizer's key names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from api.demo.record import StepRecord
from api.demo.scenario import CONSTRAINTS, EXCLUDED_TRAIN, EXCLUSION_ID, EXCLUSION_REASON
from runtime.messages import JSON
from runtime.summary.envelope import CLOSE_TAG, OPEN_TAG, parse_summary_block
from runtime.summary.schema import CompactionSummary

__all__ = ["check_summary_content", "is_envelope", "summary_in_context"]


def _facts_citing(summary: CompactionSummary, source_id: str) -> list[str]:
    return [f.value for f in summary.facts if source_id in f.source_ids]


def check_summary_content(step: StepRecord, summary: CompactionSummary, *, label: str) -> None:
    """Record one check per constraint and one for the G123 decision (``label`` prefixes them)."""
    for name, source_id, needle in CONSTRAINTS:
        values = _facts_citing(summary, source_id)
        hit = next((v for v in values if needle in v), None)
        step.check(
            f"{label}: constraint '{name}' kept, citing {source_id}",
            hit is not None,
            f"fact value {hit!r}" if hit is not None else f"facts citing {source_id}: {values}",
        )
    decision = next(
        (d for d in summary.decisions if EXCLUDED_TRAIN in d.text and EXCLUSION_ID in d.source_ids),
        None,
    )
    reason = decision.reason if decision is not None else None
    step.check(
        f"{label}: {EXCLUDED_TRAIN} exclusion kept with its reason, citing {EXCLUSION_ID}",
        reason is not None and EXCLUSION_REASON in reason,
        f"decision {decision.text!r} because {reason!r}"
        if decision is not None
        else f"decisions: {[d.text for d in summary.decisions]}",
    )


def summary_in_context(
    messages: Sequence[JSON], ids: Sequence[str]
) -> tuple[int, Mapping[str, Any], CompactionSummary] | None:
    """The injected summary message of a returned context: (position, message, summary).

    ``None`` when the context carries no summary. Raises ``SummaryBlockError`` when the message
    is there but its block cannot be read back (which a check then reports).
    """
    for position, message_id in enumerate(ids):
        if message_id.startswith("summary-v"):
            message = messages[position]
            if not isinstance(message, dict):
                return None
            content = message.get("content")
            text = content if isinstance(content, str) else ""
            return position, message, parse_summary_block(text)
    return None


def is_envelope(message: Mapping[str, Any]) -> bool:
    """A user-role message whose whole content is one ``<compaction_summary ...>`` block."""
    content = message.get("content")
    return (
        message.get("role") == "user"
        and isinstance(content, str)
        and content.startswith(OPEN_TAG)
        and content.endswith(CLOSE_TAG)
    )
