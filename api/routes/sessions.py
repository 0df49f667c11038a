"""The sessions API under ``/v1/sessions``: the run-time tier as a service.

Every route takes the caller from the API key (agent or admin role); a session of another
tenant, or of a user the key is restricted from, answers 404 exactly like a missing one.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from api.deps import (
    CallerDep,
    ContextRuntimeDep,
    DbSessionDep,
    LongtermStoreDep,
    MetricsDep,
    NowDep,
    ServicesDep,
)
from api.errors import Forbidden
from api.pagination import DEFAULT_LIMIT, MAX_PAGE, CursorQuery, LimitQuery
from api.params import UserIdQuery, VersionPath
from api.sessions import (
    AppendIn,
    AppendOut,
    ContextDecision,
    ContextIn,
    ContextOut,
    HistoryOut,
    PinsIn,
    PinsOut,
    SessionCreate,
    SessionList,
    SessionPublic,
    SummaryDetail,
    SummaryList,
    UsageIn,
    UsageOut,
    append_messages,
    build_context,
    create_session,
    delete_session,
    get_session,
    get_summary,
    list_sessions,
    list_summaries,
    read_decision,
    read_history_page,
    record_usage,
    restore_summary,
    set_pins,
)
from api.sessions.profile import StoreProfileSource
from runtime import forget_cached_text

__all__ = ["router"]

router = APIRouter(prefix="/v1/sessions", tags=["sessions"])
_NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "No such session"}}


@router.post("", status_code=201, summary="Create a session")
def post_session(
    body: SessionCreate, db: DbSessionDep, caller: CallerDep, now: NowDep
) -> SessionPublic:
    """A new session of ``user_id`` in the caller's tenant, with its budget and format.

    A key restricted to one user may only create sessions of that user (403 otherwise).
    """
    if not caller.can_access_user(body.user_id):
        raise Forbidden("this key may only create sessions of its own user")
    return create_session(db, tenant_id=caller.tenant_id, body=body, now=now)


@router.get("", summary="List sessions")
def get_sessions(
    db: DbSessionDep,
    caller: CallerDep,
    user_id: UserIdQuery = None,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> SessionList:
    """A page of the caller's tenant's sessions, newest first; ``user_id`` filters by end user."""
    return list_sessions(
        db,
        tenant_id=caller.tenant_id,
        user_id=user_id,
        user_scope=caller.user_id,
        limit=limit,
        cursor=cursor,
    )


@router.get("/{session_id}", summary="Get a session", responses=_NOT_FOUND)
def get_one(session_id: str, db: DbSessionDep, caller: CallerDep) -> SessionPublic:
    """Owner, format, budget, counts, pins and calibration of one session."""
    return get_session(
        db, tenant_id=caller.tenant_id, session_id=session_id, user_scope=caller.user_id
    )


@router.delete("/{session_id}", status_code=204, summary="Delete a session", responses=_NOT_FOUND)
def delete_one(session_id: str, db: DbSessionDep, caller: CallerDep) -> Response:
    """Delete the session and all of it: messages, pins, state, summaries, snapshots, usage."""
    delete_session(db, tenant_id=caller.tenant_id, session_id=session_id, user_scope=caller.user_id)
    forget_cached_text()  # no run-time text cache of this process keeps the session's content
    return Response(status_code=204)


@router.post(
    "/{session_id}/messages",
    summary="Append messages",
    responses={
        **_NOT_FOUND,
        409: {"description": "An id or position already holds other content"},
        422: {"description": "Malformed entries or a tool-call protocol error"},
    },
)
def post_messages(
    session_id: str, body: AppendIn, db: DbSessionDep, caller: CallerDep, now: NowDep
) -> AppendOut:
    """Append new entries in the session's format; idempotent by message id; all or nothing."""
    return append_messages(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        body=body,
        now=now,
    )


