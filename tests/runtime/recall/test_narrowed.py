"""``RecallIndex.narrowed``: the groups sharing a query term, scored as the whole index scores
them (what a store keeping the index in a database loads for one search)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.recall import RecallIndex
from tests.runtime.recall.indexes import narrowed_for, word_group

WORDS = ["alice", "lisbon", "violin", "budget", "800元", "酒店", "18:25", "train", "seat", "bob"]


@settings(max_examples=80, deadline=None)
@given(
    docs=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), max_size=70),
    query=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
)
def test_a_narrowed_index_ranks_and_scores_as_the_whole_index(
    docs: list[list[str]], query: list[str]
) -> None:
    whole = RecallIndex.of(word_group(i, words) for i, words in enumerate(docs))
    wanted = set(query)
    part = RecallIndex.narrowed(
        [g for g in whole.groups if wanted & {t for t, _ in g.terms}],
        corpus_groups=len(whole),
        corpus_length=sum(g.length for g in whole.groups),
    )
    assert len(part) == len(whole)
    expected = [(h.group.key, h.score) for h in whole.search(query, limit=100)]
    assert [(h.group.key, h.score) for h in part.search(query, limit=100)] == expected


@settings(max_examples=80, deadline=None)
@given(
    docs=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), max_size=70),
    query=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
    floor=st.sampled_from([0.5, 2.0, 4.0]),
)
def test_terms_bounded_below_the_floor_need_not_narrow(
    docs: list[list[str]], query: list[str], floor: float
) -> None:
    """Leave out the groups holding only common terms whose bounds sum below the floor, give
    those terms' frequencies: every hit at or above the floor is the whole index's."""
    whole = RecallIndex.of(word_group(i, words) for i, words in enumerate(docs))
    part = narrowed_for(whole, dict.fromkeys(query, 1.0), floor)
    expected = [(h.group.key, h.score) for h in whole.search(query, limit=100) if h.score >= floor]
    got = [(h.group.key, h.score) for h in part.search(query, limit=100) if h.score >= floor]
    assert got == expected
