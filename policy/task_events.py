"""The task's own timeline at task end: decisions proposed as ``task.decision`` events.

An event of a completed task is a timeline entry ("chose G7301; G123 excluded: arrives too
late"), not a preference: it is never matched against the key registry's scope (that rule,
``promote.durable``, is for preferences), but it still needs the task's consent like any
promotion (``promote.consent``), a confidence of at least 0.7, and it is never kept in a
sensitive category. The task's consent to keep its decisions is given in the ``/end`` body as a
consent naming the event kind, ``{"key": "task.decision"}`` (no value).

The long-term write path cannot carry that consent yet: ``longterm.models.EventWrite`` has no
``consent`` field, so ``write_path.submit`` always asks the gate with ``consent=False`` for an
event. ``TaskConsentGate`` supplies the attribute: it wraps the app's gate for the promotion of
one task's events and sets ``consent`` on exactly the ``promote`` requests for events when the
task's consent was given. Every other request, and every rule, is the wrapped gate's; the
decision is audited by the write path as usual.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from policy.types import Action, Decision, ObjectAttributes, PolicyGate, Subject

__all__ = ["TASK_EVENT_KINDS", "TaskConsentGate", "event_consents"]

TASK_EVENT_KINDS: Final = frozenset({"task.decision"})
"""Event kinds ``/end`` proposes, which a consent in its body may name."""


def event_consents(keys: Iterable[str]) -> frozenset[str]:
    """The event kinds among the ``/end`` body's consent keys."""
    return frozenset(key for key in keys if key in TASK_EVENT_KINDS)


@dataclass(frozen=True, slots=True)
class TaskConsentGate:
    """``gate``, with the task's consent set on ``promote`` requests for events.

    Only ``consent`` is added, and only when ``consented``; sensitivity, confidence, tenant and
    user isolation are decided by ``gate`` as for any other request.
    """

    gate: PolicyGate
    consented: bool

    def decide(self, *, subject: Subject, action: Action, obj: ObjectAttributes) -> Decision:
        """The wrapped gate's decision, for a task event with the task's consent."""
        if self.consented and action == "promote" and obj.kind == "event":
            obj = replace(obj, consent=True)
        return self.gate.decide(subject=subject, action=action, obj=obj)
