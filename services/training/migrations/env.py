"""Alembic environment of the training service."""

from kinetic.migration_env import run_migrations
from services.training.adapters.tables import metadata

run_migrations(metadata)
