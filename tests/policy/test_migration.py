"""Migration 0004_policy creates exactly the tables ``policy.storage`` declares (both backends)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect

from policy.storage import (
    ConsentRow,
    ConsolidationMarkRow,
    PolicyRuleRow,
    PolicyVersionRow,
    SessionEndRow,
)
from storage.locks import JobLeaseRow
from storage.metadata import metadata

TABLES = {
    str(model.__tablename__)
    for model in (
        ConsentRow,
        ConsolidationMarkRow,
        JobLeaseRow,
        PolicyRuleRow,
        PolicyVersionRow,
        SessionEndRow,
    )
}


def test_policy_tables_match_the_models(shared_engine: Engine) -> None:
    assert set(inspect(shared_engine).get_table_names()) >= TABLES
    with shared_engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    mine = [d for d in diff if any(f"'{table}'" in repr(d) for table in TABLES)]
    assert mine == []


def test_every_policy_table_carries_the_tenant() -> None:
    for table in TABLES:
        assert "tenant_id" in metadata.tables[table].columns, table
