"""The revocation log that WatchRevocations streams to the edges (docs/decisions/0030).

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "revocations",
        sa.Column(
            "sequence",
            sa.BigInteger().with_variant(sa.Integer, "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("subject", sa.String(36), nullable=False),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_revocations_account", "revocations", ["account_id"])
    op.create_index("ix_revocations_expires", "revocations", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_revocations_expires", table_name="revocations")
    op.drop_index("ix_revocations_account", table_name="revocations")
    op.drop_table("revocations")
