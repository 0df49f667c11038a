"""Rolling merge: previous summary + the summary of one new chunk -> the full new summary.

Rules, in the words of the product brief: facts, decisions and open questions carry over unless
a newer source supersedes them. Two facts with the same ``key`` describe the same thing; the
delta is newer than the previous summary (and, inside the delta, a later item is newer than an
earlier one), so its value wins and the older fact stays listed once with status
``superseded``. Identical items are merged (their source ids united). Open questions the new
chunk answered are closed. The result lists what was added, changed, superseded and closed,
with the same identity labels as ``runtime.summary.diff`` (``fact:KEY``, ``decision:TEXT``,
``question:TEXT``, ``digest:CALL_ID``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from runtime.summary.schema import (
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    ToolResultDigest,
)

__all__ = [
    "MAX_SAYINGS",
    "MergeResult",
    "fact_priority",
    "first_sayings",
    "merge_summaries",
    "normalize_item_text",
]

# Lower sorts first: what must survive a budget squeeze comes first.
_STATUS_RANK = {
    "constraint": 0,
    "excluded": 1,
    "chosen": 2,
    "preference": 3,
    "open": 4,
    "observed": 5,
    "superseded": 9,
}


@dataclass(frozen=True)
class MergeResult:
    """The merged summary and what the merge did, by item label.

    Attributes:
        summary: the full new summary.
        added: items that did not exist before.
        changed: items whose value or attributes changed (a fact key with a new value).
        superseded: older items replaced by a newer source (``fact:KEY=old value``).
        closed: open questions answered by the new chunk.
    """

    summary: CompactionSummary
    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    superseded: tuple[str, ...] = ()
    closed: tuple[str, ...] = ()


def normalize_item_text(text: str) -> str:
    """Comparison form of an item's text: NFKC, case-folded, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def fact_priority(fact: Fact) -> tuple[int, int]:
    """Sort key of a fact by importance: pinned first, then by status (constraints first)."""
    return (0 if fact.pinned and fact.status != "superseded" else 1, _STATUS_RANK[fact.status])


MAX_SAYINGS = 1
"""A merged item cites the first this many messages that said it, not every repeat.

An item's cost in the summary grows with its source ids, and a later repeat of the same words
adds nothing a reader needs: what was said and where it was first said is there. Citing every
repeat made the summary's fill depend on how many repeats a compaction happened to evict, so
one-shot and turn-by-turn compaction of one history kept different constraints at the budget's
edge (``bench/one_shot_invariance.py``). A saying not cited is a repeat of words the summary
holds; the coverage check may still re-add its clause as a fact of its own, which the shrink
places by when it was said, after the first saying."""


def _union(*groups: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(item for group in groups for item in group))


def first_sayings(old: Iterable[str], new: Iterable[str]) -> list[str]:
    """The source ids of an item said again: the first ``MAX_SAYINGS`` of both."""
    return _union(old, new)[:MAX_SAYINGS]


def _label(kind: str, ident: str) -> str:
    return f"{kind}:{ident[:120]}"


class _Log:
    def __init__(self) -> None:
        self.added: list[str] = []
        self.changed: list[str] = []
        self.superseded: list[str] = []
        self.closed: list[str] = []


def _same_fact(a: Fact, b: Fact) -> bool:
    # the quote is the user's clause: "2026-09-19" said in two different sentences is two facts
    same_quote = normalize_item_text(a.quote or "") == normalize_item_text(b.quote or "")
    same_value = normalize_item_text(a.value) == normalize_item_text(b.value)
    return same_value and same_quote and a.status == b.status


def _merge_facts(previous: list[Fact], delta: list[Fact], log: _Log) -> list[Fact]:
    live: dict[str, Fact] = {}
    retired: dict[str, Fact] = {}
    for fact in previous:
        if fact.status == "superseded":
            retired[fact.key] = fact
        else:
            live[fact.key] = fact
    known = set(live)
    for fact in delta:
        old = live.get(fact.key)
        if old is None:
            live[fact.key] = fact
            if fact.key not in known:
                log.added.append(_label("fact", fact.key))
                known.add(fact.key)
        elif _same_fact(old, fact):
            live[fact.key] = old.model_copy(
                update={
                    "source_ids": first_sayings(old.source_ids, fact.source_ids),
                    "pinned": old.pinned or fact.pinned,
                    "confidence": max(old.confidence, fact.confidence),
                }
            )
        else:
            retired[fact.key] = old.model_copy(update={"status": "superseded", "pinned": False})
            live[fact.key] = fact
            log.superseded.append(_label("fact", f"{fact.key}={old.value}"))
            log.changed.append(_label("fact", fact.key))
    ordered = sorted(live.values(), key=fact_priority)
    # One retired value per key is enough to explain the change; older ones age out.
    return ordered + [fact for key, fact in retired.items() if key in live]


