"""Erasure of one user: everything tiermem holds about them in a tenant, really deleted.

``erase_user`` deletes, in the caller's transaction, the user's preferences and their history,
events (and, through triggers, their full-text entries), stored idempotent responses, and what
the given hooks own (the sessions API's messages, summaries and snapshots). It leaves an
``ErasureReceipt`` (counts per kind, time, id) and one audit row holding only ids and counts.
What stays (the audit rows about the user, the receipts, and what hooks rename in other areas,
e.g. revoked API keys) names the user only by ``user:hmac:<32 hex>``, an HMAC under the tenant's
secret (``longterm.pseudonyms``, created before the hooks run): the trail remains, the user id
does not.

On SQLite the connection runs with ``secure_delete`` so deleted cells are zeroed, the FTS5 index
is merged (``optimize``) so no deleted term survives in an index segment, and, after the caller
commits, ``finalize_erasure`` checkpoints and truncates the WAL so no old page image of the
user's rows remains in ``-wal``. On PostgreSQL deleted tuples stay on disk until VACUUM;
``finalize_erasure(vacuum=True)`` runs it on the long-term tables (see docs/erasure.md, which
also covers backups and ``reapply_receipts`` after a restore).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import datetime

from sqlalchemy import Engine, delete, inspect, text, update
from sqlmodel import Session, SQLModel, col, select

from longterm import audit
from longterm.gate import Principal
from longterm.models import ErasureReceipt, ErasureScope
from longterm.pseudonyms import is_ref, refs_of, tenant_secret, user_ref
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
    "forget_user",
    "list_receipts",
    "reapply_receipts",
    "stored_user_ids",
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
    ``session_hooks`` (the sessions API's data) only for ``scope="all"``. The tenant's secret
    exists before the hooks run, so a hook may rename the user in what its area keeps
    (``pseudonyms.user_ref``). The stored receipt and audit rows name the user by its keyed
    reference; the returned receipt says ``user_id`` (the caller gave it).

    Not gated by policy (a policy must never keep data a user wants gone); audited.
    """
    tenant = subject.tenant_id
    if db.get_bind().dialect.name == "sqlite":
        db.connection().exec_driver_sql("PRAGMA secure_delete=ON")
    db.flush()
    ref = user_ref(db, tenant_id=tenant, user_id=user_id, now=now)
    counts = _delete_user_rows(db, tenant_id=tenant, user_id=user_id)
    for hook in (*hooks, *(session_hooks if scope == "all" else ())):
        for kind, count in hook(db, tenant, user_id).items():
            counts[kind] = counts.get(kind, 0) + int(count)
    # Always, even without events now: terms of events deleted one by one earlier may still
    # sit in an index segment until the next merge.
    compact_fulltext(db)
    forget_user(db, tenant_id=tenant, user_id=user_id, ref=ref)
    row = ErasureReceiptRow(
        tenant_id=tenant,
        id=new_id("er"),
        user_id=ref,
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
        user_id=ref,
        action="user.erase",
        object_type="user",
        object_id=row.id,
        outcome="ok",
        now=now,
        detail=dict(counts),
    )
    db.flush()
    return replace(receipt_from_row(row), user_id=user_id)


def forget_user(
    db: Session, *, tenant_id: str, user_id: str, ref: str, until: datetime | None = None
) -> int:
    """Replace ``user_id`` by ``ref`` in the long-term rows that outlive the erasure: the audit
    log (rows up to ``until`` if given) and earlier receipts of the same user; returns the rows
    renamed."""
    renamed = audit.pseudonymize_user(
        db, tenant_id=tenant_id, user_id=user_id, ref=ref, until=until
    )
    table = ErasureReceiptRow.__table__  # type: ignore[attr-defined]
    result = db.connection().execute(
        update(table)
        .where(table.c.tenant_id == tenant_id, table.c.user_id == user_id)
        .values(user_id=ref)
    )
    return renamed + int(result.rowcount or 0)


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


def stored_user_ids(db: Session, *, tenant_id: str) -> set[str]:
    """Every user id that any table holding ``tenant_id`` and ``user_id`` columns has for the
    tenant (keyed references left out): the candidates a receipt's reference is tested against.

    Read from the database's own catalogue, so tables of every area count (sessions, policy,
    API keys) without the long-term tier importing them.
    """
    conn = db.connection()
    inspector = inspect(conn)
    found: set[str] = set()
    for table in inspector.get_table_names():
        columns = {column["name"] for column in inspector.get_columns(table)}
        if not {"tenant_id", "user_id"} <= columns:
            continue
        rows = conn.execute(
            text(f'SELECT DISTINCT user_id FROM "{table}" WHERE tenant_id = :tenant'),
            {"tenant": tenant_id},
        )
        found.update(str(value) for (value,) in rows if value is not None and not is_ref(value))
    return found


def reapply_receipts(
    db: Session,
    *,
    subject: Principal,
    now: datetime,
    hooks: Iterable[EraseHook] = (),
    session_hooks: Iterable[EraseHook] = (),
) -> dict[str, int]:
    """Re-run every erasure of the tenant after a restore from a backup older than some of them.

    A receipt names its user by keyed reference: every user id the restored tables hold is
    HMAC'd under the tenant's secret and compared (the secret must have survived the restore,
    see docs/erasure.md). For each match, long-term rows created up to the receipt's time are
    deleted again (rows the user created after the erasure are kept); ``hooks`` run again,
    ``session_hooks`` for ``scope="all"`` receipts (they erase all of the user's data they own);
    the user id is replaced by its reference again. Receipts from before keyed references hold
    the user id itself and are applied the same way. Audited (``user.erase.reapply``).
    """
    tenant = subject.tenant_id
    totals: dict[str, int] = {}
    always, sessions = tuple(hooks), tuple(session_hooks)
    known = refs_of(
        tenant_secret(db, tenant_id=tenant, now=now), "user", stored_user_ids(db, tenant_id=tenant)
    )
    for receipt in list_receipts(db, tenant_id=tenant):
        user = known.get(receipt.user_id) if is_ref(receipt.user_id) else receipt.user_id
        counts: dict[str, int] = {}
        ref = receipt.user_id
        if user is not None:
            counts = _delete_user_rows(db, tenant_id=tenant, user_id=user, before=receipt.erased_at)
            for hook in (*always, *(sessions if receipt.scope == "all" else ())):
                for kind, count in hook(db, tenant, user).items():
                    counts[kind] = counts.get(kind, 0) + int(count)
            ref = user_ref(db, tenant_id=tenant, user_id=user, now=now)
            forget_user(db, tenant_id=tenant, user_id=user, ref=ref, until=receipt.erased_at)
        for kind, count in counts.items():
            totals[kind] = totals.get(kind, 0) + count
        audit.record(
            db,
            tenant_id=tenant,
            subject=subject,
            user_id=ref,
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
