"""A user's long-term memory as a whole: the profile to inject into a new session, and the
export (right of access and portability). Under ``/v1/users/{user_id}`` like ``users``."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Query

from api.auth import ensure_self_service, ensure_user_access
from api.deps import CallerDep, DbSessionDep, LongtermStoreDep, NowDep
from api.params import UserIdPath
from api.problems import PROBLEM_RESPONSES
from api.sessions.profile import profile_items
from api.user_memory.export import export_document
from api.user_memory.schemas import (
    ExportOut,
    ProfileOut,
)
from longterm.errors import InvalidRequest
from longterm.gate import Principal
from longterm.models import Preference
from longterm.store import LongtermStore
from runtime.blocks import GUARD_TEXT
from runtime.messages import JSON, Format
from runtime.profile import rank_profile, render_profile
from runtime.tokens import DEFAULT_ENCODING, load_encoding

__all__ = ["router"]

router = APIRouter(prefix="/v1/users", tags=["long-term memory"], responses=PROBLEM_RESPONSES)

_MAX_PROFILE_PREFERENCES = 1000
_PROFILE_EVENTS = 50
_PROFILE_FORMAT: Format = "openai-chat"  # one plain-string user message, as in every format
_MESSAGE_OVERHEAD = 4  # tokens a chat message costs beyond its text (cl100k)


@lru_cache(maxsize=1)
def _encoding() -> Any:
    # Only the tokenizer is cached; profile texts are counted without any text cache, so no
    # user's value outlives the request in this process.
    return load_encoding(DEFAULT_ENCODING)


def _count_message(message: JSON) -> int:
    """Tokens of the block as one user-role message (its text plus the message overhead)."""
    text = message["content"] if isinstance(message, dict) else ""
    return len(_encoding().encode(str(text), disallowed_special=())) + _MESSAGE_OVERHEAD


def _all_preferences(
    store: LongtermStore, *, caller: Principal, user_id: str, now: Any
) -> list[Preference]:
    prefs: list[Preference] = []
    cursor = None
    while len(prefs) < _MAX_PROFILE_PREFERENCES:
        page = store.list_preferences(
            principal=caller,
            tenant_id=caller.tenant_id,
            user_id=user_id,
            now=now,
            limit=200,
            cursor=cursor,
        )
        prefs += page.items
        cursor = page.next_cursor
        if cursor is None:
            break
    return prefs


@router.get("/{user_id}/profile", summary="Profile block for a new session")
def get_profile(
    user_id: UserIdPath,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
    query: Annotated[str | None, Query(max_length=500)] = None,
    max_tokens: Annotated[int, Query(ge=1, le=32_000)] = 1000,
) -> ProfileOut:
    """Current preferences plus the events most relevant to ``query`` (full-text search), or
    the most recent ones, that the key may read, as one ``<user_profile trust='untrusted'>``
    block within ``max_tokens``. Inject ``text`` as a user-role message and put
    ``guard_text`` in the system prompt; never inject it as a system message."""
    ensure_user_access(caller, user_id)
    prefs = _all_preferences(store, caller=caller, user_id=user_id, now=now)
    if query and query.strip():
        events = store.search_events(
            principal=caller,
            tenant_id=caller.tenant_id,
            user_id=user_id,
            query=query,
            now=now,
            limit=_PROFILE_EVENTS,
        )
    else:
        events = store.list_events(
            principal=caller,
            tenant_id=caller.tenant_id,
            user_id=user_id,
            now=now,
            limit=_PROFILE_EVENTS,
        ).items
    items = profile_items(prefs, events)
    block = render_profile(
        rank_profile(items, query or ""),
        format=_PROFILE_FORMAT,
        room=max_tokens,
        count_message=_count_message,
        allow_empty=True,
    )
    if block is None:
        raise InvalidRequest(f"max_tokens={max_tokens} cannot hold the empty profile block")
    included = set(block.included)
    kept_prefs = [p.key for p in prefs if p.key in included]
    kept_events = [e.id for e in events if e.id in included]
    return ProfileOut(
        user_id=user_id,
        text=block.text,
        tokens=block.tokens,
        max_tokens=max_tokens,
        guard_text=GUARD_TEXT,
        preference_keys=kept_prefs,
        event_ids=kept_events,
        omitted_preferences=len(prefs) - len(kept_prefs),
        omitted_events=len(events) - len(kept_events),
        query=query,
    )


@router.get("/{user_id}/export", summary="Export everything about a user")
def get_export(
    user_id: UserIdPath, db: DbSessionDep, store: LongtermStoreDep, caller: CallerDep, now: NowDep
) -> ExportOut:
    """Everything tiermem holds about the user as one JSON document: current preferences,
    their full history, events, standing consents, the audit trail about the user, erasure
    receipts, and the user's sessions with their raw messages and summary versions.
    Admin keys (complete), or keys restricted to this user (what the policy lets them read).
    """
    ensure_self_service(caller, user_id)
    return export_document(db, store=store, caller=caller, user_id=user_id, now=now)
