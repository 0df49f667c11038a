"""The audit log: one row per mutation and per policy decision guarding a write.

Rows hold ids, roles, actions, outcomes, rule names and counts, never a memory's content. Keys
that are not in the registry are free text a user may have chosen, so the audit names them only
by a hash (``key:sha256:<16 hex>``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import desc
from sqlmodel import Session, col, select

from longterm.cursors import check_limit, decode_cursor, encode_cursor
from longterm.gate import GateDecision, Principal
from longterm.models import AuditRecord, Page
from longterm.registry import KeySpec
from longterm.storage import AuditRow, audit_from_row, dumps

__all__ = ["audit_key_ref", "list_audit", "record", "record_decision"]


def audit_key_ref(spec: KeySpec) -> str:
    """How the audit names a preference key: itself if registered, else only its hash."""
    if spec.registered:
        return spec.key
    return "key:sha256:" + hashlib.sha256(spec.key.encode()).hexdigest()[:16]


def record(
    db: Session,
    *,
    tenant_id: str,
    subject: Principal,
    user_id: str | None,
    action: str,
    object_type: str,
    object_id: str | None,
    outcome: str,
    now: datetime,
    decision: GateDecision | None = None,
    detail: Mapping[str, int | str | bool | None] | None = None,
) -> None:
    """Add one audit row to the caller's transaction.

    ``detail`` is for counts and identifiers only (the type rules out nested content).
    """
    db.add(
        AuditRow(
            tenant_id=tenant_id,
            at=now,
            actor_key_id=subject.key_id,
            actor_role=subject.role,
            user_id=user_id,
            action=action,
            object_type=object_type,
            object_id=object_id,
            outcome=outcome,
            policy_version=decision.policy_version if decision else None,
            rule=decision.rule if decision else None,
            detail_json=dumps(dict(detail or {})),
        )
    )


def record_decision(
    db: Session,
    *,
    subject: Principal,
    action: str,
    object_type: str,
    object_id: str | None,
    user_id: str,
    decision: GateDecision,
    now: datetime,
) -> None:
    """Audit a policy decision that guards a write (``policy.<action>``, allow or deny)."""
    record(
        db,
        tenant_id=subject.tenant_id,
        subject=subject,
        user_id=user_id,
        action=f"policy.{action}",
        object_type=object_type,
        object_id=object_id,
        outcome="allow" if decision.allowed else "deny",
        now=now,
        decision=decision,
    )


def list_audit(
    db: Session,
    *,
    tenant_id: str,
    user_id: str | None = None,
    action: str | None = None,
    since: datetime | None = None,
    limit: int = 50,
    cursor: str | None = None,
) -> Page[AuditRecord]:
    """The tenant's audit rows, newest first. ``action`` matches exactly or as a prefix
    ending in ``.`` (``policy.`` gives every policy decision).

    Raises:
        InvalidCursor: ``cursor`` is not from this listing.
        InvalidRequest: ``limit`` is below 1.
    """
    limit = check_limit(limit)
    query = select(AuditRow).where(AuditRow.tenant_id == tenant_id)
    if user_id is not None:
        query = query.where(AuditRow.user_id == user_id)
    if action:
        if action.endswith("."):
            query = query.where(col(AuditRow.action).startswith(action, autoescape=True))
        else:
            query = query.where(AuditRow.action == action)
    if since is not None:
        query = query.where(col(AuditRow.at) >= since)
    position = decode_cursor("audit", cursor)
    if position is not None:
        query = query.where(col(AuditRow.id) < int(position[0]))
    rows = db.exec(query.order_by(desc(col(AuditRow.id))).limit(limit + 1)).all()
    items = [audit_from_row(row) for row in rows[:limit]]
    more = len(rows) > limit
    next_cursor = encode_cursor("audit", [items[-1].id]) if more and items else None
    return Page(items, next_cursor)