def _merge_decisions(previous: list[Decision], delta: list[Decision], log: _Log) -> list[Decision]:
    merged: dict[str, Decision] = {}
    for decision in previous:
        merged[normalize_item_text(decision.text)] = decision
    for decision in delta:
        ident = normalize_item_text(decision.text)
        old = merged.get(ident)
        if old is None:
            merged[ident] = decision
            log.added.append(_label("decision", decision.text))
            continue
        merged[ident] = old.model_copy(
            update={
                "reason": decision.reason or old.reason,
                "source_ids": first_sayings(old.source_ids, decision.source_ids),
            }
        )
        if decision.reason and decision.reason != old.reason:
            log.changed.append(_label("decision", old.text))
    return list(merged.values())


def _merge_questions(
    previous: list[OpenQuestion],
    delta: list[OpenQuestion],
    answered: frozenset[str],
    log: _Log,
) -> list[OpenQuestion]:
    merged: dict[str, OpenQuestion] = {}
    tagged = [(q, False) for q in previous] + [(q, True) for q in delta]
    for question, is_new in tagged:
        ident = normalize_item_text(question.text)
        old = merged.get(ident)
        if old is None:
            merged[ident] = question
            if is_new:
                log.added.append(_label("question", question.text))
        else:
            merged[ident] = old.model_copy(
                update={"source_ids": first_sayings(old.source_ids, question.source_ids)}
            )
    kept: list[OpenQuestion] = []
    for ident, question in merged.items():
        if ident in answered:
            log.closed.append(_label("question", question.text))
        else:
            kept.append(question)
    return kept


def _merge_digests(
    previous: list[ToolResultDigest], delta: list[ToolResultDigest], log: _Log
) -> list[ToolResultDigest]:
    merged: dict[str, ToolResultDigest] = {d.tool_call_id: d for d in previous}
    for digest in delta:
        old = merged.get(digest.tool_call_id)
        if old is None:
            log.added.append(_label("digest", digest.tool_call_id))
        elif old.digest != digest.digest:
            log.changed.append(_label("digest", digest.tool_call_id))
        merged[digest.tool_call_id] = digest
    return list(merged.values())


def merge_summaries(
    previous: CompactionSummary | None,
    delta: CompactionSummary,
    *,
    now: datetime,
    answered_questions: Iterable[str] = (),
) -> MergeResult:
    """Merge the summary of a new chunk into the previous summary.

    Args:
        previous: the current summary, or ``None`` for the first compaction.
        delta: a summary of only the new chunk; its ``summary_version`` and ``restored_from``
            are those of the result.
        now: the result's ``created_at``.
        answered_questions: texts of open questions (previous or delta) that the new chunk
            answered; they are closed (compared in ``normalize_item_text`` form).

    Returns:
        The merged summary and the labels of what was added, changed, superseded and closed.
    """
    log = _Log()
    answered = frozenset(normalize_item_text(text) for text in answered_questions)
    before = previous
    summary = CompactionSummary(
        summary_version=delta.summary_version,
        previous_version=before.summary_version if before is not None else None,
        restored_from=delta.restored_from,
        source_message_ids=_union(
            before.source_message_ids if before else (), delta.source_message_ids
        ),
        facts=_merge_facts(list(before.facts) if before else [], list(delta.facts), log),
        decisions=_merge_decisions(
            list(before.decisions) if before else [], list(delta.decisions), log
        ),
        open_questions=_merge_questions(
            list(before.open_questions) if before else [], list(delta.open_questions), answered, log
        ),
        tool_result_digests=_merge_digests(
            list(before.tool_result_digests) if before else [], list(delta.tool_result_digests), log
        ),
        created_at=now,
    )
    return MergeResult(
        summary=summary,
        added=tuple(log.added),
        changed=tuple(log.changed),
        superseded=tuple(log.superseded),
        closed=tuple(log.closed),
    )
