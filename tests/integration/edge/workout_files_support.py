"""What the workout file tests share: the CLI run in-process against the stack, and the log read back."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from kinetic.auth.v1 import auth_pb2
from kinetic.sessions.v1 import workout_log_pb2
from services.sessions.workout_log.files.cli import main
from tests.integration.edge.conftest import Stack

FIXTURES = Path(__file__).parents[2] / "fixtures" / "workout_files"


@dataclass(frozen=True)
class CliRun:
    status: int
    out: str
    err: str

    def report(self) -> dict[str, Any]:
        document: dict[str, Any] = json.loads(self.out)
        return document


def cli_env(stack: Stack) -> dict[str, str]:
    """The settings that point the CLI at the stack's services (plaintext, as the stack serves)."""
    return {
        f"KINETIC_{name.upper()}_TARGET": f"127.0.0.1:{server.port}" for name, server in stack.servers.items()
    }


async def run_cli(stack: Stack, capsys: pytest.CaptureFixture[str], *argv: str) -> CliRun:
    """``main`` in a thread of its own: it runs its own event loop, as from a shell."""
    capsys.readouterr()
    status = await asyncio.to_thread(main, list(argv), env=cli_env(stack))
    captured = capsys.readouterr()
    return CliRun(status, captured.out, captured.err)


async def new_account(
    stack: Stack, email: str, *, units: str = "metric", zone: str = "Europe/Amsterdam"
) -> str:
    created = await stack.backends.auth.CreateAccount(
        auth_pb2.CreateAccountRequest(
            email=email, password="correct horse battery", display_name="Bo", time_zone=zone, units=units
        )
    )
    return str(created.account.account_id)


async def logged(stack: Stack, account_id: str, zone: str = "Europe/Amsterdam") -> list[Any]:
    """The account's workouts of 2015 to 2025, oldest first."""
    response = await stack.backends.workout_log.ListLoggedWorkouts(
        workout_log_pb2.ListLoggedWorkoutsRequest(
            account_id=account_id, from_day="2015-01-01", to_day="2025-01-01", time_zone=zone, limit=1000
        )
    )
    return list(reversed(response.workouts))


def shape(workouts: list[Any], zone: str = "Europe/Amsterdam") -> list[Any]:
    """What a round trip must keep: day and time, title, and per entry its exercise and sets; by
    start and title (workouts starting together are stored in no particular order)."""
    here = ZoneInfo(zone)
    return sorted(
        [
            (
                w.start_time.ToDatetime(tzinfo=UTC).astimezone(here).replace(tzinfo=None).isoformat(),
                w.title,
                [
                    (
                        p.exercise_id,
                        [
                            (
                                s.set_type,
                                s.weight_kg if s.HasField("weight_kg") else None,
                                s.load_unit,
                                s.load_value if s.HasField("load_value") else None,
                                s.reps_number,
                                s.time_seconds if s.HasField("time_seconds") else None,
                                s.distance_meters if s.HasField("distance_meters") else None,
                            )
                            for s in p.sets
                        ],
                    )
                    for p in w.performances
                ],
            )
            for w in workouts
        ],
        key=lambda workout: (workout[0], workout[1]),
    )
