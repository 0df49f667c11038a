"""The user's long-term profile as one untrusted data block for the next request (pure).

The point of the long-term tier is the next session: the user's current preferences and recent
events, ranked by the latest user message, go into the request as one
``<user_profile trust='untrusted' schema='v1'>`` block (``runtime.blocks``: escaped JSON inside
a user-role message made by ``runtime.formats.make_data_message``, never a system message),
right after the prefix. Every text is sanitized (``runtime.summary.sanitize``: secrets,
injection attempts, invisible characters, length), and each item shows its source and expiry.

Ranking is lexical (``runtime.recall.terms``, EN/ZH): an item scores the BM25-style weight of
the latest user message's terms it contains (rarer terms over the items weigh more); ties, and
items the message does not mention, go preferences first (most trusted source, then most
confident), then newer first. The block takes items in that order while they fit ``room``
tokens; what did not fit is counted. Nothing here reads a store: the caller passes only what
the caller's key may read, unexpired (``api.sessions.profile``).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal

from runtime.blocks import render_json_body
from runtime.formats import make_data_message
from runtime.messages import JSON, Format
from runtime.recall.terms import terms
from runtime.summary.sanitize import sanitize_text

__all__ = [
    "CLOSE_TAG",
    "OPEN_TAG",
    "PROFILE_MESSAGE_ID",
    "ProfileBlock",
    "ProfileItem",
    "rank_profile",
    "render_profile",
]

OPEN_TAG: Final = "<user_profile trust='untrusted' schema='v1'>"
CLOSE_TAG: Final = "</user_profile>"
PROFILE_MESSAGE_ID: Final = "profile"
"""The id reported for the injected profile message."""
_MAX_CHARS = 600  # one remembered value or event text, after sanitizing
_K1 = 1.2


@dataclass(frozen=True, slots=True)
class ProfileItem:
    """One remembered preference or event, as the block shows it.

    Attributes:
        id: what the API names it by (a preference's key, an event's id).
        kind: ``preference`` or ``event``.
        name: the preference key, or the event kind.
        value: the preference value (any JSON), or the event text.
        source: who said it (``user_stated``, ``tool_verified``, ...), shown as is.
        confidence: 0..1.
        at: when it was last set (preference) or happened (event).
        expires_at: when it stops being remembered, if ever.
        trust: the source's rank (higher: more trusted), for ordering only.
    """

    id: str
    kind: Literal["preference", "event"]
    name: str
    value: Any
    source: str
    confidence: float
    at: datetime
    expires_at: datetime | None = None
    trust: int = 0


@dataclass(frozen=True, slots=True)
class ProfileBlock:
    """The injected message and what went into it."""

    message: JSON
    text: str
    tokens: int
    included: tuple[str, ...]
    omitted: int


def _item_text(item: ProfileItem) -> str:
    value = item.value if isinstance(item.value, str) else json.dumps(item.value)
    return f"{item.name} {value}"


def _prior(item: ProfileItem) -> tuple[int, float, float, str]:
    """Order among equal scores: preferences, trusted, confident, newer; then by id."""
    is_event = 1 if item.kind == "event" else 0
    return (is_event, -item.trust, -item.confidence, item.id)


def rank_profile(items: Sequence[ProfileItem], query: str) -> list[ProfileItem]:
    """``items`` most relevant to ``query`` first (see the module docstring)."""
    bags = [Counter(terms(_item_text(item))) for item in items]
    wanted = set(terms(query))
    total = len(items)
    lengths = [sum(bag.values()) for bag in bags]
    mean = (sum(lengths) / total) if total else 1.0
    df = {term: sum(1 for bag in bags if term in bag) for term in wanted}
    scores = []
    for bag, length in zip(bags, lengths, strict=True):
        score = 0.0
        for term in wanted & bag.keys():
            idf = math.log(1 + (total - df[term] + 0.5) / (df[term] + 0.5))
            tf = bag[term]
            score += idf * tf * (_K1 + 1) / (tf + _K1 * (0.25 + 0.75 * length / (mean or 1.0)))
        scores.append(score)
    order = sorted(
        range(total),
        key=lambda i: (-round(scores[i], 9), -items[i].at.timestamp(), _prior(items[i])),
    )
    relevant = [i for i in order if scores[i] > 0]
    rest = sorted(
        (i for i in order if scores[i] <= 0),
        key=lambda i: (_prior(items[i])[:3], -items[i].at.timestamp(), items[i].id),
    )
    return [items[i] for i in relevant + rest]


def _clean(text: str) -> str:
    return sanitize_text(text, max_chars=_MAX_CHARS, untrusted=True)[0]


def _entry(item: ProfileItem) -> dict[str, Any]:
    value: Any = item.value
    if isinstance(value, str):
        value = _clean(value)
    else:
        value = _clean(json.dumps(value, ensure_ascii=False, sort_keys=True))
    entry: dict[str, Any] = {
        "id": item.id,
        "kind": item.kind,
        ("key" if item.kind == "preference" else "type"): _clean(item.name),
        ("value" if item.kind == "preference" else "text"): value,
        "source": item.source,
        "confidence": round(item.confidence, 3),
        ("updated_at" if item.kind == "preference" else "occurred_at"): item.at.isoformat(),
    }
    if item.expires_at is not None:
        entry["expires_at"] = item.expires_at.isoformat()
    return entry


def _block_text(entries: list[dict[str, Any]], omitted: int) -> str:
    body = {"schema": "user_profile.v1", "items": entries, "omitted": omitted}
    return f"{OPEN_TAG}\n{render_json_body(body)}\n{CLOSE_TAG}"


def render_profile(
    ranked: Sequence[ProfileItem],
    *,
    format: Format,
    room: int,
    count_message: Callable[[JSON], int],
    allow_empty: bool = False,
) -> ProfileBlock | None:
    """The profile message holding the first items of ``ranked`` that fit ``room`` tokens.

    Args:
        ranked: items in the order to take them (``rank_profile``).
        format: the session's wire format (the message is made in it).
        room: the most tokens the whole message may take.
        count_message: tokens of one entry of ``format`` as the request counts it.
        allow_empty: when no item fits (or there is none), return the block with no items
            (it still says how many were omitted) instead of None, if that fits ``room``: what
            ``GET /v1/users/{id}/profile`` answers, where an empty profile is an answer.

    Returns:
        None when no item fits (or there is none), unless ``allow_empty`` and the empty block
        fits.
    """
    entries = [_entry(item) for item in ranked]
    kept: list[int] = []
    for index in range(len(entries)):
        trial = [entries[i] for i in (*kept, index)]
        text = _block_text(trial, len(entries) - len(trial))
        if count_message(make_data_message(format, text)) <= room:
            kept.append(index)
    if not kept and not allow_empty:
        return None
    text = _block_text([entries[i] for i in kept], len(entries) - len(kept))
    message = make_data_message(format, text)
    if not kept and count_message(message) > room:
        return None
    return ProfileBlock(
        message=message,
        text=text,
        tokens=count_message(message),
        included=tuple(ranked[i].id for i in kept),
        omitted=len(entries) - len(kept),
    )
