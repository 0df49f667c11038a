"""The one SQLAlchemy metadata every package's tables register on.

Importing this module before defining tables gives every constraint a predictable name, which
Alembic needs to alter or drop constraints on both SQLite (batch mode) and PostgreSQL.
Tenant-owned tables carry a non-null ``tenant_id`` so that the store can later be distributed by
tenant (``tests/storage/test_tenant_columns.py`` lists the tables and the named exemptions).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import SQLModel

__all__ = ["NAMING_CONVENTION", "metadata", "utcnow"]

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

metadata = SQLModel.metadata
metadata.naming_convention = NAMING_CONVENTION


def utcnow() -> datetime:
    """Timezone-aware now, for column defaults only (testable code takes ``now`` as input)."""
    return datetime.now(UTC)
