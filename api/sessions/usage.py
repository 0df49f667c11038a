"""Provider usage reports: stored per model call and folded into the calibration factor.

``record_usage`` is one unit of work (it commits at its end); the factor's arithmetic is
``api.sessions.calibration``.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from api.sessions.calibration import update_factor
from api.sessions.schemas import UsageIn, UsageOut
from api.sessions.store import load_session, run_with_retry, touch_session
from api.sessions.tables import AgentSessionRow, SessionUsageRow
from storage.metadata import utcnow

__all__ = ["record_usage"]


def record_usage(
    db: Session,
    *,
    tenant_id: str,
    session_id: str,
    user_scope: str | None,
    body: UsageIn,
    now: datetime | None = None,
) -> UsageOut:
    """Store a provider usage report and fold it into the session's calibration factor.

    The own count compared is the one of the last context ``/context`` returned; a report with
    no context before it is stored but does not move the factor.

    Args:
        now: the app clock's reading for this call (the session's last activity, the times
            stored); the wall clock when omitted.

    Raises:
        SessionNotFound: no such session for this caller.
        StaleVersion: concurrent updates kept conflicting (after several retries).
    """
    load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
    at = now or utcnow()

    def unit() -> UsageOut:
        touch_session(db, tenant_id=tenant_id, session_id=session_id, now=at)
        row = load_session(db, tenant_id=tenant_id, session_id=session_id, user_scope=user_scope)
        own = row.last_context_tokens
        factor = update_factor(
            row.calibration_factor,
            row.calibration_samples,
            provider_tokens=body.input_tokens,
            own_tokens=own or 0,
        )
        if own:
            row.calibration_samples += 1
        row.calibration_factor = factor
        db.add(row)
        db.add(
            SessionUsageRow(
                tenant_id=tenant_id,
                session_id=session_id,
                user_id=row.user_id,
                own_tokens=own,
                factor=factor,
                created_at=at,
                **body.model_dump(),
            )
        )
        db.commit()
        return _usage_out(session_id, body, own, row)

    return run_with_retry(db, unit, what="usage")


def _usage_out(session_id: str, body: UsageIn, own: int | None, row: AgentSessionRow) -> UsageOut:
    ratio = round(body.input_tokens / own, 4) if own else None
    hit = round(body.cached_input_tokens / body.input_tokens, 4) if body.input_tokens > 0 else None
    return UsageOut(
        session_id=session_id,
        own_tokens=own,
        ratio=ratio,
        calibration_factor=round(row.calibration_factor, 4),
        samples=row.calibration_samples,
        cache_hit_rate=hit,
    )
