"""What a task end takes and answers, as plain values (``policy.promotion``).

The HTTP body and answer of ``POST /v1/sessions/{id}/end`` are the service's
(``api.sessions.end_schemas``); these are what the policy tier decides with and stores: the
consents given at the end, what became of each candidate, and the end's outcome, which is kept
with the session (``policy.storage.SessionEndRow``) so that ending again replays it. Neither
holds a value of a promoted key: the long-term tier has those.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import TypeAdapter

__all__ = ["CandidateOutcome", "EndOutcome", "KeepConsent", "ReadFrom"]

ReadFrom = Literal["summary", "lost", "closing", "consent"]
"""Where a candidate was read: the current summary; its lost list (a constraint or decision the
summary had no room for, carried in the session's state as set aside); the closing pass over
the messages no summary covered yet (``policy.closing``); or the ``/end`` body's consent alone."""


@dataclass(frozen=True, slots=True)
class KeepConsent:
    """The user's consent, given at task end, to keep one key; ``value`` overrides the
    summary's value (None: keep the summary's)."""

    key: str
    value: Any | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CandidateOutcome:
    """What became of one candidate: promoted or denied, by which rule and why."""

    key: str
    kind: Literal["preference", "event"] = "preference"
    fact_key: str | None = None
    fact_status: str | None = None
    status: Literal["promoted", "denied"]
    rule: str
    reason: str
    policy_version: str | None = None
    confidence: float
    consent: bool
    source_ids: tuple[str, ...]
    preference_version: int | None = None
    read_from: ReadFrom = "summary"


@dataclass(frozen=True, slots=True, kw_only=True)
class EndOutcome:
    """The outcome of one task end (``replayed`` when it is the stored answer of an earlier
    end); ``closing_messages`` counts the messages no summary covered that were read."""

    session_id: str
    user_id: str
    ended_at: datetime
    promote: bool
    replayed: bool = False
    summary_version: int | None
    closing_messages: int = 0
    promoted: int
    denied: int
    candidates: tuple[CandidateOutcome, ...]

    def to_json(self) -> str:
        """The stored form (the JSON of the service's answer, so stored ends stay readable)."""
        return _OUTCOME.dump_json(self).decode()

    @classmethod
    def from_json(cls, text: str) -> EndOutcome:
        """Inverse of ``to_json``.

        Raises:
            pydantic.ValidationError: ``text`` is not a stored outcome.
        """
        return _OUTCOME.validate_json(text)


_OUTCOME: TypeAdapter[EndOutcome] = TypeAdapter(EndOutcome)
