"""Shared body of every service's Alembic ``env.py``: migrate on the connection ``storage.upgrade`` passes."""

from __future__ import annotations

from alembic import context
from sqlalchemy import MetaData


def run_migrations(target_metadata: MetaData) -> None:
    """Run pending migrations inside the caller's transaction (online mode only)."""
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations through kinetic.storage.upgrade(engine, migrations_dir)")
    # Batch mode lets later migrations alter SQLite tables (copy-and-move) as well as PostgreSQL ones.
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
