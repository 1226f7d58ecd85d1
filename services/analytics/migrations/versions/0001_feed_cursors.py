"""Feed cursors.

Revision ID: 0001
Revises:
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "feed_cursors",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("feed", sa.String(32), primary_key=True),
        sa.Column("sequence", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("feed_cursors")