@router.get("/{session_id}/messages", summary="Read the stored history", responses=_NOT_FOUND)
def get_messages(
    session_id: str,
    db: DbSessionDep,
    caller: CallerDep,
    limit: LimitQuery = MAX_PAGE,
    cursor: CursorQuery = None,
) -> HistoryOut:
    """A page of the history exactly as appended, oldest first, with the id of each entry."""
    return read_history_page(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        cursor=cursor,
        limit=limit,
    )


@router.put("/{session_id}/pins", summary="Replace the pins", responses=_NOT_FOUND)
def put_pins(
    session_id: str, body: PinsIn, db: DbSessionDep, caller: CallerDep, now: NowDep
) -> PinsOut:
    """The message ids every compaction keeps verbatim (the complete set)."""
    return set_pins(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        message_ids=body.message_ids,
        now=now,
    )


@router.post(
    "/{session_id}/context",
    summary="Context for the next model call",
    responses={**_NOT_FOUND, 409: {"description": "Concurrent calls kept conflicting"}},
)
def post_context(
    session_id: str,
    db: DbSessionDep,
    caller: CallerDep,
    runtime: ContextRuntimeDep,
    store: LongtermStoreDep,
    body: ContextIn | None = None,
) -> ContextOut:
    """Exactly what to send next: the history compacted with the session's stored state.

    A new summary version, its snapshot and the new state are stored in one transaction.
    """
    return build_context(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        body=body or ContextIn(),
        runtime=runtime,
        profile=StoreProfileSource(store, caller),
    )


@router.get(
    "/{session_id}/context/last",
    summary="The last context decision",
    responses={404: {"description": "No such session, or no /context call yet"}},
)
def get_last_context(
    session_id: str, db: DbSessionDep, caller: CallerDep, services: ServicesDep
) -> ContextDecision:
    """What the last ``/context`` call decided for every message (kept, pinned, summarized,
    recalled, dropped) and where its tokens went; read back without compacting, writes nothing.
    """
    return read_decision(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        counter=services.context_runtime.counter,
    )


@router.post("/{session_id}/usage", summary="Report provider usage", responses=_NOT_FOUND)
def post_usage(
    session_id: str,
    body: UsageIn,
    db: DbSessionDep,
    caller: CallerDep,
    metrics: MetricsDep,
    now: NowDep,
) -> UsageOut:
    """What the provider reported for the last call; updates the calibration factor."""
    out = record_usage(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        body=body,
        now=now,
    )
    metrics.record_provider_usage(
        input_tokens=body.input_tokens,
        output_tokens=body.output_tokens,
        cached_input_tokens=body.cached_input_tokens,
    )
    return out


@router.get("/{session_id}/summaries", summary="List summary versions", responses=_NOT_FOUND)
def get_summaries(
    session_id: str,
    db: DbSessionDep,
    caller: CallerDep,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> SummaryList:
    """A page of the session's summary versions, oldest first."""
    return list_summaries(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        cursor=cursor,
        limit=limit,
    )


@router.get(
    "/{session_id}/summaries/{version}", summary="Get a summary version", responses=_NOT_FOUND
)
def get_summary_version(
    session_id: str, version: VersionPath, db: DbSessionDep, caller: CallerDep
) -> SummaryDetail:
    """One version with the snapshot record written before it replaced its predecessor."""
    return get_summary(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        version=version,
    )


@router.post(
    "/{session_id}/summaries/{version}/restore",
    status_code=201,
    summary="Restore a summary version",
    responses={**_NOT_FOUND, 409: {"description": "Concurrent calls kept conflicting"}},
)
def post_restore(
    session_id: str,
    version: VersionPath,
    db: DbSessionDep,
    caller: CallerDep,
    runtime: ContextRuntimeDep,
) -> SummaryDetail:
    """Make ``version`` current again as a new version N+1 with ``restored_from``; the state's
    cut rewinds to where that version left it, so later messages are kept raw or summarized
    again, never lost."""
    return restore_summary(
        db,
        tenant_id=caller.tenant_id,
        session_id=session_id,
        user_scope=caller.user_id,
        version=version,
        runtime=runtime,
        subject=caller,
    )
