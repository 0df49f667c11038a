"""The ``/end`` body's consents applied to the summary's candidates (``policy.promotion``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from longterm.errors import LongtermError
from longterm.registry import KeyRegistry
from policy.candidates import Candidate, map_fact_key, normalize_value
from policy.task_end import CandidateOutcome, KeepConsent
from policy.task_events import TASK_EVENT_KINDS

__all__ = ["merge_consents"]

_MAX_FACT_KEY: Final = 250


def merge_consents(
    candidates: list[Candidate],
    consents: Sequence[KeepConsent],
    *,
    session_id: str,
    registry: KeyRegistry,
) -> list[Candidate | CandidateOutcome]:
    """The summary's candidates with the ``/end`` body's consents applied.

    A consent marks the candidate it names as consented; its ``value``, when given, overrides
    the summary's, sets confidence 1.0 and is backed by the consent itself (``unbacked``
    cleared); without one the summary's value keeps its backing (``policy.backing``). A consent
    naming no candidate becomes a candidate of its own when it gives a value, else it is
    answered ``value.missing``. Consents naming a task
    event kind (``task.decision``) are the task's consent to its timeline and are left to
    ``policy.task_events``.
    """
    by_key: dict[str, Candidate | CandidateOutcome] = {c.key: c for c in candidates}
    by_fact = {c.fact_key: c.key for c in candidates if c.fact_key is not None}
    for given in consents:
        if given.key in TASK_EVENT_KINDS:
            continue  # the task's consent to keep its timeline (``policy.task_events``)
        consent = replace(given, key=_consent_key(given.key, by_key, by_fact, registry))
        existing = by_key.get(consent.key)
        if isinstance(existing, Candidate):
            value = existing.value if consent.value is None else consent.value
            confidence = existing.confidence if consent.value is None else 1.0
            by_key[consent.key] = replace(
                existing,
                value=_typed(value, consent.key, registry),
                confidence=confidence,
                consent=True,
                # A value given in the consent is the user's own statement.
                unbacked=existing.unbacked if consent.value is None else None,
            )
        elif consent.value is not None:
            by_key[consent.key] = Candidate(
                key=consent.key,
                value=_typed(consent.value, consent.key, registry),
                confidence=1.0,
                source_ids=(f"session:{session_id}",),
                fact_key=None,
                fact_status=None,
                consent=True,
                read_from="consent",
            )
        else:
            by_key[consent.key] = CandidateOutcome(
                key=consent.key,
                status="denied",
                rule="value.missing",
                reason="consent names a key the session's summary has no value for, and "
                "gives no value",
                confidence=0.0,
                consent=True,
                source_ids=(f"session:{session_id}",),
                read_from="consent",
            )
    return list(by_key.values())


def _consent_key(
    key: str, by_key: Mapping[str, object], by_fact: Mapping[str, str], registry: KeyRegistry
) -> str:
    """The candidate a consent names: its preference key, or the summary fact key shown in the
    answer (``fact_key``), or a spelling ``map_fact_key`` maps to a candidate or to a registered
    key (``budget.one_way.max``); else the key as given."""
    if key in by_key:
        return key
    if key in by_fact:
        return by_fact[key]
    mapped = map_fact_key(key, registry=registry) if len(key) <= _MAX_FACT_KEY else key
    return mapped if mapped in by_key or mapped in registry.specs else key


def _typed(value: Any, key: str, registry: KeyRegistry) -> Any:
    try:
        return normalize_value(key, value, registry=registry)
    except LongtermError:
        return value
