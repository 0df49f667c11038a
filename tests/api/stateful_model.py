"""The plain in-memory model ``tests/api/test_stateful.py`` runs the service against.

It holds what each user of each tenant should see (preferences, events, sessions with their
summary version count, standing consents, whether the user's own key still works) and the audit
rows the long-term tier defines, counted by action per tenant. It knows the rules the service
documents, nothing of its code: the trust order, that expiry hides a value at once and the purge
deletes every row (current, history, event) past its time with one ``expire.purge`` row per user,
that erasure removes everything of the user and revokes the user's keys, that a restore is a new
version. Action names and counts only, never kinds or category names: audit rows must not carry
user-chosen text (issue 12, erasure).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

__all__ = [
    "KEYS",
    "TRUST",
    "EventModel",
    "Model",
    "PrefModel",
    "SessionModel",
    "UserModel",
    "WriteExpectation",
]

KEYS: dict[str, tuple[str, ...]] = {
    "food.diet": ("vegetarian", "vegan", "halal"),
    "travel.seat.preference": ("window", "aisle"),
    "locale.units": ("metric", "imperial"),
}
"""Registered, durable, non-sensitive keys and values they accept (enums: no content classifier
can mistake them for a card number or a health term)."""

TRUST = {"admin": 5, "user_stated": 4, "user_confirmed": 3, "promoted": 2, "consolidated": 1}
"""The documented trust order: a less trusted source never replaces a more trusted value."""

Via = Literal["agent", "admin"]


@dataclass
class PrefModel:
    """One stored current value (live until ``expires_at``, kept until purged or deleted)."""

    value: object
    source: str
    expires_at: datetime | None

    def live(self, now: datetime) -> bool:
        return self.expires_at is None or self.expires_at > now


@dataclass
class EventModel:
    """One stored event."""

    kind: str
    text: str
    expires_at: datetime | None

    def live(self, now: datetime) -> bool:
        return self.expires_at is None or self.expires_at > now


@dataclass
class SessionModel:
    """One session: the budget its first (user) message states, how many messages it holds,
    how many summary versions it has."""

    budget: int
    messages: int = 0
    versions: int = 0
    ended: bool = False


@dataclass
class UserModel:
    """Everything one user of one tenant holds."""

    prefs: dict[str, PrefModel] = field(default_factory=dict)
    events: dict[str, EventModel] = field(default_factory=dict)
    history_expiries: list[datetime] = field(default_factory=list)
    sessions: dict[str, SessionModel] = field(default_factory=dict)
    consents: set[str] = field(default_factory=set)
    key_revoked: bool = False
    erased_sessions: list[str] = field(default_factory=list)

    def live_prefs(self, now: datetime) -> dict[str, tuple[object, str]]:
        return {k: (p.value, p.source) for k, p in self.prefs.items() if p.live(now)}

    def live_events(self, now: datetime) -> set[str]:
        return {i for i, e in self.events.items() if e.live(now)}

    def anything_expired(self, now: datetime) -> bool:
        return (
            any(not p.live(now) for p in self.prefs.values())
            or any(not e.live(now) for e in self.events.values())
            or any(at <= now for at in self.history_expiries)
        )


@dataclass(frozen=True)
class WriteExpectation:
    """What a preference write must answer and which audit rows it adds."""

    status: int
    audit: tuple[str, ...]
    stored: bool


@dataclass
class Model:
    """Two tenants of two users each, the clock, and the audit rows per tenant."""

    tenants: tuple[str, ...]
    users: tuple[str, ...]
    now: datetime
    data: dict[tuple[str, str], UserModel] = field(default_factory=dict)
    audit: dict[str, Counter[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for tenant in self.tenants:
            self.audit[tenant] = Counter()
            for user in self.users:
                self.data[(tenant, user)] = UserModel()

    def user(self, tenant: str, user: str) -> UserModel:
        return self.data[(tenant, user)]

    def expiry(self, ttl: int | None) -> datetime | None:
        return None if ttl is None else self.now + timedelta(seconds=ttl)

    # --- preferences -------------------------------------------------------------------------

    def expect_put(self, tenant: str, user: str, key: str, source: str) -> WriteExpectation:
        """A direct write's answer: 201 new, 200 replaced, 409 when a more trusted value is live.

        A stored but expired value counts as absent for the trust order, yet its row is replaced
        (200, ``preference.update``), not created.
        """
        current = self.user(tenant, user).prefs.get(key)
        live = current is not None and current.live(self.now)
        if live and current is not None and TRUST[source] < TRUST[current.source]:
            return WriteExpectation(409, ("policy.write", "preference.write"), stored=False)
        if current is None:
            return WriteExpectation(201, ("policy.write", "preference.create"), stored=True)
        return WriteExpectation(200, ("policy.write", "preference.update"), stored=True)

    def put(self, tenant: str, user: str, key: str, pref: PrefModel) -> None:
        state = self.user(tenant, user)
        state.prefs[key] = pref
        if pref.expires_at is not None:
            state.history_expiries.append(pref.expires_at)

    def refused(self, tenant: str, user: str, expires_at: datetime | None) -> None:
        """A refused write still leaves a history row (without its value), with its expiry."""
        if expires_at is not None:
            self.user(tenant, user).history_expiries.append(expires_at)

    def delete(self, tenant: str, user: str, key: str) -> bool:
        """Whether a delete finds a live value (it then removes it; the history keeps expiries)."""
        state = self.user(tenant, user)
        current = state.prefs.get(key)
        if current is None or not current.live(self.now):
            return False
        del state.prefs[key]
        self.audit[tenant]["preference.delete"] += 1
        return True

    # --- expiry and erasure ------------------------------------------------------------------

    def purge(self, tenant: str) -> None:
        """The expiry sweep of one tenant: every expired row goes, one audit row per user."""
        for user in self.users:
            state = self.user(tenant, user)
            if not state.anything_expired(self.now):
                continue
            self.audit[tenant]["expire.purge"] += 1
            state.prefs = {k: p for k, p in state.prefs.items() if p.live(self.now)}
            state.events = {i: e for i, e in state.events.items() if e.live(self.now)}
            state.history_expiries = [at for at in state.history_expiries if at > self.now]

    def erase(self, tenant: str, user: str, *, scope: str) -> None:
        """Everything of the user goes (sessions unless ``scope=longterm``); keys revoked."""
        state = self.user(tenant, user)
        kept = state.sessions if scope == "longterm" else {}
        erased = [] if scope == "longterm" else list(state.sessions)
        self.data[(tenant, user)] = UserModel(
            sessions=kept,
            key_revoked=True,
            erased_sessions=[*state.erased_sessions, *erased],
        )
        self.audit[tenant]["user.erase"] += 1
