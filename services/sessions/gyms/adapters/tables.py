"""The gym module's tables (prefix ``gym_``), in the sessions service's storage.

IDs are 24-hex-character ObjectIds. Localized text is two columns, ``<name>_en`` and ``<name>_nl``.
Lists and setup fields are JSON text: they are read and written whole, never queried inside.
The migration is ``migrations/versions/0002_gyms.py``; keep the two in step.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

_ID = 24

companies = Table(
    "gym_companies",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("mcp_integration_enabled", Boolean, nullable=False),
    Column("allowed_modules", Text, nullable=False),  # JSON list of module keys
    Column("write_tools_allowed", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

coaches = Table(
    "gym_coaches",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("company_id", String(_ID), ForeignKey("gym_companies.id"), nullable=False, index=True),
    Column("name", String(200), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

clients = Table(
    "gym_clients",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("account_id", String(36), nullable=False, unique=True),
    Column("name", String(200), nullable=False),
    Column("health_data_consent", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# One relationship per client: the client AI resolves "my company" without the caller naming it.
relationships = Table(
    "gym_client_relationships",
    metadata,
    Column("client_id", String(_ID), ForeignKey("gym_clients.id"), primary_key=True),
    Column("company_id", String(_ID), ForeignKey("gym_companies.id"), nullable=False, index=True),
    Column("client_ai_access_enabled", Boolean, nullable=False),
)

exercises = Table(
    "gym_exercises",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("company_id", String(_ID), ForeignKey("gym_companies.id"), nullable=True),
    Column("owner_client_id", String(_ID), ForeignKey("gym_clients.id"), nullable=True, index=True),
    Column("catalog_exercise_id", String(100), nullable=False),
    Column("name_en", String(200), nullable=False),
    Column("name_nl", String(200), nullable=False),
    Column("instructions_en", Text, nullable=False),
    Column("instructions_nl", Text, nullable=False),
    Column("allowlisted", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_gym_exercises_company_catalog", "company_id", "catalog_exercise_id"),
)

plans = Table(
    "gym_plans",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("company_id", String(_ID), ForeignKey("gym_companies.id"), nullable=False),
    Column("coach_id", String(_ID), ForeignKey("gym_coaches.id"), nullable=False),
    Column("client_id", String(_ID), ForeignKey("gym_clients.id"), nullable=False),
    Column("name_en", String(200), nullable=False),
    Column("name_nl", String(200), nullable=False),
    Column("description_en", Text, nullable=False),
    Column("description_nl", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("is_wod", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_gym_plans_client", "client_id", "created_at"),
)

plan_days = Table(
    "gym_plan_days",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("plan_id", String(_ID), ForeignKey("gym_plans.id"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("name_en", String(200), nullable=False),
    Column("name_nl", String(200), nullable=False),
    Column("visible", Boolean, nullable=False),
    UniqueConstraint("plan_id", "position", name="uq_gym_plan_days_position"),
)

plan_exercises = Table(
    "gym_plan_exercises",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("day_id", String(_ID), ForeignKey("gym_plan_days.id"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("exercise_id", String(_ID), ForeignKey("gym_exercises.id"), nullable=False),
    Column("target_sets", Integer, nullable=True),
    Column("target_reps", String(20), nullable=False),
    Column("target_weight_kg", Float, nullable=True),
    Column("rest_seconds", Integer, nullable=True),
    Column("notes_en", Text, nullable=False),
    Column("notes_nl", Text, nullable=False),
    UniqueConstraint("day_id", "position", name="uq_gym_plan_exercises_position"),
)

# coach_id is "" for company and system presets, so the unique key works on every backend
# (NULLs would never collide).
machine_presets = Table(
    "gym_machine_presets",
    metadata,
    Column("id", String(_ID), primary_key=True),
    Column("exercise_id", String(_ID), ForeignKey("gym_exercises.id"), nullable=False),
    Column("scope", String(16), nullable=False),
    Column("coach_id", String(_ID), nullable=False),
    Column("fields", Text, nullable=False),  # JSON list of {key, label_en, label_nl, value}
    UniqueConstraint("exercise_id", "scope", "coach_id", name="uq_gym_machine_presets_scope"),
)

equipment_profiles = Table(
    "gym_equipment_profiles",
    metadata,
    Column("client_id", String(_ID), ForeignKey("gym_clients.id"), primary_key=True),
    Column("items", Text, nullable=False),  # JSON list of {equipment_key, quantity}
    Column("updated_at", DateTime(timezone=True), nullable=False),
)
