"""The audit log: one row per mutation and per policy decision guarding a write.

Rows hold ids, roles, actions, outcomes, rule names and counts, never a memory's content. Names
a user or agent chose (preference keys not in the registry, event kinds, consent categories
outside the vocabulary) are passed as ``pseudonyms.FreeText`` and stored only as a keyed
reference (``key:hmac:<32 hex>``, HMAC under the tenant's secret: a bare hash would fall to a
dictionary). After an erasure the user id itself goes the same way (``pseudonymize_user``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TypeVar

from sqlalchemy import desc, update
from sqlmodel import Session, col, select

from longterm.cursors import check_limit, decode_cursor, encode_cursor
from longterm.gate import GateDecision, Principal
from longterm.models import AuditRecord, Page
from longterm.pseudonyms import FreeText, keyed_ref
from longterm.registry import KeySpec
from longterm.storage import AuditRow, audit_from_row, dumps

__all__ = [
    "Detail",
    "audit_key_ref",
    "list_audit",
    "pseudonymize_user",
    "record",
    "record_decision",
]

T = TypeVar("T")

Detail = Mapping[str, int | str | bool | FreeText | None]
"""An audit row's ``detail``: counts, ids and vocabulary words; free text as ``FreeText``."""


def audit_key_ref(spec: KeySpec) -> str | FreeText:
    """How the audit names a preference key: itself if registered, else only its keyed ref."""
    if spec.registered:
        return spec.key
    return FreeText("key", spec.key)


def _stored(db: Session, tenant_id: str, value: T | FreeText, now: datetime) -> T | str:
    if isinstance(value, FreeText):
        return keyed_ref(db, tenant_id=tenant_id, text=value, now=now)
    return value


def record(
    db: Session,
    *,
    tenant_id: str,
    subject: Principal,
    user_id: str | None,
    action: str,
    object_type: str,
    object_id: str | FreeText | None,
    outcome: str,
    now: datetime,
    decision: GateDecision | None = None,
    detail: Detail | None = None,
) -> None:
    """Add one audit row to the caller's transaction.

    ``detail`` is for counts and identifiers only (the type rules out nested content); a
    ``FreeText`` in ``object_id`` or ``detail`` is stored as its keyed reference.
    """
    details = {name: _stored(db, tenant_id, value, now) for name, value in (detail or {}).items()}
    db.add(
        AuditRow(
            tenant_id=tenant_id,
            at=now,
            actor_key_id=subject.key_id,
            actor_role=subject.role,
            user_id=user_id,
            action=action,
            object_type=object_type,
            object_id=_stored(db, tenant_id, object_id, now),
            outcome=outcome,
            policy_version=decision.policy_version if decision else None,
            rule=decision.rule if decision else None,
            detail_json=dumps(details),
        )
    )


def record_decision(
    db: Session,
    *,
    subject: Principal,
    action: str,
    object_type: str,
    object_id: str | FreeText | None,
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


def pseudonymize_user(
    db: Session, *, tenant_id: str, user_id: str, ref: str, until: datetime | None = None
) -> int:
    """Replace ``user_id`` by its keyed reference in the tenant's audit rows (the user column,
    and the object of rows about the user itself), those up to ``until`` if given (a user who
    came back after the erasure keeps the rows of the new life); returns the rows renamed.

    The rows stay, so the trail of what was done remains; only who it was about is gone.
    """
    table = AuditRow.__table__  # type: ignore[attr-defined]
    conn = db.connection()
    mine = table.c.tenant_id == tenant_id
    if until is not None:
        mine = mine & (table.c.at <= until)
    conn.execute(
        update(table)
        .where(mine, table.c.object_type == "user", table.c.object_id == user_id)
        .values(object_id=ref)
    )
    renamed = conn.execute(
        update(table).where(mine, table.c.user_id == user_id).values(user_id=ref)
    )
    return int(renamed.rowcount or 0)


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
