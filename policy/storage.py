"""Tables of the policy area: per-tenant rules and their versions, consents, consolidation
marks and leases, and the record of ended sessions.

Every table carries ``tenant_id``. ``PolicyRuleRow`` is the ``db_class`` handed to
``sqlalchemy_adapter``: it has the adapter's ``ptype``/``v0..v5`` columns plus ``v6..v9`` (the
tiermem policy row has ten fields) and ``tenant_id``, by which the gate loads one tenant's
rules only. None of these tables holds a memory's value: consents hold a category, marks and
session-end records hold keys, ids, rule names and counts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Column, Index, Text, UniqueConstraint, delete, func, select
from sqlmodel import Field, Session, SQLModel, col

from policy.rules import PolicyRule
from storage.metadata import metadata, utcnow
from storage.types import UtcDateTime, as_utc

__all__ = [
    "ConsentRow",
    "ConsolidationMarkRow",
    "PolicyRuleRow",
    "PolicyVersionRow",
    "SessionEndRow",
    "as_utc",
    "erase_user_policy_data",
    "list_policy_versions",
    "save_tenant_rules",
]

assert SQLModel.metadata is metadata  # the naming convention must apply to these tables

_TENANT = 128
_USER = 256


def _when(*, nullable: bool = False) -> Column[datetime]:
    return Column(UtcDateTime(), nullable=nullable)


class PolicyRuleRow(SQLModel, table=True):
    """One current per-tenant policy row (the adapter's ``CasbinRule`` shape plus tenant)."""

    __tablename__ = "policy_rules"
    __table_args__ = (Index("ix_policy_rules_tenant", "tenant_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(max_length=_TENANT)
    ptype: str = Field(max_length=8)
    v0: str | None = Field(default=None, max_length=255)
    v1: str | None = Field(default=None, max_length=255)
    v2: str | None = Field(default=None, max_length=255)
    v3: str | None = Field(default=None, max_length=255)
    v4: str | None = Field(default=None, max_length=255)
    v5: str | None = Field(default=None, max_length=255)
    v6: str | None = Field(default=None, max_length=255)
    v7: str | None = Field(default=None, max_length=255)
    v8: str | None = Field(default=None, max_length=255)
    v9: str | None = Field(default=None, max_length=255)

    @classmethod
    def of(cls, *, tenant_id: str, values: Sequence[str], ptype: str = "p") -> PolicyRuleRow:
        """A row of ``tenant_id`` holding ``values`` in ``v0``, ``v1``, ..."""
        if len(values) > 10:
            raise ValueError("a policy row has at most 10 fields")
        row = cls(tenant_id=tenant_id, ptype=ptype)
        for index, value in enumerate(values):
            setattr(row, f"v{index}", value)
        return row

    def values(self) -> list[str]:
        """The row's fields in order, without trailing empties."""
        fields = [self.v0, self.v1, self.v2, self.v3, self.v4, self.v5]
        fields += [self.v6, self.v7, self.v8, self.v9]
        return [value for value in fields if value is not None]

    def __str__(self) -> str:
        # sqlalchemy_adapter feeds str(row) to casbin's policy-line parser.
        return ", ".join([self.ptype, *self.values()])


class PolicyVersionRow(SQLModel, table=True):
    """One version of a tenant's rule set: the whole set as JSON, who changed it and when."""

    __tablename__ = "policy_versions"
    __table_args__ = (UniqueConstraint("tenant_id", "version"),)

    id: int | None = Field(default=None, primary_key=True)
    tenant_id: str = Field(max_length=_TENANT)
    version: int
    rules_json: str = Field(sa_column=Column(Text, nullable=False))
    rules_sha256: str = Field(max_length=64)
    actor_key_id: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class ConsentRow(SQLModel, table=True):
    """A user's standing consent to consolidation in one category (current state)."""

    __tablename__ = "policy_consents"

    tenant_id: str = Field(primary_key=True, max_length=_TENANT)
    user_id: str = Field(primary_key=True, max_length=_USER)
    category: str = Field(primary_key=True, max_length=64)
    granted: bool = True
    granted_by: str | None = Field(default=None, max_length=64)
    granted_at: datetime = Field(default_factory=utcnow, sa_column=_when())
    withdrawn_by: str | None = Field(default=None, max_length=64)
    withdrawn_at: datetime | None = Field(default=None, sa_column=_when(nullable=True))


class ConsolidationMarkRow(SQLModel, table=True):
    """A session consolidated at a summary version; written in the unit of work's transaction."""

    __tablename__ = "consolidation_marks"
    __table_args__ = (Index("ix_consolidation_marks_tenant_user", "tenant_id", "user_id"),)

    tenant_id: str = Field(primary_key=True, max_length=_TENANT)
    session_id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=_USER)
    summary_version: int = 0
    written: int = 0
    merged: int = 0
    denied: int = 0
    skipped: int = 0
    consolidated_at: datetime = Field(default_factory=utcnow, sa_column=_when())


class SessionEndRow(SQLModel, table=True):
    """A session ended with ``POST /v1/sessions/{id}/end``: the stored answer makes it
    idempotent. The answer lists keys, statuses, rules and reasons, never values."""

    __tablename__ = "session_ends"

    tenant_id: str = Field(primary_key=True, max_length=_TENANT)
    session_id: str = Field(primary_key=True, max_length=64)
    user_id: str = Field(max_length=_USER)
    ended_by: str | None = Field(default=None, max_length=64)
    request_sha256: str = Field(max_length=64)
    response_json: str = Field(sa_column=Column(Text, nullable=False))
    ended_at: datetime = Field(default_factory=utcnow, sa_column=_when())


def erase_user_policy_data(session: Session, *, tenant_id: str, user_id: str) -> dict[str, int]:
    """Delete every policy-area row about one user (for the erasure path); caller commits.

    Returns:
        Rows deleted per table.
    """
    counts: dict[str, int] = {}
    for table in (ConsentRow, ConsolidationMarkRow, SessionEndRow):
        stmt = delete(table).where(col(table.tenant_id) == tenant_id, col(table.user_id) == user_id)
        result = session.execute(stmt)
        counts[str(table.__tablename__)] = int(getattr(result, "rowcount", 0))
    return counts


def save_tenant_rules(
    session: Session,
    *,
    tenant_id: str,
    rules: Sequence[PolicyRule],
    actor_key_id: str | None,
    now: datetime | None = None,
) -> int:
    """Replace a tenant's rule set and record it as the next version; caller commits.

    Two concurrent replacements cannot both win: the version row is unique per tenant, so the
    loser's commit fails with an integrity error and nothing of it is kept.

    Returns:
        The new version number (1 for the first set).
    """
    if any(rule.domain != tenant_id for rule in rules):
        raise ValueError("every rule must be bound to the tenant it is saved for")
    current = session.execute(
        select(func.max(PolicyVersionRow.version)).where(
            col(PolicyVersionRow.tenant_id) == tenant_id
        )
    ).scalar()
    version = int(current or 0) + 1
    session.execute(delete(PolicyRuleRow).where(col(PolicyRuleRow.tenant_id) == tenant_id))
    for rule in rules:
        session.add(PolicyRuleRow.of(tenant_id=tenant_id, values=rule.as_row()))
    body = json.dumps([rule.to_public() for rule in rules], sort_keys=True)
    session.add(
        PolicyVersionRow(
            tenant_id=tenant_id,
            version=version,
            rules_json=body,
            rules_sha256=hashlib.sha256(body.encode()).hexdigest(),
            actor_key_id=actor_key_id,
            created_at=now or utcnow(),
        )
    )
    return version


def list_policy_versions(
    session: Session, *, tenant_id: str, limit: int = 50, before: int | None = None
) -> list[PolicyVersionRow]:
    """A tenant's rule-set versions, newest first (each with the whole set it replaced in),
    only those older than version ``before`` when given (the next page)."""
    stmt = select(PolicyVersionRow).where(col(PolicyVersionRow.tenant_id) == tenant_id)
    if before is not None:
        stmt = stmt.where(col(PolicyVersionRow.version) < before)
    stmt = stmt.order_by(col(PolicyVersionRow.version).desc()).limit(max(1, min(limit, 201)))
    return list(session.scalars(stmt))
