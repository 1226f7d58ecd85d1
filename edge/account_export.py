"""Everything Kinetic holds for an account, read from the four services, as one JSON document: the
person's data export (``/api/workout-log/export``, ``/account/export.json``) and the operator's
``python -m edge.account_export``.

Each service is read through its public calls, paged and windowed within each call's limits, so the
export is what the services answer, never a copy of their tables. The edge composes it because it
is the one place that reads all four for a person; the workout log answers its own part whole
(``ExportWorkouts``). What each section holds and the windows:
docs/decisions/0047-workout-imports-and-exports.md ("Exporting"), decision 0098.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Final, Protocol

import grpc
from google.protobuf.json_format import MessageToDict
from google.protobuf.message import Message

from kinetic.analytics.v1 import analytics_pb2, analytics_pb2_grpc
from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.cli import run_command
from kinetic.errors import DomainError, RemoteError
from kinetic.proto_enums import read_twins
from kinetic.service_trust import open_channel
from kinetic.sessions.v1 import workout_log_pb2, workout_log_pb2_grpc
from kinetic.settings import load_settings
from kinetic.time_zones import time_zone as zone_named
from kinetic.training.v1 import training_pb2, training_pb2_grpc

EXPORT_FORMAT: Final = "kinetic-account-export"
EXPORT_VERSION: Final = 1
# The call limits (training.proto): days per window, items per page.
OCCURRENCE_WINDOW_DAYS: Final = 93
HISTORY_WINDOW_DAYS: Final = 366
WORKOUT_PAGE: Final = 100
# Occurrences are exported up to this many days ahead: the schedule already planned.
OCCURRENCES_AHEAD_DAYS: Final = 92


class AccountStubs(Protocol):
    """The service stubs an export reads (``edge.backends.Backends`` is one)."""

    @property
    def auth(self) -> auth_pb2_grpc.AuthServiceStub: ...
    @property
    def training(self) -> training_pb2_grpc.TrainingServiceStub: ...
    @property
    def workout_log(self) -> workout_log_pb2_grpc.WorkoutLogServiceStub: ...
    @property
    def analytics(self) -> analytics_pb2_grpc.AnalyticsServiceStub: ...


def _json(message: Message) -> dict[str, Any]:
    """A message as JSON with every field, unset ones at their defaults: an export says "false"."""
    # Training's enum twins read into their words first: the export keeps its keys (decision 0128).
    document: dict[str, Any] = MessageToDict(read_twins(message), always_print_fields_with_no_presence=True)
    return document


def _windows(first: date, last: date, days: int) -> Iterator[tuple[date, date]]:
    """[start, end) windows of at most ``days`` days covering ``first`` to ``last`` (exclusive)."""
    start = first
    while start < last:
        end = min(start + timedelta(days=days), last)
        yield start, end
        start = end


def today_in(time_zone: str) -> date:
    """Today's date in ``time_zone`` (UTC when it is no zone)."""
    return datetime.now(zone_named(time_zone) or UTC).date()


async def _training(stubs: AccountStubs, account: auth_pb2.Account) -> dict[str, Any]:
    account_id, zone = account.account_id, account.time_zone or "UTC"
    workouts: list[dict[str, Any]] = []
    token = ""
    while True:
        page = await stubs.training.ListWorkouts(
            # Each workout's schedule is the one in force today in the account's zone (decision 0105).
            training_pb2.ListWorkoutsRequest(
                account_id=account_id, page_size=WORKOUT_PAGE, page_token=token, time_zone=zone
            )
        )
        workouts.extend(_json(w) for w in page.workouts)
        token = page.next_page_token
        if not token:
            break
    plans = await stubs.training.ListPlans(training_pb2.ListPlansRequest(account_id=account_id))
    created = account.create_time.ToDatetime(tzinfo=UTC).astimezone(zone_named(zone) or UTC).date()
    today = today_in(zone)
    occurrences: list[dict[str, Any]] = []
    for start, end in _windows(
        created, today + timedelta(days=OCCURRENCES_AHEAD_DAYS), OCCURRENCE_WINDOW_DAYS
    ):
        listed = await stubs.training.ListOccurrences(
            training_pb2.ListOccurrencesRequest(
                account_id=account_id, time_zone=zone, from_day=start.isoformat(), to_day=end.isoformat()
            )
        )
        occurrences.extend(_json(o) for o in listed.occurrences)
    history: list[dict[str, Any]] = []
    for start, end in _windows(created, today + timedelta(days=1), HISTORY_WINDOW_DAYS):
        done = await stubs.training.ListHistory(
            training_pb2.ListHistoryRequest(
                account_id=account_id, time_zone=zone, from_day=start.isoformat(), to_day=end.isoformat()
            )
        )
        history.extend(_json(o) for o in reversed(done.occurrences))  # newest first per window
    return {
        "workouts": workouts,
        "plans": [_json(p) for p in plans.plans],
        "occurrences": occurrences,
        "history": history,
    }


