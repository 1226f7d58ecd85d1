"""How long ``read_activity_file`` takes over a 4-hour ride recorded as FIT at 1 Hz, and its memory.

Writes the ride of ``tests/fixtures/activity_files/generate.py`` (power, heart rate, cadence,
speed, distance, altitude every second; 16 laps, one timer pause) stretched to ``--hours`` into
a temporary directory (in a child process, so that the writer's memory never counts in this
one's peak), then reads it here: the best of ``--runs`` wall times, the peak of memory Python
allocated during one more read under tracemalloc (run apart from the timed ones, which it would
slow down), and the process's peak resident size (ru_maxrss) before and after reading.
Figures are recorded in docs/decisions/0053-activity-files.md (Size and speed).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

MIB = 1024 * 1024


def write_ride(path: Path, hours: float) -> None:
    from fit_tool.profile.profile_type import Sport, SubSport

    from tests.fixtures.activity_files import generate

    path.write_bytes(generate.write_fit(generate.ride(round(hours * 3600)), Sport.CYCLING, SubSport.ROAD))


def read_and_report(path: Path, runs: int) -> None:
    from services.sessions.endurance.activity_files import read_activity_file

    data = path.read_bytes()
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        activity = read_activity_file(data)
        best = min(best, time.perf_counter() - started)
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    read_activity_file(data)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    seconds = len(activity.streams.time_s)
    hours = activity.duration_s / 3600
    print(f"file: {len(data) / 1024:.0f} KiB, {hours:.2f} h, {seconds} seconds of streams")
    print(f"read_activity_file: {best:.2f} s (best of {runs}), {seconds / best:,.0f} recorded seconds/s")
    print(f"  tracemalloc peak {peak / MIB:.1f} MiB ({peak / len(data):.1f}x the file)")
    print(
        f"  ru_maxrss {rss_before / 1024:.0f} MiB after imports and the file, "
        f"{rss_after / 1024:.0f} MiB after reading"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.activity_file_parse", description=__doc__)
    parser.add_argument("--hours", type=float, default=4.0, help="length of the ride (default 4)")
    parser.add_argument("--runs", type=int, default=3, help="timed reads; the best is printed (default 3)")
    parser.add_argument("--write", type=Path, help=argparse.SUPPRESS)  # the writing child's part
    args = parser.parse_args(argv)
    if args.write is not None:
        write_ride(args.write, args.hours)
        return 0
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "ride.fit"
        started = time.perf_counter()
        command = [sys.executable, "-m", "benchmarks.activity_file_parse", "--write", str(path)]
        subprocess.run([*command, "--hours", str(args.hours)], check=True)
        print(f"wrote {path.name} with fit-tool in {time.perf_counter() - started:.1f} s")
        read_and_report(path, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
