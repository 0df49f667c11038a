"""The recall index: a value holding the terms of every evicted group, scored with BM25.

One document per message group (a tool call with all its results, or a turn), added when a
compaction evicts it and never re-tokenized afterwards: ``RecallIndex.add`` returns a new index
that shares everything untouched with the old one, so updating costs what the new groups cost,
not what the session's history costs. The index holds terms (stemmed words, Chinese words,
numbers) of the sanitized text plus the group's message ids, its position and a digest of its
messages, never the text itself; the recalled text is read back from the history the caller
passes, and a group whose messages changed or were purged since is not recalled.

Scoring is Okapi BM25 (``k1 = 1.2``, ``b = 0.75``, the Lucene idf ``ln(1 + (N - n + 0.5) /
(n + 0.5))`` that never goes negative, with ``N`` at least 50 so that scores of a small index
are comparable with a score floor) over the distinct query terms. Ranking libraries (bm25s,
rank-bm25) build a corpus matrix in one go and cannot add a document without rebuilding; an
inverted index this small is cheaper to keep exact and incremental here.

The index is JSON-serializable (``to_dict`` / ``from_dict``), so it can travel beside a
``CompactionState``; reading it back rebuilds the postings from the stored term counts, without
touching any message.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from runtime.errors import FormatError
from runtime.recall.rows import BlockLine, block_line, upgrade_body

__all__ = ["INDEX_SCHEMA", "IndexedGroup", "RecallIndex", "ScoredGroup", "idf"]

INDEX_SCHEMA: Final = "tiermem.recall_index.v1"
_K1: Final = 1.2
_B: Final = 0.75
_PRIOR_GROUPS: Final = 50
"""idf is computed as if the index held at least this many groups: in a handful of groups
every term looks common, and a fixed score floor would then reject everything."""

Posting = tuple[int, int]
"""``(position of the group in the index, term frequency)``."""


@dataclass(frozen=True, slots=True)
class IndexedGroup:
    """One evicted group as the index knows it.

    Attributes:
        start: history position of the group's first message.
        ids: the group's message ids, in order.
        digest: digest of the group's messages (``runtime.recall.groups.group_digest``); a
            group read back with another digest has changed and is not recalled.
        terms: ``(term, frequency)`` pairs of the sanitized text, sorted by term.
        body: the group's turns as they go into a recall block: sanitized once, when the group
            was indexed, and kept as escaped JSON (``runtime.recall.render``), so that a call
            does not sanitize again.
        tokens: what the group's line costs in a block (``block_line``, counted when indexed;
            for a group indexed before block lines, its stored body's cost, an upper bound
            unless ``line.counted``, see ``runtime.recall.fill``).
        at: the first timestamp of the group's messages, if any.
    """

    start: int
    ids: tuple[str, ...]
    digest: str
    terms: tuple[tuple[str, int], ...]
    body: str
    tokens: int
    at: str | None = None
    length: int = field(default=0, compare=False)
    """Number of terms (the BM25 document length), derived from ``terms``."""
    _line: BlockLine | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "length", sum(count for _, count in self.terms))
        # A body stored before the block's v2 rows (a held state, a table row) is shown as
        # v2; its stored cost, counted for the longer v1 text, stays an upper bound.
        object.__setattr__(self, "body", upgrade_body(self.body))

    @property
    def line(self) -> BlockLine:
        """The group as a line of a recall block (``runtime.recall.rows.block_line``), made
        from ``body`` the first time it is asked for and kept."""
        line = self._line
        if line is None:
            line = block_line(self.body)
            object.__setattr__(self, "_line", line)
        return line

    @property
    def key(self) -> str:
        """The id of the group's first message: the group's identity in the index."""
        return self.ids[0]

    @property
    def end(self) -> int:
        """History position after the group's last message."""
        return self.start + len(self.ids)

    def to_list(self) -> list[Any]:
        """Compact JSON form: ``[start, ids, digest, {term: frequency}, body, tokens, at]``."""
        return [
            self.start,
            list(self.ids),
            self.digest,
            dict(self.terms),
            self.body,
            self.tokens,
            self.at,
        ]

    @classmethod
    def from_list(cls, value: Any) -> IndexedGroup:
        """Read ``to_list``'s form.

        Raises:
            FormatError: not ``[start, ids, digest, {term: frequency}, body, tokens, at]``
                with valid types.
        """
        bad = FormatError(
            "recall index groups must be [start, [ids], digest, {term: count}, body, tokens, at]"
        )
        if not isinstance(value, list | tuple) or len(value) != 7:
            raise bad
        start, ids, digest, counts, body, tokens, at = value
        if not _count(start) or not _count(tokens):
            raise bad
        if not isinstance(ids, list | tuple) or not ids or not all(isinstance(i, str) for i in ids):
            raise bad
        if not isinstance(digest, str) or not isinstance(body, str) or not isinstance(counts, dict):
            raise bad
        if at is not None and not isinstance(at, str):
            raise bad
        if not all(isinstance(t, str) and _count(c) and c > 0 for t, c in counts.items()):
            raise bad
        return cls(start, tuple(ids), digest, tuple(sorted(counts.items())), body, tokens, at)


