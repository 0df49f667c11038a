"""Long-term memory of one end user under ``/v1/users/{user_id}``: preferences, events,
profile, export and erasure.

Every route takes the caller from the API key (agent or admin role). A key restricted to one
user gets 404 for every other user, exactly like a missing one. Writes go through
the ``LongtermStore`` (policy gate, audit, trust order), which also filters every read by what
the key may read; refusals are committed (their history and audit rows are the point) and then
answered 403, 409 or 412.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse

from api.auth import Principal, ensure_self_service, ensure_user_access
from api.deps import CallerDep, DbSessionDep, EngineDep, LongtermStoreDep, NowDep
from api.pagination import DEFAULT_LIMIT, CursorQuery, LimitQuery
from api.params import Instant, UserIdPath
from api.problems import PROBLEM_RESPONSES
from api.user_memory.erasure import erase_everything
from api.user_memory.schemas import (
    ChangeList,
    ChangePublic,
    ConsentBody,
    ErasureReceiptPublic,
    EventIn,
    EventList,
    EventPublic,
    PreferenceIn,
    PreferenceList,
    PreferencePublic,
)
from api.user_memory.writes import Idempotent, raise_for_outcome
from longterm.erasure import finalize_erasure
from longterm.models import EventWrite, PreferenceConsent, PreferenceWrite

__all__ = ["router"]

router = APIRouter(prefix="/v1/users", tags=["long-term memory"], responses=PROBLEM_RESPONSES)

Key = Annotated[str, Path(min_length=1, max_length=256)]
IdemKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=256)]
IfMatch = Annotated[str | None, Header(alias="If-Match", max_length=512)]


def _user_path(user_id: str) -> str:
    # Headers are ASCII: a user id of any script is percent-encoded (as UTF-8) in a Location.
    return "/v1/users/" + quote(user_id, safe="@+:")


def _visible(caller: Principal, user_id: str) -> None:
    ensure_user_access(caller, user_id)


@router.get("/{user_id}/preferences", summary="List current preferences")
def list_preferences(
    user_id: UserIdPath,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
    category: Annotated[str | None, Query(max_length=64)] = None,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> PreferenceList:
    """The user's current, unexpired preferences the key may read, ordered by key
    (``?category=`` filters). A page may hold fewer than ``limit`` items when some are not
    readable; follow ``next_cursor`` until it is null."""
    _visible(caller, user_id)
    page = store.list_preferences(
        principal=caller,
        tenant_id=caller.tenant_id,
        user_id=user_id,
        now=now,
        category=category,
        limit=limit,
        cursor=cursor,
    )
    return PreferenceList(
        items=[PreferencePublic.of(p) for p in page.items], next_cursor=page.next_cursor
    )


@router.get("/{user_id}/preferences/{key}", summary="Get one preference")
def get_preference(
    user_id: UserIdPath,
    key: Key,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
    response: Response,
) -> PreferencePublic:
    """The current value of ``key`` with its ``ETag``; 404 when none, expired or not readable
    by this key."""
    _visible(caller, user_id)
    pref = store.get_preference(
        principal=caller, tenant_id=caller.tenant_id, user_id=user_id, key=key, now=now
    )
    response.headers["ETag"] = pref.etag
    return PreferencePublic.of(pref)


def _consent(body: ConsentBody | None, now: Any) -> PreferenceConsent | None:
    if body is None:
        return None
    return PreferenceConsent(body.given_by, body.given_at or now, body.purpose)


@router.put(
    "/{user_id}/preferences/{key}",
    summary="Set one preference",
    status_code=200,
    responses={201: {"description": "Created", "model": PreferencePublic}},
    response_model=PreferencePublic,
)
def put_preference(
    user_id: UserIdPath,
    key: Key,
    body: PreferenceIn,
    request: Request,
    db: DbSessionDep,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
    if_match: IfMatch = None,
    idempotency_key: IdemKey = None,
) -> JSONResponse:
    """Create (201) or replace (200) the value of ``key``, answered with its ``ETag``.

    The trust order admin > user_stated > user_confirmed > promoted > consolidated decides: a
    less trusted source gets 409 naming the current source, unless ``supersede`` (admin keys
    and ``user_stated`` only). A stale ``If-Match`` gets 412; a policy denial 403.
    """
    _visible(caller, user_id)
    idem = Idempotent(db, caller=caller, key=idempotency_key, request=request, body=body, now=now)
    replay = idem.replay()
    if replay is not None:
        return replay
    write = PreferenceWrite(
        user_id=user_id,
        key=key,
        value=body.value,
        source=body.source,
        source_ids=tuple(body.source_ids),
        confidence=body.confidence,
        consent=_consent(body.consent, now),
        expires_at=body.expires_at,
        ttl_seconds=body.ttl_seconds,
        supersede=body.supersede,
        if_match=if_match,
    )
    outcome = store.put_preference(
        principal=caller, tenant_id=caller.tenant_id, write=write, now=now
    )
    if not outcome.ok or outcome.preference is None:
        db.commit()
        raise_for_outcome(outcome)
        raise AssertionError("unreachable: a failed outcome always raises")
    pref = outcome.preference
    status = 201 if outcome.status == "created" else 200
    headers = {"ETag": pref.etag, "Location": f"{_user_path(user_id)}/preferences/{key}"}
    return idem.commit(
        user_id=user_id, status=status, body=PreferencePublic.of(pref), headers=headers
    )


@router.delete("/{user_id}/preferences/{key}", summary="Delete one preference", status_code=204)
def remove_preference(
    user_id: UserIdPath,
    key: Key,
    db: DbSessionDep,
    store: LongtermStoreDep,
    engine: EngineDep,
    caller: CallerDep,
    now: NowDep,
    if_match: IfMatch = None,
) -> Response:
    """Delete the value; its history keeps the trail but loses every value. 412 on a stale
    ``If-Match``."""
    _visible(caller, user_id)
    store.delete_preference(
        principal=caller,
        tenant_id=caller.tenant_id,
        user_id=user_id,
        key=key,
        now=now,
        if_match=if_match,
    )
    db.commit()
    finalize_erasure(engine)  # the deleted text leaves the SQLite WAL too
    return Response(status_code=204)


@router.get("/{user_id}/preferences/{key}/history", summary="History of one preference")
def preference_history(
    user_id: UserIdPath,
    key: Key,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> ChangeList:
    """Every applied, refused, denied and deleted change of ``key``, newest first; 404 when
    the key's values are not readable by this key."""
    _visible(caller, user_id)
    page = store.preference_history(
        principal=caller,
        tenant_id=caller.tenant_id,
        user_id=user_id,
        key=key,
        now=now,
        limit=limit,
        cursor=cursor,
    )
    return ChangeList(
        key=key, items=[ChangePublic.of(c) for c in page.items], next_cursor=page.next_cursor
    )


