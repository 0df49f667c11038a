"""From a session's summary to long-term candidates: which preference key a fact maps to.

Shared by promotion at task end and the consolidation job. A candidate is only a proposal: the
gate decides (``promote`` or ``consolidate.write``) and the long-term write path stores. Facts
whose key is not a durable registered key still become candidates, under their own normalized
key, so that the gate (not this module) says why they are not kept (the registry gives unknown
keys scope ``task``, which the policy never promotes).
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from pydantic import ValidationError

from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from policy.backing import SessionTexts, fact_backing
from policy.task_end import ReadFrom
from runtime.summary.schema import CompactionSummary, Fact

__all__ = [
    "FACT_KEY_ALIASES",
    "MAX_CANDIDATE_SOURCE_IDS",
    "NOTE_KEY_PREFIX",
    "Candidate",
    "candidate_from_fact",
    "candidates_from_summary",
    "is_note",
    "map_fact_key",
    "normalize_money_text",
    "normalize_value",
    "parse_summary",
    "same_value",
]

FACT_KEY_ALIASES: Final[Mapping[str, str]] = {
    # shapes the extractive summarizer writes (``budget.<qualifier>.max``, ``pref.<slug>``)
    "budget.one_way.max": "travel.budget.one_way_max",
    "budget.round_trip.max": "travel.budget.round_trip_max",
    "budget.return.max": "travel.budget.round_trip_max",
    "budget.hotel.max": "travel.budget.hotel_nightly_max",
    "budget.nightly.max": "travel.budget.hotel_nightly_max",
    "pref.direct_trains": "travel.train.direct_preferred",
    "pref.direct_train": "travel.train.direct_preferred",
    "pref.auto_booking": "travel.booking.auto_allowed",
    # plain spellings an LLM summarizer tends to use
    "budget.one_way": "travel.budget.one_way_max",
    "budget.one_way_max": "travel.budget.one_way_max",
    "one_way_budget": "travel.budget.one_way_max",
    "budget.round_trip_max": "travel.budget.round_trip_max",
    "budget.hotel_nightly_max": "travel.budget.hotel_nightly_max",
    "train.direct_preferred": "travel.train.direct_preferred",
    "direct_trains_preferred": "travel.train.direct_preferred",
    "booking.auto_allowed": "travel.booking.auto_allowed",
    "seat.preference": "travel.seat.preference",
    "diet": "food.diet",
}
"""Summary fact keys (what summarizers write) that name a registered preference key."""

MAX_CANDIDATE_SOURCE_IDS: Final = 50
"""Source ids a candidate carries (the session and its first message ids)."""
_SKIPPED_STATUSES: Final = frozenset({"superseded"})
_SEGMENT = re.compile(r"[^a-z0-9_]+")
_SEGMENT_MAX: Final = 40
_MAX_SEGMENTS: Final = 6
_DIGEST_CHARS: Final = 10
NOTE_KEY_PREFIX: Final = "notes."
"""Verbatim conversational notes of the extractive summarizer: never long-term candidates."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One proposal for long-term memory, before the gate has decided.

    ``fact_key`` is the summary fact it came from (None for a consent-only candidate);
    ``source_ids`` are the session (``session:<id>``) and the message ids behind it;
    ``unbacked`` says why the user's words do not back it (``policy.backing``; None: backed,
    or not checked because no ``SessionTexts`` were given); ``read_from`` says where a task end
    read it (``policy.end_sources``).
    """

    key: str
    value: Any
    confidence: float
    source_ids: tuple[str, ...]
    fact_key: str | None
    fact_status: str | None
    consent: bool = False
    unbacked: str | None = None
    read_from: ReadFrom = "summary"


def parse_summary(summary_json: str | None) -> CompactionSummary | None:
    """The stored summary, or None when there is none or it does not validate."""
    if not summary_json:
        return None
    try:
        return CompactionSummary.model_validate_json(summary_json)
    except ValidationError:
        return None


def _segment(raw: str) -> str:
    """One key segment in the registry's alphabet, without losing what the alphabet cannot spell.

    ASCII letters, digits and underscores are kept (other ASCII becomes ``_``). A segment that
    also holds non-ASCII letters or digits (``自动购票``, ``direct_直达``), or that is longer
    than a segment may be, gets a short digest of its full NFKC-folded text, so two segments
    that differ only in what was dropped never become the same key.
    """
    folded = unicodedata.normalize("NFKC", raw).casefold()
    ascii_part = _SEGMENT.sub("_", folded).strip("_")
    lossy = any(ord(ch) > 127 and ch.isalnum() for ch in folded)
    if not lossy and len(ascii_part) <= _SEGMENT_MAX:
        return ascii_part
    digest = "u" + hashlib.sha256(folded.encode()).hexdigest()[:_DIGEST_CHARS]
    head = ascii_part[: _SEGMENT_MAX - len(digest) - 1].rstrip("_")
    return f"{head}_{digest}" if head else digest


def _normalize_key(raw: str) -> str:
    segments = [segment for segment in (_segment(part) for part in raw.split(".")) if segment]
    if len(segments) > _MAX_SEGMENTS:
        # The segments past the registry's limit fold into one digest segment (kept distinct).
        rest = ".".join(segments[_MAX_SEGMENTS - 1 :])
        tail = "u" + hashlib.sha256(rest.encode()).hexdigest()[:_DIGEST_CHARS]
        segments = [*segments[: _MAX_SEGMENTS - 1], tail]
    if not segments:
        # A key with no letters or digits at all (``...``) keeps a stable identity.
        return "fact_" + hashlib.sha256(raw.encode()).hexdigest()[:10]
    if not segments[0][0].isalpha():
        segments[0] = ("fact_" + segments[0])[:_SEGMENT_MAX]
    return ".".join(segments)


def map_fact_key(fact_key: str, *, registry: KeyRegistry = DEFAULT_REGISTRY) -> str:
    """The preference key a summary fact key stands for.

    A registered key maps to itself, a known alias to its target, ``x`` to ``travel.x`` when
    that is registered; anything else to its normalized self (unknown: ``other``/``task``).
    """
    key = _normalize_key(fact_key)
    if key in registry.specs:
        return key
    alias = FACT_KEY_ALIASES.get(key)
    if alias is not None:
        return alias
    if f"travel.{key}" in registry.specs:
        return f"travel.{key}"
    return key


_CNY = re.compile(r"(?:(?:¥|￥|CNY|RMB)\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:元|块|CNY|RMB))")
_USD = re.compile(r"(?:\$\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:USD|dollars?))", re.IGNORECASE)
_EUR = re.compile(r"(?:€\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:EUR|euros?))", re.IGNORECASE)


def normalize_money_text(value: Any) -> Any:
    """``"不超过200元"`` / ``"under ¥200"`` / ``"$45.50"`` -> ``"200 CNY"`` etc.; else unchanged."""
    if not isinstance(value, str):
        return value
    for pattern, currency in ((_CNY, "CNY"), (_USD, "USD"), (_EUR, "EUR")):
        match = pattern.search(value)
        if match:
            return f"{match.group(1) or match.group(2)} {currency}"
    return value


_TRUE: Final = frozenset({"true", "yes", "y", "1", "是", "对"})
_FALSE: Final = frozenset({"false", "no", "n", "0", "否", "不"})
_NEGATION = re.compile(r"\b(?:not|no|never|don't|do not|without)\b|不|别|无|勿")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def normalize_value(key: str, value: Any, *, registry: KeyRegistry = DEFAULT_REGISTRY) -> Any:
    """Bring a summary's text value into the key's type where the text is unambiguous
    (``"false"`` for a boolean, ``"不超过200元"`` for money, ``"2"`` for an integer); anything
    else is passed on unchanged for the long-term tier's validation to accept or refuse."""
    if not isinstance(value, str):
        return value
    kind = registry.lookup(key).value_type
    text = value.strip().lower()
    if kind == "money":
        return normalize_money_text(value)
    if kind == "boolean":
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
        # A stated wish ("Direct trains preferred.") is a yes unless it is negated.
        return _NEGATION.search(text) is None
    if kind in ("integer", "number"):
        match = _NUMBER.search(text)
        if match and kind == "integer" and "." not in match.group(0):
            return int(match.group(0))
        if match and kind == "number":
            return float(match.group(0))
    return value


