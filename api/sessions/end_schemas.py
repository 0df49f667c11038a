"""The request and answer of ``POST /v1/sessions/{id}/end`` (see ``policy.promotion``).

The HTTP shapes only: the policy tier decides with ``policy.task_end``'s plain values, which
``EndRequest.consents_to_keep`` and ``EndResult.from_outcome`` convert from and to.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from policy.task_end import EndOutcome, KeepConsent

__all__ = ["CandidateResult", "EndConsent", "EndRequest", "EndResult"]


class EndConsent(BaseModel):
    """The user's consent to keep one key; ``value`` overrides the summary's value."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(min_length=1, max_length=250)
    value: Any | None = None


class EndRequest(BaseModel):
    """Body of ``POST /v1/sessions/{id}/end``."""

    model_config = ConfigDict(extra="forbid")

    consents: list[EndConsent] = Field(default_factory=list, max_length=100)
    promote: bool = True

    def consents_to_keep(self) -> list[KeepConsent]:
        """The consents as the policy tier takes them."""
        return [KeepConsent(key=c.key, value=c.value) for c in self.consents]


class CandidateResult(BaseModel):
    """What became of one candidate. Never the value: ``GET .../preferences/{key}`` has it."""

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
    source_ids: list[str]
    preference_version: int | None = None


class EndResult(BaseModel):
    """The answer of ``POST /v1/sessions/{id}/end`` (``replayed`` on a repeated call)."""

    session_id: str
    user_id: str
    ended_at: datetime
    promote: bool
    replayed: bool = False
    summary_version: int | None
    closing_messages: int = Field(
        default=0, description="messages not yet covered by a summary that were read at the end"
    )
    promoted: int
    denied: int
    candidates: list[CandidateResult]

    @classmethod
    def from_outcome(cls, outcome: EndOutcome) -> EndResult:
        """The answer for the policy tier's outcome of the end."""
        return cls.model_validate(outcome, from_attributes=True)
