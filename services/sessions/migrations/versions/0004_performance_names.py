"""Each performance records its exercise's name and catalog mapping (decision 0037).

Existing rows are filled from what is known now: a gym exercise's English name and catalog slug
(gym_exercises, migration 0002), an occurrence session's Training catalog ID and its catalog name.

Revision ID: 0004
Revises: 0003
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from knowledge.training.catalog import load_catalog

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = ("0002",)


def upgrade() -> None:
    with op.batch_alter_table("performances") as batch:
        batch.add_column(sa.Column("exercise_name", sa.String(200), nullable=False, server_default=""))
        batch.add_column(sa.Column("catalog_exercise_id", sa.String(100), nullable=False, server_default=""))
    op.execute(
        """
        UPDATE performances SET
          exercise_name = COALESCE(
            (SELECT g.name_en FROM gym_exercises g WHERE g.id = performances.exercise_id), ''),
          catalog_exercise_id = COALESCE(
            (SELECT g.catalog_exercise_id FROM gym_exercises g WHERE g.id = performances.exercise_id), '')
        WHERE session_id IN (SELECT session_id FROM sessions WHERE source_kind <> 'occurrence')
        """
    )
    op.execute(
        """
        UPDATE performances SET catalog_exercise_id = exercise_id
        WHERE session_id IN (SELECT session_id FROM sessions WHERE source_kind = 'occurrence')
        """
    )
    names = [{"exercise_id": e.exercise_id, "name": e.name} for e in load_catalog()]
    op.get_bind().execute(
        sa.text(
            "UPDATE performances SET exercise_name = :name "
            "WHERE exercise_name = '' AND catalog_exercise_id = :exercise_id"
        ),
        names,
    )


def downgrade() -> None:
    with op.batch_alter_table("performances") as batch:
        batch.drop_column("catalog_exercise_id")
        batch.drop_column("exercise_name")
