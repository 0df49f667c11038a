"""The recall index: BM25 ranking, incremental updates, a JSON value."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.errors import FormatError
from runtime.recall import INDEX_SCHEMA, IndexedGroup, RecallIndex, terms


def _group(start: int, text: str, *, ids: tuple[str, ...] | None = None) -> IndexedGroup:
    counts = Counter(terms(text))
    return IndexedGroup(
        start=start,
        ids=ids or (f"m{start}",),
        digest=f"d{start}-{len(text)}",
        terms=tuple(sorted(counts.items())),
        body=json.dumps([{"id": f"m{start}", "role": "user", "text": text}]),
        tokens=10,
        at=None,
    )


_DOCS = [
    "the weather in Hangzhou is sunny",
    "our budget is at most 200 CNY one way",
    "do not book tickets automatically",
    "G123 arrives at 18:41, too late",
    "I love my cat and my dog",
    "the cat sat on the mat with another cat",
]


def _index() -> RecallIndex:
    return RecallIndex.of(_group(i, text) for i, text in enumerate(_DOCS))


def test_best_match_first() -> None:
    hits = _index().search(terms("what was the budget?"))
    assert hits[0].group.start == 1
    hits = _index().search(terms("why did we drop G123"))
    assert hits[0].group.start == 3


def test_no_matching_term_no_hit() -> None:
    assert _index().search(terms("quantum chromodynamics")) == []
    assert RecallIndex().search(["budget"]) == []


def test_term_frequency_saturates_and_counts() -> None:
    hits = _index().search(["cat"])
    assert [h.group.start for h in hits] == [5, 4]
    assert hits[0].score > hits[1].score > 0


def test_exclude_and_limit() -> None:
    index = _index()
    assert [h.group.start for h in index.search(["cat"], exclude={"m5"})] == [4]
    assert len(index.search(["cat", "budget", "g123"], limit=2)) == 2


def test_weights_scale_a_terms_gain() -> None:
    index = _index()
    plain = {h.group.start: h.score for h in index.search({"budget": 1.0, "cat": 1.0})}
    light = {h.group.start: h.score for h in index.search({"budget": 1.0, "cat": 0.25})}
    assert light[1] == pytest.approx(plain[1])
    assert light[5] == pytest.approx(plain[5] * 0.25)


def test_add_is_incremental_and_idempotent() -> None:
    first = RecallIndex.of(_group(i, t) for i, t in enumerate(_DOCS[:3]))
    both = first.add(_group(i, t) for i, t in enumerate(_DOCS) if i >= 3)
    assert both == _index()
    assert both.add([_group(0, _DOCS[0])]) is both
    assert len(first) == 3  # the old value is untouched
    assert "m4" in both and "m4" not in first


def test_a_changed_group_replaces_its_old_entry() -> None:
    index = _index()
    changed = index.add([_group(2, "please book tickets for me")])
    assert len(changed) == len(index)
    assert changed.search(["automat"]) == []
    assert changed.search(["pleas"])[0].group.start == 2


def test_without_forgets_groups_by_message_id() -> None:
    index = _index().without({"m1"})
    assert "m1" not in index
    assert index.search(["budget"]) == []
    assert len(index) == len(_DOCS) - 1
    assert _index().without(()) == _index()


def test_json_round_trip() -> None:
    index = _index()
    data = json.loads(json.dumps(index.to_dict()))
    assert data["schema"] == INDEX_SCHEMA
    back = RecallIndex.from_dict(data)
    assert back == index
    query = terms("cat budget late")
    assert [(h.group, h.score) for h in back.search(query)] == [
        (h.group, h.score) for h in index.search(query)
    ]


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"schema": "other"},
        {"schema": INDEX_SCHEMA, "groups": {}},
        {"schema": INDEX_SCHEMA, "groups": [[0, [], "d", {}, "", 0, None]]},
        {"schema": INDEX_SCHEMA, "groups": [[0, ["m0"], "d", {"a": 0}, "", 0, None]]},
        {"schema": INDEX_SCHEMA, "groups": [[-1, ["m0"], "d", {}, "", 0, None]]},
        {"schema": INDEX_SCHEMA, "groups": [[0, ["m0"], "d", {}, "", True, None]]},
        {"schema": INDEX_SCHEMA, "groups": [[0, ["m0"], "d", {}, "", 0, 5]]},
        {"schema": INDEX_SCHEMA, "groups": [[0, ["m0"], "d", {}]]},
    ],
)
def test_malformed_json_is_a_format_error(data: object) -> None:
    with pytest.raises(FormatError):
        RecallIndex.from_dict(data)


def test_built_directly_from_groups_is_searchable() -> None:
    direct = RecallIndex(tuple(_group(i, t) for i, t in enumerate(_DOCS)))
    assert direct == _index()
    assert direct.search(["budget"])[0].group.start == 1


_WORDS = st.sampled_from(
    ["budget", "cat", "dog", "late", "train", "预算", "高铁", "ticket", "book", "200", "18:41"]
)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.lists(_WORDS, min_size=1, max_size=8).map(" ".join), min_size=1, max_size=20),
    st.integers(0, 20),
    st.lists(_WORDS, min_size=1, max_size=4),
)
def test_adding_in_batches_equals_adding_at_once(texts: list[str], split: int, query: list[str]):
    groups = [_group(i, t) for i, t in enumerate(texts)]
    once = RecallIndex.of(groups)
    batched = RecallIndex.of(groups[:split]).add(groups[split:])
    assert batched == once
    q = [t for w in query for t in terms(w)]
    assert [(h.group.start, h.score) for h in batched.search(q, limit=50)] == [
        (h.group.start, h.score) for h in once.search(q, limit=50)
    ]
