"""Ending a session's task: promote what the policy allows, in one transaction.

The policy tier decides (``policy.promotion.end_session``: candidates from the current summary
and the closing pass over what it does not cover, each asked of the gate); it reads the session
through ``api.sessions.source.SqlSessionSource``. This module owns the unit of work around it:
every promoted write, every audited decision and the stored answer commit together, or none.

Two concurrent ends of one session cannot both write: the stored answer's key is the session, so
the loser's commit fails, it rolls back and returns the winner's answer, exactly like a retry.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from api.sessions.end_schemas import EndRequest, EndResult
from api.sessions.source import SqlSessionSource
from longterm.gate import PolicyGate, Principal
from policy.promotion import end_session, stored_end
from runtime.summary.extractive import ExtractiveSummarizer

__all__ = ["end_task"]


def end_task(
    db: Session,
    *,
    gate: PolicyGate,
    caller: Principal,
    session_id: str,
    body: EndRequest,
    now: datetime,
) -> EndResult:
    """End the task of ``session_id`` for ``caller`` and commit what it promoted.

    The closing pass over the messages no summary covers yet runs the offline extractive
    summarizer (never the configured LLM one: the end must not wait for, or fail with, a model).
    Ending again with the same body returns the stored answer (``replayed``).

    Raises:
        policy.errors.SessionNotFound: no such session in the caller's tenant (or for its user).
        policy.errors.SessionNotEndable: already ended with a different request.
    """
    try:
        outcome = end_session(
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
    except IntegrityError:
        db.rollback()
        replay = stored_end(db, tenant_id=caller.tenant_id, session_id=session_id)
        if replay is None:
            raise
        return EndResult.from_outcome(replay)
    return EndResult.from_outcome(outcome)
