"""Whether the user's own words back a candidate: the input of ``promote.source`` and
``consolidate.source``.

Only what the user wrote becomes the user's memory. A candidate (a summary fact proposed as a
preference, a decision proposed as an event) is *backed* when a message it cites is a user
message of the stored session and what the user wrote there (``authored_text``: an Anthropic
``tool_result`` inside a user message is the tool's, not the user's) holds it:

- a fact's ``quote`` occurs in that text (up to case, width and spacing), and every figure of
  its value is a figure of that text (digits, or numbers and times said in words, EN/ZH);
- in a user message that also carries tool results, the fact's evidence (quote, else value) or
  the decision's text must occur in the user's part, since anything else may be the tool's;
- the evidence is not flagged as text addressed to the model (``runtime.summary.injection``).

The speakers a summary records (``compaction_summary.v2``) are not trusted here, and v1
summaries (no speakers) are treated exactly like v2: every cited id is looked up in the
session's stored messages and re-derived from their blocks. A cited id the stored history does
not hold (an invented id, or raw messages already removed by retention) backs nothing. A value
given explicitly in the ``/end`` consent is the user's own statement and needs no citation
(``policy.end_consents``).

The answer is a reason (never the value) for the ``/end`` answer, or None when backed; the
crossings put it in the write's ``unbacked`` attribute and the gate decides.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from sqlmodel import Session

from policy.sessions import SessionInfo, SessionSource
from runtime.errors import RuntimeTierError
from runtime.formats import read_history
from runtime.messages import Message
from runtime.summary.injection import INJECTION_MARKER, has_injection
from runtime.summary.numerals import find_numerals, with_readings
from runtime.summary.provenance import authored_text, contains_text
from runtime.summary.sanitize import sanitize_message
from runtime.summary.schema import Decision, Fact

__all__ = [
    "FIGURE_NOT_IN_USER_TEXT",
    "FLAGGED",
    "NOT_CITED",
    "NOT_IN_USER_TEXT",
    "SessionTexts",
    "decision_backing",
    "fact_backing",
    "session_texts",
]

NOT_CITED: Final = "no message it cites is text the user wrote"
NOT_IN_USER_TEXT: Final = "its words do not occur in what the user wrote in the messages it cites"
FIGURE_NOT_IN_USER_TEXT: Final = "a figure of its value does not occur in what the user wrote"
FLAGGED: Final = "its text is flagged as addressed to the model"

_KNOWN_FORMATS: Final = ("openai-chat", "openai-responses", "anthropic")
_FIGURE = re.compile(r"\d+(?:\.\d+)?")


def _figures(text: str) -> set[str]:
    """The numbers ``text`` writes, canonical (``09`` is ``9``, ``200.0`` is ``200``)."""
    folded = unicodedata.normalize("NFKC", text)
    found = {m.group(0) for m in _FIGURE.finditer(with_readings(folded))}
    found |= {n.value for n in find_numerals(folded)}
    out: set[str] = set()
    for figure in found:
        whole, _, fraction = figure.partition(".")
        fraction = fraction.rstrip("0")
        whole = whole.lstrip("0") or "0"
        out.add(f"{whole}.{fraction}" if fraction else whole)
    return out


@dataclass(frozen=True, slots=True)
class _Own:
    """What the user wrote in the cited messages (raw and as the summarizer read it)."""

    texts: tuple[str, ...]
    carries_results: bool

    def holds(self, needle: str) -> bool:
        return any(contains_text(text, needle) for text in self.texts)


@dataclass
class SessionTexts:
    """A session's stored messages by id, each sanitized (once) only when cited."""

    messages: Mapping[str, Message]
    _own: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def own(self, source_ids: Iterable[str]) -> _Own | None:
        """The user's own text of the cited user messages; None when none is the user's."""
        texts: list[str] = []
        carries = False
        for source_id in source_ids:
            message = self.messages.get(source_id)
            if message is None or message.role != "user":
                continue
            if source_id not in self._own:
                clean, _counts = sanitize_message(message)
                self._own[source_id] = tuple(
                    t for t in (authored_text(message), authored_text(clean)) if t.strip()
                )
            if self._own[source_id]:
                texts.extend(self._own[source_id])
                carries = carries or bool(message.tool_results)
        return _Own(tuple(texts), carries) if texts else None


def session_texts(db: Session, session: SessionInfo, *, sessions: SessionSource) -> SessionTexts:
    """The stored messages of ``session`` (read through ``sessions`` in ``db``); none when the
    history cannot be read (then nothing it holds backs a candidate)."""
    history = sessions.history(db, tenant_id=session.tenant_id, session_id=session.session_id)
    fmt = session.format if session.format in _KNOWN_FORMATS else "auto"
    try:
        transcript = read_history(history, format=fmt)  # type: ignore[arg-type]
    except RuntimeTierError:
        return SessionTexts({})
    return SessionTexts({m.id: m for m in transcript.messages})


def _flagged(text: str) -> bool:
    return INJECTION_MARKER in text or has_injection(text)


def fact_backing(fact: Fact, texts: SessionTexts) -> str | None:
    """Why the user's words do not back ``fact`` (see the module docstring), or None."""
    own = texts.own(fact.source_ids)
    if own is None:
        return NOT_CITED
    evidence = fact.quote or fact.value
    if _flagged(evidence) or _flagged(fact.value):
        return FLAGGED
    if (fact.quote is not None or own.carries_results) and not own.holds(evidence):
        return NOT_IN_USER_TEXT
    said = set().union(*(_figures(text) for text in own.texts))
    if not _figures(fact.value) <= said:
        return FIGURE_NOT_IN_USER_TEXT
    return None


def decision_backing(decision: Decision, texts: SessionTexts) -> str | None:
    """Why the user's words do not back ``decision`` as a timeline event, or None.

    The decision's text must be the user's (its reason may quote a tool: "too late").
    """
    own = texts.own(decision.source_ids)
    if own is None:
        return NOT_CITED
    if _flagged(decision.text):
        return FLAGGED
    if own.carries_results and not own.holds(decision.text):
        return NOT_IN_USER_TEXT
    said = set().union(*(_figures(text) for text in own.texts))
    if not _figures(decision.text) <= said:
        return FIGURE_NOT_IN_USER_TEXT
    return None
