"""The account's endurance attributes: primary sport, status, plan tier and distance unit
(docs/decisions/0048, "Endurance attributes").

Each column has a server default, so every existing account gets the defaults: primary sport
"strength", status "active", plan tier "free" and distance unit "" (distances follow units).

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("primary_sport", sa.String(16), nullable=False, server_default="strength"))
        batch.add_column(sa.Column("account_status", sa.String(16), nullable=False, server_default="active"))
        batch.add_column(sa.Column("plan_tier", sa.String(16), nullable=False, server_default="free"))
        batch.add_column(sa.Column("distance_unit", sa.String(8), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("distance_unit")
        batch.drop_column("plan_tier")
        batch.drop_column("account_status")
        batch.drop_column("primary_sport")
