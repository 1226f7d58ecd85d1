"""Training library: library state, workouts, plans, occurrence overrides, write requests, previews.

Revision ID: 0002
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None

DAY = sa.String(10)


def upgrade() -> None:
    op.create_table(
        "libraries",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("epoch", sa.String(36), nullable=False),
        sa.Column("source_sequence", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "workouts",
        sa.Column("workout_id", sa.String(36), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("version_counter", sa.Integer, nullable=False),
        sa.Column("version_device", sa.String(40), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("name_key", sa.String(120), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("segments", sa.Text, nullable=False),
        sa.Column("plan_id", sa.String(36), nullable=True),
        sa.Column("phase_id", sa.String(36), nullable=True),
        sa.Column("active_from", DAY, nullable=True),
        sa.Column("active_until", DAY, nullable=True),
        sa.Column("recurring", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_workouts_account_name", "workouts", ["account_id", "name_key"])
    op.create_index("ix_workouts_account_plan", "workouts", ["account_id", "plan_id"])
    op.create_index("ix_workouts_account_until", "workouts", ["account_id", "recurring", "active_until"])
    op.create_table(
        "plans",
        sa.Column("plan_id", sa.String(36), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("version_counter", sa.Integer, nullable=False),
        sa.Column("version_device", sa.String(40), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("name_key", sa.String(120), nullable=False),
        sa.Column("notes", sa.Text, nullable=False),
        sa.Column("phases", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_plans_account_name", "plans", ["account_id", "name_key"])
    op.create_table(
        "occurrence_overrides",
        sa.Column("workout_id", sa.String(36), primary_key=True),
        sa.Column("original_day", DAY, primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("destination_day", DAY, nullable=True),
        sa.Column("replacement_workout_id", sa.String(36), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("workout_name", sa.String(120), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_overrides_account_original", "occurrence_overrides", ["account_id", "original_day"])
    op.create_index(
        "ix_overrides_account_destination", "occurrence_overrides", ["account_id", "destination_day"]
    )
    op.create_index("ix_overrides_account_completed", "occurrence_overrides", ["account_id", "completed_at"])
    op.create_table(
        "write_requests",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("idempotency_key", sa.String(80), primary_key=True),
        sa.Column("operation", sa.String(16), nullable=False),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("response", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "deletion_previews",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target_id", sa.String(36), nullable=False),
        sa.Column("delete_workouts", sa.Boolean, nullable=False),
        sa.Column("state_versions", sa.Text, nullable=False),
        sa.Column("preview", sa.LargeBinary, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("committed", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    for table in (
        "deletion_previews",
        "write_requests",
        "occurrence_overrides",
        "plans",
        "workouts",
        "libraries",
    ):
        op.drop_table(table)
