"""Pseudo-relevance feedback: widen a recall query with the terms of its own best hits.

A later question rarely repeats the words of the turns it needs: "what activities has Mel
done with her family?" shares "family" with one turn about a camping trip with the kids, and
nothing with the turn about pottery with them. BM25 finds the first; the terms the best hits
share ("kid", "camp", "weekend") then find the others. This is RM3-style feedback, the
classic lexical answer to vocabulary mismatch when no embedding model can run (nothing is
downloaded here): search once, weigh every term of the best ``groups`` hits above the score
floor by ``(frequency / length) x idf x hit score``, add the ``terms`` best ones to the query
at ``weight`` (the best at ``weight``, the rest in proportion), search again.

Only hits at or above the floor feed back, so a store that narrows its candidates by the floor
(``RecallIndex.narrowed``) holds every feedback group; the document frequencies of the
candidate terms are the whole index's (``RecallIndex.frequency``), which such a store reads and
passes in. Terms longer than ``TERM_MAX`` characters and terms of a single group never expand a
query: the one finds nothing new, the other only the group that gave it.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from runtime.recall.index import RecallIndex, ScoredGroup, idf

__all__ = [
    "TERM_MAX",
    "candidate_terms",
    "expand_query",
    "feedback_hits",
    "widened",
    "widened_scores",
]

TERM_MAX: Final = 32
"""Longest expansion term (a store may cut longer terms; ``api`` keeps 64 characters)."""


def feedback_hits(
    index: RecallIndex, query: Mapping[str, float], *, floor: float, groups: int
) -> list[ScoredGroup]:
    """The best ``groups`` hits of ``query`` scoring at least ``floor`` (nothing excluded: a
    group kept verbatim is as good a witness of the query's vocabulary as an evicted one)."""
    return _above(index, index.scores(query), floor=floor, groups=groups) if query else []


def _above(
    index: RecallIndex, scores: Mapping[int, float], *, floor: float, groups: int
) -> list[ScoredGroup]:
    if groups <= 0:
        return []
    return [hit for hit in index.ranked(scores, limit=groups) if hit.score >= floor]


def candidate_terms(hits: Sequence[ScoredGroup], query: Mapping[str, float]) -> set[str]:
    """The terms ``expand_query`` may add: the hits' terms not in ``query``, of at most
    ``TERM_MAX`` characters (what a store must know the document frequency of)."""
    return {term for hit in hits for term, _ in hit.group.terms if _may_expand(term, query)}


def _may_expand(term: str, query: Mapping[str, float]) -> bool:
    return term not in query and len(term) <= TERM_MAX


def expand_query(
    query: Mapping[str, float],
    hits: Sequence[ScoredGroup],
    *,
    frequency: Callable[[str], int],
    corpus_groups: int,
    terms: int,
    weight: float,
) -> dict[str, float]:
    """``query`` with the ``terms`` best feedback terms of ``hits`` added.

    Args:
        query: term -> weight.
        hits: ``feedback_hits`` of the query.
        frequency: a term's document frequency in the whole index.
        corpus_groups: the whole index's group count.
        terms: at most this many terms are added.
        weight: weight of the best added term; the others get it in proportion to their gain.

    Deterministic: ties go to the term first in code-point order.
    """
    if not hits or terms <= 0 or weight <= 0:
        return dict(query)
    mass: dict[str, float] = {}  # sum over the hits of frequency / length x score
    for hit in hits:
        share = hit.score / (hit.group.length or 1)
        for term, count in hit.group.terms:  # ``_may_expand``, inlined: the hot loop of recall
            if term not in query and len(term) <= TERM_MAX:
                mass[term] = mass.get(term, 0.0) + count * share
    idf_of: dict[int, float] = {}  # many terms share a document frequency
    ranked: list[tuple[float, str]] = []  # (-gain, term): best first, ties by code point
    for term, weight_in_hits in mass.items():
        df = frequency(term)
        if df >= 2:
            term_idf = idf_of.get(df)
            if term_idf is None:
                term_idf = idf_of[df] = idf(corpus_groups, df)
            ranked.append((-(weight_in_hits * term_idf), term))
    best = heapq.nsmallest(terms, ranked)
    expanded = dict(query)
    if best and best[0][0] < 0:
        top = -best[0][0]
        for negative, term in best:
            expanded[term] = weight * -negative / top
    return expanded


def widened(
    index: RecallIndex,
    query: Mapping[str, float],
    *,
    floor: float,
    groups: int,
    terms: int,
    weight: float,
) -> dict[str, float]:
    """``query`` expanded by the feedback of its own best hits in ``index``."""
    return _expanded(
        index, query, index.scores(query), floor=floor, groups=groups, terms=terms, weight=weight
    )


def widened_scores(
    index: RecallIndex,
    query: Mapping[str, float],
    *,
    floor: float,
    groups: int,
    terms: int,
    weight: float,
) -> dict[int, float]:
    """``index.scores(widened(index, query, ...))``, bit for bit, scoring ``query``'s own
    terms once: the feedback search's scores are the widened query's base, and only the
    added terms are scored on top (``RecallIndex.scores``: they share no term with
    ``query``)."""
    base = index.scores(query)
    expanded = _expanded(index, query, base, floor=floor, groups=groups, terms=terms, weight=weight)
    added = {term: value for term, value in expanded.items() if term not in query}
    return index.scores(added, base=base) if added else base


def _expanded(
    index: RecallIndex,
    query: Mapping[str, float],
    scores: Mapping[int, float],
    *,
    floor: float,
    groups: int,
    terms: int,
    weight: float,
) -> dict[str, float]:
    """``query`` expanded by the best hits among ``scores`` (its own scores in ``index``)."""
    hits = _above(index, scores, floor=floor, groups=groups) if query else []
    return expand_query(
        query, hits, frequency=index.frequency, corpus_groups=len(index), terms=terms, weight=weight
    )
