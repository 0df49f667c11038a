"""The one SQLAlchemy metadata every tier's tables register on.

Importing this module before defining tables gives every constraint a predictable name, which
Alembic needs to alter or drop constraints on both SQLite (batch mode) and PostgreSQL.
Every table in tiermem carries ``tenant_id`` so that the store can later be sharded by tenant.
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
    """Timezone-aware now, for storage defaults only (the run-time tier takes ``now`` as input)."""
    return datetime.now(UTC)
