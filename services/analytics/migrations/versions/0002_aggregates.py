"""Per-set facts, session points and exercise records (decision 0021).

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


def _figure(prefix: str, nullable: bool = True) -> list[sa.Column[object]]:
    # Frozen copy of adapters.tables.figure_columns at this revision.
    return [
        sa.Column(f"{prefix}_value", sa.Float, nullable=nullable),
        sa.Column(f"{prefix}_performance_id", sa.String(64), nullable=nullable),
        sa.Column(f"{prefix}_set_number", sa.Integer, nullable=nullable),
        sa.Column(f"{prefix}_weight_kg", sa.Float, nullable=nullable),
        sa.Column(f"{prefix}_reps", sa.Float, nullable=nullable),
    ]


def upgrade() -> None:
    op.create_table(
        "session_facts",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("session_id", sa.String(64), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
    )
    op.create_table(
        "set_facts",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("performance_id", sa.String(64), primary_key=True),
        sa.Column("set_number", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("exercise_id", sa.String(64), nullable=False),
        sa.Column("set_type", sa.String(1), nullable=False),
        sa.Column("weight_kg", sa.Float, nullable=True),
        sa.Column("reps", sa.Float, nullable=True),
        sa.Column("completed", sa.Boolean, nullable=False),
        sa.Column("estimated", sa.Boolean, nullable=False),
    )
    op.create_index("ix_set_facts_session", "set_facts", ["account_id", "session_id", "exercise_id"])
    op.create_table(
        "session_points",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("exercise_id", sa.String(64), primary_key=True),
        sa.Column("session_id", sa.String(64), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        *_figure("top_set"),
        *_figure("e1rm_epley"),
        *_figure("e1rm_brzycki"),
        *_figure("best_set_volume"),
        sa.Column("volume", sa.Float, nullable=True),
        sa.Column("record_sets", sa.Integer, nullable=False),
        sa.Column("balance_sets", sa.Integer, nullable=False),
    )
    op.create_index("ix_session_points_series", "session_points", ["account_id", "exercise_id", "started_at"])
    op.create_index("ix_session_points_time", "session_points", ["account_id", "started_at"])
    op.create_table(
        "exercise_records",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("exercise_id", sa.String(64), primary_key=True),
        sa.Column("kind", sa.String(24), primary_key=True),
        sa.Column("session_id", sa.String(64), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        *_figure("record", nullable=False),
    )


def downgrade() -> None:
    op.drop_table("exercise_records")
    op.drop_table("session_points")
    op.drop_table("set_facts")
    op.drop_table("session_facts")
