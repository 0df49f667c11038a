"""Migration 0003_longterm creates exactly the tables the models describe, plus the full-text
index each backend needs."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect

from storage.metadata import metadata

FULLTEXT = ("lt_events_fts", "ix_lt_events_text_tsv")


def test_longterm_tables_match_the_models(engine: Engine) -> None:
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
        tables = set(inspect(conn).get_table_names())
        indexes = {ix["name"] for ix in inspect(conn).get_indexes("lt_events")}
    mine = [d for d in diff if "lt_" in repr(d) and not any(name in repr(d) for name in FULLTEXT)]
    assert mine == []
    if engine.dialect.name == "sqlite":
        assert "lt_events_fts" in tables
    else:
        assert "ix_lt_events_text_tsv" in indexes
