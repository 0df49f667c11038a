"""Erasure of one user: everything tiermem holds about them in a tenant, really deleted.

``erase_user`` deletes, in the caller's transaction, the user's preferences and their history,
events (and, through triggers, their full-text entries), stored idempotent responses, and what
the given hooks own (the sessions API's messages, summaries and snapshots). It leaves an
``ErasureReceipt`` (counts per kind, time, id) and one audit row holding only ids and counts.

On SQLite the connection runs with ``secure_delete`` so deleted cells are zeroed, the FTS5 index
is merged (``optimize``) so no deleted term survives in an index segment, and, after the caller
commits, ``finalize_erasure`` checkpoints and truncates the WAL so no old page image of the
user's rows remains in ``-wal``. On PostgreSQL deleted tuples stay on disk until VACUUM;
``finalize_erasure(vacuum=True)`` runs it on the long-term tables (see docs/erasure.md, which
also covers backups and ``reapply_receipts`` after a restore).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime

from sqlalchemy import Engine, delete, text
from sqlmodel import Session, SQLModel, col, select

from longterm import audit
from longterm.gate import Principal
from longterm.models import ErasureReceipt, ErasureScope
from longterm.rows import new_id
from longterm.storage import (
    ErasureReceiptRow,
    EventRow,
    IdempotencyRow,
    PreferenceHistoryRow,
    PreferenceRow,
    dumps,
    receipt_from_row,
)

__all__ = [
    "LONGTERM_TABLES",
    "EraseHook",
    "compact_fulltext",
    "erase_user",
    "finalize_erasure",
    "list_receipts",
    "reapply_receipts",
]

EraseHook = Callable[[Session, str, str], Mapping[str, int]]
"""``hook(db, tenant_id, user_id) -> counts``: erases data another area owns, same transaction."""

LONGTERM_TABLES = (
    "lt_preferences",
    "lt_preference_history",
    "lt_events",
    "lt_idempotency_keys",
)

_KINDS: tuple[tuple[str, type[SQLModel], str], ...] = (
    ("preferences", PreferenceRow, "created_at"),
    ("preference_history", PreferenceHistoryRow, "at"),
    ("events", EventRow, "created_at"),
    ("idempotency_keys", IdempotencyRow, "created_at"),
)


def _delete_user_rows(
    db: Session, *, tenant_id: str, user_id: str, before: datetime | None = None
) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind, model, time_column in _KINDS:
        table = model.__table__  # type: ignore[attr-defined]
        statement = delete(table).where(table.c.tenant_id == tenant_id, table.c.user_id == user_id)
        if before is not None:
            statement = statement.where(table.c[time_column] <= before)
        counts[kind] = int(db.connection().execute(statement).rowcount or 0)
    return counts


def compact_fulltext(db: Session) -> None:
    """Merge the SQLite FTS5 index so deleted terms leave its segments (no-op on PostgreSQL)."""
    if db.get_bind().dialect.name == "sqlite":
        db.connection().exec_driver_sql(
            "INSERT INTO lt_events_fts(lt_events_fts) VALUES('optimize')"
        )


def erase_user(
    db: Session,
    *,
    subject: Principal,
    user_id: str,
    now: datetime,
    scope: ErasureScope = "all",
    hooks: Iterable[EraseHook] = (),
    session_hooks: Iterable[EraseHook] = (),
) -> ErasureReceipt:
    """Erase ``user_id`` in ``subject``'s tenant; the caller commits, then calls
    ``finalize_erasure``. ``hooks`` (e.g. the policy tier's consents) always run;
    ``session_hooks`` (the sessions API's data) only for ``scope="all"``.

    Not gated by policy (a policy must never keep data a user wants gone); audited.
    """
    tenant = subject.tenant_id
    if db.get_bind().dialect.name == "sqlite":
        db.connection().exec_driver_sql("PRAGMA secure_delete=ON")
    db.flush()
    counts = _delete_user_rows(db, tenant_id=tenant, user_id=user_id)
    for hook in (*hooks, *(session_hooks if scope == "all" else ())):
        for kind, count in hook(db, tenant, user_id).items():
            counts[kind] = counts.get(kind, 0) + int(count)
    # Always, even without events now: terms of events deleted one by one earlier may still
    # sit in an index segment until the next merge.
    compact_fulltext(db)
    row = ErasureReceiptRow(
        tenant_id=tenant,
        id=new_id("er"),
        user_id=user_id,
        scope=scope,
        counts_json=dumps(counts),
        erased_at=now,
        actor_key_id=subject.key_id,
    )
    db.add(row)
    audit.record(
        db,
        tenant_id=tenant,
        subject=subject,
        user_id=user_id,
        action="user.erase",
        object_type="user",
        object_id=row.id,
        outcome="ok",
        now=now,
        detail=dict(counts),
    )
    db.flush()
    return receipt_from_row(row)


def finalize_erasure(engine: Engine, *, vacuum: bool = False) -> None:
    """After the erasure is committed: on SQLite, checkpoint and truncate the WAL so its old page
    images are gone; on PostgreSQL, optionally ``VACUUM`` the long-term tables so dead tuples
    are reclaimed now rather than at the next autovacuum.
    """
    if engine.dialect.name == "sqlite":
        with engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return
    if vacuum:
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            for table in (*LONGTERM_TABLES, "lt_audit_log"):
                conn.execute(text(f"VACUUM {table}"))


def list_receipts(
    db: Session, *, tenant_id: str, user_id: str | None = None
) -> list[ErasureReceipt]:
    """The tenant's erasure receipts, oldest first."""
    query = select(ErasureReceiptRow).where(ErasureReceiptRow.tenant_id == tenant_id)
    if user_id is not None:
        query = query.where(ErasureReceiptRow.user_id == user_id)
    rows = db.exec(query.order_by(col(ErasureReceiptRow.erased_at))).all()
    return [receipt_from_row(row) for row in rows]


def reapply_receipts(
    db: Session,
    *,
    subject: Principal,
    now: datetime,
    hooks: Iterable[EraseHook] = (),
    session_hooks: Iterable[EraseHook] = (),
) -> dict[str, int]:
    """Re-run every erasure of the tenant after a restore from a backup older than some of them.

    Long-term rows created up to each receipt's time are deleted again (rows the user created
    after the erasure are kept); ``hooks`` run again for every receipt, ``session_hooks`` for
    ``scope="all"`` receipts (they erase all of the user's data they own). Audited.
    """
    totals: dict[str, int] = {}
    always, sessions = tuple(hooks), tuple(session_hooks)
    for receipt in list_receipts(db, tenant_id=subject.tenant_id):
        counts = _delete_user_rows(
            db, tenant_id=subject.tenant_id, user_id=receipt.user_id, before=receipt.erased_at
        )
        for hook in (*always, *(sessions if receipt.scope == "all" else ())):
            for kind, count in hook(db, subject.tenant_id, receipt.user_id).items():
                counts[kind] = counts.get(kind, 0) + int(count)
        for kind, count in counts.items():
            totals[kind] = totals.get(kind, 0) + count
        audit.record(
            db,
            tenant_id=subject.tenant_id,
            subject=subject,
            user_id=receipt.user_id,
            action="user.erase.reapply",
            object_type="user",
            object_id=receipt.id,
            outcome="ok",
            now=now,
            detail=dict(counts),
        )
    compact_fulltext(db)
    db.flush()
    return totals
