"""``python -m services.sessions.endurance.activity_files``: import FIT, TCX and GPX files into an account.

    python -m services.sessions.endurance.activity_files import ride.fit runs/ --account-id <id>
        [--source-app "Garmin Connect"] [--sport run|ride|swim|strength|other]

A directory stands for the activity files in it (``.fit``, ``.tcx``, ``.gpx``). ``--sport`` is the
sport of a file that names none of Kinetic's (a GPX without a track type, a FIT "generic"): a file
naming its sport keeps it, so a FIT run stays a run (decision 0088). The service's own ``sport``
overrides any file's; the CLI reads the file first and sends ``--sport`` only for a file naming none.
Each file goes to the sessions service's ``ImportActivityFile`` as it is: the service reads it,
stores it with its streams and computes its figures, or refuses it as a whole with the reason,
storing nothing. A file imported before stores nothing again. A progress bar on standard error
counts the files; a one-line summary follows it there and the JSON report goes to standard output.

Talks gRPC to the services at the addresses the ``KINETIC_*`` settings give (mutual TLS when they
name certificates), as the edge does. It is an operator's tool, run where the services are
reachable, so it acts for the account named without asking for its consents (the REST upload, made
with the person's own key, does). Exit status: 0 when every file was imported or was there
already, 2 when a file was refused (the others are still imported) or an option is bad, 1 when the
account is unknown or a service cannot be reached. Decision: docs/decisions/0057-endurance-rest-and-cli.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import grpc

from kinetic.auth.v1 import auth_pb2, auth_pb2_grpc
from kinetic.cli import EXIT_BAD_INPUT, ProgressBar, run_command
from kinetic.errors import DomainError, RemoteError
from kinetic.service_trust import open_channel
from kinetic.sessions.v1 import endurance_pb2, endurance_pb2_grpc
from kinetic.settings import Settings, load_settings
from services.sessions.endurance.activity_files import UnreadableActivityFile, read_activity_file

SUFFIXES: Final = (".fit", ".tcx", ".gpx")
SPORTS: Final = ("run", "ride", "swim", "strength", "other")
# The service's own limit (endurance.proto); a larger file is refused here without sending it.
MAX_FILE_BYTES: Final = 64 * 1024 * 1024


class CommandFailed(DomainError):
    """A service could not answer, or the account is unknown: exit 1 with its message."""


@dataclass
class ImportReport:
    """What happened to each file."""

    imported: list[dict[str, Any]] = field(default_factory=list)
    already_imported: list[dict[str, Any]] = field(default_factory=list)
    refused: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The report as printed: camelCase keys, like the REST answers."""
        return {
            "imported": self.imported,
            "alreadyImported": self.already_imported,
            "refused": self.refused,
        }

    def summary(self) -> str:
        """The report in one line for a person."""
        parts = [f"{len(self.imported)} activities imported", f"{len(self.already_imported)} already there"]
        if self.refused:
            parts.append(f"{len(self.refused)} files refused")
        return ", ".join(parts)


def activity_files(paths: Sequence[Path]) -> list[Path]:
    """The files named, with each directory replaced by its activity files in name order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(
                sorted(p for p in path.iterdir() if p.is_file() and p.name.lower().endswith(SUFFIXES))
            )
        elif path.is_file():
            found.append(path)
        else:
            raise ValueError(f"{path}: no such file or directory")
    if not found:
        raise ValueError(f"no activity files ({', '.join(SUFFIXES)}) in {', '.join(map(str, paths))}")
    return found


# What a file that names none of Kinetic's sports is read as (``sports``).
UNNAMED_SPORT: Final = "other"


def sport_to_send(data: bytes, filename: str, sport: str) -> str:
    """``sport`` when the file names none of Kinetic's sports, else "" (the file's own is kept).

    The service applies a request's sport over the file's (endurance.proto), while ``--sport`` says
    "when a file names none"; so the file is read here first. A file that cannot be read is sent
    as it is, ``sport`` and all: the service refuses it with the reason (decision 0088).
    """
    if not sport:
        return ""
    try:
        named = read_activity_file(data, filename=filename).sport
    except UnreadableActivityFile:
        return sport
    return sport if named == UNNAMED_SPORT else ""


def _entry(path: Path, activity: endurance_pb2.ActivitySummary) -> dict[str, Any]:
    return {
        "file": str(path),
        "activityId": activity.activity_id,
        "sport": activity.sport,
        "start": activity.start_time.ToDatetime().isoformat() + "Z",
        "durationS": activity.duration_s,
    }


def _report_answer(
    report: ImportReport, path: Path, response: endurance_pb2.ImportActivityFileResponse
) -> None:
    """One entry per activity the file held (one per multisport leg); a twin kept or a file
    imported before is "already there", with the service's words (decision 0087)."""
    for one in response.activities:
        entry = _entry(path, one.activity) | ({"note": one.note} if one.note else {})
        stored = one.outcome in ("created", "twin_replaced")
        (report.imported if stored else report.already_imported).append(entry)
    if not response.activities:  # a service from before decision 0087
        entries = report.imported if response.created else report.already_imported
        entries.append(_entry(path, response.activity))


