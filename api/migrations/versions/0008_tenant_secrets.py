"""Long-term: one random secret per tenant for keyed references in the audit trail.

``longterm.pseudonyms`` HMACs free text (unregistered keys, event kinds, made-up categories) and,
after an erasure, the user id under this secret, so what stays cannot be reversed by a
dictionary of likely names. Rows are created on first use.

Revision ID: 0008_tenant_secrets
Revises: 0003_longterm
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_tenant_secrets"
down_revision = "0003_longterm"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lt_tenant_secrets",
        sa.Column("tenant_id", sa.String(length=128), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("tenant_id", name=op.f("pk_lt_tenant_secrets")),
    )


def downgrade() -> None:
    op.drop_table("lt_tenant_secrets")
