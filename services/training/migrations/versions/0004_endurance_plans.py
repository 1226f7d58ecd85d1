"""Endurance plans: goals, plan workouts and undo snapshots beside the library's plans and workouts
(docs/decisions/0062-endurance-plans.md).

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

DAY = sa.String(10)
TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "plan_goals",
        sa.Column("goal_id", sa.String(36), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("sport", sa.String(16), nullable=False),
        sa.Column("race_type", sa.String(40), nullable=False),
        sa.Column("race_date", DAY, nullable=True),
        sa.Column("plan_start_date", DAY, nullable=True),
        sa.Column("details", sa.Text, nullable=False),
        sa.Column("is_active", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("creation_mode", sa.String(24), nullable=False),
        sa.Column("coaching_summaries", sa.Text, nullable=False),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
    )
    op.create_index("ix_plan_goals_account_updated", "plan_goals", ["account_id", "updated_at"])
    op.create_table(
        "plan_workouts",
        sa.Column("workout_id", sa.String(36), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("goal_id", sa.String(36), nullable=False),
        sa.Column("day_order", sa.Integer, nullable=False),
        sa.Column("workout_type", sa.String(24), nullable=False),
        sa.Column("completed", sa.Boolean, nullable=False),
        sa.Column("linked_activity_id", sa.String(64), nullable=False),
        sa.Column("completed_at", TIME, nullable=True),
    )
    op.create_index("ix_plan_workouts_account_goal", "plan_workouts", ["account_id", "goal_id"])
    op.create_table(
        "plan_snapshots",
        sa.Column("snapshot_id", sa.String(36), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("goal_id", sa.String(36), nullable=False),
        sa.Column("operation", sa.String(32), nullable=False),
        sa.Column("description", sa.String(200), nullable=False),
        sa.Column("workout_count", sa.Integer, nullable=False),
        sa.Column("content", sa.LargeBinary, nullable=False),
        sa.Column("created_at", TIME, nullable=False),
    )
    op.create_index(
        "ix_plan_snapshots_account_goal_created", "plan_snapshots", ["account_id", "goal_id", "created_at"]
    )


def downgrade() -> None:
    op.drop_table("plan_snapshots")
    op.drop_table("plan_workouts")
    op.drop_table("plan_goals")