async def export_account(stubs: AccountStubs, account_id: str) -> dict[str, Any]:
    """The account's data from every service as one JSON-ready document.

    - ``auth``: the account (name, email, time zone, units, consents, created) and its API keys'
      names, scopes and dates; never a secret nor its first characters.
    - ``training``: workouts, plans, occurrences (from the account's first day to the schedule 92
      days ahead) and completed occurrences.
    - ``sessions``: every workout with its entries and sets, oldest first, and the log's profile.
    - ``analytics``: personal records.
    """
    account = (await stubs.auth.GetAccount(auth_pb2.GetAccountRequest(account_id=account_id))).account
    keys = await stubs.auth.ListApiKeys(auth_pb2.ListApiKeysRequest(account_id=account_id))
    zone = account.time_zone or "UTC"
    log = await stubs.workout_log.ExportWorkouts(
        workout_log_pb2.ExportWorkoutsRequest(
            account_id=account_id, time_zone=zone, format=workout_log_pb2.EXPORT_FORMAT_WORKOUTS
        )
    )
    profile = await stubs.workout_log.GetLogProfile(
        workout_log_pb2.GetLogProfileRequest(account_id=account_id)
    )
    records = await stubs.analytics.GetPersonalRecords(
        analytics_pb2.GetPersonalRecordsRequest(account_id=account_id, time_zone=zone)
    )
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "exportTime": datetime.now(UTC).isoformat(timespec="seconds"),
        "accountId": account_id,
        "auth": {
            "account": _json(account),
            "apiKeys": [_api_key(key) for key in keys.api_keys],
        },
        "training": await _training(stubs, account),
        "sessions": {
            "workouts": [_json(s) for s in log.workouts],
            "logProfile": _json(profile.profile),
        },
        "analytics": {"personalRecords": _json(records)},
    }


def _api_key(key: auth_pb2.ApiKey) -> dict[str, Any]:
    """A key's name, scopes and dates: not its secret, nor the prefix that starts it."""
    described = _json(key)
    return {
        "keyId": key.key_id,
        "name": key.name,
        "scopes": list(key.scopes),
        "createTime": described.get("createTime"),
        "revokeTime": described.get("revokeTime"),
    }


class CommandFailed(DomainError):
    """A service refused or could not answer: exit 1 with its message."""


@dataclass(frozen=True)
class _Stubs:
    auth: auth_pb2_grpc.AuthServiceStub
    training: training_pb2_grpc.TrainingServiceStub
    workout_log: workout_log_pb2_grpc.WorkoutLogServiceStub
    analytics: analytics_pb2_grpc.AnalyticsServiceStub


async def _export_with_channels(account_id: str, env: Mapping[str, str] | None) -> dict[str, Any]:
    settings = load_settings(env)
    channels = {
        name: open_channel(settings.targets[name], settings.tls)
        for name in ("auth", "training", "sessions", "analytics")
    }
    stubs = _Stubs(
        auth=auth_pb2_grpc.AuthServiceStub(channels["auth"]),
        training=training_pb2_grpc.TrainingServiceStub(channels["training"]),
        workout_log=workout_log_pb2_grpc.WorkoutLogServiceStub(channels["sessions"]),
        analytics=analytics_pb2_grpc.AnalyticsServiceStub(channels["analytics"]),
    )
    try:
        return await export_account(stubs, account_id)
    except grpc.aio.AioRpcError as error:
        remote = RemoteError.from_rpc(error)
        raise CommandFailed(f"{remote.code.name}: {remote.message}") from None
    finally:
        for channel in channels.values():
            await channel.close(None)


def main(argv: Sequence[str] | None = None, *, env: Mapping[str, str] | None = None) -> int:
    """``python -m edge.account_export --account-id <id> [--out PATH]``: the export as indented JSON,
    for an operator where the services are reachable (the ``KINETIC_*`` settings, mutual TLS when
    they name certificates); an unknown account or an unreachable service exits 1."""
    parser = argparse.ArgumentParser(prog="python -m edge.account_export", description=__doc__.split("\n")[0])
    parser.add_argument("--account-id", required=True)
    parser.add_argument("--out", type=Path, help="file to write (default: standard output)")
    args = parser.parse_args(argv)

    def command() -> None:
        document = asyncio.run(_export_with_channels(args.account_id, env))
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        if args.out is None:
            sys.stdout.write(text)
        else:
            Path(args.out).write_text(text, encoding="utf-8")

    return run_command(command, bad_input=(OSError,))


if __name__ == "__main__":
    sys.exit(main())
