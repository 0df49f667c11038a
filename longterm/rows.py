"""Row-level helpers of the write paths: compare-and-swap of the current value, history rows,
entity-tag matching. Internal to ``longterm``; callers use ``write_path`` and ``deletes``."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from longterm.gate import Principal
from longterm.models import PreferenceWrite
from longterm.registry import KeySpec
from longterm.storage import PreferenceHistoryRow, PreferenceRow, consent_to_json, dumps
from longterm.validation import insert_ignore

__all__ = ["add_history", "current_row", "new_id", "scrub_history", "swap"]


def new_id(prefix: str) -> str:
    """A random, unguessable row id with a readable prefix."""
    return f"{prefix}_{uuid.uuid4().hex}"


def current_row(db: Session, *, tenant_id: str, user_id: str, key: str) -> PreferenceRow | None:
    """The stored row of ``key`` (expired or not), freshly read from the database."""
    return db.exec(
        select(PreferenceRow)
        .where(
            PreferenceRow.tenant_id == tenant_id,
            PreferenceRow.user_id == user_id,
            PreferenceRow.key == key,
        )
        .execution_options(populate_existing=True)
    ).first()


def _fields(write: PreferenceWrite, spec: KeySpec, now: datetime) -> dict[str, Any]:
    return {
        "value_json": dumps(write.value),
        "category": spec.category,
        "scope": spec.scope,
        "sensitive": spec.sensitive,
        "source": write.source,
        "source_ids_json": dumps(list(write.source_ids)),
        "confidence": write.confidence,
        "consent_json": consent_to_json(write.consent),
        "valid_from": now,
        "expires_at": write.expires_at,
        "updated_at": now,
    }


def swap(
    db: Session,
    *,
    row: PreferenceRow | None,
    write: PreferenceWrite,
    spec: KeySpec,
    tenant_id: str,
    now: datetime,
) -> PreferenceRow | None:
    """Store the new value if nobody changed the row since it was read; None when they did.

    Creation is ``INSERT .. ON CONFLICT DO NOTHING`` on (tenant, user, key); replacement is an
    ``UPDATE .. WHERE version = <read version>``. Either affects one row or none.
    """
    fields = _fields(write, spec, now)
    if row is None:
        row_id = new_id("pref")
        values = {
            "tenant_id": tenant_id,
            "id": row_id,
            "user_id": write.user_id,
            "key": write.key,
            "version": 1,
            "created_at": now,
            **fields,
        }
        if not insert_ignore(db, PreferenceRow, values):
            return None
    else:
        result = db.connection().execute(
            update(PreferenceRow)
            .where(
                col(PreferenceRow.tenant_id) == tenant_id,
                col(PreferenceRow.id) == row.id,
                col(PreferenceRow.version) == row.version,
            )
            .values(version=row.version + 1, **fields)
        )
        if result.rowcount != 1:
            return None
        row_id = row.id
    return db.exec(
        select(PreferenceRow)
        .where(PreferenceRow.tenant_id == tenant_id, PreferenceRow.id == row_id)
        .execution_options(populate_existing=True)
    ).one()


def add_history(
    db: Session,
    *,
    write: PreferenceWrite,
    subject: Principal,
    now: datetime,
    outcome: str,
    reason: str = "",
    version: int | None = None,
    keep_value: bool = True,
) -> None:
    """Append one history row; ``keep_value=False`` records the attempt without its value."""
    db.add(
        PreferenceHistoryRow(
            tenant_id=subject.tenant_id,
            id=new_id("ph"),
            user_id=write.user_id,
            key=write.key,
            outcome=outcome,
            version=version,
            value_json=dumps(write.value) if keep_value else None,
            source=write.source,
            source_ids_json=dumps(list(write.source_ids)) if keep_value else "[]",
            confidence=write.confidence,
            consent_json=consent_to_json(write.consent) if keep_value else None,
            expires_at=write.expires_at,
            actor_key_id=subject.key_id,
            actor_role=subject.role,
            reason=reason,
            at=now,
        )
    )


def scrub_history(db: Session, *, tenant_id: str, user_id: str, key: str) -> None:
    """Drop values, consent texts and source ids from a key's history, keeping the trail."""
    db.connection().execute(
        update(PreferenceHistoryRow)
        .where(
            col(PreferenceHistoryRow.tenant_id) == tenant_id,
            col(PreferenceHistoryRow.user_id) == user_id,
            col(PreferenceHistoryRow.key) == key,
        )
        .values(value_json=None, consent_json=None, source_ids_json="[]")
    )
