"""The metrics read a v2 summary's quotes: the user's own clause is in the context too."""

from __future__ import annotations

from api.evaluation.summary_text import summary_texts


def test_a_v2_fact_is_read_with_its_quote() -> None:
    summary = {
        "facts": [
            {"key": "date.return", "value": "2026-05-27", "quote": "back on May 27"},
            {"key": "notes.a", "value": "user: hello"},
        ],
        "decisions": [{"text": "G123 excluded", "reason": "arrives 18:25"}],
    }
    texts = summary_texts(summary)
    assert "back on May 27" in texts
    assert "date.return: 2026-05-27" in texts
    assert "G123 excluded arrives 18:25" in texts
    assert len(texts) == 4
