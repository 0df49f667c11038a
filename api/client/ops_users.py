"""Builders of one end user's routes (``/v1/users/{user_id}/...``): preferences, events,
profile, consents, export and erasure."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from api.client.call import Call, body_of, headers_of, operation, segment

if TYPE_CHECKING:
    from pydantic import BaseModel

    from api.schemas.consents import ConsentList, ConsentOut
    from api.user_memory.schemas import (
        ChangeList,
        ErasureReceiptPublic,
        EventList,
        EventPublic,
        ExportOut,
        PreferenceList,
        PreferencePublic,
        ProfileOut,
    )

__all__ = [
    "add_event",
    "delete_event",
    "delete_preference",
    "erase",
    "export",
    "get_consent",
    "get_event",
    "get_preference",
    "grant_consent",
    "list_consents",
    "list_events",
    "list_preferences",
    "preference_history",
    "profile",
    "put_preference",
    "withdraw_consent",
]


def _none(_: Any) -> None:
    return None


def _user(user_id: str) -> str:
    return f"/v1/users/{segment(user_id)}"


def _when(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


@operation("GET", "/v1/users/{user_id}/preferences")
def list_preferences(
    user_id: str,
    *,
    category: str | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[PreferenceList]:
    """A page of the user's current preferences the key may read, by key."""
    from api.user_memory.schemas import PreferenceList

    params = {"category": category, "limit": limit, "cursor": cursor}
    path = f"{_user(user_id)}/preferences"
    return Call(method="GET", path=path, read=PreferenceList.model_validate, params=params)


@operation("GET", "/v1/users/{user_id}/preferences/{key}")
def get_preference(user_id: str, key: str) -> Call[PreferencePublic]:
    """The current value of ``key`` (its ``etag`` is the ``If-Match`` of a later write)."""
    from api.user_memory.schemas import PreferencePublic

    path = f"{_user(user_id)}/preferences/{segment(key)}"
    return Call(method="GET", path=path, read=PreferencePublic.model_validate)


@operation("PUT", "/v1/users/{user_id}/preferences/{key}")
def put_preference(
    user_id: str,
    key: str,
    body: BaseModel | Mapping[str, Any] | None = None,
    /,
    *,
    if_match: str | None = None,
    idempotency_key: str | None = None,
    **fields: Any,
) -> Call[PreferencePublic]:
    """Set one preference (``PreferenceIn``: ``value``, ``source``, ``confidence``, ...)."""
    from api.user_memory.schemas import PreferencePublic

    return Call(
        method="PUT",
        path=f"{_user(user_id)}/preferences/{segment(key)}",
        read=PreferencePublic.model_validate,
        json=body_of(body, fields),
        headers=headers_of(if_match=if_match, idempotency_key=idempotency_key),
    )


@operation("DELETE", "/v1/users/{user_id}/preferences/{key}")
def delete_preference(user_id: str, key: str, *, if_match: str | None = None) -> Call[None]:
    """Delete one preference (``if_match``: only while it is still that version)."""
    path = f"{_user(user_id)}/preferences/{segment(key)}"
    return Call(method="DELETE", path=path, read=_none, headers=headers_of(if_match=if_match))


@operation("GET", "/v1/users/{user_id}/preferences/{key}/history")
def preference_history(
    user_id: str, key: str, *, limit: int | None = None, cursor: str | None = None
) -> Call[ChangeList]:
    """A page of one preference's history, newest first."""
    from api.user_memory.schemas import ChangeList

    path = f"{_user(user_id)}/preferences/{segment(key)}/history"
    params = {"limit": limit, "cursor": cursor}
    return Call(method="GET", path=path, read=ChangeList.model_validate, params=params)


