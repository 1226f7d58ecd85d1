"""How long importing a five-year Strong export into an account takes, over real gRPC, and its memory.

Builds the export of ``benchmarks.strong_export_fixture`` (1 044 workouts, 50 112 sets), starts the
sessions service in this process on SQLite in a temporary directory, then for a fresh account reads
the file and stores it with ``import_workouts`` through a WorkoutLogService stub, as the CLI does
(``stored_workout_starts`` first, then one LogWorkout per workout, a few at a time). Prints the wall
time and sets/s of that import, of importing the same file again (everything already there), and
the peak memory of one more import into another account under tracemalloc (run apart, since it slows
the run down; client and service share the process, so the peak counts both) and the process's
``ru_maxrss``. Then the same file through ``ImportWorkoutFile`` (the REST upload's call: the service
reads it in a bounded child and stores it in-process), fresh and again. Figures:
docs/decisions/0047-workout-imports-and-exports.md ("Importing: size"), decision 0098.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import tempfile
import time
import tracemalloc
import uuid
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from benchmarks.strong_export_fixture import WEEKS, strong_export
from kinetic.service_trust import open_channel
from kinetic.sessions.v1 import workout_log_pb2, workout_log_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.storage import make_engine
from services.sessions import bootstrap as sessions
from services.sessions.workout_log.files import parse_workout_csv
from services.sessions.workout_log.files.export import stored_workout_starts
from services.sessions.workout_log.files.importer import ImportReport, import_workouts

MIB = 1024 * 1024
ZONE = "Europe/Amsterdam"


@dataclass(frozen=True)
class Run:
    seconds: float
    report: ImportReport


async def import_file(stub: workout_log_pb2_grpc.WorkoutLogServiceStub, data: bytes, account_id: str) -> Run:
    """What the CLI does for one file: read it, list what is stored in its days, import the rest."""
    started = time.perf_counter()
    result = parse_workout_csv(data, unit="kg")
    first = min(w.started_at for w in result.workouts).date() - timedelta(days=1)
    last = max(w.started_at for w in result.workouts).date() + timedelta(days=1)
    stored = await stored_workout_starts(stub.ListLoggedWorkouts, account_id, ZONE, first, last)
    report = await import_workouts(
        result, stub.LogWorkout, account_id=account_id, time_zone=ZONE, stored_starts=stored
    )
    return Run(time.perf_counter() - started, report)


async def import_by_rpc(
    stub: workout_log_pb2_grpc.WorkoutLogServiceStub, data: bytes, account_id: str
) -> str:
    """The file sent whole to ImportWorkoutFile, as the edge sends an upload; its time and counts."""
    started = time.perf_counter()
    report = await stub.ImportWorkoutFile(
        workout_log_pb2.ImportWorkoutFileRequest(account_id=account_id, file=data, unit="kg", time_zone=ZONE)
    )
    seconds = time.perf_counter() - started
    return (
        f"{'ImportWorkoutFile':<28} {seconds:7.1f} s  (imported {report.imported}, "
        f"already there {report.already_imported}, sets {report.sets})"
    )


def line(label: str, run: Run, sets: int) -> str:
    report = run.report
    return (
        f"{label:<28} {run.seconds:7.1f} s  {sets / run.seconds:8.0f} sets/s  "
        f"(imported {report.imported}, already there {report.already_imported}, "
        f"refused {len(report.refused)})"
    )


async def main(weeks: int) -> None:
    data = strong_export(weeks).encode()
    sets = sum(len(e.sets) for w in parse_workout_csv(data, unit="kg").workouts for e in w.entries)
    print(f"file: {len(data) / MIB:.1f} MiB, {sets} sets, {weeks} weeks")
    with tempfile.TemporaryDirectory() as data_dir:
        env = {"KINETIC_DATA_DIR": data_dir}
        engine = make_engine("sessions", data_dir=Path(data_dir), database_url=None)
        server = await sessions.start(
            ServiceSettings.from_env("sessions", env), port=0, engine=engine, training_target="127.0.0.1:1"
        )
        channel = open_channel(f"127.0.0.1:{server.port}", None)
        stub = workout_log_pb2_grpc.WorkoutLogServiceStub(channel)
        try:
            account = str(uuid.uuid4())
            first = await import_file(stub, data, account)
            print(line("import (fresh account)", first, first.report.sets))
            again = await import_file(stub, data, account)
            print(line("same file again", again, sets))
            tracemalloc.start()
            traced = await import_file(stub, data, str(uuid.uuid4()))
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            print(line("under tracemalloc", traced, traced.report.sets))
            # ru_maxrss is in KiB on Linux.
            max_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
            print(f"peak memory: tracemalloc {peak / MIB:.1f} MiB, ru_maxrss {max_rss / MIB:.0f} MiB")
            by_rpc = str(uuid.uuid4())
            print(await import_by_rpc(stub, data, by_rpc))
            print(await import_by_rpc(stub, data, by_rpc))
        finally:
            await channel.close(None)
            await server.stop(0)
            engine.dispose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--weeks", type=int, default=WEEKS, help=f"weeks of training (default {WEEKS})")
    asyncio.run(main(parser.parse_args(sys.argv[1:]).weeks))
