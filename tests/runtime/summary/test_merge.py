from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.summary.merge import fact_priority, merge_summaries, normalize_item_text
from runtime.summary.schema import (
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    ToolResultDigest,
)

T1 = datetime(2026, 9, 11, 9, tzinfo=UTC)
T2 = datetime(2026, 9, 11, 10, tzinfo=UTC)


def _fact(key: str, value: str, src: str, status: Any = "constraint", **kw: Any) -> Fact:
    return Fact(key=key, value=value, status=status, confidence=0.9, source_ids=[src], **kw)


def _summary(version: int, **kw: Any) -> CompactionSummary:
    return CompactionSummary(summary_version=version, created_at=T1, **kw)


PREVIOUS = _summary(
    1,
    source_message_ids=["m1", "m2", "m3"],
    facts=[
        _fact("budget.one_way_max", "200 CNY", "m1", pinned=True),
        _fact("depart.date", "2026-09-19", "m1", pinned=True),
        _fact("train.price.G7301", "73 CNY", "m3", status="observed"),
    ],
    decisions=[Decision(text="Exclude G123", reason="arrives too late", source_ids=["m3"])],
    open_questions=[OpenQuestion(text="Is second class OK for the return?", source_ids=["m2"])],
    tool_result_digests=[
        ToolResultDigest(
            tool_call_id="c1", tool_name="search_trains", digest="3 trains", source_ids=["m3"]
        )
    ],
)


def test_first_merge_takes_delta_and_sets_versions() -> None:
    result = merge_summaries(None, PREVIOUS, now=T2)
    assert result.summary.summary_version == 1
    assert result.summary.previous_version is None
    assert result.summary.created_at == T2
    assert len(result.added) == 6
    assert result.superseded == () and result.changed == ()


def test_carries_over_and_cites_the_first_saying() -> None:
    # a repeat cites no new source: the cost of an item never grows with how often it was said
    delta = _summary(
        2,
        source_message_ids=["m4", "m5"],
        facts=[_fact("budget.one_way_max", "200 cny", "m5")],
        decisions=[Decision(text="exclude  G123", source_ids=["m5"])],
    )
    result = merge_summaries(PREVIOUS, delta, now=T2)
    merged = result.summary
    assert merged.summary_version == 2 and merged.previous_version == 1
    assert merged.source_message_ids == ["m1", "m2", "m3", "m4", "m5"]
    budget = next(f for f in merged.facts if f.key == "budget.one_way_max")
    assert budget.source_ids == ["m1"] and budget.pinned
    assert len(merged.decisions) == 1
    assert merged.decisions[0].reason == "arrives too late"
    assert merged.decisions[0].source_ids == ["m3"]
    assert len(merged.open_questions) == 1 and len(merged.tool_result_digests) == 1
    assert result.added == () and result.superseded == ()


def test_newer_source_supersedes_same_key() -> None:
    delta = _summary(
        2, source_message_ids=["m6"], facts=[_fact("budget.one_way_max", "300 CNY", "m6")]
    )
    result = merge_summaries(PREVIOUS, delta, now=T2)
    facts = [f for f in result.summary.facts if f.key == "budget.one_way_max"]
    assert [(f.value, f.status) for f in facts] == [
        ("300 CNY", "constraint"),
        ("200 CNY", "superseded"),
    ]
    assert facts[1].pinned is False
    assert result.superseded == ("fact:budget.one_way_max=200 CNY",)
    assert result.changed == ("fact:budget.one_way_max",)


def test_later_item_in_delta_wins() -> None:
    delta = _summary(
        2,
        facts=[_fact("return.deadline", "17:00", "m7"), _fact("return.deadline", "18:00", "m8")],
    )
    facts = merge_summaries(PREVIOUS, delta, now=T2).summary.facts
    live = [f for f in facts if f.key == "return.deadline" and f.status != "superseded"]
    assert [f.value for f in live] == ["18:00"]


def test_answered_question_is_closed() -> None:
    delta = _summary(2, open_questions=[OpenQuestion(text="Which seat?", source_ids=["m9"])])
    result = merge_summaries(
        PREVIOUS, delta, now=T2, answered_questions=["is second class ok for the return?"]
    )
    assert [q.text for q in result.summary.open_questions] == ["Which seat?"]
    assert result.closed == ("question:Is second class OK for the return?",)
    assert result.added == ("question:Which seat?",)


def test_digest_replaced_by_call_id() -> None:
    delta = _summary(
        2,
        tool_result_digests=[
            ToolResultDigest(
                tool_call_id="c1", tool_name="search_trains", digest="4 trains", source_ids=["m9"]
            ),
            ToolResultDigest(tool_call_id="c2", tool_name="book", digest="ok", source_ids=["m9"]),
        ],
    )
    result = merge_summaries(PREVIOUS, delta, now=T2)
    assert [d.digest for d in result.summary.tool_result_digests] == ["4 trains", "ok"]
    assert result.changed == ("digest:c1",) and result.added == ("digest:c2",)


def test_facts_ordered_by_priority() -> None:
    delta = _summary(
        2,
        facts=[
            _fact("note", "x", "m9", status="observed"),
            _fact("pref.direct", "direct trains", "m9", status="preference"),
        ],
    )
    facts = merge_summaries(PREVIOUS, delta, now=T2).summary.facts
    assert facts == sorted(facts, key=fact_priority)
    assert facts[0].pinned


def test_merge_is_deterministic() -> None:
    delta = _summary(2, facts=[_fact("budget.one_way_max", "300 CNY", "m6")])
    assert merge_summaries(PREVIOUS, delta, now=T2) == merge_summaries(PREVIOUS, delta, now=T2)


def test_normalize_item_text() -> None:
    assert normalize_item_text("  Exclude\tＧ123 ") == "exclude g123"


_KEYS = st.sampled_from(["budget", "depart", "return", "option.G123", "pref.direct"])
_FACTS = st.lists(
    st.builds(
        lambda k, v, s, src: _fact(k, v, src, status=s),
        _KEYS,
        st.sampled_from(["200 CNY", "300 CNY", "2026-09-19", "excluded"]),
        st.sampled_from(["constraint", "preference", "excluded", "chosen", "observed"]),
        st.sampled_from(["m1", "m2", "m3"]),
    ),
    max_size=8,
)


@settings(max_examples=150, deadline=None)
@given(_FACTS, _FACTS)
def test_merge_never_loses_a_key_silently(old: list[Fact], new: list[Fact]) -> None:
    previous = merge_summaries(None, _summary(1, facts=old), now=T1).summary
    result = merge_summaries(previous, _summary(2, facts=new), now=T2)
    live = {f.key: f for f in result.summary.facts if f.status != "superseded"}
    retired = {f.key: f for f in result.summary.facts if f.status == "superseded"}
    for fact in previous.facts:
        if fact.status == "superseded":
            continue
        kept = live[fact.key]
        same = normalize_item_text(kept.value) == normalize_item_text(fact.value)
        assert (same and kept.status == fact.status) or fact.key in retired
    # The newest delta value of each key is the live one.
    for fact in new:
        assert (
            live[fact.key].value.casefold()
            == [f for f in new if f.key == fact.key][-1].value.casefold()
        )
    assert len(live) == len({f.key for f in [*previous.facts, *new]})
