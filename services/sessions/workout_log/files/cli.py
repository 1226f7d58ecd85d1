"""``python -m services.sessions.workout_log.files``: import a Strong or Hevy export into an account's
workout log, or export the log as a Strong-layout CSV.

Talks gRPC to the services at the addresses the ``KINETIC_*`` settings give (mutual TLS when they
name certificates), as the edge does. It is an operator's tool, run where the services are
reachable, so it acts for the account named without asking for its consents (the REST upload,
used by the person's own key, does). Bad input (a file that cannot be read, a bad option) exits 2
with the reason and stores nothing; an unknown account or an unreachable service exits 1.

    python -m services.sessions.workout_log.files import strong.csv --account-id <id> [--unit kg|lb]
        [--distance-unit km|mi] [--time-zone Europe/Amsterdam]
    python -m services.sessions.workout_log.files export --account-id <id> --format strong-csv
        [--out PATH]

The import reads the file here and stores it through LogWorkout, one call per workout with a
progress bar: the file is the operator's own, so it is not read in a bounded child as an upload is
(ImportWorkoutFile). The export is the log's ExportWorkouts. The account's whole data as JSON, read
from all four services, is ``python -m edge.account_export``.
Decisions: docs/decisions/0047-workout-imports-and-exports.md ("The CLI"), 0098.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TypeVar, cast

import grpc

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.cli import ProgressBar, run_command
from kinetic.errors import DomainError, RemoteError
from kinetic.service_trust import open_channel
from kinetic.sessions.v1 import workout_log_pb2, workout_log_pb2_grpc
from kinetic.settings import Settings, load_settings
from kinetic.time_zones import is_time_zone
from services.sessions.workout_log.files.export import stored_workout_starts, weight_unit_of
from services.sessions.workout_log.files.importer import ImportReport, import_workouts
from services.sessions.workout_log.files.model import DistanceUnit, ImportResult, WeightUnit, WorkoutFileError
from services.sessions.workout_log.files.reading import parse_workout_csv

T = TypeVar("T")


@dataclass(frozen=True)
class ServiceStubs:
    """The stubs the import and the export call, on channels this process opened."""

    auth: auth_pb2_grpc.AuthServiceStub
    workout_log: workout_log_pb2_grpc.WorkoutLogServiceStub


class CommandFailed(DomainError):
    """A service refused or could not answer: exit 1 with its message."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m services.sessions.workout_log.files", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    imports = commands.add_parser("import", help="import a Strong or Hevy CSV export into an account")
    imports.add_argument("file", type=Path, help="the CSV file")
    imports.add_argument("--account-id", required=True)
    imports.add_argument(
        "--unit", choices=("kg", "lb"), help="the unit a Strong file's weights are in when it does not say"
    )
    imports.add_argument("--distance-unit", choices=("km", "mi"), help="the unit of a bare Distance column")
    imports.add_argument("--time-zone", help="IANA zone of the file's times (default: the account's)")
    exports = commands.add_parser(
        "export",
        help="export an account's workout log (its whole data as JSON: python -m edge.account_export)",
    )
    exports.add_argument("--account-id", required=True)
    exports.add_argument("--format", required=True, choices=("strong-csv",))
    exports.add_argument("--out", type=Path, help="file to write (default: standard output)")
    return parser


def summary(report: ImportReport) -> str:
    """The report in one line for a person; the JSON follows it on standard output."""
    parts = [f"{report.imported} workouts imported ({report.sets} sets)"]
    parts.append(f"{report.already_imported} already there")
    if report.refused:
        parts.append(f"{len(report.refused)} refused")
    if report.skipped_rows:
        parts.append(f"{len(report.skipped_rows)} rows skipped")
    if report.unconfirmed_exercises:
        parts.append(f"{len(report.unconfirmed_exercises)} exercise names to confirm")
    return ", ".join(parts)


async def _account(stubs: ServiceStubs, account_id: str) -> auth_pb2.Account:
    response = await stubs.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))
    return cast(auth_pb2.Account, response.account)


