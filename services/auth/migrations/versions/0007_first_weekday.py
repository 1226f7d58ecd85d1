"""The account's first weekday: the ISO weekday its training weeks start on, 1 (Monday) to 7
(Sunday) (docs/decisions/0048, "Endurance attributes"; 0060, "Weeks").

The server default gives every existing account Monday, the week the plan safety engine counted in
before the setting existed, so no account's advisories change until its owner picks another day.

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("first_weekday", sa.SmallInteger, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("first_weekday")
