"""Sessions: the last ``/context`` call's decision, stored beside the state it produced.

Revision ID: 0007_context_decisions
Revises: 0005_session_retention
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_context_decisions"
down_revision = "0005_session_retention"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("session_states") as batch:
        batch.add_column(sa.Column("decision_json", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("session_states") as batch:
        batch.drop_column("decision_json")
