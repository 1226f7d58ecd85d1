"""Exercise catalog, custom exercises, search terms and tags.

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
        "exercises",
        sa.Column("exercise_id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("name_key", sa.String(120), nullable=False),
        sa.Column("aliases", sa.Text, nullable=False),
        sa.Column("primary_muscles", sa.Text, nullable=False),
        sa.Column("secondary_muscles", sa.Text, nullable=False),
        sa.Column("equipment", sa.Text, nullable=False),
        sa.Column("tracking_modes", sa.Text, nullable=False),
        sa.Column("custom", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_exercises_account_name", "exercises", ["account_id", "name_key"])
    op.create_table(
        "exercise_terms",
        sa.Column(
            "term", sa.String(160).with_variant(sa.String(160, collation="C"), "postgresql"), primary_key=True
        ),
        sa.Column("exercise_id", sa.String(64), primary_key=True),
    )
    op.create_table(
        "exercise_tags",
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("value", sa.String(40), primary_key=True),
        sa.Column("exercise_id", sa.String(64), primary_key=True),
    )
    op.create_table(
        "catalog_state",
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("catalog_state")
    op.drop_table("exercise_tags")
    op.drop_table("exercise_terms")
    op.drop_index("ix_exercises_account_name", "exercises")
    op.drop_table("exercises")
