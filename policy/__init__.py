"""Policy gate: Casbin decides what may be written into long-term memory.

``longterm.gate`` is the contract every write path codes against (``PolicyGate.decide``);
``policy.gate.CasbinGate`` implements it over ``model.conf`` and ``default_policy.csv`` plus
per-tenant rules in the database (``policy.rules``, ``policy.storage``). Standing consent to
consolidation is ``policy.consent``; promotion at task end ``policy.promotion`` (its plain
values in ``policy.task_end``); the merge rules of idle-time consolidation
``policy.consolidation`` (the service runs and schedules it, ``api.jobs``). Sessions are read
through ``policy.sessions.SessionSource``, which the service implements. See docs/policy.md.

Only the contract is imported here, so that ``longterm`` (which imports it) never pulls the
service-side modules in.
"""

from longterm.gate import (
    Action,
    GateDecision,
    ObjectAttributes,
    PolicyGate,
    Principal,
    Role,
    Scope,
)
from policy.errors import PolicyError

__all__ = [
    "Action",
    "GateDecision",
    "ObjectAttributes",
    "PolicyError",
    "PolicyGate",
    "Principal",
    "Role",
    "Scope",
]
