"""Who wrote what a summary item cites: the ``speakers`` of ``compaction_summary.v2``.

Tiermem derives the speaker of every cited source from the message itself, never from what a
summarizer claims (an LLM summarizer may be wrong, or steered by the very text it summarizes):

- ``system`` and ``developer`` messages: ``system``.
- assistant messages (Responses function calls and reasoning included): ``assistant``.
- Chat ``role: tool`` and Responses ``function_call_output``: ``tool``; an item type tiermem does
  not know (``other``) is not anybody's own words either and counts as ``tool``.
- user messages: ``user``, except the tool output they carry. On Anthropic a ``tool_result``
  block travels inside a user-role message and its text is part of ``Message.text``; that text
  is the tool's. A user message that carries results is ``user`` for an item only when the
  item's evidence (a fact's quote or value, a decision's or question's text) occurs in what the
  user wrote around the results (``authored_text``); otherwise ``tool``. When in doubt the
  answer is never ``user``.

``attribute_speakers`` stamps every item of a new summary this way (the rolling step and the
closing pass call it on whatever a summarizer returned), writes the summary as v2, drops a
``quote`` that is not the user's, and turns a ``constraint``/``preference`` that no user source
backs into ``observed``: only text the user wrote is a user constraint.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, TypeVar

from runtime.messages import Message
from runtime.summary.schema import (
    SCHEMA_VERSION,
    CompactionSummary,
    Decision,
    Fact,
    OpenQuestion,
    Speaker,
    SummaryItem,
    ToolResultDigest,
)

__all__ = [
    "USER_STATUSES",
    "attribute_speakers",
    "authored_text",
    "contains_text",
    "message_speaker",
    "speaker_for",
    "user_text_of",
]

USER_STATUSES: Final = frozenset({"constraint", "preference"})
"""Fact statuses that say "the user wants this": only a user source can carry them."""

_ROLE_SPEAKERS: Final[Mapping[str, Speaker]] = {
    "system": "system",
    "developer": "system",
    "assistant": "assistant",
    "tool": "tool",
    "other": "tool",
}
# The order a conflicting record is resolved in: the least trusted speaker wins.
_DISTRUST: Final[tuple[Speaker, ...]] = ("tool", "assistant", "system", "user")


def authored_text(message: Message) -> str:
    """``message.text`` without the text of the tool results it carries.

    Readers join the text blocks and the results' text with newlines, in block order, so each
    result's text is taken out once. When a result's text is not found as it is (it was cut
    differently from the joined text), everything from its first line on is dropped: what is
    left is certainly the author's, at the price of losing what followed the result.
    """
    text = message.text
    for result in message.tool_results:
        if not result.text.strip():
            continue
        if result.text in text:
            text = text.replace(result.text, "", 1)
            continue
        at = text.find(result.text.strip().splitlines()[0])
        if at >= 0:
            text = text[:at]
    return "\n".join(line for line in text.splitlines() if line.strip())


def message_speaker(message: Message) -> Speaker:
    """The speaker of a whole message; a user message carrying tool results is ``tool`` unless
    it also holds text of the user's own (then ask ``speaker_for`` with the evidence)."""
    if message.role == "user":
        if message.tool_results and not authored_text(message):
            return "tool"
        return "user"
    return _ROLE_SPEAKERS.get(message.role, "tool")


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def contains_text(haystack: str, needle: str) -> bool:
    """``needle`` occurs in ``haystack`` up to Unicode compatibility forms (full-width digits),
    case and whitespace; an empty needle never occurs."""
    folded = _fold(needle)
    return bool(folded) and folded in _fold(haystack)


def speaker_for(message: Message, evidence: str | None) -> Speaker:
    """The speaker of ``message`` for an item whose evidence is ``evidence``.

    Only a user message that carries tool results depends on the evidence: ``user`` when the
    evidence occurs in the user's own text around the results, else ``tool``.
    """
    if message.role != "user" or not message.tool_results:
        return message_speaker(message)
    own = authored_text(message)
    if own and evidence is not None and contains_text(own, evidence):
        return "user"
    return "tool"


def user_text_of(message: Message) -> str:
    """The text of ``message`` the user wrote: ``authored_text`` of a user message, else ``""``."""
    return authored_text(message) if message.role == "user" else ""


def _evidence(item: SummaryItem) -> str | None:
    if isinstance(item, Fact):
        return item.quote or item.value
    if isinstance(item, Decision | OpenQuestion):
        return item.text
    return None


def _identity(item: SummaryItem) -> tuple[str, ...]:
    if isinstance(item, Fact):
        return ("fact", item.key, item.value, *item.source_ids)
    if isinstance(item, Decision):
        return ("decision", item.text, *item.source_ids)
    if isinstance(item, OpenQuestion):
        return ("question", item.text, *item.source_ids)
    return ("digest", item.tool_call_id, *item.source_ids)


