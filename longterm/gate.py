"""The contract between every long-term path and the policy gate, declared where it is called.

``longterm`` asks a ``PolicyGate`` before anything is stored, and before a stored value is shown
(``action="read"``); ``policy.gate.CasbinGate`` implements it. The gate sees ``ObjectAttributes``
(never content) and answers a ``GateDecision``; a denial is an answer, not an exception.
``Principal`` is the one identity type: who asks, resolved from an API key or a job.
Tests use ``longterm.testing.AllowAllGate``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from longterm.vocabulary import Action, Role, Scope, TenantId, UserId

__all__ = [
    "Action",
    "GateDecision",
    "ObjectAttributes",
    "PolicyGate",
    "Principal",
    "Role",
    "Scope",
]


@dataclass(frozen=True, slots=True)
class Principal:
    """Who asks: an API key's (or a job's) role and tenant; ``user_id`` when the key is restricted
    to one end user. Resolved from the key, never from a request body. The one identity type:
    routes, stores and the gate all take it."""

    role: Role
    tenant_id: TenantId
    key_id: str | None = None
    user_id: UserId | None = None

    def can_access_user(self, user_id: str) -> bool:
        """True unless the key is restricted to a different end user."""
        return self.user_id is None or self.user_id == user_id


@dataclass(frozen=True, slots=True)
class ObjectAttributes:
    """What the write would touch. Never the memory's content: only attributes a rule may test.

    ``current_source`` is the source of the value being overwritten (None when there is none);
    ``standing_consent`` is whether the user consented to consolidation in ``category``.
    ``unbacked`` is set by the crossings (promotion, consolidation) when no text the user wrote
    that the candidate cites holds its value (``policy.backing``): it came from tool,
    assistant or system text, or from text flagged as addressed to the model.
    ``source`` and ``current_source`` are plain strings: a dry run (``POST /v1/policy/check``)
    may send any, and the gate answers a malformed one with a denial, not an error.
    """

    kind: Literal["preference", "event"]
    tenant_id: TenantId
    user_id: UserId
    category: str
    scope: Scope
    source: str
    key: str | None = None
    confidence: float = 1.0
    consent: bool = False
    standing_consent: bool = False
    sensitive: bool = False
    current_source: str | None = None
    current_consented: bool = False
    unbacked: bool = False


@dataclass(frozen=True, slots=True)
class GateDecision:
    """The gate's answer: ``rule`` names the policy line that decided, ``reason`` says why, and
    ``policy_version`` which rules were in force (all three go into the audit row)."""

    allowed: bool
    rule: str
    policy_version: str
    reason: str


class PolicyGate(Protocol):
    """Decides whether ``subject`` may perform ``action`` on an object with ``obj``'s attributes."""

    def decide(self, *, subject: Principal, action: Action, obj: ObjectAttributes) -> GateDecision:
        """Return the decision; never raises for a denial (a denial is a normal answer)."""
        ...
