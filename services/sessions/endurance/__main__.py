"""``python -m services.sessions.endurance ensure-demo --account-id <id>``: the demo account's
endurance season (services/sessions/endurance/demo.py), for ``make run``.

Works directly on the sessions storage with the same ``KINETIC_*`` settings as the service
(``KINETIC_DATA_DIR``, ``KINETIC_DATABASE_URL``, ``KINETIC_SESSIONS_DB_SCHEMA``) and migrates it
first. Prints what it added as one JSON object. ``--today`` sets the season's last day (default:
today, UTC).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from datetime import UTC, date, datetime
from pathlib import Path

import services.sessions
from kinetic.cli import run_command
from kinetic.settings import ServiceSettings
from kinetic.storage import engine_for, upgrade
from services.sessions.endurance.bootstrap import build_endurance
from services.sessions.endurance.demo import ensure_demo_endurance

MIGRATIONS = Path(services.sessions.__file__).parent / "migrations"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m services.sessions.endurance")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("ensure-demo", help="add what is missing of the demo endurance season")
    demo.add_argument("--account-id", required=True)
    demo.add_argument("--today", type=date.fromisoformat, help="the season's last day, YYYY-MM-DD")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    args = _parser().parse_args(argv)

    def command() -> None:
        engine = engine_for(ServiceSettings.from_env("sessions"))
        try:
            upgrade(engine, MIGRATIONS)
            today = args.today or datetime.now(UTC).date()
            added = ensure_demo_endurance(build_endurance(engine), args.account_id, today)
            print(json.dumps(asdict(added)))
        finally:
            engine.dispose()

    return run_command(command)


if __name__ == "__main__":
    sys.exit(main())
