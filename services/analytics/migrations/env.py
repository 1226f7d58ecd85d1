"""Alembic environment of the analytics service."""

from kinetic.migration_env import run_migrations
from services.analytics.adapters.tables import metadata

run_migrations(metadata)