def read_file(args: argparse.Namespace) -> ImportResult:
    """The file read whole before anything is stored: a file refused here stores nothing."""
    if args.time_zone is not None and not is_time_zone(args.time_zone):
        raise ValueError(f"--time-zone {args.time_zone!r} is no IANA time zone (e.g. Europe/Amsterdam)")
    data = Path(args.file).read_bytes()
    unit = cast(WeightUnit | None, args.unit)
    distance_unit = cast(DistanceUnit | None, args.distance_unit)
    return parse_workout_csv(data, unit=unit, distance_unit=distance_unit)


async def run_import(
    stubs: ServiceStubs, result: ImportResult, account_id: str, time_zone: str | None
) -> ImportReport:
    """Import ``result`` into the account, in ``time_zone`` or else the account's."""
    account = await _account(stubs, account_id)
    zone = time_zone or account.time_zone or "UTC"
    stored: set[tuple[datetime, str]] = set()
    if result.workouts:
        # A day either side: the window is of local days, and the zone read in may not be the account's.
        first = min(w.started_at for w in result.workouts).date() - timedelta(days=1)
        last = max(w.started_at for w in result.workouts).date() + timedelta(days=1)
        stored = await stored_workout_starts(
            stubs.workout_log.ListLoggedWorkouts, account.account_id, zone, first, last
        )
    return await import_workouts(
        result,
        stubs.workout_log.LogWorkout,
        account_id=account.account_id,
        time_zone=zone,
        progress=ProgressBar(sys.stderr, "workouts"),
        stored_starts=stored,
    )


async def run_export(stubs: ServiceStubs, account_id: str, export_format: str) -> str:
    """The account's workout log as a Strong-layout CSV, in its unit and time zone."""
    account = await _account(stubs, account_id)
    exported = await stubs.workout_log.ExportWorkouts(
        workout_log_pb2.ExportWorkoutsRequest(
            account_id=account.account_id,
            time_zone=account.time_zone or "UTC",
            format=workout_log_pb2.EXPORT_FORMAT_STRONG_CSV,
            load_unit=weight_unit_of(account.units),
        )
    )
    return str(exported.csv)


async def with_stubs(settings: Settings, work: Callable[[ServiceStubs], Awaitable[T]]) -> T:
    """``work`` on stubs of channels opened for it and closed after; a failed call is exit 1."""
    channels = {name: open_channel(settings.targets[name], settings.tls) for name in ("auth", "sessions")}
    stubs = ServiceStubs(
        auth=auth_pb2_grpc.AuthServiceStub(channels["auth"]),
        workout_log=workout_log_pb2_grpc.WorkoutLogServiceStub(channels["sessions"]),
    )
    try:
        return await work(stubs)
    except grpc.aio.AioRpcError as error:
        remote = RemoteError.from_rpc(error)
        raise CommandFailed(f"{remote.code.name}: {remote.message}") from None
    finally:
        for channel in channels.values():
            await channel.close(None)


def main(argv: Sequence[str] | None = None, *, env: Mapping[str, str] | None = None) -> int:
    """Run one command; returns the exit status. ``env`` stands in for the process environment."""
    args = _parser().parse_args(argv)  # exits 2 with usage on a malformed command line

    def command() -> None:
        settings = load_settings(env)
        if args.command == "import":
            result = read_file(args)
            report = asyncio.run(
                with_stubs(settings, lambda stubs: run_import(stubs, result, args.account_id, args.time_zone))
            )
            print(summary(report), file=sys.stderr)
            print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
            return
        text = asyncio.run(
            with_stubs(settings, lambda stubs: run_export(stubs, args.account_id, args.format))
        )
        if args.out is None:
            sys.stdout.write(text)
        else:
            Path(args.out).write_text(text, encoding="utf-8")

    # A file that cannot be opened (OSError) or read as an export (WorkoutFileError) is bad input.
    return run_command(command, bad_input=(OSError, WorkoutFileError))
