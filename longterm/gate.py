"""The contract between every long-term write path and the policy gate.

``longterm`` asks a ``PolicyGate`` before anything is stored; ``policy.gate`` implements it with
Casbin. Until then ``AllowAllGate`` stands in (it allows, and the caller still audits).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from longterm.vocabulary import Action, Role, Scope

__all__ = [
    "Action",
    "AllowAllGate",
    "Decision",
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
    tenant_id: str
    key_id: str | None = None
    user_id: str | None = None

    def can_access_user(self, user_id: str) -> bool:
        """True unless the key is restricted to a different end user."""
        return self.user_id is None or self.user_id == user_id


@dataclass(frozen=True, slots=True)
class ObjectAttributes:
    """What the write would touch. Never the memory's content: only attributes a rule may test.

    ``current_source`` is the source of the value being overwritten (None when there is none);
    ``standing_consent`` is whether the user consented to consolidation in ``category``.
    """

    kind: Literal["preference", "event"]
    tenant_id: str
    user_id: str
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


@dataclass(frozen=True, slots=True)
class Decision:
    """The gate's answer: ``rule`` names the policy line that decided, ``reason`` says why."""

    allowed: bool
    rule: str
    policy_version: str
    reason: str


class PolicyGate(Protocol):
    """Decides whether ``subject`` may perform ``action`` on an object with ``obj``'s attributes."""

    def decide(self, *, subject: Principal, action: Action, obj: ObjectAttributes) -> Decision:
        """Return the decision; never raises for a denial (a denial is a normal answer)."""
        ...


class AllowAllGate:
    """Stand-in gate that allows everything; the write path still audits each decision."""

    version = "allow-all"

    def decide(self, *, subject: Principal, action: Action, obj: ObjectAttributes) -> Decision:
        """Allow, naming this stand-in as the rule."""
        return Decision(True, "allow-all", self.version, "stand-in gate: no policy loaded")
