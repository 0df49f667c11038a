"""core: an optional expiry on API keys.

Revision ID: 0006_key_expiry
Revises: 0001_core
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_key_expiry"
down_revision = "0001_core"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("api_key") as batch:
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("api_key") as batch:
        batch.drop_column("expires_at")
