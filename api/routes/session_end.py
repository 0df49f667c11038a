"""``POST /v1/sessions/{id}/end``: end the task and promote what the policy allows.

The whole end is one transaction (``api.sessions.task_end``); errors are answered by the one
problem table (``api.problems``).
"""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import CallerDep, DbSessionDep, GateDep, NowDep
from api.problems import PROBLEM_RESPONSES
from api.sessions.end_schemas import EndRequest, EndResult
from api.sessions.task_end import end_task

__all__ = ["router"]

router = APIRouter(prefix="/v1/sessions", tags=["sessions"])


@router.post(
    "/{session_id}/end",
    summary="End the task; promote consented, durable facts",
    responses=PROBLEM_RESPONSES,
)
def post_end(
    session_id: str,
    body: EndRequest,
    db: DbSessionDep,
    caller: CallerDep,
    gate: GateDep,
    now: NowDep,
) -> EndResult:
    """Candidates come from the session's current summary facts and ``consents``; each is
    checked by the policy gate as ``promote`` and answered ``promoted`` or ``denied`` with
    the rule and the reason. Ending again with the same body returns the same answer
    (``replayed: true``); with another body, 409.
    """
    return end_task(db, gate=gate, caller=caller, session_id=session_id, body=body, now=now)
