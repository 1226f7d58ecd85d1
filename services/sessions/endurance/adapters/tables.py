"""The endurance records' tables (sessions migration 0006), on the sessions service's metadata.

Every table has ``account_id``, so the account erasure finds every row by it (decision 0054).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from services.sessions.adapters.tables import metadata

activities = Table(
    "activities",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("activity_id", String(30), primary_key=True),
    Column("sport", String(16), nullable=False),
    Column("start_time", DateTime(timezone=True), nullable=False),
    Column("duration_s", Float, nullable=False),
    Column("moving_time_s", Float, nullable=False),
    Column("distance_m", Float, nullable=True),
    Column("elevation_gain_m", Float, nullable=True),
    Column("avg_power_w", Float, nullable=True),
    Column("normalized_power_w", Float, nullable=True),
    Column("max_power_w", Float, nullable=True),
    Column("avg_hr", Float, nullable=True),
    Column("max_hr", Float, nullable=True),
    Column("avg_cadence", Float, nullable=True),
    Column("rpe", Float, nullable=True),
    Column("name", String(200), nullable=False),
    Column("description", Text, nullable=False),
    Column("source", String(16), nullable=False),  # manual, file or sync
    Column("source_app", String(100), nullable=False),
    Column("external_provider", Boolean, nullable=False),
    # A file's content fingerprint (ActivityFile.source_key); NULL for a summary, so never unique.
    Column("source_key", String(128), nullable=True),
    Column("has_streams", Boolean, nullable=False),
    Column("figures", Text, nullable=False),  # JSON: {"powerPoints": [[s, W], ...], ...}
    Column("laps", Text, nullable=False),  # JSON list of laps
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("account_id", "source_key", name="uq_activities_account_source_key"),
    Index("ix_activities_account_start", "account_id", "start_time"),
)

# The six 1 Hz streams of one activity in one compressed blob (adapters/stream_codec.py).
activity_streams = Table(
    "activity_streams",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("activity_id", String(30), primary_key=True),
    Column("samples", Integer, nullable=False),
    Column("data", LargeBinary, nullable=False),
)

athlete_thresholds = Table(
    "athlete_thresholds",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("threshold_id", String(30), primary_key=True),
    Column("kind", String(20), nullable=False),
    Column("effective_day", String(10), nullable=False),
    Column("source", String(16), nullable=False),
    Column("seconds_per_km", Float, nullable=True),
    Column("distance_m", Float, nullable=True),
    Column("seconds", Float, nullable=True),
    Column("vdot", Float, nullable=True),
    Column("watts", Float, nullable=True),
    Column("seconds_400m", Float, nullable=True),
    Column("seconds_200m", Float, nullable=True),
    Column("seconds_per_100m", Float, nullable=True),
    Column("bpm", Float, nullable=True),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("account_id", "kind", "effective_day", name="uq_athlete_thresholds_kind_day"),
)

daily_readiness = Table(
    "daily_readiness",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("day", String(10), primary_key=True),
    Column("sleep_hours", Float, nullable=True),
    Column("resting_hr", Float, nullable=True),
    Column("hrv_ms", Float, nullable=True),
    Column("soreness", Integer, nullable=True),
    Column("fatigue", Integer, nullable=True),
    Column("sleep_quality", Integer, nullable=True),
    Column("stress", Integer, nullable=True),
    Column("mood", Integer, nullable=True),
    Column("body_weight_kg", Float, nullable=True),
    Column("steps", Integer, nullable=True),
    Column("water_intake_ml", Integer, nullable=True),
    Column("active_calories", Integer, nullable=True),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