@operation("GET", "/v1/users/{user_id}/events")
def list_events(
    user_id: str,
    *,
    kind: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[EventList]:
    """A page of the user's event timeline, newest first."""
    from api.user_memory.schemas import EventList

    params = {
        "kind": kind,
        "since": _when(since),
        "until": _when(until),
        "limit": limit,
        "cursor": cursor,
    }
    path = f"{_user(user_id)}/events"
    return Call(method="GET", path=path, read=EventList.model_validate, params=params)


@operation("POST", "/v1/users/{user_id}/events")
def add_event(
    user_id: str,
    body: BaseModel | Mapping[str, Any] | None = None,
    /,
    *,
    idempotency_key: str | None = None,
    **fields: Any,
) -> Call[EventPublic]:
    """Record one timeline entry (``EventIn``); a retry with the same key is answered once."""
    from api.user_memory.schemas import EventPublic

    return Call(
        method="POST",
        path=f"{_user(user_id)}/events",
        read=EventPublic.model_validate,
        json=body_of(body, fields),
        headers=headers_of(idempotency_key=idempotency_key),
    )


@operation("GET", "/v1/users/{user_id}/events/{event_id}")
def get_event(user_id: str, event_id: str) -> Call[EventPublic]:
    """One event."""
    from api.user_memory.schemas import EventPublic

    path = f"{_user(user_id)}/events/{segment(event_id)}"
    return Call(method="GET", path=path, read=EventPublic.model_validate)


@operation("DELETE", "/v1/users/{user_id}/events/{event_id}")
def delete_event(user_id: str, event_id: str) -> Call[None]:
    """Delete one event."""
    return Call(method="DELETE", path=f"{_user(user_id)}/events/{segment(event_id)}", read=_none)


@operation("GET", "/v1/users/{user_id}/profile")
def profile(
    user_id: str, *, query: str | None = None, max_tokens: int | None = None
) -> Call[ProfileOut]:
    """The profile block to inject, ranked by ``query``, within ``max_tokens``."""
    from api.user_memory.schemas import ProfileOut

    params = {"query": query, "max_tokens": max_tokens}
    path = f"{_user(user_id)}/profile"
    return Call(method="GET", path=path, read=ProfileOut.model_validate, params=params)


@operation("GET", "/v1/users/{user_id}/export")
def export(user_id: str) -> Call[ExportOut]:
    """Everything tiermem holds about the user (right of access)."""
    from api.user_memory.schemas import ExportOut

    return Call(method="GET", path=f"{_user(user_id)}/export", read=ExportOut.model_validate)


@operation("DELETE", "/v1/users/{user_id}/memories")
def erase(
    user_id: str, *, scope: Literal["all", "longterm"] | None = None
) -> Call[ErasureReceiptPublic]:
    """Erase the user's memories (``scope``: all, or long-term only); returns the receipt."""
    from api.user_memory.schemas import ErasureReceiptPublic

    return Call(
        method="DELETE",
        path=f"{_user(user_id)}/memories",
        read=ErasureReceiptPublic.model_validate,
        params={"scope": scope},
    )


@operation("GET", "/v1/users/{user_id}/consents")
def list_consents(
    user_id: str, *, limit: int | None = None, cursor: str | None = None
) -> Call[ConsentList]:
    """A page of the user's consent records, by category."""
    from api.schemas.consents import ConsentList

    params = {"limit": limit, "cursor": cursor}
    path = f"{_user(user_id)}/consents"
    return Call(method="GET", path=path, read=ConsentList.model_validate, params=params)


@operation("GET", "/v1/users/{user_id}/consents/{category}")
def get_consent(user_id: str, category: str) -> Call[ConsentOut]:
    """The consent record of one category."""
    from api.schemas.consents import ConsentOut

    path = f"{_user(user_id)}/consents/{segment(category)}"
    return Call(method="GET", path=path, read=ConsentOut.model_validate)


@operation("PUT", "/v1/users/{user_id}/consents/{category}")
def grant_consent(user_id: str, category: str) -> Call[ConsentOut]:
    """Grant standing consent to consolidation in one category."""
    from api.schemas.consents import ConsentOut

    path = f"{_user(user_id)}/consents/{segment(category)}"
    return Call(method="PUT", path=path, read=ConsentOut.model_validate)


@operation("DELETE", "/v1/users/{user_id}/consents/{category}")
def withdraw_consent(user_id: str, category: str) -> Call[ConsentOut]:
    """Withdraw a consent."""
    from api.schemas.consents import ConsentOut

    path = f"{_user(user_id)}/consents/{segment(category)}"
    return Call(method="DELETE", path=path, read=ConsentOut.model_validate)