@router.post(
    "/{user_id}/events", summary="Append an event", status_code=201, response_model=EventPublic
)
def post_event(
    user_id: UserIdPath,
    body: EventIn,
    request: Request,
    db: DbSessionDep,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
    idempotency_key: IdemKey = None,
) -> JSONResponse:
    """Append one timeline entry (201); a policy denial is 403."""
    _visible(caller, user_id)
    idem = Idempotent(db, caller=caller, key=idempotency_key, request=request, body=body, now=now)
    replay = idem.replay()
    if replay is not None:
        return replay
    write = EventWrite(
        user_id=user_id,
        kind=body.kind,
        text=body.text,
        occurred_at=body.occurred_at,
        source=body.source,
        attributes=body.attributes,
        source_ids=tuple(body.source_ids),
        confidence=body.confidence,
        expires_at=body.expires_at,
        ttl_seconds=body.ttl_seconds,
        category=body.category,
    )
    outcome = store.add_event(principal=caller, tenant_id=caller.tenant_id, write=write, now=now)
    if outcome.event is None:
        db.commit()
        raise_for_outcome(outcome)
        raise AssertionError("unreachable: a failed outcome always raises")
    location = {"Location": f"{_user_path(user_id)}/events/{outcome.event.id}"}
    return idem.commit(
        user_id=user_id, status=201, body=EventPublic.of(outcome.event), headers=location
    )


@router.get("/{user_id}/events", summary="List events")
def list_events(
    user_id: UserIdPath,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
    kind: Annotated[str | None, Query(max_length=160)] = None,
    since: Annotated[Instant | None, Query(description="inclusive, with offset")] = None,
    until: Annotated[Instant | None, Query(description="exclusive, with offset")] = None,
    limit: LimitQuery = DEFAULT_LIMIT,
    cursor: CursorQuery = None,
) -> EventList:
    """The user's unexpired events, newest first, filtered by ``kind``, ``since``, ``until``."""
    _visible(caller, user_id)
    page = store.list_events(
        principal=caller,
        tenant_id=caller.tenant_id,
        user_id=user_id,
        now=now,
        kind=kind,
        since=since,
        until=until,
        limit=limit,
        cursor=cursor,
    )
    return EventList(items=[EventPublic.of(e) for e in page.items], next_cursor=page.next_cursor)


@router.get("/{user_id}/events/{event_id}", summary="Get one event")
def get_event(
    user_id: UserIdPath,
    event_id: Annotated[str, Path(max_length=64)],
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
) -> EventPublic:
    """One unexpired event; 404 when missing, expired or not readable by the key."""
    _visible(caller, user_id)
    event = store.get_event(
        principal=caller, tenant_id=caller.tenant_id, user_id=user_id, event_id=event_id, now=now
    )
    return EventPublic.of(event)


@router.delete("/{user_id}/events/{event_id}", summary="Delete one event", status_code=204)
def remove_event(
    user_id: UserIdPath,
    event_id: Annotated[str, Path(max_length=64)],
    db: DbSessionDep,
    store: LongtermStoreDep,
    engine: EngineDep,
    caller: CallerDep,
    now: NowDep,
) -> Response:
    """Delete one event and its full-text entry."""
    _visible(caller, user_id)
    store.delete_event(
        principal=caller, tenant_id=caller.tenant_id, user_id=user_id, event_id=event_id, now=now
    )
    db.commit()
    finalize_erasure(engine)  # the deleted text leaves the SQLite WAL too
    return Response(status_code=204)


@router.delete("/{user_id}/memories", summary="Erase everything about a user")
def erase_memories(
    user_id: UserIdPath,
    db: DbSessionDep,
    engine: EngineDep,
    caller: CallerDep,
    now: NowDep,
    scope: Annotated[Literal["all", "longterm"], Query()] = "all",
) -> ErasureReceiptPublic:
    """Erase the user's preferences and history, events, consents, stored responses and
    (unless ``?scope=longterm``) sessions, messages, summaries and snapshots. Returns the
    receipt; afterwards the SQLite WAL is checkpointed and truncated."""
    ensure_self_service(caller, user_id)
    return erase_everything(db, engine, caller=caller, user_id=user_id, now=now, scope=scope)
