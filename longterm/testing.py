"""Stand-ins for tests, benchmarks and library users who run the long-term tier without policy.

Nothing in the service uses these: ``api`` always wires ``policy.gate.CasbinGate``.
"""

from __future__ import annotations

from longterm.gate import GateDecision, ObjectAttributes, Principal
from longterm.vocabulary import Action

__all__ = ["AllowAllGate"]


class AllowAllGate:
    """A ``PolicyGate`` that allows everything; the write path still audits each decision."""

    version = "allow-all"

    def decide(self, *, subject: Principal, action: Action, obj: ObjectAttributes) -> GateDecision:
        """Allow, naming this stand-in as the rule."""
        return GateDecision(True, "allow-all", self.version, "stand-in gate: no policy loaded")
