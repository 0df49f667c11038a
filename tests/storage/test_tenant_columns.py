"""Every tenant-owned table has a non-null ``tenant_id``, so the store can later be distributed by
tenant (e.g. Citus) without a redesign; the tables that are not distributed are named here, each
with its reason.

The tables come from the metadata (every package's tables, through ``tables_registry``) and,
for what migrations create outside it, from the migrated databases themselves.
"""

from __future__ import annotations

import pytest
from sqlalchemy import Engine, String, UniqueConstraint, inspect
from sqlalchemy.types import TypeDecorator

import api.storage.tables_registry  # noqa: F401  (every tier's tables on the metadata)
from storage.metadata import metadata

REFERENCE_TABLES = {
    "tenant": "the tenant list itself (a reference table under distribution)",
    "api_key": "looked up by secret hash before the tenant is known (the API-key lookup); "
    "a reference table under distribution",
}
"""Tables in the metadata that are not tenant-owned (they carry ``tenant_id`` as data)."""

OUTSIDE_METADATA = {
    "alembic_version": "Alembic's revision bookkeeping",
    "lt_events_fts": "SQLite FTS5 index over lt_events (tenant_id is one of its columns)",
}
"""Tables the migrations create that no model declares (FTS5 shadow tables share the prefix)."""

PRIMARY_KEY_WITHOUT_TENANT = {
    "lt_audit_log": "integer id; tenant_id leads its indexes",
    "policy_rules": "integer id; tenant_id leads its index",
    "policy_versions": "integer id; unique (tenant_id, version)",
    "session_snapshots": "integer id; unique (tenant_id, session_id, version)",
    "session_summaries": "integer id; unique (tenant_id, session_id, version)",
    "session_usage": "integer id; tenant_id leads its index",
}
"""Tenant-owned tables whose primary key does not include ``tenant_id`` yet. Distributing them
needs the key widened to ``(tenant_id, id)`` (Citus requires the distribution column in every
primary and unique key); listed so that a new table cannot join them unnoticed."""

TABLES = sorted(metadata.tables)
TENANT_OWNED = [name for name in TABLES if name not in REFERENCE_TABLES]


def test_exemptions_name_existing_tables() -> None:
    assert set(REFERENCE_TABLES) <= set(TABLES)
    assert set(PRIMARY_KEY_WITHOUT_TENANT) <= set(TENANT_OWNED)
    assert len(TENANT_OWNED) >= 15  # sessions, policy, long-term and lease tables


@pytest.mark.parametrize("name", TENANT_OWNED)
def test_tenant_owned_table_has_a_non_null_tenant_id(name: str) -> None:
    column = metadata.tables[name].c.get("tenant_id")
    assert column is not None, f"{name} has no tenant_id"
    assert not column.nullable, f"{name}.tenant_id is nullable"
    kind = column.type.impl_instance if isinstance(column.type, TypeDecorator) else column.type
    assert isinstance(kind, String), f"{name}.tenant_id is {column.type}"


@pytest.mark.parametrize("name", TENANT_OWNED)
def test_tenant_id_leads_a_key_or_an_index(name: str) -> None:
    # Every query filters by tenant first; an index starting with tenant_id serves it.
    table = metadata.tables[name]
    keys = [list(table.primary_key.columns)]
    keys += [list(c.columns) for c in table.constraints if isinstance(c, UniqueConstraint)]
    keys += [list(index.columns) for index in table.indexes]
    assert any(key and key[0].name == "tenant_id" for key in keys), name


@pytest.mark.parametrize("name", TENANT_OWNED)
def test_primary_key_includes_tenant_id_unless_listed(name: str) -> None:
    in_key = "tenant_id" in metadata.tables[name].primary_key.columns
    assert in_key is (name not in PRIMARY_KEY_WITHOUT_TENANT), name


def test_the_migrated_database_has_no_unlisted_table(engine: Engine) -> None:
    found = set(inspect(engine).get_table_names())
    assert set(TABLES) <= found
    unlisted = {
        name
        for name in found - set(TABLES)
        if not any(name == known or name.startswith(f"{known}_") for known in OUTSIDE_METADATA)
    }
    assert unlisted == set()


def test_the_migrated_tenant_columns_are_non_null(engine: Engine) -> None:
    inspector = inspect(engine)
    for name in TABLES:
        columns = {c["name"]: c for c in inspector.get_columns(name)}
        assert "tenant_id" in columns, name
        assert columns["tenant_id"]["nullable"] is False, name
