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

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from longterm.errors import LongtermError
from longterm.gate import Action, GateDecision, ObjectAttributes, PolicyGate, Principal
from longterm.registry import SENSITIVE_CATEGORIES, KeyRegistry

__all__ = ["TASK_EVENT_KINDS", "TaskConsentGate", "event_consents", "task_category"]

TASK_EVENT_KINDS: Final = frozenset({"task.decision"})
"""Event kinds ``/end`` proposes, which a consent in its body may name."""


def event_consents(keys: Iterable[str]) -> frozenset[str]:
    """The event kinds among the ``/end`` body's consent keys."""
    return frozenset(key for key in keys if key in TASK_EVENT_KINDS)


def task_category(keys: Iterable[str], *, registry: KeyRegistry) -> str:
    """The category a task's events are kept in: the one most of its keys belong to.

    A task that touched a sensitive category (a key under ``health``) files its events there,
    so that the sensitive-data rules deny them like its preferences, instead of letting its
    decisions through as ``other``. Keys the registry does not know count as ``other``.
    """
    categories: Counter[str] = Counter()
    for key in keys:
        try:
            categories[registry.lookup(key).category] += 1
        except LongtermError:
            continue
    sensitive = sorted(c for c in categories if c in SENSITIVE_CATEGORIES)
    if sensitive:
        return sensitive[0]
    known = [(count, c) for c, count in categories.items() if c != "other"]
    return max(known)[1] if known else "other"


@dataclass(frozen=True, slots=True)
class TaskConsentGate:
    """``gate``, with the task's consent set on ``promote`` requests for events.

    Only ``consent`` is added, and only when ``consented``; sensitivity, confidence, tenant and
    user isolation are decided by ``gate`` as for any other request.
    """

    gate: PolicyGate
    consented: bool

    def decide(self, *, subject: Principal, action: Action, obj: ObjectAttributes) -> GateDecision:
        """The wrapped gate's decision, for a task event with the task's consent."""
        if self.consented and action == "promote" and obj.kind == "event":
            obj = replace(obj, consent=True)
        return self.gate.decide(subject=subject, action=action, obj=obj)
