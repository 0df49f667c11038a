"""What must survive compaction of the trip, checked the same way in every step.

Every constraint the user stated survives either as a summary fact that cites the user's
message, or as that (pinned) message kept verbatim in the context; the G123 exclusion, whose
message is not pinned, survives as a summary decision that keeps its reason and cites the
assistant turn that made it. Checks look at values and source ids, not at the summarizer's key
names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from api.demo.record import StepRecord
from api.demo.scenario import (
    CONSTRAINTS,
    EXCLUDED_TRAIN,
    EXCLUSION_ID,
    EXCLUSION_REASON,
    trip_history,
)
from runtime.messages import JSON
from runtime.summary.envelope import CLOSE_TAG, OPEN_TAG, parse_summary_block
from runtime.summary.schema import CompactionSummary

__all__ = ["check_survival", "context_by_id", "is_envelope", "summary_in_context"]


def _facts_citing(summary: CompactionSummary | None, source_id: str) -> list[str]:
    if summary is None:
        return []
    return [f.value for f in summary.facts if source_id in f.source_ids]


def _verbatim(context: Mapping[str, JSON], source_id: str, text: str) -> bool:
    """The message ``source_id`` is in the context unchanged and says ``text``."""
    original = next((m for m in trip_history() if m.get("id") == source_id), None)
    kept = context.get(source_id)
    return kept is not None and kept == original and text in str(kept.get("content"))


def check_survival(
    step: StepRecord,
    summary: CompactionSummary | None,
    *,
    context: Mapping[str, JSON],
    label: str,
) -> None:
    """One check per constraint (a summary fact citing its message, or the pinned message kept
    verbatim) and one for the G123 decision (in the summary, with its reason and source id).

    ``context`` maps the ids of the returned context to its messages; ``label`` prefixes the
    check names.
    """
    for name, source_id, fact_text, raw_text in CONSTRAINTS:
        hit = next((v for v in _facts_citing(summary, source_id) if fact_text in v), None)
        verbatim = _verbatim(context, source_id, raw_text)
        how = [f"summary fact {hit!r} citing {source_id}"] if hit is not None else []
        how += [f"pinned message {source_id} verbatim"] if verbatim else []
        step.check(
            f"{label}: constraint '{name}' kept, with its source id",
            bool(how),
            " and ".join(how) or f"neither a fact citing {source_id} nor {source_id} itself",
        )
    decisions = summary.decisions if summary is not None else []
    decision = next(
        (d for d in decisions if EXCLUDED_TRAIN in d.text and EXCLUSION_ID in d.source_ids), None
    )
    reason = decision.reason if decision is not None else None
    step.check(
        f"{label}: {EXCLUDED_TRAIN} exclusion kept with its reason, citing {EXCLUSION_ID}",
        reason is not None and EXCLUSION_REASON in reason,
        f"decision {decision.text!r} because {reason!r}"
        if decision is not None
        else f"decisions: {[d.text for d in decisions]}",
    )


def context_by_id(messages: Sequence[JSON], ids: Sequence[str]) -> dict[str, JSON]:
    """The returned context as ``{id: message}``."""
    return {i: m for i, m in zip(ids, messages, strict=True) if isinstance(m, dict)}


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
