"""CPU seconds each generated worst-case file takes to read, against the budget a child gets.

Every case of ``tests/fixtures/hostile_files`` (FIT, TCX, GPX, Strong CSV) at 256 KiB and 1 MiB,
read in this process (best of ``--runs``; ``time.process_time``, so only this process's CPU counts):
the seconds, their growth (4× is linear) and, for activity files, the share of the CPU budget the
sessions service gives a 1 MiB file's child (``budget_for``: decision 0069). A case over that
budget would be refused in production, not read; past half of it, a loaded machine may refuse it.
The test suite holds only the growth (``tests/unit/test_parse_growth.py``): seconds are a figure
for this program, not a pass mark for a test on a shared machine.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable, Sequence

from services.sessions.endurance.activity_files import UnreadableActivityFile, read_activity_file
from services.sessions.endurance.adapters.file_reading import budget_for
from services.sessions.workout_log.files import WorkoutFileError, parse_workout_csv
from tests.fixtures import hostile_files

KIB = 1024
SMALL = 256 * KIB
LARGE = 4 * SMALL
# Past half the budget a busy machine (CPU time grows about 2× at load 15 on two cores) may refuse it.
SAFE_SHARE = 0.5


def cpu_seconds(parse: Callable[[bytes], object], data: bytes, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        with contextlib.suppress(UnreadableActivityFile, WorkoutFileError):
            parse(data)
        best = min(best, time.process_time() - started)
    return best


def read_csv(data: bytes) -> object:
    return parse_workout_csv(data, unit="kg")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="reads per size; the least is kept")
    args = parser.parse_args(argv)
    budget = budget_for(LARGE).cpu_seconds
    cases: list[tuple[str, Callable[[int], bytes], Callable[[bytes], object], bool]]
    cases = [(name, make, read_activity_file, True) for name, make in hostile_files.ACTIVITY_CASES.items()]
    cases += [(name, make, read_csv, False) for name, make in hostile_files.CSV_CASES.items()]
    print(f"{'case':<28} {'256 KiB s':>10} {'1 MiB s':>9} {'growth':>7} {'of budget':>10}  verdict")
    worst = 0.0
    for name, make, parse, budgeted in cases:
        small = cpu_seconds(parse, make(SMALL), args.runs)
        large = cpu_seconds(parse, make(LARGE), args.runs)
        growth = f"{large / small:.1f}×" if small >= 0.005 else "-"
        share = large / budget if budgeted else None
        if share is not None:
            worst = max(worst, share)
        shown = f"{share:.0%}" if share is not None else "-"
        verdict = "" if share is None else ("PASS" if share <= SAFE_SHARE else "FAIL")
        print(f"{name:<28} {small:>10.3f} {large:>9.3f} {growth:>7} {shown:>10}  {verdict}")
    print(f"budget for a 1 MiB activity file: {budget:.1f} s of CPU; worst case uses {worst:.0%} of it")
    return 0 if worst <= SAFE_SHARE else 1


if __name__ == "__main__":
    raise SystemExit(main())
