"""What the inspector shows, read into plain values for the templates; reads only.

Every function here goes through the same service functions the JSON API uses, with the
caller's tenant and user restriction, so a fragment shows exactly what the key may read, and
opening the page writes no row (the browser test compares every table before and after).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from api.sessions import (
    ContextDecision,
    SessionPublic,
    SummaryDetail,
    get_session,
    get_summary,
    list_summaries,
    read_decision,
)
from api.sessions.errors import DecisionNotFound
from api.sessions.store import load_history
from api.user_memory.schemas import AuditPublic, EventPublic, PreferencePublic
from longterm.audit import list_audit
from longterm.gate import Principal
from longterm.store import LongtermStore
from policy.consent import StandingConsent, list_consents
from runtime.errors import FormatError, ProtocolError
from runtime.formats import read_history
from runtime.tokens import TokenCounter

__all__ = ["BAR_PARTS", "SessionView", "UserView", "session_view", "user_view"]

PREVIEW_CHARS = 240
MAX_ROWS = 200  # preferences, events and audit rows shown per user
MAX_VERSIONS = 50  # the newest summary versions shown, with their diffs
BAR_PARTS = ("prefix", "summary", "pins", "recall", "recent", "free")


@dataclass(frozen=True, slots=True)
class SessionView:
    """One session: its public view, the last decision (None before any ``/context``), each
    decided message's text preview by id, and every summary version with its diff."""

    session: SessionPublic
    decision: ContextDecision | None
    previews: dict[str, str]
    summaries: list[SummaryDetail]
    current_version: int


@dataclass(frozen=True, slots=True)
class UserView:
    """One user's long-term memory as the key may read it."""

    user_id: str
    preferences: list[PreferencePublic]
    events: list[EventPublic]
    consents: list[StandingConsent]
    audit: list[AuditPublic] | None  # None: the key may not read the audit log (not admin)


def _previews(entries: list[Any], fmt: str | None, ids: list[str]) -> dict[str, str]:
    """The first characters of each message's readable text, by id."""
    if not entries or fmt is None:
        return {}
    try:
        messages = read_history(entries, format=fmt).messages  # type: ignore[arg-type]
    except (FormatError, ProtocolError):
        return {}
    texts = [m.text for m in messages]
    if len(texts) != len(ids):
        return {}
    return {mid: _clip(text) for mid, text in zip(ids, texts, strict=True)}


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"


def session_view(
    db: Session, *, caller: Principal, session_id: str, counter: TokenCounter
) -> SessionView:
    """Everything the session panel shows.

    Raises:
        SessionNotFound: no such session for this caller.
    """
    scope: dict[str, Any] = dict(
        tenant_id=caller.tenant_id, session_id=session_id, user_scope=caller.user_id
    )
    session = get_session(db, **scope)
    try:
        decision: ContextDecision | None = read_decision(db, **scope, counter=counter)
    except DecisionNotFound:
        decision = None
    previews: dict[str, str] = {}
    if decision is not None:
        entries = load_history(db, tenant_id=caller.tenant_id, session_id=session_id)
        entries = entries[: decision.history_messages]
        previews = _previews(entries, session.format, [m.id for m in decision.messages])
    versions, current = _versions(db, scope)
    details = [get_summary(db, **scope, version=v) for v in versions[-MAX_VERSIONS:]]
    return SessionView(
        session=session,
        decision=decision,
        previews=previews,
        summaries=list(reversed(details)),  # newest first
        current_version=current,
    )


def _versions(db: Session, scope: dict[str, Any]) -> tuple[list[int], int]:
    """Every summary version number, oldest first (all pages), and the current one."""
    versions: list[int] = []
    cursor: str | None = None
    while True:
        page = list_summaries(db, **scope, cursor=cursor, limit=MAX_ROWS)
        versions.extend(s.version for s in page.items)
        cursor = page.next_cursor
        if cursor is None:
            return versions, page.current_version


def user_view(
    db: Session, store: LongtermStore, *, caller: Principal, user_id: str, now: datetime
) -> UserView:
    """Everything the user panel shows (the first ``MAX_ROWS`` of each list)."""
    common: dict[str, Any] = dict(
        principal=caller, tenant_id=caller.tenant_id, user_id=user_id, now=now
    )
    prefs = store.list_preferences(**common, limit=MAX_ROWS)
    events = store.list_events(**common, limit=MAX_ROWS)
    audit = None
    if caller.role == "admin":
        page = list_audit(db, tenant_id=caller.tenant_id, user_id=user_id, limit=MAX_ROWS)
        audit = [AuditPublic.of(r) for r in page.items]
    return UserView(
        user_id=user_id,
        preferences=[PreferencePublic.of(p) for p in prefs.items],
        events=[EventPublic.of(e) for e in events.items],
        consents=list_consents(db, tenant_id=caller.tenant_id, user_id=user_id),
        audit=audit,
    )
