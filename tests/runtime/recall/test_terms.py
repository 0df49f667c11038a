"""Index terms of English and Chinese text."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.recall.terms import EN_STOP_WORDS, ZH_STOP_WORDS, terms


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Booking tickets automatically", ["book", "ticket", "automat"]),
        ("I booked the ticket", ["book", "ticket"]),
        ("Caroline's adoption", ["carolin", "adopt"]),
        ("arrives at 18:25 on 2026-09-19", ["arriv", "18:25", "2026-09-19"]),
        ("G7301 and g7301", ["g7301", "g7301"]),
        ("单程不超过200元", ["单程", "不", "超过", "200", "元"]),
        ("单程不超过２００元", ["单程", "不", "超过", "200", "元"]),
        ("刚才为什么排除 G123？", ["排除", "g123"]),
        ("the of and to", []),
        ("", []),
    ],
)
def test_terms_table(text: str, expected: list[str]) -> None:
    assert terms(text) == expected


def test_chinese_search_mode_adds_the_words_inside_a_compound() -> None:
    found = terms("中华人民共和国的首都")
    assert "中华人民共和国" in found
    assert "人民" in found
    assert "首都" in found
    assert "的" not in found


def test_negations_are_not_stop_words() -> None:
    assert "不" not in ZH_STOP_WORDS
    assert "别" not in ZH_STOP_WORDS
    assert "never" not in EN_STOP_WORDS
    assert "不要" in terms("不要自动订票")


def test_mixed_scripts_in_one_sentence() -> None:
    found = terms("G7590 到达 18:25，晚于 18 点，也排除")
    assert found[:3] == ["g7590", "到达", "18:25"]
    assert "排除" in found


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_terms_are_deterministic_and_never_empty_strings(text: str) -> None:
    first = terms(text)
    assert first == terms(text)
    assert all(term and not term.isspace() for term in first)


def test_terms_are_the_same_on_every_thread() -> None:
    texts = [f"the travellers booked {n} tickets to 杭州 on day {n}" for n in range(200)]
    expected = [terms(t) for t in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(terms, texts)) == expected
