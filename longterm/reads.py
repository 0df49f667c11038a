"""Who may address and read what: the checks every ``LongtermStore`` applies inside itself.

``check_access``: a principal addresses only its own tenant and, when its key is restricted to
one end user, only that user. The ``may_read_*`` and ``readable_*`` helpers ask the policy gate
(``action="read"``), so that a sensitive value (health, payment, identity, credentials) written
by an admin is invisible to an agent key under the default policy: absent from lists, the
profile and the export, and ``NotFound`` by key or id, like a missing one.
"""

from __future__ import annotations

from collections.abc import Sequence

from longterm.errors import NotFound
from longterm.gate import ObjectAttributes, PolicyGate, Principal
from longterm.models import Event, Preference
from longterm.registry import SENSITIVE_CATEGORIES, KeySpec

__all__ = [
    "check_access",
    "may_read_event",
    "may_read_key",
    "may_read_preference",
    "readable_events",
    "readable_preferences",
]


def check_access(principal: Principal, *, tenant_id: str, user_id: str | None = None) -> None:
    """Refuse a principal of another tenant, or one restricted to another user.

    Raises:
        NotFound: ``principal`` may not address ``tenant_id`` (or ``user_id``); the message
            is the same as for a missing user, so a caller cannot tell the two apart.
    """
    if principal.tenant_id != tenant_id:
        raise NotFound("no such user")
    if user_id is not None and not principal.can_access_user(user_id):
        raise NotFound("no such user")


def may_read_preference(gate: PolicyGate, subject: Principal, pref: Preference) -> bool:
    """Whether ``subject`` may read ``pref``."""
    obj = ObjectAttributes(
        kind="preference",
        tenant_id=pref.tenant_id,
        user_id=pref.user_id,
        category=pref.category,
        scope=pref.scope,
        source=pref.source,
        key=pref.key,
        confidence=pref.confidence,
        consent=pref.consent is not None,
        sensitive=pref.sensitive,
    )
    return gate.decide(subject=subject, action="read", obj=obj).allowed


def may_read_key(gate: PolicyGate, subject: Principal, spec: KeySpec, *, user_id: str) -> bool:
    """Whether ``subject`` may read values of the key ``spec`` describes (for its history)."""
    obj = ObjectAttributes(
        kind="preference",
        tenant_id=subject.tenant_id,
        user_id=user_id,
        category=spec.category,
        scope=spec.scope,
        source="admin",
        key=spec.key,
        sensitive=spec.sensitive,
    )
    return gate.decide(subject=subject, action="read", obj=obj).allowed


def may_read_event(gate: PolicyGate, subject: Principal, event: Event) -> bool:
    """Whether ``subject`` may read ``event``."""
    obj = ObjectAttributes(
        kind="event",
        tenant_id=event.tenant_id,
        user_id=event.user_id,
        category=event.category,
        scope="durable",
        source=event.source,
        confidence=event.confidence,
        sensitive=event.category in SENSITIVE_CATEGORIES,
    )
    return gate.decide(subject=subject, action="read", obj=obj).allowed


def readable_preferences(
    gate: PolicyGate, subject: Principal, preferences: Sequence[Preference]
) -> list[Preference]:
    """The preferences ``subject`` may read."""
    return [p for p in preferences if may_read_preference(gate, subject, p)]


def readable_events(gate: PolicyGate, subject: Principal, events: Sequence[Event]) -> list[Event]:
    """The events ``subject`` may read."""
    return [e for e in events if may_read_event(gate, subject, e)]
