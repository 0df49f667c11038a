"""Constraints and decisions set aside for room, offered again at every roll.

The shrink (``runtime.summary.shrink``) gives the summary's room to user constraints and
decisions in the order they were said, and drops what does not fit. A rolling summary used to
forget a dropped item for good: when room came back later (a value superseded, a shorter
version adopted), a constraint said *after* it took the room, where compacting the same
history at once would have kept the earlier one. One-shot and turn-by-turn compaction then kept
different constraints (``bench/one_shot_invariance.py``), and a constraint once dropped stayed
lost although budget remained, which the coverage rule forbids.

So the items of the two constraint tiers (facts that are constraints, preferences, choices and
exclusions; decisions) that a roll drops are carried beside the summary in the compaction
state, as ``CompactionState.set_aside``, and put back into the next candidate before its
shrink, where they compete by the same priority as everything else: the earliest said first.
An item set aside is never offered when the candidate already says something under its key (a
newer value supersedes it) or the same decision, nor when it cites a message outside the range
summarized (a restored older version). At most ``SET_ASIDE_LIMIT`` items are carried, the
earliest said first (the ones the shrink would place first).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, TypeVar

from pydantic import TypeAdapter, ValidationError

from runtime.errors import FormatError
from runtime.summary.merge import first_sayings, normalize_item_text
from runtime.summary.schema import CompactionSummary, Decision, Fact
from runtime.summary.shrink import said_first

__all__ = [
    "SET_ASIDE_LIMIT",
    "SetAside",
    "left_out",
    "offer",
    "set_aside_of_json",
    "set_aside_to_json",
]

SET_ASIDE_LIMIT: Final = 200
"""At most this many items are carried (the state stays bounded in a session of any length)."""

SetAside = tuple[Fact | Decision, ...]
"""Items set aside, the earliest said first."""

_CARRIED: Final = frozenset({"constraint", "preference", "chosen", "excluded"})
_FACTS = TypeAdapter(list[Fact])
_DECISIONS = TypeAdapter(list[Decision])


def _carried(item: object) -> bool:
    if isinstance(item, Decision):
        return True
    return isinstance(item, Fact) and item.status in _CARRIED


def _label(item: Fact | Decision) -> tuple[str, ...]:
    if isinstance(item, Fact):
        return ("fact", item.key, normalize_item_text(item.value), item.status)
    return ("decision", normalize_item_text(item.text))


def offer(
    candidate: CompactionSummary, set_aside: Sequence[Fact | Decision], order: Sequence[str]
) -> CompactionSummary:
    """``candidate`` with the ``set_aside`` items it does not already tell put back.

    Args:
        candidate: the roll's candidate, before its shrink.
        set_aside: the items earlier rolls dropped for room.
        order: the ids of every message summarized so far, in history order; an item citing
            another id is not offered, and the candidate's ``source_message_ids`` are put in
            this order (the shrink reads "said first" from it).
    """
    if not set_aside:
        return candidate
    position = {ident: i for i, ident in enumerate(order)}
    facts, decisions = list(candidate.facts), list(candidate.decisions)
    fact_at = {f.key: i for i, f in enumerate(facts) if f.status != "superseded"}
    superseded = {f.key for f in facts if f.status == "superseded"}
    decision_at = {normalize_item_text(d.text): i for i, d in enumerate(decisions)}
    offered = [i for i in set_aside if i.source_ids and all(s in position for s in i.source_ids)]
    for item in offered:
        if isinstance(item, Fact):
            if item.key in fact_at:
                at = fact_at[item.key]
                facts[at] = _said_again(facts[at], item)
            elif item.key not in superseded:
                fact_at[item.key] = len(facts)
                facts.append(item)
        else:
            text = normalize_item_text(item.text)
            if text in decision_at:
                at = decision_at[text]
                decisions[at] = _said_again(decisions[at], item)
            else:
                decision_at[text] = len(decisions)
                decisions.append(item)
    ids = {*candidate.source_message_ids, *(i for item in offered for i in item.source_ids)}
    return candidate.model_copy(
        update={
            "facts": facts,
            "decisions": decisions,
            "source_message_ids": sorted(
                (i for i in ids if i in position), key=position.__getitem__
            ),
        }
    )


_Item = TypeVar("_Item", Fact, Decision)


def _said_again(current: _Item, earlier: _Item) -> _Item:
    """The candidate's item under the key (or text) of an item set aside: when it says the same
    again, citing the earlier saying first (compacted at once, the repeats would have merged
    there); otherwise (a newer value) as it is."""
    if _label(current) != _label(earlier):
        return current
    ids = first_sayings(earlier.source_ids, current.source_ids)
    return current.model_copy(update={"source_ids": ids})


def left_out(candidate: CompactionSummary, adopted: CompactionSummary) -> SetAside:
    """The constraint-tier items of ``candidate`` that ``adopted`` (its shrink) dropped, the
    earliest said first, at most ``SET_ASIDE_LIMIT``."""
    adopted_items: list[Fact | Decision] = [*adopted.facts, *adopted.decisions]
    kept = {_label(item) for item in adopted_items}
    items: list[Fact | Decision] = [*candidate.facts, *candidate.decisions]
    dropped = [item for item in items if _carried(item) and _label(item) not in kept]
    return tuple(sorted(dropped, key=said_first(candidate))[:SET_ASIDE_LIMIT])


def set_aside_to_json(items: Iterable[Fact | Decision]) -> dict[str, Any] | None:
    """``items`` as the state writes them (``None`` for none)."""
    facts = [i.model_dump(mode="json") for i in items if isinstance(i, Fact)]
    decisions = [i.model_dump(mode="json") for i in items if isinstance(i, Decision)]
    if not facts and not decisions:
        return None
    return {"facts": facts, "decisions": decisions}


def set_aside_of_json(data: Mapping[str, Any] | None) -> SetAside:
    """Read ``set_aside_to_json``'s form.

    Raises:
        FormatError: not that form.
    """
    if data is None:
        return ()
    try:
        facts = _FACTS.validate_python(data.get("facts", []))
        decisions = _DECISIONS.validate_python(data.get("decisions", []))
    except (ValidationError, AttributeError) as exc:
        raise FormatError(f"compaction state holds an invalid set_aside: {exc}") from exc
    return (*facts, *decisions)
