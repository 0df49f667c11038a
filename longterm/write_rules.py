"""The decisions of a long-term write that do not depend on where rows are kept.

``longterm.write_path`` (SQL) and ``longterm.memory_store`` (the fake) both build the gate's
``ObjectAttributes`` here and ask ``judge`` whether a write must be refused, so the two backends
cannot drift apart on the trust order, ``If-Match`` or what a refusal leaves behind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from longterm.gate import GateDecision, ObjectAttributes, Principal
from longterm.models import TRUST_RANK, EventWrite, Preference, PreferenceWrite, WriteOutcome
from longterm.registry import SENSITIVE_CATEGORIES, KeySpec

__all__ = [
    "CONTENTION",
    "Refusal",
    "etag_matches",
    "event_object",
    "judge",
    "preference_object",
]

CONTENTION = GateDecision(False, "contention", "n/a", "compare-and-swap lost repeatedly")
"""The decision reported when a write lost its compare-and-swap too often."""


def etag_matches(if_match: str, etag: str | None) -> bool:
    """RFC 9110 ``If-Match``: ``*`` matches any current value, else one of the listed tags."""
    if etag is None:
        return False
    if if_match.strip() == "*":
        return True
    return etag in [tag.strip() for tag in if_match.split(",")]


def preference_object(
    write: PreferenceWrite,
    *,
    spec: KeySpec,
    principal: Principal,
    live: Preference | None,
    standing_consent: bool,
) -> ObjectAttributes:
    """What the gate sees of a preference write (``live``: the unexpired current value)."""
    return ObjectAttributes(
        kind="preference",
        tenant_id=principal.tenant_id,
        user_id=write.user_id,
        category=spec.category,
        scope=spec.scope,
        source=write.source,
        key=write.key,
        confidence=write.confidence,
        consent=write.consent is not None,
        standing_consent=standing_consent,
        sensitive=spec.sensitive,
        current_source=live.source if live else None,
        current_consented=bool(live and live.consent),
        unbacked=write.unbacked,
    )


def event_object(
    write: EventWrite, *, principal: Principal, standing_consent: bool
) -> ObjectAttributes:
    """What the gate sees of a checked event write (``write.category`` is set)."""
    category = write.category or "other"
    return ObjectAttributes(
        kind="event",
        tenant_id=principal.tenant_id,
        user_id=write.user_id,
        category=category,
        scope="durable",
        source=write.source,
        confidence=write.confidence,
        sensitive=category in SENSITIVE_CATEGORIES,
        standing_consent=standing_consent,
        unbacked=write.unbacked,
    )


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a preference write is not stored, and the trace it leaves.

    ``history`` names the history row to add: ``denied`` (without the value: a denied sensitive
    value must not be kept anywhere) or ``refused`` (with it, plus a ``preference.write`` audit
    row); None for a stale ``If-Match`` (nothing recorded beyond the decision).
    """

    outcome: WriteOutcome
    history: Literal["denied", "refused"] | None = None
    reason: str = ""


def judge(
    write: PreferenceWrite, live: Preference | None, decision: GateDecision
) -> Refusal | None:
    """The refusal of ``write`` against the unexpired current value ``live``, or None to store.

    Order: the gate's denial, then ``If-Match``, then the trust order (a less trusted source
    never replaces a more trusted value unless ``supersede``).
    """
    if not decision.allowed:
        reason = f"policy rule {decision.rule}: {decision.reason}"
        return Refusal(WriteOutcome("denied", decision, reason=decision.reason), "denied", reason)
    current_etag = live.etag if live else None
    current_source = live.source if live else None
    if write.if_match is not None and not etag_matches(write.if_match, current_etag):
        stale = WriteOutcome(
            "stale",
            decision,
            current_etag=current_etag,
            current_source=current_source,
            reason="If-Match does not match the current value",
        )
        return Refusal(stale)
    if live and TRUST_RANK[write.source] < TRUST_RANK[live.source] and not write.supersede:
        reason = f"the current value's source {live.source} is more trusted than {write.source}"
        refused = WriteOutcome(
            "refused",
            decision,
            current_source=current_source,
            current_etag=current_etag,
            reason=reason,
        )
        return Refusal(refused, "refused", reason)
    return None
