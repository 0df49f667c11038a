"""Which sentences rule an option out: the English phrases are whole words, so a word that only
contains one ("ruler", "compass on", "backdrop", "rejection") marks no exclusion."""

from __future__ import annotations

import pytest

from runtime.summary.extract_clauses import is_exclusion


@pytest.mark.parametrize(
    "text",
    [
        "rule out G123",
        "we ruled the 9am flight out",
        "we ruled G123 out",
        "that rules it out",
        "ruling G12 out for now",
        "cross the 9am flight off",
        "G123 excluded: arrives too late",
        "it excludes G1",
        "she rejects G1",
        "rejecting the late one",
        "this eliminates G7",
        "dropping G5",
        "G5 is not an option",
        "I'll pass on G7",
        "that won't work",
        "排除 G123",
    ],
)
def test_an_exclusion_is_found(text: str) -> None:
    assert is_exclusion(text)


@pytest.mark.parametrize(
    "text",
    [
        "the ruler is out of stock",
        "she rules the outside world",
        "the oracle will then rule an outcome on each wager",
        "the judge overruled it out of hand",
        "the compass on the table",
        "yoga with that backdrop",
        "another rejection letter from a production company",
        "not an optional extra",
        "a tattoo later today",
        "cross the offer with the list",
    ],
)
def test_a_word_that_only_contains_a_phrase_is_no_exclusion(text: str) -> None:
    assert not is_exclusion(text)
