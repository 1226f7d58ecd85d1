"""The workout log (decision 0049): sets keep the unit a load was given in, sessions carry a program
label, and the log's own tables: preferences and current program, remembered exercise words,
idempotent requests and undo snapshots.

Existing rows get the defaults: no unit given (kilograms), no program label.

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: Sequence[str] | None = None
depends_on: Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("program_id", sa.String(80), nullable=False, server_default=""))
        batch.add_column(sa.Column("program_day", sa.String(80), nullable=False, server_default=""))
    with op.batch_alter_table("performance_sets") as batch:
        batch.add_column(sa.Column("load_value", sa.Float, nullable=True))
        batch.add_column(sa.Column("load_unit", sa.String(2), nullable=False, server_default=""))
    op.create_table(
        "log_profiles",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("goals", sa.Text, nullable=False),
        sa.Column("equipment", sa.Text, nullable=False),
        sa.Column("limitations", sa.Text, nullable=False),
        sa.Column("training_days", sa.Text, nullable=False),
        sa.Column("calm_mode", sa.Boolean, nullable=False),
        sa.Column("program_suggestions", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("program_id", sa.String(80), nullable=False, server_default=""),
        sa.Column("program_version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("program_started_on", sa.String(10), nullable=False, server_default=""),
        sa.Column("routine_ids", sa.Text, nullable=False, server_default="[]"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "log_exercise_words",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("words", sa.String(200), primary_key=True),
        sa.Column("exercise_id", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "log_requests",
        sa.Column("account_id", sa.String(36), primary_key=True),
        sa.Column("idempotency_key", sa.String(200), primary_key=True),
        sa.Column("rpc", sa.String(40), nullable=False),
        sa.Column("request_hash", sa.String(64), nullable=False),
        sa.Column("response", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_log_requests_account_created", "log_requests", ["account_id", "created_at"])
    op.create_table(
        "log_undo",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("payload", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_log_undo_account_expires", "log_undo", ["account_id", "expires_at"])


def downgrade() -> None:
    op.drop_index("ix_log_undo_account_expires", table_name="log_undo")
    op.drop_table("log_undo")
    op.drop_index("ix_log_requests_account_created", table_name="log_requests")
    op.drop_table("log_requests")
    op.drop_table("log_exercise_words")
    op.drop_table("log_profiles")
    with op.batch_alter_table("performance_sets") as batch:
        batch.drop_column("load_unit")
        batch.drop_column("load_value")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("program_day")
        batch.drop_column("program_id")
