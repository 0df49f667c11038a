"""What a task end reads its candidates from, said per candidate (``read_from``).

The current summary holds what fit its budget. A constraint or decision a roll had no room for
is on that version's lost list (``no_room``) and is carried in the session's compaction state,
with its key and value, as a set-aside item (``runtime.summary.set_aside``): the user said it
and nothing newer replaced it, so the end reads it too. Without that, a user who consents at
the end to keep a budget the crowded summary dropped was answered ``value.missing``. What no
summary covers yet is read by the closing pass (``policy.closing``) and merged into the
summary the end reads; a candidate that came from there says ``closing``.

A newer saying wins: a set-aside item was never offered back when the summary said something
under its key, so it is older than anything the summary (closing pass included) holds there.
Lost entries of the other reasons are not read: ``superseded`` ones were replaced by the user's
newer words, and ``truncated`` text was never read by any summarizer.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace

from longterm.registry import KeyRegistry
from policy.backing import SessionTexts
from policy.candidates import Candidate, candidate_from_fact, candidates_from_summary, is_note
from policy.task_end import ReadFrom
from runtime.summary.merge import normalize_item_text
from runtime.summary.schema import CompactionSummary, Decision, Fact

__all__ = ["end_candidates", "end_decisions"]

_LOST_STATUSES = frozenset({"constraint", "preference", "chosen", "excluded"})


def _fact_id(fact: Fact) -> str:
    return json.dumps([fact.key, fact.value], sort_keys=True, default=str)


def end_candidates(
    summary: CompactionSummary | None,
    *,
    stored: CompactionSummary | None,
    set_aside: Iterable[Fact | Decision],
    session_id: str,
    registry: KeyRegistry,
    texts: SessionTexts | None,
) -> list[Candidate]:
    """The end's fact candidates: ``summary`` (the stored one, ``stored``, extended by the
    closing pass), then the facts ``set_aside`` under keys the summary does not hold.

    Each says where it was read: ``summary`` when ``stored`` holds the same fact, ``closing``
    when only the closing pass found it, ``lost`` for a set-aside fact.
    """
    kept = {_fact_id(f) for f in stored.facts} if stored is not None else set()
    by_key: dict[str, Candidate] = {}
    for item in set_aside:
        if isinstance(item, Fact) and item.status in _LOST_STATUSES and not is_note(item):
            candidate = candidate_from_fact(
                item, session_id=session_id, registry=registry, texts=texts
            )
            by_key[candidate.key] = replace(candidate, read_from="lost")
    facts: dict[str, Fact] = {f.key: f for f in summary.facts} if summary is not None else {}
    for candidate in candidates_from_summary(
        summary, session_id=session_id, registry=registry, texts=texts
    ):
        by_key.pop(candidate.key, None)  # the summary's saying is the newer one
        fact = facts.get(candidate.fact_key or "")
        closing = fact is not None and _fact_id(fact) not in kept
        by_key[candidate.key] = replace(candidate, read_from="closing" if closing else "summary")
    return list(by_key.values())


def end_decisions(
    summary: CompactionSummary | None,
    *,
    stored: CompactionSummary | None,
    set_aside: Sequence[Fact | Decision],
) -> list[tuple[Decision, ReadFrom]]:
    """The end's decisions with where each was read: the summary's (``summary``, or
    ``closing`` when the stored summary does not hold it), then the decisions set aside for
    room that the summary does not hold (``lost``), the earliest said first."""
    kept = {normalize_item_text(d.text) for d in stored.decisions} if stored is not None else set()
    out: list[tuple[Decision, ReadFrom]] = []
    said = set()
    for decision in summary.decisions if summary is not None else ():
        text = normalize_item_text(decision.text)
        said.add(text)
        out.append((decision, "summary" if text in kept else "closing"))
    for item in set_aside:
        if not isinstance(item, Decision):
            continue
        text = normalize_item_text(item.text)
        if text not in said:
            said.add(text)
            out.append((item, "lost"))
    return out
