"""The readable text of an injected compaction summary, as the metrics search it.

The summary travels as a JSON envelope (v2: rows); searching its raw text would miss a value
whose quotes or backslashes JSON escapes. The metrics read the parsed items instead: each
fact's key, value and (v2) the user's own ``quote``, each decision with its reason, open
questions and tool digests.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SUMMARY_OPEN", "summary_of", "summary_texts"]

SUMMARY_OPEN = "<compaction_summary"
"""How an injected summary message starts."""


def summary_texts(summary: dict[str, Any]) -> list[str]:
    """The readable items of a compaction summary (facts with quotes, decisions, questions,
    digests).

    A v2 constraint keeps the normalized figures as ``value`` ("2026-05-27") and the user's
    clause as ``quote`` ("on May 27"): both are what a model reads, so both are searched.
    """
    texts = []
    for fact in summary.get("facts", []):
        texts.append(f"{fact.get('key', '')}: {fact.get('value', '')}")
        if fact.get("quote"):
            texts.append(str(fact["quote"]))
    for decision in summary.get("decisions", []):
        texts.append(f"{decision.get('text', '')} {decision.get('reason') or ''}".strip())
    for question in summary.get("open_questions", []):
        texts.append(question.get("text", "") if isinstance(question, dict) else str(question))
    texts.extend(d.get("digest", "") for d in summary.get("tool_result_digests", []))
    return texts


def summary_of(text: str) -> dict[str, Any] | None:
    """The parsed summary of an injected summary message's text (None: not one, or invalid)."""
    if SUMMARY_OPEN not in text:
        return None
    from runtime.summary.envelope import parse_summary_block

    try:
        return parse_summary_block(text).model_dump(mode="json")
    except ValueError:
        return None
