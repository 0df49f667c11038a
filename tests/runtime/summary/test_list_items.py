"""Lists in a message (``runtime.summary.list_items``): marks are no figures, the lead-in says
whose the items are, a list of requirements makes bare items wishes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from runtime.summary.list_items import (
    as_required,
    inline_required,
    list_items,
    read_lists,
    required_items,
)
from runtime.summary.shorthand import Reading


def test_items_are_runs_of_two_marked_lines_or_more() -> None:
    text = "Plan:\n1. pack\n2) book\n\n- only one item here\nthe end"
    items = list_items(text)
    assert [text[i.start : i.end] for i in items] == ["1. pack", "2) book"]
    assert {text[: i.lead_in_end] for i in items} == {"Plan:"}


def test_a_number_before_a_digit_is_no_mark() -> None:
    assert list_items("1.8m tall\n2.5 kg max") == []


def test_marks_and_a_bare_heading_are_blanked_in_place() -> None:
    text = "My requirements:\n1. quiet room\n2. under 90 EUR"
    read = read_lists(text)
    assert len(read) == len(text)
    assert "1." not in read and "2." not in read and "requirements" not in read
    assert "quiet room" in read and "under 90 EUR" in read


def test_someone_elses_or_a_past_list_is_blanked() -> None:
    for lead_in in (
        "My sister sent me her rules:",
        "以前宿舍的规矩：",
        "Thanks for the list you gave me:",
    ):
        text = f"{lead_in}\n- no guests after 10pm\n- max 2 bags"
        assert "10pm" not in read_lists(text) and "2 bags" not in read_lists(text), lead_in


def test_a_heading_that_states_a_figure_stays() -> None:
    text = "Budget under 500, and it needs:\n- wifi\n- parking"
    assert "under 500" in read_lists(text)


def test_a_bare_required_item_reads_as_a_need_quoting_only_the_item() -> None:
    text = "Requirements:\n- free parking\n- pool"
    (first, second) = required_items(list_items(text))
    line = text[first[0] : first[1]]
    reading = as_required(Reading(line, read_lists(text)[first[0] : first[1]]))
    assert reading.text == "need free parking"
    assert reading.quote(0, len(reading.text)) == "free parking"
    zh = as_required(Reading("- 靠窗", "  靠窗"))
    assert zh.text == "要靠窗" and zh.quote(0, 3) == "靠窗"
    assert second[1] == len(text)


@given(st.text(alphabet=st.sampled_from("-*•1.2)a：:需要Requirements \n\tno 5")))
def test_reading_lists_keeps_the_length(text: str) -> None:
    assert len(read_lists(text)) == len(text)


def test_a_list_of_wishes_on_one_line_is_read_item_by_item() -> None:
    """ "Requirements: ground floor, quiet room": each item is an item of a list of
    requirements; a list of refusals, or one someone else sent, is not."""
    text = "Requirements: ground floor, quiet room, and a desk."
    assert [text[a:b] for a, b in inline_required(text)] == ["ground floor", "quiet room", "a desk"]
    chinese = "我的要求：朝南、带电梯，2000元以内"
    assert [chinese[a:b] for a, b in inline_required(chinese)] == ["朝南", "带电梯", "2000元以内"]
    assert inline_required("Deal-breakers: carpet, no lift.") == []
    assert inline_required("My sister sent me her requirements: a balcony, a garden.") == []
