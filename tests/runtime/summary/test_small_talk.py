"""Small talk and narrative are no user constraint; the same words in a request still are."""

from __future__ import annotations

import pytest

from runtime.formats import read_history
from runtime.messages import Message
from runtime.summary.coverage import scan_user_clauses
from runtime.summary.extract_signals import constraint_clauses


@pytest.mark.parametrize(
    "sentence",
    [
        "Long time no chat, buddy!",
        "No way, that's hilarious.",
        "It must have been scary out there.",
        "She couldn't have picked a better song.",
        "I hope you had a lovely holiday.",
        "Take care and say hi to your mum.",
        "Keep it up, you're doing great!",
        "I won't give up on learning the piano.",
        "It wasn't easy, but we got there.",
        "Check out this sunset I caught yesterday.",
        "那次旅行我们一直没休息好。",
        "好久不见，你还好吗",
        "小时候我从来不吃青菜。",
        "今天特别累，晚点再聊",
    ],
)
def test_small_talk_has_no_constraint_clause(sentence: str) -> None:
    assert constraint_clauses(sentence) == []


@pytest.mark.parametrize(
    ("sentence", "clause"),
    [
        ("No way I'm paying over 300 for that.", "300"),
        ("Please don't book the hotel yet.", "don't book"),
        ("I hope the flight lands before noon.", "before noon"),
        ("Take care of the visa paperwork first.", "visa"),
        ("Keep the receipt for me.", "receipt"),
        ("别订那家酒店。", "别订"),
        ("我特别怕辣，千万别放辣椒。", "千万别放辣椒"),
    ],
)
def test_the_same_words_in_a_request_still_count(sentence: str, clause: str) -> None:
    assert any(clause in kept for kept in constraint_clauses(sentence)), sentence


def _user(text: str) -> Message:
    return read_history([{"id": "u1", "role": "user", "content": text}]).messages[0]


@pytest.mark.parametrize(
    "text",
    [
        "Long time no talk! I didn't expect to hear from you.",
        "You must've been so proud. It wasn't always easy, I know.",
        "好久不见！他从来没见过雪。",
    ],
)
def test_the_coverage_scanner_skips_small_talk(text: str) -> None:
    assert scan_user_clauses([_user(text)]) == []


def test_the_coverage_scanner_keeps_a_prohibition_beside_small_talk() -> None:
    found = scan_user_clauses([_user("Long time no see! Don't book anything without me.")])
    assert [c.clause for c in found] == ["Don't book anything without me"]
