"""Self-check of extracted items against the checks ``validate_summary`` will run.

The rolling step rejects a whole summary when one item fails validation, so the extractive
summarizer checks each new item with the same functions first (quantities, negation,
injection) and leaves out the few that would fail, rather than losing the whole version. A
verbatim note that mixes a negated clause with unrelated positive ones, for instance, reads
as one negated claim to the negation check; such notes are split or left out.
"""

from __future__ import annotations

from collections.abc import Mapping

from runtime.messages import Message
from runtime.summary.polarity import contradicted_clauses, find_injection, is_negated
from runtime.summary.quantities import unsupported_quantities
from runtime.summary.schema import Decision, Fact, OpenQuestion, ToolResultDigest
from runtime.summary.validate import message_source_text

__all__ = ["passes_checks"]

Item = Fact | Decision | OpenQuestion | ToolResultDigest


def _claim(item: Item) -> str:
    if isinstance(item, Fact):
        return f"{item.key} {item.value}"
    if isinstance(item, Decision):
        return f"{item.text}\n{item.reason or ''}"
    if isinstance(item, OpenQuestion):
        return item.text
    return item.digest


def _negation_ok(item: Item, sources: list[str]) -> bool:
    if isinstance(item, Fact):
        claim = f"{item.key} {item.value}".replace("_", " ").replace(".", " ")
        negated = item.status == "excluded" or is_negated(claim)
        return not contradicted_clauses(claim, sources, claim_negated=negated, one_clause=True)
    if isinstance(item, Decision):
        return not (
            contradicted_clauses(item.text, sources)
            or contradicted_clauses(item.reason or "", sources)
        )
    return True


def passes_checks(item: Item, by_id: Mapping[str, Message]) -> bool:
    """Whether ``item`` passes the per-item checks of validation against its cited messages."""
    cited = [by_id[i] for i in item.source_ids if i in by_id]
    if len(cited) != len(item.source_ids):
        return False
    if find_injection(_claim(item)) is not None:
        return False
    pairs = [(message_source_text(m), m.timestamp) for m in cited]
    if unsupported_quantities(_claim(item), pairs):
        return False
    return _negation_ok(item, [text for text, _ in pairs])
