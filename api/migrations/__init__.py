"""Alembic environment and revisions of the tiermem schema (configured in code, no alembic.ini)."""
