"""Dates as recall terms: the dates a text names, the days a group was said, the step's ranking."""

from __future__ import annotations

from typing import Any

import pytest

from runtime.formats import read_history
from runtime.grouping import group_messages
from runtime.recall import RecallConfig, RecallIndex, index_evicted, query_terms, recall
from runtime.recall.dates import named_date_terms, said_on_terms
from runtime.recall.terms import terms
from runtime.tokens import TiktokenCounter

COUNTER = TiktokenCounter()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("What did Nate do for Joanna on 25 May, 2022?", ["@d2022-05-25"]),
        ("the book she finished on 8th of December 2023", ["@d2023-12-08"]),
        ("as mentioned on November 6, 2023?", ["@d2023-11-06"]),
        ("the picture shared on December 1,2023", ["@d2023-12-01"]),
        ("Sept. 3rd, 2024 or 2024-09-04", ["@d2024-09-04", "@d2024-09-03"]),
        ("What changed in April 2022?", ["@m2022-04"]),
        ("and in December 2023", ["@m2023-12"]),
        ("anything in 2024?", ["@y2024"]),
        ("２０２６年９月１８日的预算是多少？", ["@d2026-09-18"]),
        ("2026年9月的行程", ["@m2026-09"]),
        ("2025年我们去了哪里？", ["@y2025"]),
        ("what did we do during 2023", ["@y2023"]),
        ("31 February 2022", ["@m2022-02"]),  # no such day: its month is still named
        ("in 2022, and again in 2022", ["@y2022"]),
    ],
)
def test_the_dates_a_text_names_are_read_as_day_month_or_year_terms(
    text: str, named: list[str]
) -> None:
    assert named_date_terms(text) == named


@pytest.mark.parametrize(
    "text",
    [
        "May I ask what we said in May?",
        "on the 25th",
        "room 1208, flight 3050",
        "",
        "G7301",
        "a budget of 2000 dollars, flight UA2024",
        "预算2000元以内",
    ],
)
def test_a_date_without_a_year_or_a_number_that_is_no_year_names_nothing(text: str) -> None:
    assert named_date_terms(text) == []


def test_a_group_is_said_on_its_day_month_and_year() -> None:
    assert said_on_terms("2022-05-25T10:00:00") == ("@d2022-05-25", "@m2022-05", "@y2022")
    assert said_on_terms("2022-05-25") == ("@d2022-05-25", "@m2022-05", "@y2022")
    assert said_on_terms(None) == said_on_terms("") == said_on_terms("yesterday") == ()


def test_no_text_term_is_a_date_term() -> None:
    for text in ("@d2022-05-25 @m2022-05", "2022-05-25", "＠y2022"):
        assert not any(term.startswith("@") for term in terms(text))


def test_the_query_holds_the_named_dates_at_their_weight_only_when_asked() -> None:
    text = "What did we cook on 7 May 2022?"
    assert "@d2022-05-07" not in query_terms(text)  # longterm's queries: words only
    weights = query_terms(text, date_weight=1.5)
    assert weights["@d2022-05-07"] == 1.5
    assert weights["cook"] == 1.0


def _chat(day: int, text: str, reply: str) -> list[dict[str, Any]]:
    at = f"2022-05-{day:02d}T10:00:00"
    return [
        {"id": f"u{day}", "role": "user", "content": text, "timestamp": at},
        {"id": f"a{day}", "role": "assistant", "content": reply, "timestamp": at},
    ]


def test_the_step_prefers_the_group_said_on_the_day_the_question_names() -> None:
    entries: list[Any] = []
    for day in range(1, 21):
        entries += _chat(day, "Dinner plans?", "We cooked pasta with friends.")
    entries += [
        {"id": "t", "role": "user", "content": "Thanks!"},
        {"id": "s", "role": "assistant", "content": "Sure."},
        {"id": "q", "role": "user", "content": "What did we cook on 7 May 2022?"},
    ]
    groups = group_messages(read_history(entries, format="openai-chat").messages)
    index = index_evicted(  # the question is not beside an indexed group: no shared terms
        RecallIndex(), groups, stop=len(groups) - 3, counter=COUNTER, max_chars=2000
    )

    def ask(config: RecallConfig) -> tuple[str, ...]:
        return recall(
            index,
            context=[g.messages for g in groups[-3:]],
            entries=entries,
            fmt="openai-chat",
            budget_tokens=150,
            counter=COUNTER,
            config=config,
        ).ids

    assert ask(RecallConfig(max_groups=1)) == ("u7", "a7")
    plain = ask(RecallConfig(max_groups=1, date_weight=0))
    assert plain != ("u7", "a7")  # the same words everywhere: only the date picks day 7
