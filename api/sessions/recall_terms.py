"""A session's recall index, kept in the database: one row per evicted group, one per term.

The library carries its ``RecallIndex`` as a value beside the compaction state. The service
keeps it in two session-scoped tables instead (``session_recall_groups`` and
``session_recall_terms``), so that deleting a session, erasing a user and the retention purge
reach the sanitized text of evicted turns as they reach the messages themselves.

Groups are written when a compaction evicts them, exactly the ``IndexedGroup`` values the
library's compaction added to its index (``sync_index``): a recall unit (a turn with its reply)
and its ranking context depend on where the compaction cut, so terms taken at append time
could not give the library's units. A warm ``/context`` call loads only what its query needs
(``load_narrowed``): the database narrows the candidates to the groups sharing a query term,
and ``RecallIndex.narrowed`` scores them as the whole index would (the library's tokenizer and
BM25, with the whole index's group count and length): the same groups as the library's, with
the same scores, in the same order.

Every query filters by tenant and session: a session never recalls another's messages.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Row, delete, insert, select, union_all
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import Session, col

from api.sessions.errors import StaleVersion
from api.sessions.recall_counts import CORPUS, apply_delta, read_counts
from api.sessions.tables import RECALL_TERM_MAX, SessionRecallGroupRow, SessionRecallTermRow
from runtime.recall import IndexedGroup, RecallIndex

_COMPOUND = 400  # lookups per statement

__all__ = [
    "StoredIndex",
    "forget_positions",
    "load_index",
    "load_narrowed",
    "stored_term",
    "sync_index",
]

_G = SessionRecallGroupRow
_T = SessionRecallTermRow
_COLUMNS = (
    col(_G.start_position),
    col(_G.ids_json),
    col(_G.digest),
    col(_G.terms_json),
    col(_G.body),
    col(_G.tokens),
    col(_G.at),
    col(_G.ordinal),
)


@dataclass(frozen=True, slots=True)
class StoredIndex:
    """A session's whole recall index as stored, and the next free ordinal."""

    index: RecallIndex
    next_ordinal: int


def stored_term(term: str) -> str:
    """A term as the terms table stores it (cut to ``RECALL_TERM_MAX`` characters)."""
    return term[:RECALL_TERM_MAX]


def _group(row: Row[Any]) -> IndexedGroup:
    start, ids_json, digest, terms_json, body, tokens, at, _ordinal = tuple(row)
    counts = json.loads(str(terms_json))
    return IndexedGroup(
        start=int(start),
        ids=tuple(json.loads(str(ids_json))),
        digest=str(digest),
        terms=tuple(sorted((str(t), int(c)) for t, c in counts.items())),
        body=str(body),
        tokens=int(tokens),
        at=None if at is None else str(at),
    )


def _owned(tenant_id: str, session_id: str) -> tuple[ColumnElement[bool], ColumnElement[bool]]:
    return col(_G.tenant_id) == tenant_id, col(_G.session_id) == session_id


def load_index(db: Session, *, tenant_id: str, session_id: str) -> StoredIndex:
    """The session's whole index, in index order (a full read: compacting calls only)."""
    rows = db.execute(
        select(*_COLUMNS).where(*_owned(tenant_id, session_id)).order_by(col(_G.ordinal))
    ).all()
    groups = [_group(row) for row in rows]
    next_ordinal = int(rows[-1][-1]) + 1 if rows else 0
    return StoredIndex(RecallIndex.of(groups), next_ordinal)


