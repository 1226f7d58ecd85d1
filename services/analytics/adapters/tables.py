"""Analytics' tables. No schema names: on PostgreSQL the schema comes from ``search_path``."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Date,
    DateTime,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

# The figures stored per session point and per record (see services/analytics/domain/lifting.py).
FIGURES = ("top_set", "e1rm_epley", "e1rm_brzycki", "best_set_volume")


def figure_columns(prefix: str, *, nullable: bool = True) -> list[Column[object]]:
    """A figure's value and the set it comes from: ``<prefix>_value``, ``_performance_id``, ..."""
    return [
        Column(f"{prefix}_value", Float, nullable=nullable),
        Column(f"{prefix}_performance_id", String(64), nullable=nullable),
        Column(f"{prefix}_set_number", Integer, nullable=nullable),
        Column(f"{prefix}_weight_kg", Float, nullable=nullable),
        Column(f"{prefix}_reps", Float, nullable=nullable),
    ]


metadata = MetaData()

# How far each account's derived data has applied each upstream feed.
feed_cursors = Table(
    "feed_cursors",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("feed", String(32), primary_key=True),
    Column("sequence", BigInteger, nullable=False),
)

# Sessions as the feed last described them: their start time dates every figure; a cancelled or
# deleted session's sets stop counting. The source (freestyle, plan_day or occurrence, with the
# occurrence's workout and original day) and the end tie a session to a Training workout (0024).
session_facts = Table(
    "session_facts",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("session_id", String(64), primary_key=True),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("status", String(16), nullable=False),
    Column("source", String(16), nullable=False, server_default=""),
    Column("workout_id", String(64), nullable=False, server_default=""),
    Column("original_day", String(10), nullable=False, server_default=""),
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Index("ix_session_facts_time", "account_id", "started_at"),
)

# Every logged set, as the latest performance.logged for its performance gave it. Figures are
# recomputed from these, so a corrected set corrects the figures (decision 0021).
set_facts = Table(
    "set_facts",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("performance_id", String(64), primary_key=True),
    Column("set_number", Integer, primary_key=True),
    Column("session_id", String(64), nullable=False),
    Column("exercise_id", String(64), nullable=False),
    Column("set_type", String(1), nullable=False),
    Column("weight_kg", Float, nullable=True),
    Column("reps", Float, nullable=True),
    Column("completed", Boolean, nullable=False),
    Column("estimated", Boolean, nullable=False),
    Column("time_seconds", Float, nullable=True),
    Column("distance_meters", Float, nullable=True),
    Index("ix_set_facts_session", "account_id", "session_id", "exercise_id"),
)

# The Training catalog exercise each logged exercise maps to, as its latest performance.logged
# said (catalogExerciseId): gives a gym exercise its muscles (decision 0024); and, since migration
# 0004, the name that change gave it (decision 0037). A catalog exercise logged under its own ID
# has no row: the catalog names it.
exercise_links = Table(
    "exercise_links",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("exercise_id", String(64), primary_key=True),
    Column("catalog_exercise_id", String(64), nullable=False),
    Column("exercise_name", String(200), nullable=False, server_default=""),
)

# One row per account, exercise and counted session: the progress series and the records' source.
# The figure columns hold a value and the set it comes from (performance, set number, load, reps).
session_points = Table(
    "session_points",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("exercise_id", String(64), primary_key=True),
    Column("session_id", String(64), primary_key=True),
    Column("started_at", DateTime(timezone=True), nullable=False),
    *figure_columns("top_set"),
    *figure_columns("e1rm_epley"),
    *figure_columns("e1rm_brzycki"),
    *figure_columns("best_set_volume"),
    Column("volume", Float, nullable=True),
    Column("record_sets", Integer, nullable=False),
    Column("balance_sets", Integer, nullable=False),
    Index("ix_session_points_series", "account_id", "exercise_id", "started_at"),
    Index("ix_session_points_time", "account_id", "started_at"),
)

