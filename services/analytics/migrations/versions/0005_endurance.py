"""Endurance activities, power points, thresholds, readiness days and training-load seeds
(decision 0055).

The sessions feed's endurance kinds are new: every account's cursor is past none of them that
analytics could have used before, but a cursor may already be past such changes (written while
analytics skipped unknown kinds). So the derived data is dropped together with the cursors, as in
0003: the next read of each account rebuilds everything from sequence 0, endurance included.

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

# What analytics derives from the sessions feed (the training library comes from its own feed).
SESSIONS_DERIVED = ("exercise_records", "session_points", "set_facts", "session_facts", "exercise_links")
NEW_TABLES = (
    "training_load_seeds",
    "readiness_days",
    "endurance_thresholds",
    "endurance_power_points",
    "endurance_activities",
)


def upgrade() -> None:
    # Only the sessions feed's derived rows and cursor: the training feed has nothing new.
    for table in SESSIONS_DERIVED:
        op.execute(sa.text(f"DELETE FROM {table}"))
    op.execute(sa.text("DELETE FROM feed_cursors WHERE feed = 'sessions'"))
    op.create_table(
        "endurance_activities",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("activity_id", sa.String(64), primary_key=True),
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
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("source_app", sa.String(200), nullable=False),
        sa.Column("external_provider", sa.Boolean, nullable=False),
        sa.Column("heart_rate_zones", sa.Text, nullable=False),
        sa.Column("power_zones", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_endurance_activities_time", "endurance_activities", ["account_id", "start_time"])
    op.create_table(
        "endurance_power_points",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("activity_id", sa.String(64), primary_key=True),
        sa.Column("duration_s", sa.Integer, primary_key=True),
        sa.Column("sport", sa.String(16), nullable=False),
        sa.Column("start_time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("watts", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_endurance_power_points_peak",
        "endurance_power_points",
        ["account_id", "sport", "duration_s", "watts"],
    )
    op.create_table(
        "endurance_thresholds",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("threshold_id", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("effective_day", sa.Date, nullable=False),
        sa.Column("seconds_per_km", sa.Float, nullable=True),
        sa.Column("distance_m", sa.Float, nullable=True),
        sa.Column("seconds", sa.Float, nullable=True),
        sa.Column("vdot", sa.Float, nullable=True),
        sa.Column("watts", sa.Float, nullable=True),
        sa.Column("seconds_400m", sa.Float, nullable=True),
        sa.Column("seconds_200m", sa.Float, nullable=True),
        sa.Column("seconds_per_100m", sa.Float, nullable=True),
        sa.Column("bpm", sa.Float, nullable=True),
        sa.Column("source", sa.String(16), nullable=False),
    )
    op.create_index(
        "ix_endurance_thresholds_kind", "endurance_thresholds", ["account_id", "kind", "effective_day"]
    )
    op.create_table(
        "readiness_days",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
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
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "training_load_seeds",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("time_zone", sa.String(64), primary_key=True),
        sa.Column("day", sa.Date, primary_key=True),
        sa.Column("sport", sa.String(16), primary_key=True),
        sa.Column("ctl", sa.Float, nullable=False),
        sa.Column("atl", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in NEW_TABLES:
        op.drop_table(table)
