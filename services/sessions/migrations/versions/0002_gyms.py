"""Gyms: companies, coaches, clients, relationships, exercises, plans, presets, equipment profiles.

A branch of its own beside the session tables (both revise 0001; ``upgrade`` applies every head).

Revision ID: 0002
Revises: 0001
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None

_ID = 24


def _id() -> sa.Column[str]:
    return sa.Column("id", sa.String(_ID), primary_key=True)


def _created() -> sa.Column[object]:
    return sa.Column("created_at", sa.DateTime(timezone=True), nullable=False)


def upgrade() -> None:
    op.create_table(
        "gym_companies",
        _id(),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("mcp_integration_enabled", sa.Boolean, nullable=False),
        sa.Column("allowed_modules", sa.Text, nullable=False),
        sa.Column("write_tools_allowed", sa.Boolean, nullable=False),
        _created(),
    )
    op.create_table(
        "gym_coaches",
        _id(),
        sa.Column("company_id", sa.String(_ID), sa.ForeignKey("gym_companies.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        _created(),
    )
    op.create_index("ix_gym_coaches_company_id", "gym_coaches", ["company_id"])
    op.create_table(
        "gym_clients",
        _id(),
        sa.Column("account_id", sa.String(36), nullable=False, unique=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("health_data_consent", sa.Boolean, nullable=False),
        _created(),
    )
    op.create_table(
        "gym_client_relationships",
        sa.Column("client_id", sa.String(_ID), sa.ForeignKey("gym_clients.id"), primary_key=True),
        sa.Column("company_id", sa.String(_ID), sa.ForeignKey("gym_companies.id"), nullable=False),
        sa.Column("client_ai_access_enabled", sa.Boolean, nullable=False),
    )
    op.create_index("ix_gym_client_relationships_company_id", "gym_client_relationships", ["company_id"])
    op.create_table(
        "gym_exercises",
        _id(),
        sa.Column("company_id", sa.String(_ID), sa.ForeignKey("gym_companies.id"), nullable=True),
        sa.Column("owner_client_id", sa.String(_ID), sa.ForeignKey("gym_clients.id"), nullable=True),
        sa.Column("catalog_exercise_id", sa.String(100), nullable=False),
        sa.Column("name_en", sa.String(200), nullable=False),
        sa.Column("name_nl", sa.String(200), nullable=False),
        sa.Column("instructions_en", sa.Text, nullable=False),
        sa.Column("instructions_nl", sa.Text, nullable=False),
        sa.Column("allowlisted", sa.Boolean, nullable=False),
        _created(),
    )
    op.create_index("ix_gym_exercises_owner_client_id", "gym_exercises", ["owner_client_id"])
    op.create_index(
        "ix_gym_exercises_company_catalog", "gym_exercises", ["company_id", "catalog_exercise_id"]
    )
    op.create_table(
        "gym_plans",
        _id(),
        sa.Column("company_id", sa.String(_ID), sa.ForeignKey("gym_companies.id"), nullable=False),
        sa.Column("coach_id", sa.String(_ID), sa.ForeignKey("gym_coaches.id"), nullable=False),
        sa.Column("client_id", sa.String(_ID), sa.ForeignKey("gym_clients.id"), nullable=False),
        sa.Column("name_en", sa.String(200), nullable=False),
        sa.Column("name_nl", sa.String(200), nullable=False),
        sa.Column("description_en", sa.Text, nullable=False),
        sa.Column("description_nl", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("is_wod", sa.Boolean, nullable=False),
        _created(),
    )
    op.create_index("ix_gym_plans_client", "gym_plans", ["client_id", "created_at"])
    op.create_table(
        "gym_plan_days",
        _id(),
        sa.Column("plan_id", sa.String(_ID), sa.ForeignKey("gym_plans.id"), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name_en", sa.String(200), nullable=False),
        sa.Column("name_nl", sa.String(200), nullable=False),
        sa.Column("visible", sa.Boolean, nullable=False),
        sa.UniqueConstraint("plan_id", "position", name="uq_gym_plan_days_position"),
    )
    op.create_table(
        "gym_plan_exercises",
        _id(),
        sa.Column("day_id", sa.String(_ID), sa.ForeignKey("gym_plan_days.id"), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("exercise_id", sa.String(_ID), sa.ForeignKey("gym_exercises.id"), nullable=False),
        sa.Column("target_sets", sa.Integer, nullable=True),
        sa.Column("target_reps", sa.String(20), nullable=False),
        sa.Column("target_weight_kg", sa.Float, nullable=True),
        sa.Column("rest_seconds", sa.Integer, nullable=True),
        sa.Column("notes_en", sa.Text, nullable=False),
        sa.Column("notes_nl", sa.Text, nullable=False),
        sa.UniqueConstraint("day_id", "position", name="uq_gym_plan_exercises_position"),
    )
    op.create_table(
        "gym_machine_presets",
        _id(),
        sa.Column("exercise_id", sa.String(_ID), sa.ForeignKey("gym_exercises.id"), nullable=False),
        sa.Column("scope", sa.String(16), nullable=False),
        sa.Column("coach_id", sa.String(_ID), nullable=False),
        sa.Column("fields", sa.Text, nullable=False),
        sa.UniqueConstraint("exercise_id", "scope", "coach_id", name="uq_gym_machine_presets_scope"),
    )
    op.create_table(
        "gym_equipment_profiles",
        sa.Column("client_id", sa.String(_ID), sa.ForeignKey("gym_clients.id"), primary_key=True),
        sa.Column("items", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for table in (
        "gym_equipment_profiles",
        "gym_machine_presets",
        "gym_plan_exercises",
        "gym_plan_days",
        "gym_plans",
        "gym_exercises",
        "gym_client_relationships",
        "gym_clients",
        "gym_coaches",
        "gym_companies",
    ):
        op.drop_table(table)
