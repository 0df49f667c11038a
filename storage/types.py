"""Column types shared by every package's tables.

``UtcDateTime`` is the one datetime column type: every table uses it (a test walks the metadata).
SQLite has no time zones: SQLAlchemy's plain ``DateTime(timezone=True)`` writes the wall-clock
digits and drops the offset, so ``10:00+08:00`` would be stored, compared and read back as
``10:00`` UTC. This type converts to UTC before binding on both backends and always returns aware
UTC datetimes, so stored text compares in time order and stored and computed times never mix
naive and aware values. In migrations it is plain ``sa.DateTime(timezone=True)`` (same DDL).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

__all__ = ["UtcDateTime", "as_utc"]


def as_utc(value: datetime) -> datetime:
    """``value`` in UTC; a naive datetime is taken to be UTC already."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware (naive input means UTC)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC) if dialect.name != "sqlite" else value
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return as_utc(value)
