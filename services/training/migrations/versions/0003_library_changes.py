"""Training library change feed: the feed's table, each library's last feed sequence, and, for
libraries that already hold records, their current state written as their first changes.

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from services.training.adapters.feed_backfill import current_state_entries
from services.training.adapters.library_change_log import ChangeEntry
from services.training.adapters.library_repository import (
    override_from_row,
    plan_from_row,
    workout_from_row,
)
from services.training.entrypoints.library_pb import encode_record

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None

# The tables as they are at this revision, so the backfill keeps working when later revisions change
# them (the service's current table definitions may have columns these rows do not have yet).
_TIME = sa.DateTime(timezone=True)
_libraries = sa.table("libraries", sa.column("account_id"), sa.column("epoch"), sa.column("change_sequence"))
_workouts = sa.table(
    "workouts",
    *(
        sa.column(name)
        for name in (
            "workout_id",
            "account_id",
            "name",
            "kind",
            "content",
            "segments",
            "plan_id",
            "phase_id",
            "active_from",
            "active_until",
            "version_device",
        )
    ),
    sa.column("version_counter", sa.Integer),
    sa.column("created_at", _TIME),
    sa.column("updated_at", _TIME),
)
_plans = sa.table(
    "plans",
    *(sa.column(name) for name in ("plan_id", "account_id", "name", "notes", "phases", "version_device")),
    sa.column("version_counter", sa.Integer),
    sa.column("created_at", _TIME),
    sa.column("updated_at", _TIME),
)
_overrides = sa.table(
    "occurrence_overrides",
    *(
        sa.column(name)
        for name in (
            "workout_id",
            "original_day",
            "account_id",
            "destination_day",
            "replacement_workout_id",
            "status",
            "workout_name",
        )
    ),
    sa.column("completed_at", _TIME),
)
_exercises = sa.table("exercises", sa.column("exercise_id"), sa.column("account_id"), sa.column("name"))


def upgrade() -> None:
    op.add_column(
        "libraries",
        sa.Column("change_sequence", sa.BigInteger, nullable=False, server_default=sa.text("0")),
    )
    changes = op.create_table(
        "library_changes",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("sequence", sa.BigInteger, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("record_id", sa.String(64), nullable=False),
        sa.Column("epoch", sa.String(36), nullable=False),
        sa.Column("record", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    assert changes is not None
    _backfill(op.get_bind(), changes, datetime.now(UTC))


def _backfill(conn: sa.Connection, changes: sa.Table, now: datetime) -> None:
    """Each library's records as its changes 1..n (docs/decisions/0023-training-change-feed.md)."""
    holding = sa.union(
        sa.select(_workouts.c.account_id),
        sa.select(_plans.c.account_id),
        sa.select(_overrides.c.account_id),
    ).subquery()
    libraries = conn.execute(
        sa.select(_libraries.c.account_id, _libraries.c.epoch)
        .where(_libraries.c.account_id.in_(sa.select(holding.c.account_id)))
        .order_by(_libraries.c.account_id)
    ).all()
    for account_id, epoch in libraries:
        entries = _library_entries(conn, account_id, now)
        if not entries:
            continue  # only overrides that no longer stand for an occurrence
        conn.execute(
            sa.insert(changes),
            [
                {
                    "account_id": account_id,
                    "sequence": sequence,
                    "kind": entry.kind,
                    "record_id": entry.record_id,
                    "epoch": epoch,
                    "record": b"" if entry.record is None else encode_record(entry.record),
                    "created_at": now,
                }
                for sequence, entry in enumerate(entries, start=1)
            ],
        )
        conn.execute(
            sa.update(_libraries)
            .where(_libraries.c.account_id == account_id)
            .values(change_sequence=len(entries))
        )


def _library_entries(conn: sa.Connection, account_id: str, now: datetime) -> list[ChangeEntry]:
    workouts = [
        workout_from_row(row)
        for row in conn.execute(sa.select(_workouts).where(_workouts.c.account_id == account_id))
    ]
    plans = [
        plan_from_row(row) for row in conn.execute(sa.select(_plans).where(_plans.c.account_id == account_id))
    ]
    overrides = [
        (override_from_row(row), row.workout_name)
        for row in conn.execute(sa.select(_overrides).where(_overrides.c.account_id == account_id))
    ]
    exercise_ids = {m.exercise_id for w in workouts for m in w.content.exercises}
    rows = conn.execute(
        sa.select(_exercises.c.exercise_id, _exercises.c.name).where(
            _exercises.c.exercise_id.in_(exercise_ids),
            sa.or_(_exercises.c.account_id.is_(None), _exercises.c.account_id == account_id),
        )
    )
    names = {row.exercise_id: row.name for row in rows}
    # A workout's schedule is the one in force on the backfill's UTC day, as for a commit (0023).
    return current_state_entries(plans, workouts, overrides, names, now.date())


def downgrade() -> None:
    op.drop_table("library_changes")
    with op.batch_alter_table("libraries") as batch:
        batch.drop_column("change_sequence")
