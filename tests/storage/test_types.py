"""The one UTC column type: every datetime column uses it, and a ``+08:00`` time written to any
of them reads back equal in meaning (same instant, as aware UTC) on SQLite and PostgreSQL.

The tables are discovered from the metadata, so a table added later is covered without editing
this file. Rows are filled generically from the column types; a foreign key gets its parent row
the same way.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import Boolean, Column, DateTime, Engine, Float, Integer, String, Table, select
from sqlalchemy.engine import Connection
from sqlalchemy.types import TypeDecorator

import api.storage.tables_registry  # noqa: F401  (every tier's tables on the metadata)
from storage.metadata import metadata
from storage.types import UtcDateTime, as_utc

SHANGHAI = timezone(timedelta(hours=8))
WRITTEN = datetime(2026, 3, 1, 9, 30, 15, 123456, tzinfo=SHANGHAI)  # 01:30:15.123456 UTC


def _is_datetime(column: Column[Any]) -> bool:
    kind = column.type
    return isinstance(kind, DateTime) or isinstance(getattr(kind, "impl", None), DateTime)


def _datetime_columns() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for table in metadata.sorted_tables:
        names = [c.name for c in table.columns if _is_datetime(c)]
        if names:
            out[table.name] = names
    return out


DATETIME_COLUMNS = _datetime_columns()


def test_the_metadata_has_the_tables_of_every_tier() -> None:
    # The discovery must see sessions, policy, long-term, keys and lease tables alike.
    for name in ("agent_sessions", "policy_consents", "lt_events", "api_key", "job_leases"):
        assert name in DATETIME_COLUMNS, name


@pytest.mark.parametrize("table_name", sorted(DATETIME_COLUMNS))
def test_every_datetime_column_is_utc_datetime(table_name: str) -> None:
    table = metadata.tables[table_name]
    for name in DATETIME_COLUMNS[table_name]:
        assert isinstance(table.c[name].type, UtcDateTime), f"{table_name}.{name}"


def test_as_utc() -> None:
    assert as_utc(WRITTEN) == WRITTEN
    assert as_utc(WRITTEN).utcoffset() == timedelta(0)
    assert as_utc(datetime(2026, 3, 1, 1, 30)) == datetime(2026, 3, 1, 1, 30, tzinfo=UTC)


def _filler(column: Column[Any], marker: str) -> Any:
    if _is_datetime(column):
        return WRITTEN
    kind = column.type
    if isinstance(kind, TypeDecorator):  # sqlmodel's AutoString wraps String
        kind = kind.impl_instance
    if isinstance(kind, Boolean):
        return False
    if isinstance(kind, Integer):
        return 1
    if isinstance(kind, Float):
        return 1.0
    if isinstance(kind, String) and kind.length is not None:
        return marker[: kind.length]
    return "{}"  # Text: JSON documents and free text alike


def _autoincrement(table: Table, column: Column[Any]) -> bool:
    return column.primary_key and isinstance(column.type, Integer) and len(table.primary_key) == 1


def _insert(conn: Connection, table: Table, marker: str) -> dict[str, Any]:
    """Insert one row (and, first, its foreign keys' parent rows); returns its primary key."""
    for fk in table.foreign_keys:
        parent = fk.column.table
        if parent is not table:
            exists = conn.execute(select(fk.column).where(fk.column == marker)).first()
            if exists is None:
                _insert(conn, parent, marker)
    values = {c.name: _filler(c, marker) for c in table.columns if not _autoincrement(table, c)}
    key = conn.execute(table.insert().values(**values).returning(*table.primary_key)).one()
    return dict(key._mapping)


@pytest.mark.parametrize("table_name", sorted(DATETIME_COLUMNS))
def test_offset_round_trips_through_every_table(engine: Engine, table_name: str) -> None:
    table = metadata.tables[table_name]
    marker = f"rt{uuid.uuid4().hex[:10]}"
    columns = [table.c[name] for name in DATETIME_COLUMNS[table_name]]
    with engine.begin() as conn:
        key = _insert(conn, table, marker)
    where = [table.c[name] == value for name, value in key.items()]
    with engine.connect() as conn:
        row = conn.execute(select(*columns).where(*where)).one()
        for column, value in zip(columns, row, strict=True):
            assert value == WRITTEN, f"{table_name}.{column.name}: {value!r}"
            assert value.utcoffset() == timedelta(0), f"{table_name}.{column.name}"
            # The same instant bound in other offsets finds the row: stored values compare in
            # time order, which is what expiry and idle checks rely on.
            for offset in (UTC, timezone(timedelta(hours=-5))):
                same = WRITTEN.astimezone(offset)
                hit = conn.execute(select(*where[:1]).where(*where, column == same)).first()
                assert hit is not None, f"{table_name}.{column.name} at {same.isoformat()}"
                later = conn.execute(
                    select(*where[:1]).where(*where, column < same - timedelta(hours=1))
                ).first()
                assert later is None, f"{table_name}.{column.name} compares 8 hours off"
        if engine.dialect.name == "sqlite":
            raw = conn.exec_driver_sql(
                f"SELECT {', '.join(c.name for c in columns)} FROM {table_name} "
                f"WHERE {' AND '.join(f'{k} = ?' for k in key)}",
                tuple(key.values()),
            ).one()
            assert all(str(text).startswith("2026-03-01 01:30:15") for text in raw), raw
