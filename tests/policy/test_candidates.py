"""Which preference key a summary fact becomes (``policy.candidates``), as tables.

Keys stay distinct and stable: the registry's key alphabet is ASCII, so a fact key's non-ASCII
part (the extractive summarizer's ``no.自动购票``, ``pref.直达``) is kept as a digest instead of
being dropped, and two different negations never collide. Verbatim notes (``notes.*``) are not
candidates at all.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from longterm.registry import KEY_PATTERN
from policy.candidates import candidates_from_summary, is_note, map_fact_key
from runtime.summary.schema import CompactionSummary, Fact

MAPPED = [
    # (fact key, preference key)
    ("travel.budget.one_way_max", "travel.budget.one_way_max"),
    ("budget.one_way.max", "travel.budget.one_way_max"),
    ("Budget.One_Way.Max", "travel.budget.one_way_max"),
    ("pref.direct_trains", "travel.train.direct_preferred"),
    ("train.direct_preferred", "travel.train.direct_preferred"),
    ("diet", "food.diet"),
    ("trip.departure_date", "trip.departure_date"),
    ("price.G7301", "price.g7301"),
    ("pref.direct trains", "travel.train.direct_preferred"),
    ("no.auto-booking", "no.auto_booking"),
    ("no.ＡＢＣ", "no.abc"),  # full-width ASCII folds to ASCII (NFKC): nothing is lost
    ("no.自动购票", "no.u55e9153534"),
    ("No.自动购票", "no.u55e9153534"),
    ("pref.直达", "pref.u9cb2a1abec"),
    ("pref.direct 直达", "pref.direct_ufd6c2e6f67"),
    ("自动购票", "u55e9153534"),
    ("...", "fact_ab5df625bc"),
    ("1st.choice", "fact_1st.choice"),
]


@pytest.mark.parametrize(("fact_key", "expected"), MAPPED)
def test_map_fact_key_table(fact_key: str, expected: str) -> None:
    assert map_fact_key(fact_key) == expected
    assert KEY_PATTERN.fullmatch(expected), expected


DISTINCT = [
    # pairs that used to collide on their ASCII part and must not
    ("no.自动购票", "no.直达"),
    ("no.自动购票", "no"),
    ("pref.直达", "pref"),
    ("pref.直达", "pref.特价"),
    ("no.直达", "pref.直达"),
    ("pref.direct 直达", "pref.direct 特价"),
    ("pref.direct 直达", "pref.direct"),
    ("x" * 60, "x" * 61),
    ("a.b.c.d.e.f.g", "a.b.c.d.e.f.h"),
    ("自动购票", "直达"),
]


@pytest.mark.parametrize(("left", "right"), DISTINCT)
def test_different_fact_keys_stay_distinct(left: str, right: str) -> None:
    assert map_fact_key(left) != map_fact_key(right)
    for key in (map_fact_key(left), map_fact_key(right)):
        assert KEY_PATTERN.fullmatch(key), key


@pytest.mark.parametrize(
    ("fact_key", "note"),
    [
        ("notes.3f9a1c2b", True),
        ("NOTES.x", True),
        ("notes", False),
        ("notebook.brand", False),
        ("no.自动购票", False),
    ],
)
def test_is_note_table(fact_key: str, note: bool) -> None:
    fact = Fact(key=fact_key, value="v", status="observed", confidence=0.9, source_ids=["m1"])
    assert is_note(fact) is note


def _summary(*facts: tuple[str, str, str]) -> CompactionSummary:
    return CompactionSummary(
        summary_version=1,
        created_at=datetime(2026, 11, 30, tzinfo=UTC),
        facts=[
            Fact(key=key, value=value, status=status, confidence=0.9, source_ids=[f"m{i}"])
            for i, (key, value, status) in enumerate(facts, start=1)
        ],
    )


def test_candidates_keep_negations_apart_and_drop_notes() -> None:
    summary = _summary(
        ("no.自动购票", "不要自动购票", "constraint"),
        ("no.直达", "不要直达", "constraint"),
        ("pref.直达", "最好直达", "preference"),
        ("notes.1a2b3c", "user: 我们下周去杭州玩", "observed"),
        ("notes.4d5e6f", "assistant: 好的", "observed"),
        ("budget.one_way.max", "不超过200元", "constraint"),
        ("price.g7301", "180 CNY", "superseded"),
    )
    candidates = candidates_from_summary(summary, session_id="s1")
    by_fact = {c.fact_key: c for c in candidates}
    assert set(by_fact) == {"no.自动购票", "no.直达", "pref.直达", "budget.one_way.max"}
    assert len({c.key for c in candidates}) == 4
    assert by_fact["budget.one_way.max"].value == "200 CNY"
    assert by_fact["no.自动购票"].source_ids == ("session:s1", "m1")


def test_mapping_is_stable_across_calls_and_processes() -> None:
    # the digest is sha256 of the NFKC case-folded segment: no per-process hash seed
    assert map_fact_key("no.自动购票") == map_fact_key("no.自动购票") == "no.u55e9153534"
