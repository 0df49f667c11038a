"""``LongtermStore`` on SQLite and PostgreSQL, inside the caller's unit of work.

``SqlLongtermStore(db, gate=...)`` binds one SQLModel session: every method reads and writes in
its transaction and the caller commits (refusals too: their history and audit rows are the
point). The SQL lives in ``queries`` (reads), ``write_path`` (writes), ``deletes``, ``expiry``,
``erasure``, ``export`` and ``audit``; this class adds what the interface promises on top: the
principal's tenant and user checked first, reads filtered through the gate.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from sqlmodel import Session

from longterm import audit, deletes, erasure, expiry, export, queries
from longterm.errors import NotFound
from longterm.gate import PolicyGate, Principal
from longterm.models import (
    AuditRecord,
    ErasureReceipt,
    ErasureScope,
    Event,
    EventWrite,
    Page,
    Preference,
    PreferenceChange,
    PreferenceWrite,
    UserExport,
    WriteOutcome,
)
from longterm.reads import (
    check_access,
    may_read_event,
    may_read_key,
    may_read_preference,
    readable_events,
    readable_preferences,
)
from longterm.registry import DEFAULT_REGISTRY, KeyRegistry
from longterm.vocabulary import Action
from longterm.write_path import submit

__all__ = ["SqlLongtermStore"]


class SqlLongtermStore:
    """The long-term store over one database session (see ``longterm.store.LongtermStore``).

    Args:
        db: the unit of work's session; the caller commits or rolls back.
        gate: decides every write and every read (``action="read"``).
        registry: the preference keys known to this deployment.
        hooks: erasers of data other areas own, run by every ``erase_user`` in the same
            transaction (``hook(db, tenant_id, user_id) -> counts``; e.g. standing consents).
        session_hooks: erasers run only for ``scope="all"`` (the sessions' data).
    """

    def __init__(
        self,
        db: Session,
        *,
        gate: PolicyGate,
        registry: KeyRegistry = DEFAULT_REGISTRY,
        hooks: Iterable[erasure.EraseHook] = (),
        session_hooks: Iterable[erasure.EraseHook] = (),
    ) -> None:
        self.db = db
        self.gate = gate
        self.registry = registry
        self.hooks = tuple(hooks)
        self.session_hooks = tuple(session_hooks)

    # --- preferences -------------------------------------------------------------------------

    def get_preference(
        self, *, principal: Principal, tenant_id: str, user_id: str, key: str, now: datetime
    ) -> Preference:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        pref = queries.get_preference(
            self.db, tenant_id=tenant_id, user_id=user_id, key=key, now=now
        )
        if not may_read_preference(self.gate, principal, pref):
            raise NotFound(f"no preference {key!r}")
        return pref

    def list_preferences(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        now: datetime,
        category: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[Preference]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        page = queries.list_preferences(
            self.db,
            tenant_id=tenant_id,
            user_id=user_id,
            now=now,
            category=category,
            limit=limit,
            cursor=cursor,
        )
        return Page(readable_preferences(self.gate, principal, page.items), page.next_cursor)

    def preference_history(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        key: str,
        now: datetime,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[PreferenceChange]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        spec = self.registry.lookup(key)
        if not may_read_key(self.gate, principal, spec, user_id=user_id):
            raise NotFound(f"no preference {key!r}")
        return queries.preference_history(
            self.db,
            tenant_id=tenant_id,
            user_id=user_id,
            key=key,
            now=now,
            limit=limit,
            cursor=cursor,
        )

    def put_preference(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        write: PreferenceWrite,
        now: datetime,
        action: Action = "write",
        standing_consent: bool = False,
    ) -> WriteOutcome:
        check_access(principal, tenant_id=tenant_id, user_id=write.user_id)
        return submit(
            self.db,
            write=write,
            subject=principal,
            gate=self.gate,
            now=now,
            action=action,
            registry=self.registry,
            standing_consent=standing_consent,
        )

    def delete_preference(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        key: str,
        now: datetime,
        if_match: str | None = None,
    ) -> Preference:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        return deletes.delete_preference(
            self.db,
            subject=principal,
            user_id=user_id,
            key=key,
            now=now,
            if_match=if_match,
            registry=self.registry,
        )

    # --- events ------------------------------------------------------------------------------

    def add_event(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        write: EventWrite,
        now: datetime,
        action: Action = "write",
        standing_consent: bool = False,
    ) -> WriteOutcome:
        check_access(principal, tenant_id=tenant_id, user_id=write.user_id)
        return submit(
            self.db,
            write=write,
            subject=principal,
            gate=self.gate,
            now=now,
            action=action,
            registry=self.registry,
            standing_consent=standing_consent,
        )

    def get_event(
        self, *, principal: Principal, tenant_id: str, user_id: str, event_id: str, now: datetime
    ) -> Event:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        event = queries.get_event(
            self.db, tenant_id=tenant_id, user_id=user_id, event_id=event_id, now=now
        )
        if not may_read_event(self.gate, principal, event):
            raise NotFound(f"no event {event_id!r}")
        return event

    def list_events(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        now: datetime,
        kind: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[Event]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        page = queries.list_events(
            self.db,
            tenant_id=tenant_id,
            user_id=user_id,
            now=now,
            kind=kind,
            since=since,
            until=until,
            limit=limit,
            cursor=cursor,
        )
        return Page(readable_events(self.gate, principal, page.items), page.next_cursor)

    def search_events(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        query: str,
        now: datetime,
        limit: int = 20,
    ) -> list[Event]:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        found = queries.search_events(
            self.db, tenant_id=tenant_id, user_id=user_id, query=query, now=now, limit=limit
        )
        return readable_events(self.gate, principal, found)

    def delete_event(
        self, *, principal: Principal, tenant_id: str, user_id: str, event_id: str, now: datetime
    ) -> None:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        deletes.delete_event(
            self.db, subject=principal, user_id=user_id, event_id=event_id, now=now
        )

    # --- lifecycle ---------------------------------------------------------------------------

    def purge_expired(
        self, *, principal: Principal, tenant_id: str, now: datetime
    ) -> dict[str, int]:
        check_access(principal, tenant_id=tenant_id)
        return expiry.purge_expired(self.db, subject=principal, now=now)

    def erase_user(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str,
        now: datetime,
        scope: ErasureScope = "all",
    ) -> ErasureReceipt:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        return erasure.erase_user(
            self.db,
            subject=principal,
            user_id=user_id,
            now=now,
            scope=scope,
            hooks=self.hooks,
            session_hooks=self.session_hooks,
        )

    def export_user(
        self, *, principal: Principal, tenant_id: str, user_id: str, now: datetime
    ) -> UserExport:
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        data = export.export_user(self.db, tenant_id=tenant_id, user_id=user_id, now=now)
        readable_keys: dict[str, bool] = {}
        history = []
        for change in data.history:
            if change.key not in readable_keys:
                spec = self.registry.lookup(change.key)
                readable_keys[change.key] = may_read_key(
                    self.gate, principal, spec, user_id=user_id
                )
            if readable_keys[change.key]:
                history.append(change)
        return UserExport(
            tenant_id=data.tenant_id,
            user_id=data.user_id,
            exported_at=data.exported_at,
            preferences=readable_preferences(self.gate, principal, data.preferences),
            history=history,
            events=readable_events(self.gate, principal, data.events),
            audit=data.audit,
            receipts=data.receipts,
        )

    # --- audit -------------------------------------------------------------------------------

    def list_audit(
        self,
        *,
        principal: Principal,
        tenant_id: str,
        user_id: str | None = None,
        action: str | None = None,
        since: datetime | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[AuditRecord]:
        user_id = principal.user_id if user_id is None else user_id
        check_access(principal, tenant_id=tenant_id, user_id=user_id)
        return audit.list_audit(
            self.db,
            tenant_id=tenant_id,
            user_id=user_id,
            action=action,
            since=since,
            limit=limit,
            cursor=cursor,
        )
