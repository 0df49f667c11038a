"""What ``/context`` reads of a session's history: all of it, or only what the state implies.

A warm call (the stored state applies, one turn appended) needs the prefix and the entry after
it, the pinned spans and pinned entries, the groups from the cut on (and the last
``RECENT_TAIL`` entries, which the adaptive trigger and the profile's query look at), plus what
recall needs: the groups of the session's stored index that share a term with the query
(``api.sessions.recall_terms.load_narrowed``) and the entries of the best of them, which the
library reads back to check they are unchanged. ``read_warm`` loads exactly that, into a list
as long as the history with ``None`` everywhere else, which is what
``Compactor.compact_from_cut`` accepts; the cost then follows the window, not the session.

Every other call (no state yet, a compaction, a state that no longer applies) reads the whole
history and the whole stored index (``read_full``), as a compaction reads everything anyway.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import and_, select, union_all
from sqlmodel import Session, col

from api.sessions.recall_counts import read_counts
from api.sessions.recall_terms import StoredIndex, load_index, load_narrowed
from api.sessions.store import load_history
from api.sessions.tables import SessionMessageRow
from runtime.errors import FormatError, ProtocolError
from runtime.formats import read_history
from runtime.messages import Format, Message
from runtime.recall import RecallConfig, RecallIndex, authored_text, is_user_authored, query_terms
from runtime.recall.feedback import candidate_terms, expand_query, feedback_hits
from runtime.state import CompactionState

__all__ = ["RECENT_TAIL", "ContextRead", "read_full", "read_warm"]

RECENT_TAIL = 40
"""Entries at the end of the history every call reads (recent tool results, the profile's
query): as many as ``api.sessions.profile`` and the adaptive trigger look at."""


@dataclass(frozen=True, slots=True)
class ContextRead:
    """The history as one call read it.

    Attributes:
        entries: as long as the whole history; ``None`` at positions not read (warm only).
        full: whether every entry was read.
        index: the recall index to compact with: the session's whole stored index (full), the
            part the query needs scoring as the whole one (warm), or empty (recall off).
        stored: the whole stored index a full read loaded (what the compaction's new index is
            written against), else ``None``.
    """

    entries: list[Any]
    full: bool
    index: RecallIndex
    stored: StoredIndex | None = None


def read_full(db: Session, *, tenant_id: str, session_id: str, recall: bool) -> ContextRead:
    """The whole history, and the whole stored recall index when recall is on."""
    entries = load_history(db, tenant_id=tenant_id, session_id=session_id)
    if not recall:
        return ContextRead(entries, True, RecallIndex())
    stored = load_index(db, tenant_id=tenant_id, session_id=session_id)
    return ContextRead(entries, True, stored.index, stored)


_COMPOUND = 400  # selects per UNION ALL statement (SQLite allows 500)


def _load_positions(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    entries: list[Any],
    where: Sequence[Any],
) -> None:
    """Fill ``entries`` with the stored entries matching any of ``where``: one select per
    condition, joined with UNION ALL, so each is a range of the messages' key (an ``OR`` of
    them lets PostgreSQL scan the whole session's messages and filter)."""
    rows: list[Any] = []
    for start in range(0, len(where), _COMPOUND):
        parts = [
            select(col(SessionMessageRow.position), col(SessionMessageRow.raw_json)).where(
                col(SessionMessageRow.tenant_id) == tenant_id,
                col(SessionMessageRow.session_id) == session_id,
                condition,
            )
            for condition in where[start : start + _COMPOUND]
        ]
        rows.extend(db.execute(union_all(*parts)).all())
    if not rows:
        return
    parsed = json.loads("[" + ",".join(str(raw) for _, raw in rows) + "]")
    for (position, _), entry in zip(rows, parsed, strict=True):
        if position < len(entries):
            entries[position] = entry


def _runs(positions: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted positions as ``[start, end)`` runs."""
    runs: list[tuple[int, int]] = []
    for p in positions:
        if runs and runs[-1][1] == p:
            runs[-1] = (runs[-1][0], p + 1)
        else:
            runs.append((p, p + 1))
    return runs


def read_warm(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    state: CompactionState,
    count: int,
    pins: Collection[str],
    recall: RecallConfig,
) -> ContextRead | None:
    """The entries a warm call needs, or ``None`` when the state skips nothing (read it all).

    ``count`` is the history's length (the session row's, read in the same transaction).
    """
    cut, plen = state.cut_index, state.prefix_length
    if cut is None or not plen <= cut < count:
        return None
    position = col(SessionMessageRow.position)
    wanted = [position <= plen, position >= min(cut, max(0, count - RECENT_TAIL))]
    wanted += [and_(position >= a, position < b) for a, b, _ in state.pinned_spans]
    wanted += [col(SessionMessageRow.message_id) == pin for pin in sorted(pins)]
    entries: list[Any] = [None] * count
    _load_positions(db, tenant_id=tenant_id, session_id=session_id, entries=entries, where=wanted)
    if not recall.enabled:
        return ContextRead(entries, False, RecallIndex())
    queries = _queries(entries, state, recall)
    narrow = partial(load_narrowed, db, tenant_id=tenant_id, session_id=session_id)
    index = narrow(weights=_union(queries), floor=recall.floor)
    if queries and recall.feedback_groups and recall.feedback_terms and recall.feedback_weight:
        queries, known = _widened(db, index, queries, tenant_id, session_id, recall)
        if known:  # no feedback hit: the library widens nothing either, the index stands
            index = narrow(weights=_union(queries), floor=recall.floor, known=known)
    needed = _hit_positions(index, queries, state=state, count=count, pins=pins, recall=recall)
    missing = sorted(p for p in needed if entries[p] is None)
    if missing:
        _load_positions(
            db,
            tenant_id=tenant_id,
            session_id=session_id,
            entries=entries,
            where=[and_(position >= a, position < b) for a, b in _runs(missing)],
        )
    return ContextRead(entries, False, index)


def _union(queries: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Every term of ``queries`` at its largest weight (which bounds it in each query)."""
    weights: dict[str, float] = {}
    for query in queries:
        for term, weight in query.items():
            weights[term] = max(weight, weights.get(term, 0.0))
    return weights


