"""The request and answer of ``POST /v1/sessions/{id}/end`` (see ``policy.promotion``).

The HTTP shapes only: the policy tier decides with ``policy.task_end``'s plain values, which
``EndRequest.consents_to_keep`` and ``EndResult.from_outcome`` convert from and to.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from policy.task_end import EndOutcome, KeepConsent

__all__ = ["CandidateResult", "EndConsent", "EndRequest", "EndResult"]


class EndConsent(BaseModel):
    """The user's consent to keep one key; ``value`` overrides the summary's value."""

    model_config = ConfigDict(extra="forbid")

    key: str = Field(
        description="The preference key the user consents to keep (a fact key of the summary, "
        "e.g. budget.one_way_max).",
        min_length=1,
        max_length=250,
    )
    value: Any | None = Field(
        default=None,
        description="The value to keep instead of the summary's (null: the summary's value).",
    )


class EndRequest(BaseModel):
    """Body of ``POST /v1/sessions/{id}/end``."""

    model_config = ConfigDict(extra="forbid")

    consents: list[EndConsent] = Field(
        description="The user's consents given at the task's end, one per key to keep (at most "
        "100).",
        default_factory=list,
        max_length=100,
    )
    promote: StrictBool = Field(
        default=True,
        description="Whether to propose the summary's facts and decisions to long-term memory "
        "(false: end only).",
    )

    def consents_to_keep(self) -> list[KeepConsent]:
        """The consents as the policy tier takes them."""
        return [KeepConsent(key=c.key, value=c.value) for c in self.consents]


class CandidateResult(BaseModel):
    """What became of one candidate. Never the value: ``GET .../preferences/{key}`` has it."""

    key: str = Field(
        description="The long-term key proposed (a preference key, or task.decision for an event)."
    )
    kind: Literal["preference", "event"] = Field(
        default="preference",
        description="What the candidate would become: a preference or a timeline event.",
    )
    fact_key: str | None = Field(
        default=None, description="The summary fact it came from (null for a decision)."
    )
    fact_status: str | None = Field(
        default=None, description="That fact's status (constraint, preference, ...), or decision."
    )
    status: Literal["promoted", "denied"] = Field(
        description="promoted (written to long-term memory) or denied (not written)."
    )
    rule: str = Field(description="The policy rule that decided.")
    reason: str = Field(description="Why, in words (never the value).")
    policy_version: str | None = Field(
        default=None,
        description="The tenant's policy version that decided (null when no rule was consulted).",
    )
    confidence: float = Field(description="The candidate's confidence, 0 to 1.")
    consent: bool = Field(description="Whether the user's consent covered it.")
    source_ids: list[str] = Field(
        description="Where it came from: session:<id> then the cited message ids."
    )
    preference_version: int | None = Field(
        default=None,
        description="The preference's version after the write (null unless a preference was "
        "promoted).",
    )
    read_from: Literal["summary", "lost", "closing", "consent"] = Field(
        default="summary",
        description="Where the end read it: the current summary; its lost list (said by the "
        "user, set aside for room); the messages no summary covered yet; or the consent alone.",
    )


class EndResult(BaseModel):
    """The answer of ``POST /v1/sessions/{id}/end`` (``replayed`` on a repeated call)."""

    session_id: str = Field(description="The session ended.")
    user_id: str = Field(description="The session's end user.")
    ended_at: datetime = Field(description="When the session ended (UTC, RFC 3339).")
    promote: bool = Field(description="Whether promotion was asked for.")
    replayed: bool = Field(
        default=False,
        description="True when this is the stored answer of an earlier end of the same session "
        "(nothing was written again).",
    )
    summary_version: int | None = Field(
        description="The summary version the candidates were taken from (null: none)."
    )
    closing_messages: int = Field(
        default=0, description="messages not yet covered by a summary that were read at the end"
    )
    promoted: int = Field(description="Candidates written to long-term memory.")
    denied: int = Field(description="Candidates the policy denied.")
    candidates: list[CandidateResult] = Field(description="What became of each candidate.")

    @classmethod
    def from_outcome(cls, outcome: EndOutcome) -> EndResult:
        """The answer for the policy tier's outcome of the end."""
        return cls.model_validate(outcome, from_attributes=True)
