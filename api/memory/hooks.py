"""The erase functions other areas provide, wired into the long-term erasure.

``longterm`` is a library and imports no service code; this module hands it the policy tier's
consents/marks eraser (run for every erasure) and the sessions API's eraser (run unless the
erasure is ``scope=longterm``).
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlmodel import Session

from api.sessions import erase_user_sessions
from longterm.erasure import EraseHook
from policy.storage import erase_user_policy_data

__all__ = ["erase_hooks"]


def _policy(db: Session, tenant_id: str, user_id: str) -> Mapping[str, int]:
    return erase_user_policy_data(db, tenant_id=tenant_id, user_id=user_id)


def _sessions(db: Session, tenant_id: str, user_id: str) -> Mapping[str, int]:
    return erase_user_sessions(db, tenant_id=tenant_id, user_id=user_id)


def erase_hooks() -> tuple[list[EraseHook], list[EraseHook]]:
    """``(hooks, session_hooks)`` for ``longterm.erasure.erase_user`` / ``reapply_receipts``."""
    return [_policy], [_sessions]
