"""A user's whole erasure: the long-term erasure with the erase functions other areas provide.

``longterm`` is a library and imports no service code; this module hands it the policy tier's
consents/marks eraser, the revocation of the user's API keys (the revoked rows keep only the
user's keyed reference, ``longterm.pseudonyms.user_ref``) and the release of the user's job
leases (their names hold the user id), run for every erasure, and the sessions API's eraser (run
unless the erasure is ``scope=longterm``), then makes the erased text unrecoverable.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import Engine, delete, update
from sqlmodel import Session, col

from api.sessions import erase_user_sessions
from api.storage.keys import ApiKeyRow, KeyStore
from api.user_memory.schemas import ErasureReceiptPublic
from longterm.erasure import EraseHook, erase_user, finalize_erasure
from longterm.gate import Principal
from longterm.pseudonyms import user_ref
from policy.storage import erase_user_policy_data
from runtime import forget_cached_text
from storage.locks import JobLeaseRow

__all__ = ["erase_everything", "erase_hooks"]


def _policy(db: Session, tenant_id: str, user_id: str) -> Mapping[str, int]:
    return erase_user_policy_data(db, tenant_id=tenant_id, user_id=user_id)


def _sessions(db: Session, tenant_id: str, user_id: str) -> Mapping[str, int]:
    return erase_user_sessions(db, tenant_id=tenant_id, user_id=user_id)


def _keys(db: Session, tenant_id: str, user_id: str) -> Mapping[str, int]:
    # The erased user's own keys stop working with the data (every scope): a key restricted to
    # a user who no longer exists could only write them back.
    revoked = KeyStore(db.get_bind()).revoke_user_keys(db, tenant_id=tenant_id, user_id=user_id)  # type: ignore[arg-type]
    # The revoked rows stay (key ids appear in the audit); who they belonged to does not. The
    # erasure made the tenant's secret before the hooks ran, so ``now`` only fills a new row's
    # time when a re-application runs against a database restored without it.
    ref = user_ref(db, tenant_id=tenant_id, user_id=user_id, now=datetime.now(UTC))
    db.connection().execute(
        update(ApiKeyRow)
        .where(col(ApiKeyRow.tenant_id) == tenant_id, col(ApiKeyRow.user_id) == user_id)
        .values(user_id=ref)
    )
    return {"api_keys_revoked": revoked}


def _leases(db: Session, tenant_id: str, user_id: str) -> Mapping[str, int]:
    # Run-once leases are named after their unit (``consolidate:user:<id>``); one left by a
    # crashed runner would keep the user id. A running job only loses a lease it no longer needs.
    db.connection().execute(
        delete(JobLeaseRow).where(
            col(JobLeaseRow.tenant_id) == tenant_id,
            col(JobLeaseRow.name).endswith(f":user:{user_id}", autoescape=True),
        )
    )
    return {}


def erase_hooks() -> tuple[list[EraseHook], list[EraseHook]]:
    """``(hooks, session_hooks)`` for ``longterm.erasure.erase_user`` / ``reapply_receipts``."""
    return [_policy, _keys, _leases], [_sessions]


def erase_everything(
    db: Session,
    engine: Engine,
    *,
    caller: Principal,
    user_id: str,
    now: datetime,
    scope: Literal["all", "longterm"],
) -> ErasureReceiptPublic:
    """Erase ``user_id`` in the caller's tenant, commit, and leave no copy of the text behind
    (SQLite WAL checkpointed and truncated, this process's run-time text caches cleared).

    The caller's right to erase (admin, or a key restricted to this user) is the route's to
    check; ``user_id`` is taken as stored (ids from before the user-id rule included).
    """
    hooks, session_hooks = erase_hooks()
    receipt = erase_user(
        db,
        subject=caller,
        user_id=user_id,
        now=now,
        scope=scope,
        hooks=hooks,
        session_hooks=session_hooks,
    )
    db.commit()
    finalize_erasure(engine)
    forget_cached_text()  # the run-time tier's text caches of this process hold none of it either
    return ErasureReceiptPublic.of(receipt)
