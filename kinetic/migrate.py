"""Entry point of ``python -m services.<name>.migrate``: bring one service's schema to its newest revision.

Kubernetes runs it as an init container before each service container (deploy/k8s,
docs/decisions/0041-image-and-manifests.md), so a new version's schema is in place before its
first replica takes a call, and a migration failure stops the rollout instead of a serving pod.
The services still migrate on start (a no-op after this), so ``make run`` needs no extra step.
Exit statuses follow ``kinetic.cli``: 0 migrated, 1 storage failed, 2 bad settings.
"""

from __future__ import annotations

import sys
from pathlib import Path

from kinetic.cli import run_command
from kinetic.settings import load_settings_or_exit
from kinetic.storage import engine_for, upgrade


def migrate(service: str, migrations_dir: Path) -> int:
    """Migrate ``service``'s storage (its SQLite file or PostgreSQL schema); returns the exit status."""
    settings = load_settings_or_exit(f"{service} migrations").service(service)

    def run() -> None:
        engine = engine_for(settings)
        try:
            upgrade(engine, migrations_dir)
        finally:
            engine.dispose()
        print(f"{service}: schema {settings.database_schema} is at the newest revision", file=sys.stderr)

    return run_command(run)