def load_narrowed(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    weights: Mapping[str, float],
    floor: float,
    known: Mapping[str, int] | None = None,
) -> RecallIndex:
    """What a search with the query ``weights`` (term -> weight) needs of the stored index,
    as a ``RecallIndex.narrowed`` that scores like the whole one.

    ``known`` holds whole-index document frequencies the caller has read already (terms not
    longer than ``RECALL_TERM_MAX``): they are not read again, and the index answers them
    without their groups (the feedback candidates whose frequencies the library's query
    expansion reads, ``runtime.recall.feedback``).

    Key lookups only: the whole index's group count and length and each query term's document
    frequency (``api.sessions.recall_counts``), the keys of the groups sharing a term the search
    cannot do without, and those groups. Common terms whose bounds
    (``RecallIndex.term_bound``) together stay below ``floor`` do not narrow: a group holding
    only those can never be recalled, and the groups loaded score them with their whole-index
    frequencies.
    """
    stored = {stored_term(t) for t in weights}
    known = dict(known or {})
    groups, length, frequencies = read_counts(
        db, tenant_id=tenant_id, session_id=session_id, terms=stored - known.keys()
    )
    frequencies.update(known)
    if not stored or not groups:
        return RecallIndex.narrowed(
            (), corpus_groups=groups, corpus_length=length, frequencies=known
        )
    common = _common_terms(weights, frequencies, groups=groups, floor=floor)
    wanted = sorted({stored_term(t) for t in weights if t not in common} & set(frequencies))
    rows: Sequence[Row[Any]] = []
    if wanted:
        keys = sorted({str(k) for (k,) in _lookup(db, tenant_id, session_id, wanted)})
        rows = db.execute(
            select(*_COLUMNS)
            .where(*_owned(tenant_id, session_id), col(_G.group_key).in_(keys))
            .order_by(col(_G.ordinal))
        ).all()
    loaded = [_group(row) for row in rows]
    if len(loaded) > groups or sum(g.length for g in loaded) > length:
        # groups appended after the counts were read (PostgreSQL reads each statement's own
        # snapshot): the unit runs again in a fresh transaction
        raise StaleVersion("the session's recall index grew while it was read")
    return RecallIndex.narrowed(
        loaded,
        corpus_groups=groups,
        corpus_length=length,
        frequencies={**known, **{t: frequencies.get(t, 0) for t in common}},
    )


def _lookup(db: Session, tenant_id: str, session_id: str, terms: Sequence[str]) -> list[Row[Any]]:
    """The keys of the groups holding one of ``terms``: one equality lookup per term, joined
    with UNION ALL, a few hundred per statement (an ``IN`` list there lets PostgreSQL, lacking
    statistics on a young table, scan the whole session's terms and filter instead; SQLite
    allows 500 terms in a compound select)."""
    rows: list[Row[Any]] = []
    for start in range(0, len(terms), _COMPOUND):
        parts = [
            select(col(_T.group_key)).where(
                col(_T.tenant_id) == tenant_id,
                col(_T.session_id) == session_id,
                col(_T.term) == term,
            )
            for term in terms[start : start + _COMPOUND]
        ]
        rows.extend(db.execute(union_all(*parts)).all())
    return rows


def _common_terms(
    weights: Mapping[str, float], frequencies: Mapping[str, int], *, groups: int, floor: float
) -> set[str]:
    """The most frequent query terms whose bounds sum below ``floor`` (terms cut for storage
    excluded: their stored frequency is not theirs alone)."""
    bounds = sorted(
        (RecallIndex.term_bound(frequency=frequencies.get(t, 0), groups=groups, weight=w), t)
        for t, w in weights.items()
        if t == stored_term(t)
    )
    common: set[str] = set()
    total = 0.0
    for bound, term in bounds:
        if total + bound >= floor:
            break
        total += bound
        common.add(term)
    return common


def _delete_keys(
    db: Session, *, tenant_id: str, session_id: str, user_id: str, keys: Collection[str]
) -> int:
    if not keys:
        return 0
    wanted = sorted(keys)
    gone = db.execute(
        select(col(_G.terms_json), col(_G.length)).where(
            *_owned(tenant_id, session_id), col(_G.group_key).in_(wanted)
        )
    ).all()
    delta: Counter[str] = Counter()
    for terms_json, _ in (tuple(row) for row in gone):
        delta.update({t: -1 for t in _stored_terms(json.loads(str(terms_json)))})
        delta[CORPUS] -= 1
    removed = -sum(int(tuple(row)[1]) for row in gone)
    apply_delta(
        db,
        tenant_id=tenant_id,
        session_id=session_id,
        user_id=user_id,
        delta=delta,
        length=removed,
    )
    db.execute(
        delete(_T).where(
            col(_T.tenant_id) == tenant_id,
            col(_T.session_id) == session_id,
            col(_T.group_key).in_(wanted),
        )
    )
    result = db.execute(
        delete(_G).where(*_owned(tenant_id, session_id), col(_G.group_key).in_(wanted))
    )
    return int(getattr(result, "rowcount", 0) or 0)


