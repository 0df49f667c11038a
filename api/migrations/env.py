"""Alembic environment: the target metadata is every area's tables (see ``tables_registry``).

Normally run through ``api.storage.migrate.upgrade_database``, which hands over an open
connection in ``config.attributes["connection"]``; the plain-URL path serves the ``alembic`` CLI.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

import api.storage.tables_registry  # noqa: F401  (registers every table on metadata)
from storage.engine import create_db_engine
from storage.metadata import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    """Emit SQL for the configured URL instead of executing it."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run against the shared connection, or one opened from ``sqlalchemy.url``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection and no sqlalchemy.url configured for migrations")
    engine = create_db_engine(url)
    try:
        with engine.connect() as conn:
            _run(conn)
            conn.commit()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
