"""Clause splitting and its caller-owned cache: the same clauses with or without it, no text
kept in it, one current cache per thread."""

from __future__ import annotations

import threading

import pytest

from runtime.summary.polarity import (
    ClauseCache,
    clause_cache,
    contradicted_clauses,
    split_clauses,
)

TEXTS = [
    "Budget at most 300 CNY; do not book automatically. 我不想中转，只要直达。",
    "G123 arrives late, so it is excluded, and auto-booking is off.",
    "",
    "no more than two transfers",
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_cache_changes_nothing_but_the_work(text: str) -> None:
    plain = split_clauses(text)
    cache = ClauseCache()
    with clause_cache(cache):
        first, again = split_clauses(text), split_clauses(text)
    assert first == again == plain
    assert len(cache) == 1


def test_the_cache_holds_no_text() -> None:
    cache = ClauseCache()
    with clause_cache(cache):
        split_clauses("zqxjmarker wants direct trains, never 自动购票 zqxjmarker")
    held = repr(vars(cache))
    assert "zqxjmarker" not in held and "trains" not in held and "自动" not in held
    assert "~autobook" in held  # the lexicon's own concept names stay readable


def test_terms_are_keys_and_still_compare() -> None:
    (view,) = split_clauses("do not auto-book the train")
    assert "~autobook" in view.terms
    assert not any("train" in term for term in view.terms)
    assert contradicted_clauses("auto-book the cheapest train", ["do not auto-book the train"])


def test_blocks_nest_and_end() -> None:
    outer = ClauseCache()
    with clause_cache(outer):
        with clause_cache():  # no cache given: the enclosing one goes on
            split_clauses("a first clause here")
        with clause_cache(ClauseCache()):  # an explicit one replaces it for its block
            split_clauses("another clause there")
        split_clauses("a third clause")
    assert len(outer) == 2
    split_clauses("outside any block")
    assert len(outer) == 2


def test_the_current_cache_is_per_thread() -> None:
    cache = ClauseCache()
    seen: list[int] = []

    def other() -> None:
        split_clauses("a clause from another thread")
        seen.append(len(cache))

    with clause_cache(cache):
        worker = threading.Thread(target=other)
        worker.start()
        worker.join()
    assert seen == [0] and len(cache) == 0


def test_the_cache_is_bounded() -> None:
    cache = ClauseCache(max_texts=2)
    with clause_cache(cache):
        for text in ("one clause", "two clauses", "three clauses"):
            split_clauses(text)
    assert len(cache) == 2
    cache.clear()
    assert len(cache) == 0
