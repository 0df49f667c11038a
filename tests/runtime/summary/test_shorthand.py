"""Texting shorthand read as spelled out, with each span mapped back to what the user typed."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from runtime.summary.shorthand import spelled_out

_WORDS = st.sampled_from(
    ["b4", "tmrw", "pls", "u", "r", "ppl", "dont", "cant", "w/", "w/o", "sun", "tues", "fri",
     "afternoon", "on", "30", "min", "mins", "hrs", "the", "plan", "ill", "its", "sat", "10",
     "morning", ",", "?", "我", "明天", "Thurs"]
)  # fmt: skip


def test_shorthand_is_written_out_and_quoted_as_typed() -> None:
    reading = spelled_out("has to get in b4 11 tmrw, pls dont book w/o asking")
    assert reading.text == "has to get in before 11 tomorrow, please don't book without asking"
    start = reading.text.index("before")
    assert reading.quote(start, start + len("before 11 tomorrow")) == "b4 11 tmrw"
    assert reading.quote(0, len(reading.text)) == reading.original


def test_words_that_are_also_words_need_their_neighbours() -> None:
    assert spelled_out("the sun is out").text == "the sun is out"
    assert spelled_out("can we go sun afternoon").text == "can we go Sunday afternoon"
    assert spelled_out("we sat down").text == "we sat down"
    assert spelled_out("next sat works").text == "next Saturday works"
    assert spelled_out("min 3 nights").text == "min 3 nights"
    assert spelled_out("in 20 min").text == "in 20 minutes"
    assert spelled_out("plan r").text == "plan r"
    assert spelled_out("u r late").text == "you are late"
    assert spelled_out("gotta go, wanna come?").text == "gotta go, wanna come?"


def test_text_without_shorthand_is_returned_as_is() -> None:
    for text in ("", "明天下午三点", "Book the 9:40 train."):
        reading = spelled_out(text)
        assert reading.text == text
        assert reading.source(0, len(text)) == (0, len(text))


@given(st.lists(_WORDS, max_size=12), st.data())
def test_every_span_maps_back_inside_the_original_in_order(
    words: list[str], data: st.DataObject
) -> None:
    reading = spelled_out(" ".join(words))
    assert reading.quote(0, len(reading.text)) == reading.original
    start = data.draw(st.integers(0, len(reading.text)))
    end = data.draw(st.integers(start, len(reading.text)))
    first, last = reading.source(start, end)
    assert 0 <= first <= last <= len(reading.original)
    # an untouched span is the same text; a rewritten word maps to the whole word typed
    if not any(a < end and start < b for a, b, _, _ in reading.edits):
        assert reading.original[first:last] == reading.text[start:end]
