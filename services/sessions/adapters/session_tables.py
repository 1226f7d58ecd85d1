"""Tables of sessions, performances and sets (migrations 0003 to 0005); they share ``tables.metadata``.

``session_accounts`` holds one row per account: writers update it first to take the account's
write lock, and it keeps the experience point total. ``sessions.active_key`` is the source key
while a session is in progress or paused and NULL after it ends, so the unique
(account_id, active_key) lets only one active session per source exist. The sets' primary key
(performance_id, set_number) and the performances' unique (session_id, exercise_id) make a racing
duplicate fail rather than store twice (docs/decisions/0017-sessions.md).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from services.sessions.adapters.tables import metadata

session_accounts = Table(
    "session_accounts",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("experience_points", BigInteger, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("session_id", String(24), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("source_kind", String(16), nullable=False),
    Column("source_key", String(200), nullable=False),
    Column("active_key", String(200), nullable=True),
    Column("plan_id", String(24), nullable=False),
    Column("plan_moment_id", String(24), nullable=False),
    Column("company_id", String(64), nullable=False),
    Column("workout_id", String(64), nullable=False),
    Column("original_scheduled_day", String(10), nullable=False),
    Column("status", String(16), nullable=False),
    Column("title", String(200), nullable=False),
    Column("notes", Text, nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("experience_points", Integer, nullable=False),
    Column("performance_count", Integer, nullable=False),
    # Migration 0005 (decision 0049): the program day a workout was.
    Column("program_id", String(80), nullable=False, server_default=""),
    Column("program_day", String(80), nullable=False, server_default=""),
    UniqueConstraint("account_id", "active_key", name="uq_sessions_active_source"),
    Index("ix_sessions_account_started", "account_id", "started_at"),
    Index("ix_sessions_account_status_updated", "account_id", "status", "updated_at"),
)

performances = Table(
    "performances",
    metadata,
    Column("performance_id", String(24), primary_key=True),
    Column("session_id", String(24), ForeignKey("sessions.session_id"), nullable=False),
    Column("account_id", String(36), nullable=False),
    Column("exercise_id", String(80), nullable=False),
    Column("plan_exercise_id", String(24), nullable=False),
    Column("position", Integer, nullable=False),
    Column("notes", Text, nullable=False),
    Column("rest_seconds", Float, nullable=True),
    Column("is_completed", Boolean, nullable=False),
    Column("setup_values", Text, nullable=False),
    Column("next_setup_values", Text, nullable=False),
    Column("setup_settings_enabled", Boolean, nullable=False),
    Column("show_set_rpe", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # Migration 0004 (decision 0037): the name and catalog mapping as last logged.
    Column("exercise_name", String(200), nullable=False, server_default=""),
    Column("catalog_exercise_id", String(100), nullable=False, server_default=""),
    UniqueConstraint("session_id", "exercise_id", name="uq_performances_session_exercise"),
    Index("ix_performances_account_exercise", "account_id", "exercise_id"),
)

performance_sets = Table(
    "performance_sets",
    metadata,
    Column("performance_id", String(24), ForeignKey("performances.performance_id"), primary_key=True),
    Column("set_number", Integer, primary_key=True, autoincrement=False),
    Column("set_type", String(1), nullable=False),
    Column("weight_kg", Float, nullable=True),
    Column("reps_number", Float, nullable=True),
    Column("reps_text", String(20), nullable=True),
    Column("time_seconds", Float, nullable=True),
    Column("distance_meters", Float, nullable=True),
    Column("rest_seconds", Float, nullable=True),
    Column("rpe", Float, nullable=True),
    Column("completed", Boolean, nullable=False),
    Column("notes", Text, nullable=False),
    Column("estimated", Boolean, nullable=False),
    # Migration 0005 (decision 0049): the load as the person gave it and its unit.
    Column("load_value", Float, nullable=True),
    Column("load_unit", String(2), nullable=False, server_default=""),
)