# The current record of each kind per account and exercise: the best point by (value, earliest).
exercise_records = Table(
    "exercise_records",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("exercise_id", String(64), primary_key=True),
    Column("kind", String(24), primary_key=True),
    Column("session_id", String(64), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    *figure_columns("record", nullable=False),
)


# ---- the Training library, from training's change feed (decision 0024) ---------------------------

training_workouts = Table(
    "training_workouts",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("workout_id", String(64), primary_key=True),
    Column("version", String(80), nullable=False),
    Column("name", Text, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("plan_id", String(64), nullable=False),
    Column("phase_id", String(64), nullable=False),
)

# Movements in workout order with their targets; block_id names the CrossFit block holding one.
training_movements = Table(
    "training_movements",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("workout_id", String(64), primary_key=True),
    Column("movement_id", String(64), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("exercise_id", String(64), nullable=False),
    Column("block_id", String(64), nullable=True),
    Column("target_sets", Integer, nullable=True),
    Column("target_reps", Integer, nullable=True),
    Column("target_weight_kg", Float, nullable=True),
    Column("target_distance_meters", Float, nullable=True),
    Column("target_duration_seconds", Integer, nullable=True),
    Index("ix_training_movements_exercise", "account_id", "exercise_id"),
)

training_blocks = Table(
    "training_blocks",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("workout_id", String(64), primary_key=True),
    Column("block_id", String(64), primary_key=True),
    Column("position", Integer, nullable=False),
    Column("format", String(16), nullable=False),
    Column("rounds", Integer, nullable=False),
    Column("duration_seconds", Integer, nullable=False),
)

training_plans = Table(
    "training_plans",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("plan_id", String(64), primary_key=True),
    Column("version", String(80), nullable=False),
    Column("name", Text, nullable=False),
)

# Occurrences the feed has described (moved, replaced, active, completed, or given back): an
# occurrence nobody touched is only in the schedule, never in the feed.
training_occurrences = Table(
    "training_occurrences",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("workout_id", String(64), primary_key=True),
    Column("original_day", Date, primary_key=True),
    Column("day", Date, nullable=False),
    Column("status", String(16), nullable=False),
    Column("replacement_workout_id", String(64), nullable=False),
    Column("completed_at", DateTime(timezone=True), nullable=True),
    Index("ix_training_occurrences_day", "account_id", "original_day"),
)

TRAINING_TABLES = (
    training_workouts,
    training_movements,
    training_blocks,
    training_plans,
    training_occurrences,
)


# ---- endurance, from the sessions feed's endurance kinds (decision 0055) --------------------------

# Activities as the latest activity.recorded gave them: the summary, never streams. Zone seconds
# are JSON lists of [zone, seconds] as the sessions service counted them; power points are rows
# of their own (endurance_power_points) so the power curve is an aggregate in SQL.
endurance_activities = Table(
    "endurance_activities",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("activity_id", String(64), primary_key=True),
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
    # Always empty for an external-provider activity.
    Column("name", Text, nullable=False),
    Column("source", String(16), nullable=False),
    Column("source_app", String(200), nullable=False),
    Column("external_provider", Boolean, nullable=False),
    Column("heart_rate_zones", Text, nullable=False),
    Column("power_zones", Text, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=True),
    Index("ix_endurance_activities_time", "account_id", "start_time"),
)

# One row per activity and mean-maximal duration; sport and start copied so the curve of a range
# and the all-time peaks are one grouped query each.
endurance_power_points = Table(
    "endurance_power_points",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("activity_id", String(64), primary_key=True),
    Column("duration_s", Integer, primary_key=True),
    Column("sport", String(16), nullable=False),
    Column("start_time", DateTime(timezone=True), nullable=False),
    Column("watts", Float, nullable=False),
    Index("ix_endurance_power_points_peak", "account_id", "sport", "duration_s", "watts"),
)

# Dated threshold values: each is in force from its effective day until the next of its kind.
endurance_thresholds = Table(
    "endurance_thresholds",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("threshold_id", String(64), primary_key=True),
    Column("kind", String(24), nullable=False),
    Column("effective_day", Date, nullable=False),
    Column("seconds_per_km", Float, nullable=True),
    Column("distance_m", Float, nullable=True),
    Column("seconds", Float, nullable=True),
    Column("vdot", Float, nullable=True),
    Column("watts", Float, nullable=True),
    Column("seconds_400m", Float, nullable=True),
    Column("seconds_200m", Float, nullable=True),
    Column("seconds_per_100m", Float, nullable=True),
    Column("bpm", Float, nullable=True),
    Column("source", String(16), nullable=False),
    Index("ix_endurance_thresholds_kind", "account_id", "kind", "effective_day"),
)

# Each day's whole readiness entry, as the latest readiness.recorded for the day gave it.
readiness_days = Table(
    "readiness_days",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("day", Date, primary_key=True),
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
    Column("updated_at", DateTime(timezone=True), nullable=True),
)

# Cached chart loads: CTL and ATL at the end of a local day, per time zone and sport, so a chart of
# the last month need not read ten years of activities. A change to an activity or a threshold
# deletes the seeds from the first day it can touch on (decision 0055, Training load).
training_load_seeds = Table(
    "training_load_seeds",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("time_zone", String(64), primary_key=True),
    Column("day", Date, primary_key=True),
    Column("sport", String(16), primary_key=True),
    Column("ctl", Float, nullable=False),
    Column("atl", Float, nullable=False),
)

ENDURANCE_TABLES = (
    endurance_activities,
    endurance_power_points,
    endurance_thresholds,
    readiness_days,
    training_load_seeds,
)
