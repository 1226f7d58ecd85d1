"""The account's logging and health-data consents (docs/decisions/0048).

Both default to false: an account made before this never gave either, so existing rows get false
and the person gives them on the account page.

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("logging_consent", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(
            sa.Column("health_data_consent", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("health_data_consent")
        batch.drop_column("logging_consent")
