"""``POST /v1/sessions/{id}/end``: end the task and promote what the policy allows.

The whole end (every promoted write, every audited decision, the stored answer) is one
transaction. Two concurrent ends of one session cannot both write: the stored answer's key is
the session, so the loser rolls back and returns the winner's answer, exactly like a retry.
"""

from __future__ import annotations

from fastapi import APIRouter
from sqlalchemy.exc import IntegrityError

from api.deps import CallerDep, DbSessionDep, GateDep, NowDep
from api.errors import Conflict, NotFound
from api.problems import PROBLEM_RESPONSES
from api.sessions.end_schemas import EndRequest, EndResult
from api.sessions.source import SqlSessionSource
from policy.errors import SessionNotEndable, SessionNotFound
from policy.promotion import end_session, stored_end
from runtime.summary.extractive import ExtractiveSummarizer

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
    try:
        result = end_session(
            db,
            gate=gate,
            subject=caller,
            session_id=session_id,
            promote=body.promote,
            consents=body.consents_to_keep(),
            sessions=SqlSessionSource(),
            now=now,
            summarizer=ExtractiveSummarizer(),
        )
        db.commit()
    except SessionNotFound as exc:
        raise NotFound(str(exc)) from None
    except SessionNotEndable as exc:
        raise Conflict(str(exc)) from None
    except IntegrityError:
        db.rollback()
        replay = stored_end(db, tenant_id=caller.tenant_id, session_id=session_id)
        if replay is None:
            raise
        return EndResult.from_outcome(replay)
    return EndResult.from_outcome(result)
