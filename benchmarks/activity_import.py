"""How long importing a 4-hour ride at 1 Hz through the sessions service takes, and its memory.

Writes the ride of ``benchmarks.activity_file_parse`` (the fixture generator's ride stretched to
``--hours``, FIT, written with fit-tool in a child process so the writer's memory never counts
here), starts the sessions service in this process on SQLite in a temporary directory with an FTP
and a threshold heart rate set (so every figure is computed), then calls ImportActivityFile over
real gRPC: the best of ``--runs`` imports, each into a fresh account; the same file again (the
fingerprint is found, nothing stored); GetActivity with its streams; the stored stream blob's size;
and one more import under tracemalloc (apart from the timed ones, which it would slow down; client
and service share the process, so the peak counts both) and the process's ``ru_maxrss``.
Figures: docs/decisions/0054-endurance-records.md (Size and speed).
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections.abc import Sequence
from pathlib import Path

import grpc
from sqlalchemy import Engine, func, select

from kinetic.sessions.v1 import endurance_pb2 as en
from kinetic.sessions.v1 import endurance_pb2_grpc
from kinetic.settings import ServiceSettings
from kinetic.storage import make_engine
from services.sessions import bootstrap as sessions
from services.sessions.endurance.adapters.tables import activity_streams

MIB = 1024 * 1024
# GetActivity's answer for a long ride is larger than gRPC's default 4 MiB limit on a client.
CLIENT_OPTIONS = [("grpc.max_receive_message_length", 64 * MIB)]


async def prepared_account(stub: endurance_pb2_grpc.EnduranceServiceStub) -> str:
    """A new account with an FTP and a threshold heart rate in force, so all figures are computed."""
    account_id = str(uuid.uuid4())
    for threshold in (
        en.Threshold(kind="ftp", effective_day="2000-01-01", watts=250),
        en.Threshold(kind="threshold_hr", effective_day="2000-01-01", bpm=165),
    ):
        await stub.SetThreshold(en.SetThresholdRequest(account_id=account_id, threshold=threshold))
    return account_id


async def timed_import(
    stub: endurance_pb2_grpc.EnduranceServiceStub, data: bytes, account_id: str
) -> tuple[float, en.ImportActivityFileResponse]:
    started = time.perf_counter()
    answer = await stub.ImportActivityFile(en.ImportActivityFileRequest(account_id=account_id, data=data))
    return time.perf_counter() - started, answer


def stream_bytes(engine: Engine, account_id: str) -> tuple[int, int]:
    with engine.connect() as conn:
        row = conn.execute(
            select(activity_streams.c.samples, func.length(activity_streams.c.data)).where(
                activity_streams.c.account_id == account_id
            )
        ).one()
    return int(row[0]), int(row[1])


async def measure(data: bytes, runs: int) -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        engine = make_engine("sessions", data_dir=Path(data_dir), database_url=None)
        server = await sessions.start(
            ServiceSettings.from_env("sessions", {"KINETIC_DATA_DIR": data_dir}),
            port=0,
            engine=engine,
            training_target="127.0.0.1:1",
        )
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{server.port}", options=CLIENT_OPTIONS)
        stub = endurance_pb2_grpc.EnduranceServiceStub(channel)
        try:
            best = float("inf")
            for _ in range(runs):
                account_id = await prepared_account(stub)
                seconds, answer = await timed_import(stub, data, account_id)
                best = min(best, seconds)
            activity = answer.activity
            samples, blob = stream_bytes(engine, account_id)
            hours = activity.duration_s / 3600
            print(
                f"ride: {hours:.2f} h, {samples} seconds of streams; NP {activity.normalized_power_w:.0f} W"
            )
            print(
                f"ImportActivityFile: {best:.2f} s (best of {runs}), {samples / best:,.0f} recorded seconds/s"
            )
            again, repeat = await timed_import(stub, data, account_id)
            print(f"  same file again: {again:.2f} s (created={repeat.created})")
            print(
                f"  stored streams: {blob / 1024:.0f} KiB compressed, "
                f"{samples * 6 * 4 / 1024:.0f} KiB as float32 ({blob / (samples * 6 * 4):.0%})"
            )
            started = time.perf_counter()
            got = await stub.GetActivity(
                en.GetActivityRequest(
                    account_id=account_id, activity_id=activity.activity_id, include_streams=True
                )
            )
            print(
                f"GetActivity with streams: {time.perf_counter() - started:.2f} s, "
                f"{got.ByteSize() / 1024:.0f} KiB answer"
            )
            account_id = await prepared_account(stub)
            tracemalloc.start()
            await timed_import(stub, data, account_id)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
            print(
                f"  tracemalloc peak {peak / MIB:.1f} MiB ({peak / len(data):.1f}x the file); "
                f"ru_maxrss {rss:.0f} MiB"
            )
        finally:
            await channel.close(None)
            await server.stop(0)
            engine.dispose()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.activity_import", description=__doc__)
    parser.add_argument("--hours", type=float, default=4.0, help="length of the ride (default 4)")
    parser.add_argument("--runs", type=int, default=3, help="timed imports; the best is printed (default 3)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "ride.fit"
        command = [sys.executable, "-m", "benchmarks.activity_file_parse", "--write", str(path)]
        subprocess.run([*command, "--hours", str(args.hours)], check=True)
        data = path.read_bytes()
    print(f"file: {len(data) / 1024:.0f} KiB FIT")
    asyncio.run(measure(data, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
