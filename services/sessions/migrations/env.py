"""Alembic environment of the sessions service."""

from kinetic.migration_env import run_migrations
from services.sessions.adapters.tables import metadata

run_migrations(metadata)
