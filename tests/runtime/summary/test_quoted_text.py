"""Text the user quotes or pastes to have it translated or worked on is not the user's rules
(``runtime.summary.quoted_text``); the user's own words around it still are."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from runtime.summary.quoted_text import without_quoted_text
from tests.runtime.summary.constraint_corpus import user_wishes

_kept = user_wishes


@given(st.text(alphabet=st.sampled_from("translate 'x' “y” 翻译：:\n 12")))
def test_the_length_never_changes(text: str) -> None:
    assert len(without_quoted_text(text)) == len(text)


def test_a_text_to_translate_is_not_the_users() -> None:
    assert _kept("How do you say 'I can't eat peanuts after 8pm' in French?") == []
    assert _kept("把这句话翻译成英文：“周五下午三点前交报告，别迟到。”") == []


def test_the_users_own_words_around_it_stay() -> None:
    kept = _kept("Rewrite this in under 80 words: 'Our budget is capped at $900 per team.'")
    assert any("80" in k for k in kept), kept
    assert not any("900" in k for k in kept), kept


def test_quotes_without_such_a_request_are_read() -> None:
    assert without_quoted_text("don't book 'Nutty Place' after 9pm") == (
        "don't book 'Nutty Place' after 9pm"
    )
    assert without_quoted_text("translate the 4:30 note") == "translate the 4:30 note"


def test_summing_up_ones_own_words_is_not_a_text_to_summarize() -> None:
    """ "总结一下：我们…" sums up the user's own words; "帮我总结一下：…" pastes a text."""
    assert any("3000" in k for k in _kept("总结一下：我们四个人，预算三千以内"))
    pasted = _kept("帮我总结一下：我们公司今年的差旅预算不超过三千元。")
    assert not any("3000" in k for k in pasted), pasted