def _widened(
    db: Session,
    index: RecallIndex,
    queries: Sequence[dict[str, float]],
    tenant_id: str,
    session_id: str,
    recall: RecallConfig,
) -> tuple[list[dict[str, float]], dict[str, int]]:
    """Each query widened as the library's recall widens it (``runtime.recall.feedback``):
    the feedback hits are in the narrowed ``index`` (they score at least the floor), the
    document frequencies of their terms are read by key. Returns the widened queries and those
    frequencies (every candidate term, 0 when no group holds it), which the library reads
    again from the index narrowed by the widened queries."""
    hits = [
        feedback_hits(index, q, floor=recall.floor, groups=recall.feedback_groups) for q in queries
    ]
    extra: set[str] = set()
    for found, query in zip(hits, queries, strict=True):
        extra |= candidate_terms(found, query)
    if not extra:
        return list(queries), {}
    _, _, found_counts = read_counts(db, tenant_id=tenant_id, session_id=session_id, terms=extra)
    frequencies = {term: found_counts.get(term, 0) for term in extra}
    widened = [
        expand_query(
            query,
            found,
            frequency=lambda term: frequencies.get(term, 0),
            corpus_groups=len(index),
            terms=recall.feedback_terms,
            weight=recall.feedback_weight,
        )
        for found, query in zip(hits, queries, strict=True)
    ]
    return widened, frequencies


def _read(entries: Sequence[Any], fmt: Format) -> tuple[Message, ...]:
    try:
        return read_history(list(entries), format=fmt).messages
    except (FormatError, ProtocolError):
        return ()


def _latest_user_text(entries: list[Any], state: CompactionState) -> str | None:
    """The latest user-authored text the library's recall will query with: in the groups from
    the cut on, else in the pinned spans (``None``: there is none)."""
    cut, plen = state.cut_index or 0, state.prefix_length
    fmt = state.format
    tail = _read([*entries[:plen], *entries[cut:]], fmt)[plen:]
    for message in reversed(tail):
        if is_user_authored(message):
            return authored_text(message)
    for a, b, _ in reversed(state.pinned_spans):
        for message in reversed(_read(entries[a:b], fmt)):
            if is_user_authored(message):
                return authored_text(message)
    return None


def _queries(
    entries: list[Any], state: CompactionState, recall: RecallConfig
) -> list[dict[str, float]]:
    """The query the call's recall will search with: with the summary's open questions when a
    summary is sent, without them otherwise (both, since which applies is the library's
    decision)."""
    text = _latest_user_text(entries, state)
    if text is None:
        return []
    summary = state.summary_model
    summaries = [None, summary] if summary is not None and state.summary_active else [None]
    queries = [
        query_terms(
            text,
            with_questions,
            open_question_weight=recall.open_question_weight,
            date_weight=recall.date_weight,
        )
        for with_questions in summaries
    ]
    return [q for q in queries if q]


def _hit_positions(
    index: RecallIndex,
    queries: list[dict[str, float]],
    *,
    state: CompactionState,
    count: int,
    pins: Collection[str],
    recall: RecallConfig,
) -> set[int]:
    """Positions of the groups the library's recall may read back: the best hits of each
    query, as many as it searches for plus every candidate it may exclude as sent (a group
    from the cut on, in a pinned span, or holding a pinned id)."""
    cut = state.cut_index or 0
    spans = [(a, b) for a, b, _ in state.pinned_spans]
    pinned = set(pins)
    excludable = sum(
        1
        for g in index.groups
        if g.end > cut
        or not pinned.isdisjoint(g.ids)
        or any(g.start < b and a < g.end for a, b in spans)
    )
    limit = recall.max_groups * 3 + excludable
    positions: set[int] = set()
    for query in queries:
        for hit in index.search(query, limit=limit):
            positions.update(range(hit.group.start, min(hit.group.end, count)))
    return positions
