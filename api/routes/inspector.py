"""The inspector page under ``/ui`` (``api.inspector``): the shell, its two static files and
the server-rendered fragments the page's script fetches with the caller's key.

The shell and the static files need no key (they hold no data); each fragment takes the caller
from the API key like every JSON route, reads only, and answers a problem document on errors.
None of these routes is in the OpenAPI document: they are a page, not the API.
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from api.auth import ensure_user_access
from api.deps import CallerDep, DbSessionDep, LongtermStoreDep, NowDep, ServicesDep
from api.errors import NotFound
from api.inspector import STATIC_DIR, page_headers, render, session_view, user_view
from api.inspector.views import BAR_PARTS
from api.params import UserIdPath

__all__ = ["router"]

router = APIRouter(prefix="/ui", include_in_schema=False)
_STATIC: dict[str, str] = {
    "inspector.js": "text/javascript; charset=utf-8",
    "inspector.css": "text/css; charset=utf-8",
}


def _html(body: str) -> HTMLResponse:
    return HTMLResponse(body, headers=page_headers())


@router.get("")
def shell() -> HTMLResponse:
    """The page itself: a key form and an empty panel (no data without a key)."""
    return _html(render("shell.html", static="/ui/static"))


@router.get("/static/{name}")
def static(name: Literal["inspector.js", "inspector.css"]) -> FileResponse:
    """The page's script and stylesheet, shipped in the package.

    Raises:
        NotFound: any other name.
    """
    if name not in _STATIC:  # pragma: no cover - the Literal refuses it first (422)
        raise NotFound("no such file")
    return FileResponse(STATIC_DIR / name, media_type=_STATIC[name], headers=page_headers())


@router.get("/fragments/sessions/{session_id}")
def session_fragment(
    session_id: str, db: DbSessionDep, caller: CallerDep, services: ServicesDep
) -> HTMLResponse:
    """The session panel: budget bar, timeline of the last decision, summary versions."""
    view = session_view(
        db, caller=caller, session_id=session_id, counter=services.context_runtime.counter
    )
    decision = view.decision
    return _html(
        render(
            "session.html",
            view=view,
            s=view.session,
            d=decision,
            b=None if decision is None else decision.breakdown,
            parts=BAR_PARTS,
        )
    )


@router.get("/fragments/users/{user_id}")
def user_fragment(
    user_id: UserIdPath,
    db: DbSessionDep,
    store: LongtermStoreDep,
    caller: CallerDep,
    now: NowDep,
) -> HTMLResponse:
    """The user panel: preferences, events, consents, audit trail, erasure."""
    ensure_user_access(caller, user_id)
    view = user_view(db, store, caller=caller, user_id=user_id, now=now)
    return _html(render("user.html", u=view))
