"""The workout log's own tables (sessions migration 0005), on the sessions service's metadata.

Workouts, entries and sets are the core's ``sessions``, ``performances`` and ``performance_sets``;
these hold what only the log needs, each row keyed by its account (decision 0049).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, DateTime, Index, Integer, String, Table, Text, true

from services.sessions.adapters.tables import metadata

# Preferences and the current program; no row means the defaults (LogProfile()).
log_profiles = Table(
    "log_profiles",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("goals", Text, nullable=False),
    Column("equipment", Text, nullable=False),  # JSON list of strings
    Column("limitations", Text, nullable=False),
    Column("training_days", Text, nullable=False),  # JSON list of mon..sun
    Column("calm_mode", Boolean, nullable=False),
    Column("program_suggestions", Boolean, nullable=False, server_default=true()),
    Column("program_id", String(80), nullable=False, server_default=""),  # "" when none
    Column("program_version", Integer, nullable=False, server_default="0"),
    Column("program_started_on", String(10), nullable=False, server_default=""),
    Column("routine_ids", Text, nullable=False, server_default="[]"),  # JSON list of strings
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

# Words the person confirmed for an exercise (normalized), so the next log of them resolves.
log_exercise_words = Table(
    "log_exercise_words",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("words", String(200), primary_key=True),
    Column("exercise_id", String(80), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# What a deletion removed, every column of every row, until it is undone or expires.
log_undo = Table(
    "log_undo",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("kind", String(16), nullable=False),  # workout, entry or set
    Column("payload", Text, nullable=False),  # JSON: {"sessions": [...], "performances": [...], ...}
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("used_at", DateTime(timezone=True), nullable=True),
    Index("ix_log_undo_account_expires", "account_id", "expires_at"),
)