class _Prior:
    """What the previous version recorded: per item, and per id (least trusted on conflict)."""

    def __init__(self, previous: CompactionSummary | None) -> None:
        self.items: dict[tuple[str, ...], Mapping[str, Speaker]] = {}
        seen: dict[str, set[Speaker]] = {}
        for item in previous.items() if previous is not None else ():
            if item.speakers:
                self.items.setdefault(_identity(item), item.speakers)
            for source_id, speaker in item.speakers.items():
                seen.setdefault(source_id, set()).add(speaker)
        self.ids: dict[str, Speaker] = {
            source_id: next(s for s in _DISTRUST if s in speakers)
            for source_id, speakers in seen.items()
        }


class _Sources:
    """The messages items may cite: the chunk the summarizer read (evidence is checked against
    it), and the rest of the summarized range, indexed only when an id needs it."""

    def __init__(self, chunk: Sequence[Message], context: Sequence[Message]) -> None:
        self.chunk = {m.id: m for m in chunk}
        self._context = context
        self._indexed: dict[str, Message] | None = None

    def other(self, source_id: str) -> Message | None:
        if self._indexed is None:
            self._indexed = {m.id: m for m in self._context}
        return self._indexed.get(source_id)


def _speakers(item: SummaryItem, *, sources: _Sources, prior: _Prior) -> dict[str, Speaker]:
    evidence = _evidence(item)
    recorded = prior.items.get(_identity(item), {})
    out: dict[str, Speaker] = {}
    for source_id in item.source_ids:
        message = sources.chunk.get(source_id)
        if message is not None:
            out[source_id] = speaker_for(message, evidence)
        elif source_id in recorded:
            out[source_id] = recorded[source_id]
        elif source_id in prior.ids:
            out[source_id] = prior.ids[source_id]
        elif (other := sources.other(source_id)) is not None:
            out[source_id] = speaker_for(other, evidence)
        # else unknown (an id no message has: validation refuses it): never the user's.
    return out


def _user_quote(fact: Fact, sources: _Sources, speakers: Mapping[str, Speaker]) -> str | None:
    """The fact's quote when it is the user's: found in the own text of a cited user message of
    the chunk, or cited from a user message outside it (checked when it was summarized)."""
    if fact.quote is None:
        return None
    for source_id in fact.source_ids:
        if speakers.get(source_id) != "user":
            continue
        message = sources.chunk.get(source_id)
        if message is None or contains_text(user_text_of(message), fact.quote):
            return fact.quote
    return None


def _attribute_fact(fact: Fact, sources: _Sources, prior: _Prior) -> Fact:
    speakers = _speakers(fact, sources=sources, prior=prior)
    quote = _user_quote(fact, sources, speakers)
    status = fact.status
    known = len(speakers) == len(fact.source_ids)
    if status in USER_STATUSES and known and "user" not in speakers.values():
        # Tool, assistant or system text is never the user's constraint or preference. A fact
        # with a source of unknown speaker (carried over from v1) keeps its status: promotion
        # checks every candidate against the stored messages anyway.
        status = "observed"
    return fact.model_copy(update={"speakers": speakers, "quote": quote, "status": status})


_Other = TypeVar("_Other", Decision, OpenQuestion, ToolResultDigest)


def _attribute_items(items: Iterable[_Other], sources: _Sources, prior: _Prior) -> list[_Other]:
    return [
        item.model_copy(update={"speakers": _speakers(item, sources=sources, prior=prior)})
        for item in items
    ]


def attribute_speakers(
    summary: CompactionSummary,
    *,
    messages: Sequence[Message],
    previous: CompactionSummary | None = None,
    context: Sequence[Message] = (),
) -> CompactionSummary:
    """``summary`` as v2 with every item's ``speakers`` derived by tiermem.

    Args:
        summary: what a summarizer returned (v1 or v2; any ``speakers`` it claims are ignored).
        messages: the chunk the summarizer read (sanitized): a cited id found here is derived
            from the message, and a fact's quote must occur in its user-authored text.
        previous: the version the summary was merged from; a cited id not in ``messages``
            keeps the speaker that version recorded for it.
        context: the rest of the summarized range, for ids neither of the above knows (the
            items of a v1 previous version). An id found nowhere stays unknown (never
            ``user``).

    Returns:
        A new, validated ``compaction_summary.v2``.
    """
    sources = _Sources(messages, context)
    prior = _Prior(previous)
    data = summary.model_copy(
        update={
            "schema_version": SCHEMA_VERSION,
            "facts": [_attribute_fact(f, sources, prior) for f in summary.facts],
            "decisions": _attribute_items(summary.decisions, sources, prior),
            "open_questions": _attribute_items(summary.open_questions, sources, prior),
            "tool_result_digests": _attribute_items(summary.tool_result_digests, sources, prior),
        }
    )
    # model_copy does not validate: round-trip once so the result is a checked v2 document.
    return CompactionSummary.model_validate(data.model_dump())
