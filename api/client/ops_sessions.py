"""Builders of the sessions routes (``/v1/sessions``): the run-time tier as a service."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from api.client.call import Call, body_of, operation, segment

if TYPE_CHECKING:
    from pydantic import BaseModel

    from api.sessions.decisions import ContextDecision
    from api.sessions.end_schemas import EndResult
    from api.sessions.schemas import (
        AppendOut,
        ContextOut,
        HistoryOut,
        PinsOut,
        SessionList,
        SessionPublic,
        SummaryDetail,
        SummaryList,
        UsageOut,
    )

__all__ = [
    "append",
    "context",
    "context_last",
    "create_session",
    "delete_session",
    "end_session",
    "get_messages",
    "get_session",
    "get_summary",
    "list_sessions",
    "list_summaries",
    "record_usage",
    "restore_summary",
    "set_pins",
]


def _none(_: Any) -> None:
    return None


def _session(session_id: str) -> str:
    return f"/v1/sessions/{segment(session_id)}"


@operation("GET", "/v1/sessions")
def list_sessions(
    *, user_id: str | None = None, limit: int | None = None, cursor: str | None = None
) -> Call[SessionList]:
    """A page of the tenant's sessions, newest first (``user_id`` filters by end user)."""
    from api.sessions.schemas import SessionList

    params = {"user_id": user_id, "limit": limit, "cursor": cursor}
    return Call(method="GET", path="/v1/sessions", read=SessionList.model_validate, params=params)


@operation("POST", "/v1/sessions")
def create_session(
    body: BaseModel | Mapping[str, Any] | None = None, /, **fields: Any
) -> Call[SessionPublic]:
    """A new session (``SessionCreate``: ``user_id``, ``format``, ``budget``, ``system``, ...)."""
    from api.sessions.schemas import SessionPublic

    json = body_of(body, fields)
    return Call(method="POST", path="/v1/sessions", read=SessionPublic.model_validate, json=json)


@operation("GET", "/v1/sessions/{session_id}")
def get_session(session_id: str) -> Call[SessionPublic]:
    """One session: owner, format, budget, counts, pins, calibration."""
    from api.sessions.schemas import SessionPublic

    return Call(method="GET", path=_session(session_id), read=SessionPublic.model_validate)


@operation("DELETE", "/v1/sessions/{session_id}")
def delete_session(session_id: str) -> Call[None]:
    """Delete the session and all of it."""
    return Call(method="DELETE", path=_session(session_id), read=_none)


@operation("POST", "/v1/sessions/{session_id}/messages")
def append(session_id: str, messages: list[Any], *, offset: int | None = None) -> Call[AppendOut]:
    """Append entries in the session's format; idempotent by id, or by ``offset``."""
    from api.sessions.schemas import AppendOut

    json: dict[str, Any] = {"messages": messages}
    if offset is not None:
        json["offset"] = offset
    path = f"{_session(session_id)}/messages"
    return Call(method="POST", path=path, read=AppendOut.model_validate, json=json)


@operation("GET", "/v1/sessions/{session_id}/messages")
def get_messages(
    session_id: str, *, limit: int | None = None, cursor: str | None = None
) -> Call[HistoryOut]:
    """A page of the stored history exactly as appended, with ids."""
    from api.sessions.schemas import HistoryOut

    path = f"{_session(session_id)}/messages"
    params = {"limit": limit, "cursor": cursor}
    return Call(method="GET", path=path, read=HistoryOut.model_validate, params=params)


@operation("POST", "/v1/sessions/{session_id}/context")
def context(
    session_id: str, body: BaseModel | Mapping[str, Any] | None = None, /, **fields: Any
) -> Call[ContextOut]:
    """The next request's context within the budget (``ContextIn``: per-call overrides)."""
    from api.sessions.schemas import ContextOut

    path = f"{_session(session_id)}/context"
    json = body_of(body, fields)
    return Call(method="POST", path=path, read=ContextOut.model_validate, json=json)


@operation("GET", "/v1/sessions/{session_id}/context/last")
def context_last(session_id: str) -> Call[ContextDecision]:
    """What the last ``context`` call decided per message, read without compacting."""
    from api.sessions.decisions import ContextDecision

    path = f"{_session(session_id)}/context/last"
    return Call(method="GET", path=path, read=ContextDecision.model_validate)


@operation("POST", "/v1/sessions/{session_id}/end")
def end_session(
    session_id: str, body: BaseModel | Mapping[str, Any] | None = None, /, **fields: Any
) -> Call[EndResult]:
    """End the task: what crosses into long-term memory (``EndRequest``)."""
    from api.sessions.end_schemas import EndResult

    path = f"{_session(session_id)}/end"
    json = body_of(body, fields)
    return Call(method="POST", path=path, read=EndResult.model_validate, json=json)


@operation("PUT", "/v1/sessions/{session_id}/pins")
def set_pins(session_id: str, message_ids: list[str]) -> Call[PinsOut]:
    """Replace the pins: the message ids every compaction keeps verbatim."""
    from api.sessions.schemas import PinsOut

    path = f"{_session(session_id)}/pins"
    json = {"message_ids": message_ids}
    return Call(method="PUT", path=path, read=PinsOut.model_validate, json=json)


@operation("GET", "/v1/sessions/{session_id}/summaries")
def list_summaries(
    session_id: str, *, limit: int | None = None, cursor: str | None = None
) -> Call[SummaryList]:
    """A page of the summary versions, oldest first."""
    from api.sessions.schemas import SummaryList

    path = f"{_session(session_id)}/summaries"
    params = {"limit": limit, "cursor": cursor}
    return Call(method="GET", path=path, read=SummaryList.model_validate, params=params)


@operation("GET", "/v1/sessions/{session_id}/summaries/{version}")
def get_summary(session_id: str, version: int) -> Call[SummaryDetail]:
    """One summary version with its snapshot record and diff."""
    from api.sessions.schemas import SummaryDetail

    path = f"{_session(session_id)}/summaries/{int(version)}"
    return Call(method="GET", path=path, read=SummaryDetail.model_validate)


@operation("POST", "/v1/sessions/{session_id}/summaries/{version}/restore")
def restore_summary(session_id: str, version: int) -> Call[SummaryDetail]:
    """Make an earlier summary version current again (as a new version)."""
    from api.sessions.schemas import SummaryDetail

    path = f"{_session(session_id)}/summaries/{int(version)}/restore"
    return Call(method="POST", path=path, read=SummaryDetail.model_validate)


@operation("POST", "/v1/sessions/{session_id}/usage")
def record_usage(
    session_id: str, body: BaseModel | Mapping[str, Any] | None = None, /, **fields: Any
) -> Call[UsageOut]:
    """Report the provider's token usage of a call (``UsageIn``); calibrates the budget."""
    from api.sessions.schemas import UsageOut

    path = f"{_session(session_id)}/usage"
    json = body_of(body, fields)
    return Call(method="POST", path=path, read=UsageOut.model_validate, json=json)
