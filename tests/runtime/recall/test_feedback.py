"""Query expansion by feedback: what it adds, and that a narrowed index widens a query exactly
as the whole index does (what lets the service score like the library)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.errors import BudgetError
from runtime.recall import RecallConfig, RecallIndex
from runtime.recall.feedback import (
    TERM_MAX,
    candidate_terms,
    expand_query,
    feedback_hits,
    widened,
    widened_scores,
)
from tests.runtime.recall.indexes import narrowed_for, word_group

WORDS = ["camp", "kid", "pottery", "famili", "lake", "paint", "dog", "weekend", "酒店", "18:25"]


def _index(docs: list[list[str]]) -> RecallIndex:
    return RecallIndex.of(word_group(i, words) for i, words in enumerate(docs))


def test_the_best_hits_lend_their_shared_terms_to_the_query() -> None:
    index = _index(
        [
            ["famili", "camp", "kid", "lake"],
            ["pottery", "kid", "weekend"],
            ["dog", "paint"],
            ["camp", "weekend"],
        ]
        + [["filler"]] * 40
    )
    query = {"famili": 1.0}
    expanded = widened(index, query, floor=0.5, groups=5, terms=3, weight=0.5)
    assert expanded["famili"] == 1.0
    added = {t: w for t, w in expanded.items() if t != "famili"}
    assert set(added) == {"camp", "kid"}  # "lake" is in that one group only
    assert max(added.values()) == 0.5
    hits = index.search(expanded, limit=10)
    assert {h.group.key for h in hits} >= {"m0", "m2", "m6"}  # the pottery turn found by "kid"
    assert "m2" not in {h.group.key for h in index.search(query, limit=10)}


def test_nothing_above_the_floor_expands_nothing() -> None:
    index = _index([["famili", "camp"], ["camp", "kid"]])
    assert widened(index, {"famili": 1.0}, floor=50.0, groups=5, terms=3, weight=0.5) == {
        "famili": 1.0
    }
    assert widened(index, {"famili": 1.0}, floor=0.5, groups=0, terms=3, weight=0.5) == {
        "famili": 1.0
    }
    assert widened(index, {"famili": 1.0}, floor=0.5, groups=5, terms=3, weight=0.0) == {
        "famili": 1.0
    }


def test_long_terms_never_expand_a_query() -> None:
    long = "x" * (TERM_MAX + 1)
    index = _index([["famili", long], ["famili", long], ["other"]])
    hits = feedback_hits(index, {"famili": 1.0}, floor=0.1, groups=5)
    assert long not in candidate_terms(hits, {"famili": 1.0})


def test_expansion_is_deterministic_on_ties() -> None:
    index = _index([["famili", "b", "a"], ["a"], ["b"]])
    first = widened(index, {"famili": 1.0}, floor=0.1, groups=5, terms=1, weight=0.5)
    assert first == {"famili": 1.0, "a": 0.5}


@pytest.mark.parametrize(
    "field, value",
    [("feedback_groups", -1), ("feedback_terms", 1.5), ("feedback_weight", 2.0)],
)
def test_feedback_settings_are_checked(field: str, value: object) -> None:
    with pytest.raises(BudgetError):
        RecallConfig(**{field: value})  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(
    docs=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), max_size=60),
    query=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
    floor=st.sampled_from([0.5, 1.0, 3.0]),
)
def test_a_narrowed_index_widens_and_ranks_as_the_whole_index(
    docs: list[list[str]], query: list[str], floor: float
) -> None:
    """The service's two reads: narrow by the query, widen it from the feedback hits with the
    candidates' frequencies read by key, narrow again by the widened query; the library then
    widens on that second index and finds the whole index's hits above the floor."""
    whole = _index(docs)
    weights = dict.fromkeys(query, 1.0)
    settings_ = {"floor": floor, "groups": 5, "terms": 4, "weight": 0.5}
    expected_query = widened(whole, weights, **settings_)  # type: ignore[arg-type]
    first = narrowed_for(whole, weights, floor)
    hits = feedback_hits(first, weights, floor=floor, groups=5)
    extra = candidate_terms(hits, weights)
    service_query = expand_query(
        weights,
        hits,
        frequency=whole.frequency,
        corpus_groups=len(first),
        terms=4,
        weight=0.5,
    )
    assert service_query == expected_query
    second = narrowed_for(whole, service_query, floor, extra)
    assert widened(second, weights, **settings_) == expected_query  # type: ignore[arg-type]
    expected = [
        (h.group.key, h.score) for h in whole.search(expected_query, limit=100) if h.score >= floor
    ]
    got = [
        (h.group.key, h.score) for h in second.search(expected_query, limit=100) if h.score >= floor
    ]
    assert got == expected
    # what recall scores with: the widened query's scores, its own terms scored once
    scores = widened_scores(second, weights, **settings_)  # type: ignore[arg-type]
    assert scores == second.scores(expected_query)
    ranked = [(h.group.key, h.score) for h in second.ranked(scores, limit=100)]
    assert [hit for hit in ranked if hit[1] >= floor] == expected


@given(
    docs=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), max_size=60),
    query=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4),
    dropped=st.sets(st.integers(min_value=0, max_value=59), max_size=20),
    limit=st.integers(min_value=1, max_value=70),
)
def test_ranking_by_heap_is_the_full_sort(
    docs: list[list[str]], query: list[str], dropped: set[int], limit: int
) -> None:
    """``ranked`` takes the best few by a heap and widens past excluded groups: the same hits
    as sorting every score (higher score first, then the later group) and skipping them."""
    index = _index(docs)
    scores = index.scores(query)
    exclude = {f"m{2 * i + 1}" for i in dropped}  # a group's second message (word_group)
    order = sorted(scores.items(), key=lambda item: (-item[1], -item[0]))
    expected = [(p, s) for p, s in order if p not in dropped][:limit]
    got = index.ranked(scores, exclude=exclude, limit=limit)
    assert [(h.group.start // 2, h.score) for h in got] == expected
