"""How long ``parse_workout_csv`` takes over a five-year Strong export, and the memory it needs at peak.

Builds the export of ``benchmarks.strong_export_fixture`` (about 50 000 sets) in memory, then
prints its size, what it held, the best of ``--runs`` parse times, and the peak of memory Python
allocated during one more parse under tracemalloc (run apart from the timed ones, which it would
slow down), with ``write_strong_csv`` over the result measured the same way.
Figures are recorded in docs/decisions/0047-workout-imports-and-exports.md ("Size").
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable, Sequence

from benchmarks.strong_export_fixture import WEEKS, strong_export
from services.sessions.workout_log.files import ImportResult, parse_workout_csv, write_strong_csv

MIB = 1024 * 1024


def best_seconds(action: Callable[[], object], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def peak_bytes(action: Callable[[], object]) -> int:
    """The most memory Python held at once during ``action``, beyond what it held before."""
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        action()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak - before


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.strong_import_parse", description=__doc__)
    parser.add_argument("--weeks", type=int, default=WEEKS, help=f"weeks in the export (default {WEEKS})")
    parser.add_argument("--runs", type=int, default=3, help="timed parses; the best is printed (default 3)")
    args = parser.parse_args(argv)
    data = strong_export(args.weeks).encode()

    def parse() -> ImportResult:
        return parse_workout_csv(data, unit="kg")

    result = parse()
    sets = sum(len(entry.sets) for workout in result.workouts for entry in workout.entries)
    rows = data.count(b"\n") - 1  # lines less the header; one note per week spans two lines
    print(f"export: {len(data) / MIB:.1f} MiB, about {rows} rows")
    print(f"read:   {len(result.workouts)} workouts, {sets} sets, {len(result.skipped)} rows skipped")
    parse_s = best_seconds(parse, args.runs)
    parse_peak = peak_bytes(parse)
    print(f"parse_workout_csv: {parse_s:.2f} s (best of {args.runs}), {sets / parse_s:,.0f} sets/s")
    print(f"                   peak {parse_peak / MIB:.1f} MiB ({parse_peak / len(data):.1f}x the file)")
    write_s = best_seconds(lambda: write_strong_csv(result.workouts, unit="kg"), args.runs)
    write_peak = peak_bytes(lambda: write_strong_csv(result.workouts, unit="kg"))
    print(f"write_strong_csv:  {write_s:.2f} s (best of {args.runs}), peak {write_peak / MIB:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
