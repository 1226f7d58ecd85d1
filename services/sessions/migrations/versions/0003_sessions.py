"""Sessions, performances, sets and the per-account write lock row (adapters/session_tables.py).

A branch of its own from 0001, beside the gyms branch: kinetic.storage.upgrade applies every head.

Revision ID: 0003
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0001"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "session_accounts",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("experience_points", sa.BigInteger, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("session_id", sa.String(24), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("source_kind", sa.String(16), nullable=False),
        sa.Column("source_key", sa.String(200), nullable=False),
        sa.Column("active_key", sa.String(200), nullable=True),
        sa.Column("plan_id", sa.String(24), nullable=False),
        sa.Column("plan_moment_id", sa.String(24), nullable=False),
        sa.Column("company_id", sa.String(64), nullable=False),
        sa.Column("workout_id", sa.String(64), nullable=False),
        sa.Column("original_scheduled_day", sa.String(10), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("notes", sa.Text, nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("experience_points", sa.Integer, nullable=False),
        sa.Column("performance_count", sa.Integer, nullable=False),
        sa.UniqueConstraint("account_id", "active_key", name="uq_sessions_active_source"),
    )
    op.create_index("ix_sessions_account_started", "sessions", ["account_id", "started_at"])
    op.create_index("ix_sessions_account_status_updated", "sessions", ["account_id", "status", "updated_at"])
    op.create_table(
        "performances",
        sa.Column("performance_id", sa.String(24), primary_key=True),
        sa.Column("session_id", sa.String(24), sa.ForeignKey("sessions.session_id"), nullable=False),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("exercise_id", sa.String(80), nullable=False),
        sa.Column("plan_exercise_id", sa.String(24), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("notes", sa.Text, nullable=False),
        sa.Column("rest_seconds", sa.Float, nullable=True),
        sa.Column("is_completed", sa.Boolean, nullable=False),
        sa.Column("setup_values", sa.Text, nullable=False),
        sa.Column("next_setup_values", sa.Text, nullable=False),
        sa.Column("setup_settings_enabled", sa.Boolean, nullable=False),
        sa.Column("show_set_rpe", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("session_id", "exercise_id", name="uq_performances_session_exercise"),
    )
    op.create_index("ix_performances_account_exercise", "performances", ["account_id", "exercise_id"])
    op.create_table(
        "performance_sets",
        sa.Column(
            "performance_id",
            sa.String(24),
            sa.ForeignKey("performances.performance_id"),
            primary_key=True,
        ),
        sa.Column("set_number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("set_type", sa.String(1), nullable=False),
        sa.Column("weight_kg", sa.Float, nullable=True),
        sa.Column("reps_number", sa.Float, nullable=True),
        sa.Column("reps_text", sa.String(20), nullable=True),
        sa.Column("time_seconds", sa.Float, nullable=True),
        sa.Column("distance_meters", sa.Float, nullable=True),
        sa.Column("rest_seconds", sa.Float, nullable=True),
        sa.Column("rpe", sa.Float, nullable=True),
        sa.Column("completed", sa.Boolean, nullable=False),
        sa.Column("notes", sa.Text, nullable=False),
        sa.Column("estimated", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("performance_sets")
    op.drop_table("performances")
    op.drop_index("ix_sessions_account_status_updated", table_name="sessions")
    op.drop_index("ix_sessions_account_started", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("session_accounts")
