"""What changed between two versions of a rolling summary.

Every item of a summary has an identity: a fact its ``key`` (the live, non-superseded value),
a decision or open question its text, a tool digest its ``tool_call_id``. Comparing two
versions by identity yields what was added, changed, superseded (a newer source replaced the
value, or an already superseded item aged out), evicted (dropped by ``shrink_summary`` to fit
the budget) and ``removed``: gone for no recorded reason, which ``validate_summary`` rejects,
because a rolling summary must never lose information silently.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from runtime.summary.schema import CompactionSummary, Decision, Fact, ToolResultDigest

__all__ = ["SummaryDiff", "diff_summaries", "item_ids", "item_label"]


@dataclass(frozen=True)
class SummaryDiff:
    """Item identities (``fact:KEY``, ``decision:TEXT``, ``question:TEXT``, ``digest:CALL_ID``).

    Attributes:
        added: items new in this version.
        changed: items kept with a different value or status (facts), reason (decisions) or
            digest, without a newer source; more source ids alone are not a change.
        superseded: items of the previous version a newer source replaced (the newer wins).
        evicted: items dropped to fit the summary budget (recorded, never silent).
        removed: items dropped without being superseded or evicted; validation fails on any.
    """

    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    superseded: tuple[str, ...] = ()
    evicted: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, list[str]]:
        """JSON-ready form for snapshot records and reports."""
        return {
            "added": list(self.added),
            "changed": list(self.changed),
            "superseded": list(self.superseded),
            "evicted": list(self.evicted),
            "removed": list(self.removed),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SummaryDiff:
        """Inverse of ``to_dict`` (missing lists are empty)."""
        return cls(**{name: tuple(data.get(name, ())) for name in cls.__dataclass_fields__})


def item_label(kind: str, ident: str) -> str:
    """The identity string used in diffs: ``kind:ident`` with the text trimmed to 120 chars."""
    return f"{kind}:{ident[:120]}"


def _live_facts(summary: CompactionSummary) -> dict[str, Fact]:
    live: dict[str, Fact] = {}
    for fact in summary.facts:
        if fact.status != "superseded":
            live[fact.key] = fact
    return live


def _superseded_keys(summary: CompactionSummary) -> set[str]:
    return {fact.key for fact in summary.facts if fact.status == "superseded"}


def item_ids(summary: CompactionSummary) -> dict[str, Any]:
    """Every live item of ``summary`` by its identity string (superseded facts excluded)."""
    items: dict[str, Any] = {}
    for key, fact in _live_facts(summary).items():
        items[item_label("fact", key)] = fact
    for decision in summary.decisions:
        items[item_label("decision", decision.text)] = decision
    for question in summary.open_questions:
        items[item_label("question", question.text)] = question
    for digest in summary.tool_result_digests:
        items[item_label("digest", digest.tool_call_id)] = digest
    return items


def _fact_change(old: Fact, new: Fact) -> str | None:
    """``superseded`` / ``changed`` / None (same in substance).

    Only the value and the status are substance: more source ids (the same fact restated in a
    later message), a new confidence or the pinned flag are refinements, not changes.
    """
    if old.value != new.value:
        newer = set(new.source_ids) - set(old.source_ids)
        return "superseded" if newer else "changed"
    return None if old.status == new.status else "changed"


def _substance(item: Any) -> tuple[str | None, ...]:
    if isinstance(item, Decision):
        return (item.text, item.reason)
    if isinstance(item, ToolResultDigest):
        return (item.tool_name, item.digest)
    return (getattr(item, "text", None),)


def _was_replaced(ident: str, old: Any, now_superseded: set[str], *, has_newer: bool) -> bool:
    if isinstance(old, Fact):
        return old.key in now_superseded
    return ident.startswith("question:") and has_newer


def diff_summaries(
    previous: CompactionSummary | None,
    current: CompactionSummary,
    *,
    evicted: Iterable[str] = (),
    new_message_ids: Iterable[str] | None = None,
) -> SummaryDiff:
    """Compare two versions by item identity.

    Args:
        previous: the version being replaced (``None``: everything in ``current`` is added).
        current: the candidate new version.
        evicted: identities ``shrink_summary`` dropped on purpose; they are reported as evicted
            instead of removed.
        new_message_ids: ids of the newly summarized messages that could answer a question
            (the rolling step passes the chunk's assistant and tool messages); by default, the
            ids ``current`` cites.

    Returns:
        The ``SummaryDiff``. A fact whose key is still present only as ``superseded`` in
        ``current`` counts as superseded; so does a previous open question that vanished
        (the summarizer closes it when a newer message answers it), but only when there is
        newer material that could have answered it: a new id the previous version did not
        cover. Otherwise the question counts as removed.
    """
    evicted_set = set(evicted)
    old_items = item_ids(previous) if previous is not None else {}
    new_items = item_ids(current)
    new_facts = _live_facts(current)
    now_superseded = _superseded_keys(current)
    cited_now = current.all_source_ids() if new_message_ids is None else set(new_message_ids)
    has_newer = previous is not None and bool(cited_now - previous.all_source_ids())
    added = [ident for ident in new_items if ident not in old_items]
    changed: list[str] = []
    superseded: list[str] = []
    evicted_out: list[str] = []
    removed: list[str] = []
    for ident, old in old_items.items():
        if ident in evicted_set:
            evicted_out.append(ident)
        elif ident in new_items:
            if isinstance(old, Fact):
                change = _fact_change(old, new_facts[old.key])
                if change == "superseded":
                    superseded.append(ident)
                elif change == "changed":
                    changed.append(ident)
            elif _substance(old) != _substance(new_items[ident]):
                changed.append(ident)
        elif _was_replaced(ident, old, now_superseded, has_newer=has_newer):
            superseded.append(ident)
        else:
            removed.append(ident)
    # Items evicted from the candidate before it was ever adopted are recorded too.
    evicted_out += sorted(evicted_set - set(old_items) - set(new_items))
    return SummaryDiff(
        added=tuple(added),
        changed=tuple(changed),
        superseded=tuple(superseded),
        evicted=tuple(evicted_out),
        removed=tuple(removed),
    )
