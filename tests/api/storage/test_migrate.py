"""``api.storage.migrate`` on both backends: migrations apply from empty and again, downgrade
and upgrade, match the models, and concurrent upgrades do not race."""

from __future__ import annotations

import threading

from sqlalchemy import Engine, inspect, text

from api.storage.migrate import (
    current_heads,
    downgrade_database,
    expected_heads,
    upgrade_database,
)
from storage.engine import create_db_engine


def test_migrations_apply_from_empty_and_are_idempotent(database_url: str) -> None:
    engine = create_db_engine(database_url)
    try:
        assert current_heads(engine) == set()
        upgrade_database(database_url, engine=engine)
        upgrade_database(database_url, engine=engine)
        assert current_heads(engine) == expected_heads()
        tables = set(inspect(engine).get_table_names())
        assert {"tenant", "api_key", "alembic_version"} <= tables
        for table in tables - {"alembic_version", "tenant"} - _fts_shadow_tables(engine):
            columns = {c["name"] for c in inspect(engine).get_columns(table)}
            assert "tenant_id" in columns, f"table {table} has no tenant_id"
    finally:
        engine.dispose()


def _fts_shadow_tables(engine: Engine) -> set[str]:
    """SQLite FTS5 keeps its index in shadow tables (``<vtable>_data``...) with fixed columns."""
    if engine.dialect.name != "sqlite":
        return set()
    with engine.connect() as conn:
        virtual = conn.execute(
            text("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'")
        ).scalars()
        prefixes = tuple(f"{name}_" for name in virtual)
        names = conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'")).scalars()
        return {n for n in names if prefixes and n.startswith(prefixes)}


def test_every_migration_downgrades_and_upgrades_again(database_url: str) -> None:
    upgrade_database(database_url)
    downgrade_database(database_url)
    engine = create_db_engine(database_url)
    try:
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        assert current_heads(engine) == set()
        upgrade_database(database_url, engine=engine)
        assert current_heads(engine) == expected_heads()
    finally:
        engine.dispose()


def test_core_tables_match_the_models(database_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from storage.metadata import metadata

    upgrade_database(database_url)
    engine = create_db_engine(database_url)
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
    finally:
        engine.dispose()
    mine = [d for d in diff if "'api_key'" in repr(d) or "'tenant'" in repr(d)]
    assert mine == []


def test_concurrent_upgrades_do_not_race(database_url: str) -> None:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            upgrade_database(database_url)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
