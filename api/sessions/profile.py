"""``include_profile`` on ``/context``: the user's long-term profile, read for the caller.

The long-term store is read through the ``LongtermStore`` protocol with the caller's principal,
so the policy gate filters what the key may not read (a sensitive value for an agent key), and
with the app clock's ``now``, so expired values are gone; deleted and erased ones are not in
the store at all. Rendering is the run-time tier's (``runtime.profile``): ranked by the latest
user message, within ``profile_share`` of the usable tokens. The compaction then runs on a
budget less what the block takes, so the request as sent (history + block) stays within the
usable tokens; the block goes in right after the prefix.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from api.sessions.schemas import ProfileReport
from longterm.errors import NotFound
from longterm.gate import Principal
from longterm.models import TRUST_RANK, Event, Preference
from longterm.store import LongtermStore
from runtime.budget import Budget
from runtime.errors import FormatError
from runtime.formats import read_history
from runtime.messages import JSON, Format
from runtime.profile import PROFILE_MESSAGE_ID, ProfileBlock, ProfileItem, rank_profile
from runtime.profile import render_profile as render_block
from runtime.recall.terms import terms
from runtime.tokens import TokenCounter

__all__ = [
    "MAX_EVENTS",
    "MAX_PREFERENCES",
    "PlannedProfile",
    "ProfileSource",
    "StoreProfileSource",
    "plan_profile",
    "profile_items",
    "with_profile",
]

MAX_PREFERENCES = 200  # current preferences read per call (pages of 50)
MAX_EVENTS = 50  # the most recent events read per call
_RECENT = 40  # entries searched for the latest user message
_PREFIX_ROLES = frozenset({"system", "developer"})


class ProfileSource(Protocol):
    """Where a session's user profile comes from (the long-term store, for one caller)."""

    def items(self, *, user_id: str, now: datetime) -> list[ProfileItem]:
        """The user's current preferences and recent events the caller may read at ``now``."""
        ...


@dataclass(frozen=True, slots=True)
class StoreProfileSource:
    """A ``ProfileSource`` over a ``LongtermStore``, read as ``principal``."""

    store: LongtermStore
    principal: Principal

    def items(self, *, user_id: str, now: datetime) -> list[ProfileItem]:
        """Preferences (paged, up to ``MAX_PREFERENCES``) and the ``MAX_EVENTS`` newest events;
        none when the principal may not see the user at all."""
        principal, tenant_id = self.principal, self.principal.tenant_id
        try:
            prefs: list[Preference] = []
            cursor: str | None = None
            while len(prefs) < MAX_PREFERENCES:
                page = self.store.list_preferences(
                    principal=principal,
                    tenant_id=tenant_id,
                    user_id=user_id,
                    now=now,
                    limit=50,
                    cursor=cursor,
                )
                prefs.extend(page.items)
                cursor = page.next_cursor
                if cursor is None:
                    break
            events = self.store.list_events(
                principal=principal, tenant_id=tenant_id, user_id=user_id, now=now, limit=MAX_EVENTS
            )
        except NotFound:
            return []
        return profile_items(prefs[:MAX_PREFERENCES], events.items)


def profile_items(preferences: Sequence[Preference], events: Sequence[Event]) -> list[ProfileItem]:
    """The run-time tier's view of long-term memories: what ``runtime.profile`` ranks and
    renders, for ``/context``'s block and ``GET /v1/users/{id}/profile`` alike."""
    return [_preference(p) for p in preferences] + [_event(e) for e in events]


def _preference(pref: Preference) -> ProfileItem:
    return ProfileItem(
        id=pref.key,  # the API names a preference by its key
        kind="preference",
        name=pref.key,
        value=pref.value,
        source=pref.source,
        confidence=pref.confidence,
        at=pref.updated_at,
        expires_at=pref.expires_at,
        trust=TRUST_RANK.get(pref.source, 0),
    )


def _event(event: Event) -> ProfileItem:
    return ProfileItem(
        id=event.id,
        kind="event",
        name=event.kind,
        value=event.text,
        source=event.source,
        confidence=event.confidence,
        at=event.occurred_at,
        expires_at=event.expires_at,
        trust=TRUST_RANK.get(event.source, 0),
    )


@dataclass(frozen=True, slots=True)
class PlannedProfile:
    """The block to send (None: nothing fits or nothing to show) and its report."""

    block: ProfileBlock | None
    report: ProfileReport

    @property
    def tokens(self) -> int:
        """Tokens the block takes in the request."""
        return 0 if self.block is None else self.block.tokens

    def reserve(self, budget: Budget) -> Budget:
        """``budget`` less the block's tokens: what the compaction may use."""
        if self.block is None:
            return budget
        return dataclasses.replace(budget, context_limit=budget.context_limit - self.tokens)


def latest_user_text(entries: Sequence[Any], fmt: Format) -> str:
    """The text of the last plain user message (no tool results) among the recent entries."""
    try:
        messages = read_history(list(entries[-_RECENT:]), format=fmt).messages
    except FormatError:
        return ""
    for message in reversed(messages):
        if message.role == "user" and not message.tool_results:
            return message.text
    return ""


def plan_profile(
    source: ProfileSource,
    *,
    user_id: str,
    entries: Sequence[Any],
    fmt: Format,
    budget: Budget,
    share: float,
    counter: TokenCounter,
    now: datetime,
) -> PlannedProfile:
    """Read, rank and render the profile within ``floor(share x budget.usable)`` tokens."""
    room = math.floor(share * budget.usable)
    query = latest_user_text(entries, fmt)
    ranked = rank_profile(source.items(user_id=user_id, now=now), query)

    def count(message: JSON) -> int:
        return counter.count_messages(read_history([message], format=fmt).messages)[0]

    block = render_block(ranked, format=fmt, room=room, count_message=count) if ranked else None
    report = ProfileReport(
        included_ids=list(block.included) if block else [],
        omitted=block.omitted if block else len(ranked),
        tokens=block.tokens if block else 0,
        room_tokens=room,
        profile_share=share,
        query_terms=len(terms(query)),
    )
    return PlannedProfile(block, report)


def with_profile(
    messages: list[Any], ids: list[str], planned: PlannedProfile | None
) -> tuple[list[Any], list[str]]:
    """``messages`` and ``ids`` with the profile message right after the prefix."""
    if planned is None or planned.block is None:
        return messages, ids
    at = 0
    while at < len(messages) and _is_prefix(messages[at]):
        at += 1
    return (
        [*messages[:at], planned.block.message, *messages[at:]],
        [*ids[:at], PROFILE_MESSAGE_ID, *ids[at:]],
    )


def _is_prefix(entry: Any) -> bool:
    if not isinstance(entry, dict) or entry.get("role") not in _PREFIX_ROLES:
        return False
    return entry.get("type") in (None, "message")
