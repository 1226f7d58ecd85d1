"""The endurance records (decision 0054): activities with their streams, dated athlete thresholds
and daily readiness entries, every row keyed by its account.

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
    op.create_table(
        "activities",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("activity_id", sa.String(30), primary_key=True),
        sa.Column("sport", sa.String(16), nullable=False),
        sa.Column("start_time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("duration_s", sa.Float, nullable=False),
        sa.Column("moving_time_s", sa.Float, nullable=False),
        sa.Column("distance_m", sa.Float, nullable=True),
        sa.Column("elevation_gain_m", sa.Float, nullable=True),
        sa.Column("avg_power_w", sa.Float, nullable=True),
        sa.Column("normalized_power_w", sa.Float, nullable=True),
        sa.Column("max_power_w", sa.Float, nullable=True),
        sa.Column("avg_hr", sa.Float, nullable=True),
        sa.Column("max_hr", sa.Float, nullable=True),
        sa.Column("avg_cadence", sa.Float, nullable=True),
        sa.Column("rpe", sa.Float, nullable=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("source_app", sa.String(100), nullable=False),
        sa.Column("external_provider", sa.Boolean, nullable=False),
        sa.Column("source_key", sa.String(128), nullable=True),
        sa.Column("has_streams", sa.Boolean, nullable=False),
        sa.Column("figures", sa.Text, nullable=False),
        sa.Column("laps", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("account_id", "source_key", name="uq_activities_account_source_key"),
    )
    op.create_index("ix_activities_account_start", "activities", ["account_id", "start_time"])
    op.create_table(
        "activity_streams",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("activity_id", sa.String(30), primary_key=True),
        sa.Column("samples", sa.Integer, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )
    op.create_table(
        "athlete_thresholds",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("threshold_id", sa.String(30), primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("effective_day", sa.String(10), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("seconds_per_km", sa.Float, nullable=True),
        sa.Column("distance_m", sa.Float, nullable=True),
        sa.Column("seconds", sa.Float, nullable=True),
        sa.Column("vdot", sa.Float, nullable=True),
        sa.Column("watts", sa.Float, nullable=True),
        sa.Column("seconds_400m", sa.Float, nullable=True),
        sa.Column("seconds_200m", sa.Float, nullable=True),
        sa.Column("seconds_per_100m", sa.Float, nullable=True),
        sa.Column("bpm", sa.Float, nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("account_id", "kind", "effective_day", name="uq_athlete_thresholds_kind_day"),
    )
    op.create_table(
        "daily_readiness",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("sleep_hours", sa.Float, nullable=True),
        sa.Column("resting_hr", sa.Float, nullable=True),
        sa.Column("hrv_ms", sa.Float, nullable=True),
        sa.Column("soreness", sa.Integer, nullable=True),
        sa.Column("fatigue", sa.Integer, nullable=True),
        sa.Column("sleep_quality", sa.Integer, nullable=True),
        sa.Column("stress", sa.Integer, nullable=True),
        sa.Column("mood", sa.Integer, nullable=True),
        sa.Column("body_weight_kg", sa.Float, nullable=True),
        sa.Column("steps", sa.Integer, nullable=True),
        sa.Column("water_intake_ml", sa.Integer, nullable=True),
        sa.Column("active_calories", sa.Integer, nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("daily_readiness")
    op.drop_table("athlete_thresholds")
    op.drop_table("activity_streams")
    op.drop_index("ix_activities_account_start", table_name="activities")
    op.drop_table("activities")