def idf(groups: int, frequency: int) -> float:
    """Lucene's BM25 idf of a term held by ``frequency`` of ``groups`` groups, with at least
    ``_PRIOR_GROUPS`` groups."""
    return math.log(1.0 + (max(groups, _PRIOR_GROUPS) - frequency + 0.5) / (frequency + 0.5))


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True, slots=True)
class ScoredGroup:
    """A search hit: the group and its BM25 score."""

    group: IndexedGroup
    score: float


@dataclass(frozen=True, slots=True)
class RecallIndex:
    """The evicted groups of one history, searchable by BM25. Immutable: every change returns
    a new index.

    Build it with ``RecallIndex()`` and ``add``; compare and serialize it like any value
    (equality looks at the groups only).
    """

    groups: tuple[IndexedGroup, ...] = ()
    _postings: Mapping[str, tuple[Posting, ...]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _total_length: int = field(default=0, repr=False, compare=False)
    _by_key: Mapping[str, IndexedGroup] = field(default_factory=dict, repr=False, compare=False)
    _corpus: tuple[int, int] | None = field(default=None, repr=False, compare=False)
    """``(groups, total length)`` of the whole index a narrowed one stands for (``narrowed``)."""
    _frequencies: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    """Whole-index document frequencies of terms whose postings a narrowed index lacks."""
    _norms: tuple[float, ...] | None = field(default=None, repr=False, compare=False)
    """Each group's BM25 length norm (``_norm_table``), filled by the first search."""
    _gains: dict[str, tuple[tuple[int, float], ...]] = field(
        default_factory=dict, repr=False, compare=False
    )
    """Per term searched, each posting's BM25 term-frequency part (``_term_gains``): a warm
    call searches the same index value as the call before, with many of the same terms."""

    def __post_init__(self) -> None:
        if self.groups and not self._by_key:  # built directly from groups: derive the rest
            built = RecallIndex().add(self.groups)
            object.__setattr__(self, "groups", built.groups)
            object.__setattr__(self, "_postings", built._postings)
            object.__setattr__(self, "_total_length", built._total_length)
            object.__setattr__(self, "_by_key", built._by_key)

    @classmethod
    def of(cls, groups: Iterable[IndexedGroup]) -> RecallIndex:
        """An index holding ``groups`` (in order; a key seen twice keeps its first group)."""
        return cls().add(groups)

    @classmethod
    def narrowed(
        cls,
        groups: Iterable[IndexedGroup],
        *,
        corpus_groups: int,
        corpus_length: int,
        frequencies: Mapping[str, int] | None = None,
    ) -> RecallIndex:
        """The part of a larger index a search needs, scoring as that whole index does.

        A store that keeps the index in a database loads only ``groups``, the ones sharing a
        term with the query it will search (the database narrows), in the whole index's order;
        ``corpus_groups`` and ``corpus_length`` are the whole index's group count and total
        term count. A query term whose postings are complete here needs nothing more; one the
        store did not narrow by (a common term whose ``term_bound`` cannot lift a group over
        the score floor alone) needs its whole-index document frequency in ``frequencies``.
        ``search`` then gives the whole index's scores and ranking for every group held (the
        library scores). ``len`` is the whole index's.

        Raises:
            ValueError: fewer corpus groups than ``groups``, or a negative length.
        """
        held = cls.of(groups)
        if corpus_groups < len(held.groups) or corpus_length < held._total_length:
            raise ValueError("a narrowed index holds part of its corpus, not more")
        object.__setattr__(held, "_corpus", (corpus_groups, corpus_length))
        object.__setattr__(held, "_frequencies", dict(frequencies or {}))
        return held

    @staticmethod
    def term_bound(*, frequency: int, groups: int, weight: float = 1.0) -> float:
        """More than one query term of ``weight`` can add to any group's score, in an index
        of ``groups`` groups of which ``frequency`` hold the term (BM25's term-frequency part
        stays below ``k1 + 1``): groups whose query terms' bounds sum below a score floor can
        never be recalled, so a store need not load them."""
        return max(weight, 0.0) * idf(groups, frequency) * (_K1 + 1.0)

    def __len__(self) -> int:
        return len(self.groups) if self._corpus is None else self._corpus[0]

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def add(self, groups: Iterable[IndexedGroup]) -> RecallIndex:
        """A new index with ``groups`` appended.

        A group already indexed (same key, same digest) is skipped, so adding the same eviction
        twice changes nothing; a group whose key is indexed with another digest (the history
        was edited there) replaces the old entry. Costs what the new groups' terms cost: the
        postings of other terms are shared.
        """
        pending = list(groups)
        stale = [g.key for g in pending if g.key in self._by_key and self._by_key[g.key] != g]
        if stale:
            return self.without_keys(stale).add(pending)
        fresh: dict[str, IndexedGroup] = {}
        for group in pending:
            if group.key not in self._by_key:
                fresh.setdefault(group.key, group)
        if not fresh:
            return self
        postings = dict(self._postings)
        added: dict[str, list[Posting]] = {}
        position = len(self.groups)
        for group in fresh.values():
            for term, count in group.terms:
                added.setdefault(term, []).append((position, count))
            position += 1
        for term, extra in added.items():
            postings[term] = postings.get(term, ()) + tuple(extra)
        total = self._total_length + sum(g.length for g in fresh.values())
        by_key = {**self._by_key, **fresh}
        corpus = self._corpus
        if corpus is not None:
            corpus = (corpus[0] + len(fresh), corpus[1] + total - self._total_length)
        return RecallIndex((*self.groups, *fresh.values()), postings, total, by_key, corpus)

    def frequency(self, term: str) -> int:
        """How many groups of the whole index hold ``term`` (a narrowed index answers from the
        frequencies it was given for terms whose postings it lacks)."""
        known = self._frequencies.get(term)
        return known if known is not None else len(self._postings.get(term, ()))

    def digest_of(self, key: str) -> str | None:
        """The digest of the group indexed under ``key`` (``None``: not indexed)."""
        group = self._by_key.get(key)
        return None if group is None else group.digest

    def without_keys(self, keys: Collection[str]) -> RecallIndex:
        """A new index without the groups whose key is in ``keys``."""
        drop = set(keys)
        kept = [g for g in self.groups if g.key not in drop]
        return self if len(kept) == len(self.groups) else RecallIndex.of(kept)

    def without(self, ids: Collection[str]) -> RecallIndex:
        """A new index without the groups holding any of ``ids`` (erasure, a purge, an edit).

        Rebuilds the postings of the groups that stay (a rare path: forgetting is not on the
        warm path of a call).
        """
        drop = set(ids)
        if not drop:
            return self
        kept = [g for g in self.groups if drop.isdisjoint(g.ids)]
        if len(kept) == len(self.groups):
            return self
        return RecallIndex.of(kept)

    def search(
        self,
        query: Mapping[str, float] | Sequence[str],
        *,
        exclude: Collection[str] = (),
        limit: int = 8,
    ) -> list[ScoredGroup]:
        """The best ``limit`` groups for the distinct terms of ``query``, best first.

        Args:
            query: query terms (``runtime.recall.terms.terms``; repeats count once), or
                term -> weight (a term's BM25 gain is multiplied by its weight).
            exclude: message ids; a group holding any of them is skipped (kept verbatim,
                pinned, held out).
            limit: at most this many hits.

        Ties go to the more recent group. Groups matching no query term are never returned.
        """
        if limit <= 0:
            return []
        return self.ranked(self.scores(query), exclude=exclude, limit=limit)

    def scores(
        self,
        query: Mapping[str, float] | Sequence[str],
        *,
        base: Mapping[int, float] | None = None,
    ) -> dict[int, float]:
        """Group position -> BM25 score of ``query`` (``search``'s), for groups matching a
        term; added to ``base`` (another query's scores) when given.

        Scores add up term by term in the query's order, so ``scores(b, base=scores(a))`` is
        ``scores(a | b)`` to the last bit when ``a`` and ``b`` share no term: a query widened
        by feedback reuses the scores its feedback search already computed.
        """
        totals = dict(base or {})
        if not self.groups:
            return totals
        n = len(self)
        get = totals.get
        weights = query if isinstance(query, Mapping) else dict.fromkeys(query, 1.0)
        for term, weight in weights.items():
            postings = self._postings.get(term)
            if not postings or weight <= 0:
                continue
            term_idf = weight * idf(n, self._frequencies.get(term, len(postings)))
            for position, part in self._term_gains(term, postings):
                totals[position] = get(position, 0.0) + term_idf * part
        return totals

    def _term_gains(
        self, term: str, postings: tuple[Posting, ...]
    ) -> tuple[tuple[int, float], ...]:
        """``(position, tf x (k1 + 1) / (tf + norm))`` of each posting of ``term``: the part
        of a group's BM25 gain that does not depend on the query, computed once per index
        value and term."""
        gains = self._gains.get(term)
        if gains is None:
            norms = self._norm_table()
            saturated = _K1 + 1.0
            gains = tuple(
                (position, count * saturated / (count + norms[position]))
                for position, count in postings
            )
            self._gains[term] = gains
        return gains

    def ranked(
        self, scores: Mapping[int, float], *, exclude: Collection[str] = (), limit: int = 8
    ) -> list[ScoredGroup]:
        """The best ``limit`` of ``scores`` (``scores``' form), best first, ties to the more
        recent group, skipping groups that hold an id in ``exclude``."""
        if limit <= 0 or not scores:
            return []
        drop = set(exclude)
        want = limit
        while True:  # the best few by a heap; more only when excluded groups took places
            # (score, position) pairs: higher score first, ties to the more recent group
            pairs = zip(scores.values(), scores.keys(), strict=True)
            if want * 4 >= len(scores):  # a heap pays off only for a small share
                best = sorted(pairs, reverse=True)[:want]
            else:
                best = heapq.nlargest(want, pairs)
            hits: list[ScoredGroup] = []
            for score, position in best:
                group = self.groups[position]
                if drop and not drop.isdisjoint(group.ids):
                    continue
                hits.append(ScoredGroup(group, score))
                if len(hits) == limit:
                    return hits
            if want >= len(scores):
                return hits
            want = max(want * 2, limit + len(drop))

    def _norm_table(self) -> tuple[float, ...]:
        """BM25's length normalization of every group, computed once per index value."""
        table = self._norms
        if table is None or len(table) != len(self.groups):
            n, total = self._corpus or (len(self.groups), self._total_length)
            average = total / n or 1.0
            table = tuple(_K1 * (1.0 - _B + _B * g.length / average) for g in self.groups)
            object.__setattr__(self, "_norms", table)
        return table

    def to_dict(self) -> dict[str, Any]:
        """The index as a JSON-ready dict (with a ``schema`` tag)."""
        return {"schema": INDEX_SCHEMA, "groups": [g.to_list() for g in self.groups]}

    @classmethod
    def from_dict(cls, data: Any) -> RecallIndex:
        """Read ``to_dict``'s form.

        Raises:
            FormatError: another schema, or malformed groups.
        """
        if not isinstance(data, dict) or data.get("schema") != INDEX_SCHEMA:
            raise FormatError(f"a recall index is an object with schema {INDEX_SCHEMA!r}")
        groups = data.get("groups")
        if not isinstance(groups, list):
            raise FormatError("recall index field groups must be a list")
        return cls.of(IndexedGroup.from_list(item) for item in groups)
