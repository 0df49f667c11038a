"""The long-term store's interface: preferences, events and their audit trail, as a ``Protocol``.

Implementations: ``longterm.sql_store.SqlLongtermStore`` (SQLite and PostgreSQL, inside the
caller's transaction: the caller commits) and ``longterm.memory_store.InMemoryLongtermStore``
(the fake for unit tests). ``tests/longterm/test_store_conformance.py`` runs one suite against
all three backends.

The contract every method keeps:

- ``principal`` (who asks) and ``tenant_id`` are required keywords. A principal of another
  tenant, or one restricted to another user (``Principal.user_id``), gets ``NotFound`` exactly
  like a missing row: "not yours" and "not there" look the same.
- Reads are permission-filtered inside the store: what the policy gate does not let the
  principal ``read`` (a sensitive value for an agent key, under the default policy) is left out
  of lists and searches and is ``NotFound`` by key or id. A page may therefore hold fewer than
  ``limit`` items; follow ``next_cursor`` until it is None.
- Expiry is enforced at read against the ``now`` passed in (never a wall clock): an expired
  value is gone for reads whether or not it was purged yet.
- Writes go through the policy gate and record the decision; refusals (denied, less trusted,
  stale ``If-Match``) are ``WriteOutcome`` values, never exceptions, so their history and audit
  rows are kept. Every mutation and every decision guarding a write is audited (ids, counts and
  rule names only, never content).
- Deletes and erasure are not gated (a policy must never keep data a user wants gone); audited.

Consents to consolidation are the policy tier's (``policy.consent``), not part of this store.
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from longterm.gate import Principal
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
from longterm.vocabulary import Action, TenantId, UserId

__all__ = ["LongtermStore"]


class LongtermStore(Protocol):
    """Long-term memory of one deployment: every method is scoped to a tenant and a principal.

    Raises (every method):
        NotFound: the principal is of another tenant or restricted to another user.
        InvalidInput: a malformed request (its subclasses say which part).
    """

    def get_preference(
        self, *, principal: Principal, tenant_id: TenantId, user_id: UserId, key: str, now: datetime
    ) -> Preference:
        """The current, unexpired value of ``key``.

        Raises:
            NotFound: none, expired, or not readable by ``principal``.
        """
        ...

    def list_preferences(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        now: datetime,
        category: str | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[Preference]:
        """The user's current, unexpired, readable preferences ordered by key.

        Raises:
            InvalidCursor: ``cursor`` is not from this listing.
        """
        ...

    def preference_history(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        key: str,
        now: datetime,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[PreferenceChange]:
        """Every change of ``key``, newest first (applied, refused, denied, deleted); entries
        whose value expired are hidden like the value.

        Raises:
            NotFound: values of ``key`` are not readable by ``principal``.
            InvalidCursor: ``cursor`` is not from this listing.
        """
        ...

    def put_preference(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        write: PreferenceWrite,
        now: datetime,
        action: Action = "write",
        standing_consent: bool = False,
    ) -> WriteOutcome:
        """Set one key through the gate, the trust order and ``write.if_match``.

        ``action`` is ``write`` (direct writes), ``promote`` (task end) or
        ``consolidate.write`` (the idle-time job); ``standing_consent`` tells the gate whether
        the user consented to consolidation in the key's category.

        Raises:
            InvalidKey, InvalidValue, InvalidRequest: nothing was stored.
            SupersedeNotAllowed: ``supersede`` without an admin key or a ``user_stated`` source.
        """
        ...

    def delete_preference(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        key: str,
        now: datetime,
        if_match: str | None = None,
    ) -> Preference:
        """Delete the current value and scrub every value from its history (the trail stays).

        Returns the deleted value.

        Raises:
            NotFound: no unexpired value.
            StalePrecondition: ``if_match`` does not name the current version.
        """
        ...

    def add_event(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        write: EventWrite,
        now: datetime,
        action: Action = "write",
        standing_consent: bool = False,
    ) -> WriteOutcome:
        """Append one timeline entry through the gate (``created`` or ``denied``).

        Raises:
            InvalidRequest: the event is malformed (nothing was stored).
        """
        ...

    def get_event(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        event_id: str,
        now: datetime,
    ) -> Event:
        """One unexpired event.

        Raises:
            NotFound: none, expired, or not readable by ``principal``.
        """
        ...

    def list_events(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        now: datetime,
        kind: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[Event]:
        """The user's unexpired, readable events, newest ``occurred_at`` first; ``since``
        inclusive, ``until`` exclusive.

        Raises:
            InvalidCursor: ``cursor`` is not from this listing.
        """
        ...

    def search_events(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        query: str,
        now: datetime,
        limit: int = 20,
    ) -> list[Event]:
        """Unexpired, readable events matching any word of ``query``, most relevant first; a
        query without words matches nothing."""
        ...

    def delete_event(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        event_id: str,
        now: datetime,
    ) -> None:
        """Delete one unexpired event (its full-text entry goes with it).

        Raises:
            NotFound: no such unexpired event.
        """
        ...

    def purge_expired(
        self, *, principal: Principal, tenant_id: TenantId, now: datetime
    ) -> dict[str, int]:
        """Hard-delete what expired at or before ``now``; counts per kind (``preferences``,
        ``preference_history``, ``events``, ``idempotency_keys``), one audit row per user."""
        ...

    def erase_user(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId,
        now: datetime,
        scope: ErasureScope = "all",
    ) -> ErasureReceipt:
        """Erase everything the store holds about the user (and what the implementation was
        given to erase with it); returns the receipt, which stays. Audited."""
        ...

    def export_user(
        self, *, principal: Principal, tenant_id: TenantId, user_id: UserId, now: datetime
    ) -> UserExport:
        """Everything about the user the principal may read; expired values left out."""
        ...

    def list_audit(
        self,
        *,
        principal: Principal,
        tenant_id: TenantId,
        user_id: UserId | None = None,
        action: str | None = None,
        since: datetime | None = None,
        limit: int = 50,
        cursor: str | None = None,
    ) -> Page[AuditRecord]:
        """The tenant's audit rows (of one user when ``user_id`` is given; a principal
        restricted to a user sees only that user's), newest first. ``action`` matches exactly
        or as a prefix ending in ``.``.

        Raises:
            InvalidCursor: ``cursor`` is not from this listing.
        """
        ...
