"""Training facts from training's feed; session sources, set distance and time, exercise links.

Derived data stored before this revision lacks the new session and set columns, so it is dropped
together with the cursors: the next read of each account rebuilds it from sequence 0 of both feeds,
which gives the same rows as applying the changes one by one (decisions 0021 and 0024).

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None

DERIVED = ("exercise_records", "session_points", "set_facts", "session_facts", "feed_cursors")


def upgrade() -> None:
    for table in DERIVED:
        op.execute(sa.text(f"DELETE FROM {table}"))
    with op.batch_alter_table("session_facts") as batch:
        batch.add_column(sa.Column("source", sa.String(16), nullable=False, server_default=""))
        batch.add_column(sa.Column("workout_id", sa.String(64), nullable=False, server_default=""))
        batch.add_column(sa.Column("original_day", sa.String(10), nullable=False, server_default=""))
        batch.add_column(sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_session_facts_time", "session_facts", ["account_id", "started_at"])
    with op.batch_alter_table("set_facts") as batch:
        batch.add_column(sa.Column("time_seconds", sa.Float, nullable=True))
        batch.add_column(sa.Column("distance_meters", sa.Float, nullable=True))
    op.create_table(
        "exercise_links",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("exercise_id", sa.String(64), primary_key=True),
        sa.Column("catalog_exercise_id", sa.String(64), nullable=False),
    )
    op.create_table(
        "training_workouts",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("workout_id", sa.String(64), primary_key=True),
        sa.Column("version", sa.String(80), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("plan_id", sa.String(64), nullable=False),
        sa.Column("phase_id", sa.String(64), nullable=False),
    )
    op.create_table(
        "training_movements",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("workout_id", sa.String(64), primary_key=True),
        sa.Column("movement_id", sa.String(64), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("exercise_id", sa.String(64), nullable=False),
        sa.Column("block_id", sa.String(64), nullable=True),
        sa.Column("target_sets", sa.Integer, nullable=True),
        sa.Column("target_reps", sa.Integer, nullable=True),
        sa.Column("target_weight_kg", sa.Float, nullable=True),
        sa.Column("target_distance_meters", sa.Float, nullable=True),
        sa.Column("target_duration_seconds", sa.Integer, nullable=True),
    )
    op.create_index("ix_training_movements_exercise", "training_movements", ["account_id", "exercise_id"])
    op.create_table(
        "training_blocks",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("workout_id", sa.String(64), primary_key=True),
        sa.Column("block_id", sa.String(64), primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("duration_seconds", sa.Integer, nullable=False),
    )
    op.create_table(
        "training_plans",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("plan_id", sa.String(64), primary_key=True),
        sa.Column("version", sa.String(80), nullable=False),
        sa.Column("name", sa.Text, nullable=False),
    )
    op.create_table(
        "training_occurrences",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("workout_id", sa.String(64), primary_key=True),
        sa.Column("original_day", sa.Date, primary_key=True),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("replacement_workout_id", sa.String(64), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_training_occurrences_day", "training_occurrences", ["account_id", "original_day"])


def downgrade() -> None:
    for table in (
        "training_occurrences",
        "training_plans",
        "training_blocks",
        "training_movements",
        "training_workouts",
        "exercise_links",
    ):
        op.drop_table(table)
    op.drop_index("ix_session_facts_time", "session_facts")
    with op.batch_alter_table("set_facts") as batch:
        batch.drop_column("distance_meters")
        batch.drop_column("time_seconds")
    with op.batch_alter_table("session_facts") as batch:
        for column in ("ended_at", "original_day", "workout_id", "source"):
            batch.drop_column(column)
