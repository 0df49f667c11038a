"""Traditional Chinese read as simplified (``runtime.summary.chinese_script``): the same length,
so the rules read simplified characters and a fact still quotes the user's own."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from runtime.summary.chinese_script import as_simplified
from runtime.summary.extractive import ExtractiveSummarizer
from runtime.summary.quantities import extract_quantities
from tests.runtime.summary.constraint_corpus import summarize_statement


def test_traditional_characters_become_simplified() -> None:
    assert as_simplified("晚上十點以後別打電話給我") == "晚上十点以后别打电话给我"
    assert as_simplified("no Chinese here, 42") == "no Chinese here, 42"


@given(st.text(alphabet=st.sampled_from("我對過敏萬點週後別電話與為這個們abc 1,。")))
def test_the_length_never_changes(text: str) -> None:
    assert len(as_simplified(text)) == len(text)


def test_validation_reads_traditional_numbers() -> None:
    assert {q.value for q in extract_quantities("預算一萬五以下")} == {"15000"}


def test_a_traditional_sentence_keeps_its_rule_and_its_characters() -> None:
    facts = summarize_statement(
        "幫我訂餐廳，晚上八點以後，別訂有花生的菜。", ExtractiveSummarizer()
    ).facts
    kept = [f for f in facts if f.status in {"constraint", "preference", "excluded"}]
    assert any("20:00" in f.value for f in kept), facts
    assert any(f.quote and "別" in f.quote for f in kept), facts  # the user's own character


def test_written_cantonese_reads_as_mandarin_words() -> None:
    assert as_simplified("聽日唔好遲過七點") == "明天不要晚于七点"
    assert as_simplified("每朝八點三個字叫我") == "每朝八点十五分叫我"
    assert as_simplified("兩舊水左右，三百蚊都得") == "两百元左右，三百元都得"


def test_mandarin_words_are_left_alone() -> None:
    """食, 系 and 边 are Mandarin words too: without a Cantonese mark nothing is replaced."""
    assert as_simplified("系统旁边的食物") == "系统旁边的食物"
    assert as_simplified("他是食品系的，今日有课") == "他是食品系的，今日有课"


@given(
    st.text(
        alphabet=st.sampled_from("唔咗嘅喺冇佢聽日琴放工屋企多過貴蚊舊水點三個字食係邊度我一二 ,。")
    )
)
def test_cantonese_keeps_the_length(text: str) -> None:
    assert len(as_simplified(text)) == len(text)


def test_financial_numerals_read_as_ordinary_ones() -> None:
    assert as_simplified("壹萬貳仟叁佰元") == "一万二千三百元"
    assert as_simplified("单价不高于拾伍元") == "单价不高于十五元"
    assert as_simplified("收拾一下队伍") == "收拾一下队伍"  # 拾 and 伍 are words too
