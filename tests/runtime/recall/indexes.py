"""Index values for tests: a group from a list of words, and the part of an index a store
narrowing by a query loads (as ``api.sessions.recall_terms.load_narrowed`` does)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from runtime.recall import IndexedGroup, RecallIndex


def word_group(position: int, words: list[str]) -> IndexedGroup:
    """A two-message group at ``position`` whose terms are ``words`` (repeats counted)."""
    counts: dict[str, int] = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return IndexedGroup(
        start=position * 2,
        ids=(f"m{position * 2}", f"m{position * 2 + 1}"),
        digest=f"d{position}",
        terms=tuple(sorted(counts.items())),
        body="[]",
        tokens=10,
    )


def common_terms(
    query: Mapping[str, float], df: Mapping[str, int], groups: int, floor: float
) -> set[str]:
    """The most frequent query terms whose bounds sum below ``floor`` (a store need not
    narrow by them)."""
    bounds = sorted(
        (RecallIndex.term_bound(frequency=df.get(t, 0), groups=groups, weight=w), t)
        for t, w in query.items()
    )
    common: set[str] = set()
    total = 0.0
    for bound, term in bounds:
        if total + bound >= floor:
            break
        total, common = total + bound, common | {term}
    return common


def narrowed_for(
    whole: RecallIndex,
    query: Mapping[str, float],
    floor: float,
    extra: Collection[str] = (),
) -> RecallIndex:
    """What a store loads of ``whole`` for ``query``: the groups holding a term it cannot do
    without, the frequencies of the common terms and of ``extra``."""
    df = {t: whole.frequency(t) for t in {*query, *extra}}
    common = common_terms(query, df, len(whole), floor)
    narrow_by = set(query) - common
    return RecallIndex.narrowed(
        [g for g in whole.groups if narrow_by & {t for t, _ in g.terms}],
        corpus_groups=len(whole),
        corpus_length=sum(g.length for g in whole.groups),
        frequencies={t: df[t] for t in common | set(extra)},
    )
