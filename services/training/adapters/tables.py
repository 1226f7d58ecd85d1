"""Training's tables. No schema names: on PostgreSQL the schema comes from ``search_path``."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    text,
)

metadata = MetaData()

# Bytewise ordering on both databases, so a prefix is a contiguous index range (PostgreSQL's default
# collations ignore spaces and punctuation when ordering).
TERM_TYPE = String(160).with_variant(String(160, collation="C"), "postgresql")

# Catalog rows have account_id NULL; custom exercises belong to one account.
exercises = Table(
    "exercises",
    metadata,
    Column("exercise_id", String(64), primary_key=True),
    Column("account_id", String(36), nullable=True),
    Column("name", String(120), nullable=False),
    Column("name_key", String(120), nullable=False),
    Column("aliases", Text, nullable=False),  # JSON list
    Column("primary_muscles", Text, nullable=False),  # JSON list
    Column("secondary_muscles", Text, nullable=False),  # JSON list
    Column("equipment", Text, nullable=False),  # JSON list
    Column("tracking_modes", Text, nullable=False),  # JSON list
    Column("custom", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_exercises_account_name", "account_id", "name_key"),
)

# One row per searchable term (normalized name, alias, word, compacted form): prefix lookups find
# candidates with an index range scan instead of reading the whole catalog.
exercise_terms = Table(
    "exercise_terms",
    metadata,
    Column("term", TERM_TYPE, primary_key=True),
    Column("exercise_id", String(64), primary_key=True),
)

# Muscles ("muscle") and equipment ("equipment") as rows, so filters are indexed equality lookups.
exercise_tags = Table(
    "exercise_tags",
    metadata,
    Column("kind", String(16), primary_key=True),
    Column("value", String(40), primary_key=True),
    Column("exercise_id", String(64), primary_key=True),
)

# Fingerprint of the seeded catalog, so a restart re-seeds only when the shipped catalog changed.
catalog_state = Table(
    "catalog_state",
    metadata,
    Column("key", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

# --- The Training library (docs/decisions/0011-training-library.md) -------------------------------
# Local days are stored as "YYYY-MM-DD" text: it sorts like the dates and means the same on both
# databases, with no time zone attached.
DAY_TYPE = String(10)

libraries = Table(
    "libraries",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("epoch", String(36), nullable=False),
    Column("source_sequence", BigInteger, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # Last sequence of the change feed: unlike source_sequence it survives erasure
    # (docs/decisions/0023-training-change-feed.md).
    Column("change_sequence", BigInteger, nullable=False, server_default=text("0")),
)

workouts = Table(
    "workouts",
    metadata,
    Column("workout_id", String(36), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("version_counter", Integer, nullable=False),
    Column("version_device", String(40), nullable=False),
    Column("name", String(120), nullable=False),
    Column("name_key", String(120), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("content", Text, nullable=False),  # JSON: notes, exercises, crossFitBlocks
    Column("segments", Text, nullable=False),  # JSON list of schedule segments
    Column("plan_id", String(36), nullable=True),
    Column("phase_id", String(36), nullable=True),
    Column("active_from", DAY_TYPE, nullable=True),
    Column("active_until", DAY_TYPE, nullable=True),
    Column("recurring", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_workouts_account_name", "account_id", "name_key"),
    Index("ix_workouts_account_plan", "account_id", "plan_id"),
    Index("ix_workouts_account_until", "account_id", "recurring", "active_until"),
)

plans = Table(
    "plans",
    metadata,
    Column("plan_id", String(36), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("version_counter", Integer, nullable=False),
    Column("version_device", String(40), nullable=False),
    Column("name", String(120), nullable=False),
    Column("name_key", String(120), nullable=False),
    Column("notes", Text, nullable=False),
    Column("phases", Text, nullable=False),  # JSON list of phases
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_plans_account_name", "account_id", "name_key"),
)

# What happened to single occurrences: moves, replacements, and the status the sessions service sets.
occurrence_overrides = Table(
    "occurrence_overrides",
    metadata,
    Column("workout_id", String(36), primary_key=True),
    Column("original_day", DAY_TYPE, primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("destination_day", DAY_TYPE, nullable=True),
    Column("replacement_workout_id", String(36), nullable=True),
    Column("status", String(16), nullable=False),
    Column("workout_name", String(120), nullable=False),
    Column("completed_at", DateTime(timezone=True), nullable=True),
    Index("ix_overrides_account_original", "account_id", "original_day"),
    Index("ix_overrides_account_destination", "account_id", "destination_day"),
    Index("ix_overrides_account_completed", "account_id", "completed_at"),
)

# Idempotency: the first result of each (account, key), replayed for the same request body.
write_requests = Table(
    "write_requests",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("idempotency_key", String(80), primary_key=True),
    Column("operation", String(16), nullable=False),
    Column("request_hash", String(64), nullable=False),
    Column("response", LargeBinary, nullable=False),  # serialized protobuf response
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# Deletion previews: only a hash of the token is stored; state_versions binds it to what was shown.
deletion_previews = Table(
    "deletion_previews",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("kind", String(16), nullable=False),
    Column("target_id", String(36), nullable=False),
    Column("delete_workouts", Boolean, nullable=False),
    Column("state_versions", Text, nullable=False),  # JSON {"plan:<id>": "3.iphone", ...}
    Column("preview", LargeBinary, nullable=False),  # serialized DeletionPreview
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("committed", Boolean, nullable=False),
)

# The per-account change feed other services derive data from (ListLibraryChanges). ``record`` is a
# serialized LibraryChange holding only its record (empty for deletions and erasure); the other
# fields live in columns (docs/decisions/0023-training-change-feed.md).
library_changes = Table(
    "library_changes",
    metadata,
    Column("account_id", String(36), primary_key=True),
    Column("sequence", BigInteger, primary_key=True, autoincrement=False),
    Column("kind", String(32), nullable=False),
    Column("record_id", String(64), nullable=False),
    Column("epoch", String(36), nullable=False),
    Column("record", LargeBinary, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# --- Endurance plans (docs/decisions/0062-endurance-plans.md) -------------------------------------
# A goal is a ``plans`` row plus this row; ``details`` holds the JSON of what only goals have
# (phase blocks, frequencies, strength per week, rest days, training focus).
plan_goals = Table(
    "plan_goals",
    metadata,
    Column("goal_id", String(36), primary_key=True),  # = plans.plan_id
    Column("account_id", String(36), nullable=False),
    Column("sport", String(16), nullable=False),
    Column("race_type", String(40), nullable=False),
    Column("race_date", DAY_TYPE, nullable=True),
    Column("plan_start_date", DAY_TYPE, nullable=True),
    Column("details", Text, nullable=False),  # JSON
    Column("is_active", Boolean, nullable=False),
    Column("status", String(16), nullable=False),
    Column("creation_mode", String(24), nullable=False),
    Column("coaching_summaries", Text, nullable=False),  # JSON list
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Index("ix_plan_goals_account_updated", "account_id", "updated_at"),
)

# A plan workout is a ``workouts`` row (its day is the workout's active_from) plus this row.
plan_workouts = Table(
    "plan_workouts",
    metadata,
    Column("workout_id", String(36), primary_key=True),  # = workouts.workout_id
    Column("account_id", String(36), nullable=False),
    Column("goal_id", String(36), nullable=False),
    Column("day_order", Integer, nullable=False),
    Column("workout_type", String(24), nullable=False),
    Column("completed", Boolean, nullable=False),
    Column("linked_activity_id", String(64), nullable=False),
    Column("completed_at", DateTime(timezone=True), nullable=True),
    Index("ix_plan_workouts_account_goal", "account_id", "goal_id"),
)

# Undo snapshots: ``content`` is a serialized GetPlanResponse (the goal and all its workouts).
plan_snapshots = Table(
    "plan_snapshots",
    metadata,
    Column("snapshot_id", String(36), primary_key=True),
    Column("account_id", String(36), nullable=False),
    Column("goal_id", String(36), nullable=False),
    Column("operation", String(32), nullable=False),
    Column("description", String(200), nullable=False),
    Column("workout_count", Integer, nullable=False),
    Column("content", LargeBinary, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_plan_snapshots_account_goal_created", "account_id", "goal_id", "created_at"),
)
