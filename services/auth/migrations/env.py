"""Alembic environment of the auth service."""

from kinetic.migration_env import run_migrations
from services.auth.adapters.tables import metadata

run_migrations(metadata)
