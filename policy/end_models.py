"""The request and answer of ``POST /v1/sessions/{id}/end`` (see ``policy.promotion``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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