def is_note(fact: Fact) -> bool:
    """A verbatim conversational note (``notes.<tag>``), which is never a candidate.

    Notes keep what a turn said word for word when no structured item was found in it. They are
    neither a preference (no key names what they mean, so no consent can be given to one) nor a
    completed-task event (the task's outcome is in its decisions and ``chosen`` facts); as
    candidates they were only ever denied as task-scoped, filling the ``/end`` answer and the
    consolidation counts with noise.
    """
    return fact.key.casefold().startswith(NOTE_KEY_PREFIX)


def candidate_from_fact(
    fact: Fact, *, session_id: str, registry: KeyRegistry, texts: SessionTexts | None
) -> Candidate:
    """The candidate of one live fact (its key mapped, its value normalized, its backing
    checked when ``texts`` are given)."""
    key = map_fact_key(fact.key, registry=registry)
    return Candidate(
        key=key,
        value=normalize_value(key, fact.value, registry=registry),
        confidence=fact.confidence,
        source_ids=(f"session:{session_id}", *fact.source_ids[: MAX_CANDIDATE_SOURCE_IDS - 1]),
        fact_key=fact.key,
        fact_status=fact.status,
        unbacked=fact_backing(fact, texts) if texts is not None else None,
    )


def candidates_from_summary(
    summary: CompactionSummary | None,
    *,
    session_id: str,
    registry: KeyRegistry = DEFAULT_REGISTRY,
    texts: SessionTexts | None = None,
) -> list[Candidate]:
    """One candidate per mapped key, from the summary's live facts (superseded ones and notes
    skipped, see ``is_note``); with the session's ``texts``, each says whether the user's words
    back it (the crossings always pass them).

    When several facts map to one key, the later fact in the summary wins (summaries list
    facts in source order, and the newer source supersedes the older).
    """
    if summary is None:
        return []
    by_key: dict[str, Candidate] = {}
    for fact in summary.facts:
        if fact.status in _SKIPPED_STATUSES or is_note(fact):
            continue
        candidate = candidate_from_fact(fact, session_id=session_id, registry=registry, texts=texts)
        by_key.pop(candidate.key, None)
        by_key[candidate.key] = candidate
    return list(by_key.values())


def _canonical(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.casefold().split())
    if isinstance(value, list):
        return sorted({json.dumps(_canonical(item), sort_keys=True) for item in value})
    if isinstance(value, dict):
        return {key: _canonical(item) for key, item in value.items()}
    return value


def same_value(current: Any, candidate: Any) -> bool:
    """Equal values, or near-duplicates: text equal up to case and whitespace, lists equal up to
    order and repetition (``["Aisle", "window"]`` is ``["window", "aisle"]``)."""
    return bool(current == candidate or _canonical(current) == _canonical(candidate))
