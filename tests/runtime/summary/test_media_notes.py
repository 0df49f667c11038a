"""A note standing for an attachment is not the user's words (``runtime.summary.media_notes``):
nothing in it becomes a constraint, for the extractor and the coverage scanner alike, and the
user's own words around it still do."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from runtime.formats import read_history
from runtime.summary.coverage import scan_user_clauses
from runtime.summary.media_notes import without_media_notes
from tests.runtime.summary.constraint_corpus import user_wishes

_kept = user_wishes


@given(st.text(alphabet=st.sampled_from("[]【】 photo: 图片 2 x\n")))
def test_the_length_never_changes(text: str) -> None:
    assert len(without_media_notes(text)) == len(text)


@pytest.mark.parametrize(
    "text",
    [
        "Look who came to visit! [sends a photo: three cats asleep on a sofa]",
        "This is the view from our cabin [Shares a picture of two kayaks on a lake]",
        "[image: pasta for 4 people, 2025-10-03.jpg] turned out great",
        "Made it home safe [Photo]",
        "刚到家 [图片] 累死了",
        "看看这个【文件：季度报表-3月.pdf】",
        "[voice message 0:42] sorry, driving",
    ],
)
def test_a_note_for_an_attachment_yields_nothing(text: str) -> None:
    assert _kept(text) == []
    messages = read_history([{"id": "u1", "role": "user", "content": text}]).messages
    assert [c.clause for c in scan_user_clauses(messages)] == []


def test_the_users_own_words_beside_a_note_stay() -> None:
    kept = _kept("[screenshot: cart with 5 items] Please keep the total under $60.")
    assert any("60" in k for k in kept), kept
    assert not any(k.startswith("5") for k in kept), kept


@pytest.mark.parametrize(
    "text",
    [
        "Seats for 2 adults [no more than $150 each] please",
        "Bring ID (photo ID, issued within the last 5 years)",
    ],
)
def test_brackets_the_user_writes_are_read(text: str) -> None:
    assert without_media_notes(text) == text