async def import_files(
    stub: endurance_pb2_grpc.EnduranceServiceStub,
    account_id: str,
    files: Sequence[Path],
    *,
    source_app: str = "",
    sport: str = "",
    progress: ProgressBar | None = None,
) -> ImportReport:
    """Import each file in turn; a refused file is reported and the next one goes on.

    One at a time: each is one transaction with its streams, and a 4-hour ride is already a few MiB
    on the channel.
    """
    report = ImportReport()
    for done, path in enumerate(files, start=1):
        data = path.read_bytes()
        if len(data) > MAX_FILE_BYTES:
            report.refused.append({"file": str(path), "reason": "the file is over 64 MiB"})
        else:
            try:
                request = endurance_pb2.ImportActivityFileRequest(
                    account_id=account_id,
                    data=data,
                    filename=path.name,
                    source_app=source_app,
                    sport=sport_to_send(data, path.name, sport),
                )
                response = await stub.ImportActivityFile(request)
            except grpc.aio.AioRpcError as error:
                if error.code() != grpc.StatusCode.INVALID_ARGUMENT:
                    raise
                report.refused.append({"file": str(path), "reason": RemoteError.from_rpc(error).message})
            else:
                _report_answer(report, path, response)
        if progress is not None:
            progress(done, len(files))
    return report


async def run_import(settings: Settings, args: argparse.Namespace, files: Sequence[Path]) -> ImportReport:
    """Check the account, then import ``files`` into it."""
    auth_channel = open_channel(settings.targets["auth"], settings.tls)
    sessions_channel = open_channel(settings.targets["sessions"], settings.tls)
    try:
        await auth_pb2_grpc.AuthServiceStub(auth_channel).GetAccount(
            auth_pb2.GetAccountRequest(account_id=args.account_id)
        )
        return await import_files(
            endurance_pb2_grpc.EnduranceServiceStub(sessions_channel),
            args.account_id,
            files,
            source_app=args.source_app,
            sport=args.sport,
            progress=ProgressBar(sys.stderr, "files"),
        )
    except grpc.aio.AioRpcError as error:
        remote = RemoteError.from_rpc(error)
        raise CommandFailed(f"{remote.code.name}: {remote.message}") from None
    finally:
        await auth_channel.close(None)
        await sessions_channel.close(None)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m services.sessions.endurance.activity_files",
        description=(__doc__ or "").split("\n")[0],
    )
    commands = parser.add_subparsers(dest="command", required=True)
    imports = commands.add_parser("import", help="import FIT, TCX or GPX files into an account")
    imports.add_argument("paths", type=Path, nargs="+", help="files, or directories of them")
    imports.add_argument("--account-id", required=True)
    imports.add_argument("--source-app", default="", help="the app the files were exported from")
    imports.add_argument(
        "--sport",
        default="",
        choices=("", *SPORTS),
        help="the sport of a file that names none (a file naming its sport keeps it)",
    )
    return parser


def main(argv: Sequence[str] | None = None, *, env: Mapping[str, str] | None = None) -> int:
    """Run one command; returns the exit status. ``env`` stands in for the process environment."""
    args = _parser().parse_args(argv)  # exits 2 with usage on a malformed command line
    refused = False

    def command() -> None:
        nonlocal refused
        files = activity_files(args.paths)
        report = asyncio.run(run_import(load_settings(env), args, files))
        print(report.summary(), file=sys.stderr)
        for entry in report.refused:
            print(f"refused {entry['file']}: {entry['reason']}", file=sys.stderr)
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
        refused = bool(report.refused)

    status = run_command(command, bad_input=(OSError,))
    return EXIT_BAD_INPUT if status == 0 and refused else status
