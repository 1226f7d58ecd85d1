"""Exercise links keep the name each logged exercise was last logged under (decision 0037).

Changes written before the sessions service recorded names carry none, so existing rows keep an
empty name and answers fall back to the catalog's name of the exercise they map to; nothing needs
rebuilding.

Revision ID: 0004
Revises: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("exercise_links") as batch:
        batch.add_column(sa.Column("exercise_name", sa.String(200), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("exercise_links") as batch:
        batch.drop_column("exercise_name")