def _stored_terms(terms: Iterable[str]) -> set[str]:
    return {stored_term(t) for t in terms}


def _kept_in_order(before: RecallIndex, after: RecallIndex) -> tuple[set[str], bool]:
    """Keys unchanged between the two indexes, and whether they keep their relative order."""
    old = {g.key: g.digest for g in before.groups}
    kept = [g.key for g in after.groups if old.get(g.key) == g.digest]
    order = {g.key: i for i, g in enumerate(before.groups)}
    positions = [order[k] for k in kept]
    return set(kept), positions == sorted(positions)


def sync_index(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_id: str,
    before: StoredIndex,
    after: RecallIndex,
    now: datetime,
) -> int:
    """Make the stored index ``after`` (the index the compaction returned), writing only what
    changed: groups it no longer holds (or holds with another digest) are deleted, new ones
    appended with the next ordinals. Returns the number of groups written.

    Does not commit (the caller's unit of work does, with the state).
    """
    if after is before.index:
        return 0
    kept, in_order = _kept_in_order(before.index, after)
    if not in_order:
        kept = set()  # a reordered index (a state reset) is written again whole
    stale = {g.key for g in before.index.groups} - kept
    _delete_keys(db, tenant_id=tenant_id, session_id=session_id, user_id=user_id, keys=stale)
    owner = {"tenant_id": tenant_id, "session_id": session_id, "user_id": user_id}
    groups: list[dict[str, object]] = []
    terms: list[dict[str, object]] = []
    for group in after.groups:
        if group.key in kept:
            continue
        groups.append(
            {
                **owner,
                "group_key": group.key,
                "ordinal": before.next_ordinal + len(groups),
                "start_position": group.start,
                "end_position": group.end,
                "ids_json": json.dumps(list(group.ids), ensure_ascii=False),
                "digest": group.digest,
                "terms_json": json.dumps(dict(group.terms), ensure_ascii=False),
                "length": group.length,
                "body": group.body,
                "tokens": group.tokens,
                "at": group.at,
                "created_at": now,
            }
        )
        cut = sorted({stored_term(term) for term, _ in group.terms})
        terms.extend({**owner, "term": term, "group_key": group.key} for term in cut)
    if groups:
        db.execute(insert(_G), groups)
    if terms:
        db.execute(insert(_T), terms)
    delta: Counter[str] = Counter(str(row["term"]) for row in terms)
    delta[CORPUS] += len(groups)
    added = sum(int(str(row["length"])) for row in groups)
    apply_delta(
        db, tenant_id=tenant_id, session_id=session_id, user_id=user_id, delta=delta, length=added
    )
    return len(groups)


def forget_positions(
    db: Session, *, tenant_id: str, session_id: str, positions: Collection[int]
) -> int:
    """Delete the groups holding a message at one of ``positions`` (the retention purge):
    their sanitized text goes with the raw messages. Returns the groups deleted; does not
    commit."""
    if not positions:
        return 0
    low, high = min(positions), max(positions)
    rows = db.execute(
        select(
            col(_G.group_key), col(_G.start_position), col(_G.end_position), col(_G.user_id)
        ).where(
            *_owned(tenant_id, session_id),
            col(_G.start_position) <= high,
            col(_G.end_position) > low,
        )
    ).all()
    wanted = set(positions)
    keys = {key for key, start, end, _ in rows if not wanted.isdisjoint(range(start, end))}
    user_id = str(rows[0][3]) if rows else ""
    return _delete_keys(db, tenant_id=tenant_id, session_id=session_id, user_id=user_id, keys=keys)
